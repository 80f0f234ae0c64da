// A card game's table on the page (Monster Mau Mau): the top card and the wish, the draw pile,
// every seat's card count and whose turn it is — the public state. In the simulator the person
// also sees their own hand (snapshot.virtual): clicking a card taps it, a wild card first asks
// for the wish, the draw pile draws; pass and Mau! are the table's buttons. Spectators never get
// a hand in their snapshot.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  // the page's words in the companion's language (the rulebook's German pattern names)
  const WORDS = {
    en: { draw: "draw", pass: "pass", wish: "wish:", cancel: "no wild card",
          patterns: { s: "stripes", p: "dots", z: "zigzag", g: "scribble" } },
    de: { draw: "ziehen", pass: "weiter", wish: "Wunsch:", cancel: "doch keine Wunschkarte",
          patterns: { s: "Streifen", p: "Punkte", z: "Zickzack", g: "Gekrakel" } },
  };
  let state = null;
  let control = false;
  let pendingWild = null;

  function send(msg) { if (window.companionSend) window.companionSend(msg); }

  function cardEl(face, cls) {
    const el = document.createElement(cls === "button" ? "button" : "span");
    if (cls === "button") el.type = "button";
    el.className = "mmcard " + (["MW", "+4", "KK"].includes(face) ? "wild" : "pat-" + face[0]);
    el.dataset.card = face;
    el.textContent = face;
    return el;
  }

  function render() {
    const s = state;
    const table = $("cardtable");
    const on = !!s && s.view === "cards";
    table.hidden = !on;
    if (!on) return;
    const seats = $("seats");
    seats.innerHTML = "";
    for (const seat of s.seats || []) {
      const el = document.createElement("div");
      el.className = "seat" + (s.turn === seat.seat ? " turn" : "");
      el.dataset.seat = seat.seat;
      el.textContent = seat.name + ": " + seat.cards;
      seats.appendChild(el);
    }
    $("pilecount").textContent = s.pile == null ? "" : s.pile;
    $("topcard").textContent = s.top || "—";
    $("topcard").className = "face " + (s.top ? (["MW", "+4", "KK"].includes(s.top) ? "wild" : "pat-" + s.top[0]) : "");
    const w = WORDS[s.language] || WORDS.en;
    $("wish").textContent = s.wish ? "→ " + s.wish + " (" + w.patterns[s.wish] + ")" : "";
    $("btn-draw").textContent = w.draw;
    $("drawpile").title = w.draw;
    $("btn-pass").textContent = w.pass;
    $("wishlabel").textContent = w.wish;
    for (const b of document.querySelectorAll("#wishpick button")) {
      b.textContent = b.dataset.wish ? w.patterns[b.dataset.wish] : "×";
      b.title = b.dataset.wish ? b.dataset.wish : w.cancel;
    }
    $("cardtable").dataset.stage = s.stage || "";
    $("cardtable").dataset.pending = String(s.pending || 0);
    const v = s.virtual;
    const hand = $("myhand");
    hand.innerHTML = "";
    const mine = control && v;
    for (const face of (mine ? v.hand : [])) {
      const b = cardEl(face, "button");
      b.classList.toggle("fits", v.playable.includes(face));
      b.addEventListener("click", () => play(face));
      hand.appendChild(b);
    }
    hand.dataset.count = mine ? String(v.hand.length) : "";
    for (const id of ["btn-draw", "btn-pass", "btn-mau", "drawpile"]) $(id).disabled = !mine;
    $("wishpick").hidden = !pendingWild;
    const win = $("cardwinner");
    const winner = (s.seats || []).find((x) => x.cards === 0);
    win.hidden = !(s.stage === "won" && winner);
    win.textContent = winner ? "Mau Mau! " + winner.name : "";
    // the bed's pieces and the two-colour winner banner belong to maunz
    const maunzWinner = $("winner");
    if (maunzWinner) maunzWinner.hidden = true;
  }

  function play(face) {
    if (["MW", "+4", "KK"].includes(face)) { pendingWild = face; render(); return; }
    send({ type: "hand", action: "play", card: face });
  }

  for (const b of document.querySelectorAll("#wishpick button")) {
    b.addEventListener("click", () => {
      const wish = b.dataset.wish;
      const face = pendingWild;
      pendingWild = null;
      if (face && wish) send({ type: "hand", action: "play", card: face, wish: wish });
      render();
    });
  }
  $("drawpile").addEventListener("click", () => send({ type: "hand", action: "draw" }));
  $("btn-draw").addEventListener("click", () => send({ type: "hand", action: "draw" }));
  $("btn-pass").addEventListener("click", () => send({ type: "hand", action: "pass" }));
  $("btn-mau").addEventListener("click", () => send({ type: "hand", action: "mau" }));
  document.addEventListener("companion:snapshot", (e) => {
    state = e.detail.state;
    control = e.detail.control;
    render();
  });
})();
