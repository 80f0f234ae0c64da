// A card game's table on the page (Monster Mau Mau): the top card and the wish, the draw pile,
// every seat's card count and whose turn it is — the public state. In the simulator the person
// also sees their own hand (snapshot.virtual): clicking a card taps it, a wild card first asks
// for the wish, the draw pile draws; pass and Mau! are the table's buttons. Spectators never get
// a hand in their snapshot.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  // The page's words come with the snapshot (s.labels, companion/tables/monster_mau_mau/page.py),
  // in the table's language: the rulebook's German pattern and action names (Streifen ...
  // Gekrakel, Richtungswechsel, Aussetzen, Monsterwunsch, Plus-Vier, Kreativkarte), the digest's
  // English ones. A label with {n} or {who} is filled in here.
  const WILDS = ["MW", "+4", "KK"];
  // Where a card's long German words may break on the card, with a hyphen (soft hyphens in the
  // label only: names, titles and the move list keep the plain words). Nowhere else: a word is
  // never cut in the middle of a syllable ("Monsterw/unsch").
  const BREAKS = { Richtungswechsel: "Richtungs\u00adwechsel", Monsterwunsch: "Monster\u00adwunsch",
                   Kreativkarte: "Kreativ\u00adkarte", Aussetzen: "Aus\u00adsetzen", "Plus-Vier": "Plus-Vier" };
  const breakable = (text) => text.split(" ").map((word) => BREAKS[word] || word).join(" ");
  // the big mark in a card's middle: the number, or the action's sign
  const SIGNS = { "+3": "+3", R: "⇄", A: "⊘", MW: "★", "+4": "+4", KK: "✎" };
  let state = null;
  let control = false;
  let pendingWild = null;

  function send(msg) { if (window.companionSend) window.companionSend(msg); }
  const words = () => state.labels;

  // A card's name as a person says it ("Streifen 7", "Punkte Richtungswechsel", "Plus-Vier"):
  // [pattern or null, what it is]
  function faceParts(face, w) {
    if (WILDS.includes(face)) return [null, w.wilds[face]];
    const rank = face.slice(1);
    return [w.patterns[face[0]], w.ranks[rank] || rank];
  }
  function faceName(face, w) {
    const [pat, what] = faceParts(face, w);
    return pat ? pat + " " + what : what;
  }

  // A card drawn as the printed card: its monster pattern as the background, the number or the
  // action's sign big, its name in words below, and the notation's code small in the corner for
  // the people who know it
  function cardEl(face, cls) {
    const w = words();
    const el = document.createElement(cls === "button" ? "button" : "span");
    if (cls === "button") el.type = "button";
    el.className = "mmcard " + (WILDS.includes(face) ? "wild" : "pat-" + face[0]);
    el.dataset.card = face;
    el.dataset.name = faceName(face, w);
    el.title = el.dataset.name;
    const [pat, what] = faceParts(face, w);
    const rank = WILDS.includes(face) ? face : face.slice(1);
    const sign = SIGNS[rank] || rank;
    const parts = [["sign", sign], ["what", pat && (!SIGNS[rank] || what === sign) ? "" : what],
                   ["pat", pat || w.anyPattern], ["code", face]];
    for (const [k, text] of parts) {
      const span = document.createElement("span");
      span.className = "mm-" + k;
      span.textContent = k === "what" || k === "pat" ? breakable(text) : text;
      el.appendChild(span);
    }
    return el;
  }

  // A move of the list in words, the notation's code kept small after it (app.js calls it for
  // the snapshots of this view only, and draws the list before this script sees `s`)
  function moveLabel(li, move, s, i) {
    if (!s.labels) return;
    const w = s.labels;
    // who made the move (the turned-up card is the deck's), and a forgotten Mau after it
    const [seatNo, forgot] = (s.history || [])[i] || [null, false];
    const seat = (s.seats || []).find((x) => x.seat === seatNo);
    const who = seat ? seatName(seat, w) : null;
    let text;
    if (move.startsWith("up:")) text = w.moves.up + ": " + faceName(move.slice(3), w);
    else if (w.moves[move]) text = w.moves[move];
    else {
      const [face, wish] = move.split(">");
      text = faceName(face, w) + (wish ? " → " + w.patterns[wish] : "");
    }
    const span = document.createElement("span");
    span.className = "mm-move";
    span.textContent = (who ? who + ": " : "") + text + " ";
    li.insertBefore(span, li.querySelector("code"));
    if (forgot && who) {
      const note = document.createElement("span");
      note.className = "mm-forgot";
      note.textContent = " " + w.forgot.replace("{who}", who);
      li.appendChild(note);
    }
  }
  window.maunzMoveLabels.cards = moveLabel;

  function seatName(seat, w) {
    return /^[0-9]+$/.test(seat.name) ? w.seat.replace("{n}", seat.seat) : seat.name;
  }

  // The table's box, built on the first draw after the seats below the bed (#players-bottom), where
  // the page's game drawing beside the seats goes: the public state, the person's hand, the
  // wish picker and the hand's buttons
  const MARKUP = `
    <div class="seats" id="seats"></div>
    <p class="turnline" id="turnline" aria-live="polite"></p>
    <div class="piles">
      <button type="button" class="pile" id="drawpile" title="draw"><span class="count" id="pilecount"></span></button>
      <div class="discard" id="discardpile"><span class="topslot" id="topcard"></span><span class="wish" id="wish"></span></div>
    </div>
    <div class="cardwinner" id="cardwinner" hidden></div>
    <div class="handlabel" id="handlabel"></div>
    <p class="handlegend" id="handlegend" hidden><span class="liftmark" aria-hidden="true">↑</span><span id="handlegendtext"></span></p>
    <div class="myhand" id="myhand"></div>
    <div class="wishpick" id="wishpick" hidden>
      <span class="label" id="wishlabel">wish:</span>
      <button type="button" data-wish="s">s</button><button type="button" data-wish="p">p</button>
      <button type="button" data-wish="z">z</button><button type="button" data-wish="g">g</button>
      <button type="button" data-wish="">×</button>
    </div>
    <div class="handbuttons" id="handbuttons">
      <button type="button" id="btn-draw">draw</button>
      <button type="button" id="btn-pass">pass</button>
      <button type="button" id="btn-mau">Mau!</button>
    </div>`;

  const table = () => window.maunzViewBox("cardtable", build);

  function build(box) {   // the hand's markup and its buttons, once
    box.innerHTML = MARKUP;
    $("players-bottom").after(box);
    for (const b of box.querySelectorAll("#wishpick button")) {
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
  }

  function render() {   // app.js passes the snapshot when its view is ours, else null
    const s = state;
    const on = !!s;
    table().hidden = !on;
    if (!on) return;
    const w = words();
    const v = s.virtual;
    const mine = control && v;
    const me = mine ? v.seat : null;  // the person's seat in the simulator; spectators have none
    const seats = $("seats");
    seats.innerHTML = "";
    for (const seat of s.seats || []) {
      const el = document.createElement("div");
      el.className = "seat" + (s.turn === seat.seat ? " turn" : "") + (me === seat.seat ? " me" : "");
      el.dataset.seat = seat.seat;
      const who = seatName(seat, w) + (me === seat.seat ? " (" + w.you + ")" : "");
      el.textContent = who + ": " + (seat.cards === 1 ? w.card : w.cards.replace("{n}", seat.cards));
      seats.appendChild(el);
    }
    $("turnline").textContent = turnText(s, w, me);
    $("pilecount").textContent = s.pile == null ? "" : s.pile;
    const top = $("topcard");
    top.innerHTML = "";
    if (s.top) top.appendChild(cardEl(s.top, "span"));
    else top.textContent = "—";
    $("wish").textContent = s.wish ? w.wished + " " + w.patterns[s.wish] : "";
    $("wish").className = "wish" + (s.wish ? " pat-" + s.wish : "");
    $("btn-draw").textContent = w.draw;
    $("drawpile").title = w.draw;
    $("btn-pass").textContent = w.pass;
    $("wishlabel").textContent = w.wish;
    for (const b of document.querySelectorAll("#wishpick button")) {
      b.textContent = b.dataset.wish ? w.patterns[b.dataset.wish] : "×";
      b.title = b.dataset.wish ? b.dataset.wish : w.cancel;
      b.className = b.dataset.wish ? "pat-" + b.dataset.wish : "";
    }
    $("cardtable").dataset.stage = s.stage || "";
    $("cardtable").dataset.pending = String(s.pending || 0);
    const hand = $("myhand");
    hand.innerHTML = "";
    // a deck that cannot follow the game (its shuffle was never journaled) says why, in one line
    $("handlabel").textContent = mine ? (v.problem || w.yourHand + " (" + v.hand.length + ")") : "";
    for (const face of (mine ? v.hand : [])) {
      const b = cardEl(face, "button");
      b.classList.toggle("fits", v.playable.includes(face));
      b.addEventListener("click", () => play(face));
      hand.appendChild(b);
    }
    hand.dataset.count = mine ? String(v.hand.length) : "";
    // the cards that may be played stand lifted out of the hand, and the line above says so
    // (a coloured border alone is lost on the patterned cards and explains nothing)
    const myTurn = mine && s.turn === me && (s.stage === "play" || s.stage === "wish");
    $("handlegend").hidden = !(myTurn && v.playable.length);
    $("handlegendtext").textContent = w.fitsLegend;
    // draw, pass and Mau! belong to the game in play: not to the set-up, the first card or the win
    const playing = s.stage === "play" || s.stage === "wish";
    $("handbuttons").hidden = !(mine && playing);
    for (const id of ["btn-draw", "btn-pass", "btn-mau", "drawpile"]) $(id).disabled = !(mine && playing);
    $("wishpick").hidden = !pendingWild;
    const win = $("cardwinner");
    const winner = (s.seats || []).find((x) => x.cards === 0);
    win.hidden = !(s.stage === "won" && winner);
    win.textContent = winner ? "Mau Mau! " + seatName(winner, w) + (me === winner.seat ? " (" + w.you + ")" : "") : "";
    // the bed's pieces and the two-colour winner banner belong to maunz
    const maunzWinner = $("winner");
    if (maunzWinner) maunzWinner.hidden = true;
  }

  // Whose turn it is in words, and what that seat must do now
  function turnText(s, w, me) {
    if (s.turn == null || s.stage === "won") return "";
    const seat = (s.seats || []).find((x) => x.seat === s.turn);
    let text = s.turn === me ? w.yourTurn
      : w.theirTurn.replace("{who}", seat ? seatName(seat, w) : w.seat.replace("{n}", s.turn));
    if (s.pending) text += " — " + w.penalty.replace("{n}", s.pending);
    else if (s.turn === me && s.virtual && s.virtual.drawn) text += " — " + w.drawn;
    else text += " (" + w[s.direction === "ccw" ? "ccw" : "cw"] + ")";
    return text;
  }

  function play(face) {
    if (["MW", "+4", "KK"].includes(face)) { pendingWild = face; render(); return; }
    send({ type: "hand", action: "play", card: face });
  }

  window.maunzViews.cards = (s, lang, ctl) => {   // app.js draws the snapshot's view
    state = s;
    control = ctl;
    render();
  };
})();
