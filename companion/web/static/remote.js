// Remote play on the page: the pairing code and its QR code on the controlling page (the friend types the code into
// their companion, or scans it with a phone and reads it out), whether the brokers are reached
// and the other player is there, an undo asked, and why a game stopped. Drawn from the
// snapshot's "remote" (companion/service/remote.py), with its words in the table's language
// (remote.labels); nothing here for a game at one table.
"use strict";

(function () {
  const box = document.getElementById("remote");

  function text(el, cls, value) {
    const p = document.createElement("p");
    p.className = cls;
    p.textContent = value;
    el.appendChild(p);
    return p;
  }

  document.addEventListener("companion:snapshot", (ev) => {
    const r = (ev.detail.state || {}).remote;
    box.hidden = !r;
    document.body.dataset.remote = r ? (r.stopped ? "stopped" : r.peer ? "playing" : "waiting") : "";
    if (!r) return;
    const w = r.labels;
    box.replaceChildren();
    const h = document.createElement("h2");
    h.textContent = w.title;
    box.appendChild(h);
    if (r.code) {  // the controlling page only: a spectator's snapshot has no code (web/privacy.py)
      const code = text(box, "remote-code", r.code);
      code.id = "remote-code";
      code.title = w.code;
      const qr = document.createElement("img");
      qr.className = "remote-qr";
      qr.alt = w.code + " " + r.code;
      qr.src = r.qr;
      box.appendChild(qr);
    }
    // a spectator sees who plays whom ("Anna (orange) against Ben (grey)"), not "you play ..."
    const who = !r.peer ? w.waiting : r.code ? w["who_" + r.side] : w.match;
    text(box, "remote-who", who + (r.peer && r.peer_online === false ? ` (${w.away})` : ""));
    text(box, "remote-link " + (r.connected ? "up" : "down"), r.connected ? w.link_up : w.link_down);
    if (r.undo) text(box, "remote-undo", w["undo_" + r.undo]);
    if (r.stopped) text(box, "remote-stopped", `${w.stopped}: ${r.stopped}`);
  });
})();
