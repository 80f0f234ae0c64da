// Remote play on the page: the pairing code and its QR code (the friend types the code into
// their companion, or scans it with a phone and reads it out), whether the brokers are reached
// and the other player is there, an undo asked, and why a game stopped. Drawn from the
// snapshot's "remote" (companion/service/remote.py); nothing here for a game at one table.
"use strict";

(function () {
  const WORDS = {
    en: { title: "Remote game", code: "Pairing code", you: "you play", orange: "orange", grey: "grey",
          peer: "against", waiting: "waiting for the other companion", link_up: "broker reached",
          link_down: "no broker reached", away: "not connected", stopped: "stopped",
          undo_peer: "{name} asks to take back the last move (OK: yes, BACK: no)",
          undo_me: "undo asked: waiting for {name}" },
    de: { title: "Fernspiel", code: "Kopplungscode", you: "du spielst", orange: "Orange", grey: "Grau",
          peer: "gegen", waiting: "warte auf den anderen Companion", link_up: "Broker erreicht",
          link_down: "kein Broker erreicht", away: "nicht verbunden", stopped: "gestoppt",
          undo_peer: "{name} bittet, den letzten Zug zurückzunehmen (OK: ja, Zurück: nein)",
          undo_me: "Zug zurück erbeten: warte auf {name}" },
  };
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
    const w = WORDS[ev.detail.lang] || WORDS.en;
    box.replaceChildren();
    const h = document.createElement("h2");
    h.textContent = w.title;
    box.appendChild(h);
    const code = text(box, "remote-code", r.code);
    code.id = "remote-code";
    code.title = w.code;
    const qr = document.createElement("img");
    qr.className = "remote-qr";
    qr.alt = w.code + " " + r.code;
    qr.src = r.qr;
    box.appendChild(qr);
    const who = r.peer ? `${w.you} ${w[r.side]} ${w.peer} ${r.peer}` : w.waiting;
    text(box, "remote-who", who + (r.peer && r.peer_online === false ? ` (${w.away})` : ""));
    text(box, "remote-link " + (r.connected ? "up" : "down"), r.connected ? w.link_up : w.link_down);
    if (r.undo) text(box, "remote-undo", w["undo_" + r.undo].replace("{name}", r.peer || "?"));
    if (r.stopped) text(box, "remote-stopped", `${w.stopped}: ${r.stopped}`);
  });
})();
