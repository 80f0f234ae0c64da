// The bed view (app.js's part) of any game played on the bed, drawn from the game's declaration
// in the snapshot ("bed_game": its seats with their keys, words and looks, its piece kinds;
// "bed_squares": the squares in play; "bed", "pools", "to_move"), never from one game's names. In
// the simulator it is also the person's hands: a reed switch cannot tell a piece's seat or kind,
// so the page keeps its own "table" of which physical piece the person put where, and the "Next
// piece" picker (one button per declared kind) says which piece a click puts down.
"use strict";

(function () {
  const page = window.maunzPage;
  const $ = page.$;
  const FILES = "abcdef";
  const sqName = (i) => FILES[i % 6] + String(Math.floor(i / 6) + 1);

  const bed = {
    occupied: new Set(),    // physical (sim) or sensed occupancy from the last snapshot
    table: new Map(),       // square -> piece letter ("o", "O", "?" ...): what the person put down
    pending: new Map(),     // square -> expected occupancy, until a snapshot agrees
    selected: null,
    kind: null,             // the picked kind's key (null: the game's first kind)
    movesSeen: -1,
    answered: null,         // the question "which piece?" the picker last answered
  };
  page.hands = bed;         // the browser tests read the table model

  const declared = () => (page.state && page.state.bed_game) || null;
  const kinds = () => (declared() ? declared().kinds.map((k) => k.key) : []);
  const seatOf = (piece) => {
    const d = declared();
    return d && piece && piece !== "?" ? d.seats.find((s) => s.key === piece.toLowerCase()) : null;
  };

  function build() {
    const grid = $("bed");
    const ranks = document.querySelector(".ranks");
    const files = document.querySelector(".files");
    for (let rank = 6; rank >= 1; rank--) {            // a1 bottom-left, as on the quilt
      const r = document.createElement("span");
      r.textContent = rank;
      ranks.appendChild(r);
      for (let f = 0; f < 6; f++) {
        const name = FILES[f] + rank;
        const sq = document.createElement("div");
        sq.className = "sq patch-" + ((f * 7 + rank * 3 + ((f + rank) % 2) * 2) % 6);
        sq.dataset.square = name;
        sq.setAttribute("role", "gridcell");
        sq.setAttribute("aria-label", name);
        sq.innerHTML = '<span class="led"></span><span class="piece"></span><span class="coord">' + name + "</span>";
        sq.addEventListener("click", () => onSquare(name));
        grid.appendChild(sq);
      }
    }
    for (let f = 0; f < 6; f++) {
      const s = document.createElement("span");
      s.textContent = FILES[f];
      files.appendChild(s);
    }
    $("lift").addEventListener("click", liftSelected);
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && bed.selected) { bed.selected = null; page.render(); }
    });
  }

  // The piece a click puts down: the one a correction step names for this square, else the
  // picked kind of the seat to move (another kind if its pool has none of that one).
  function expectedPiece(square) {
    const s = page.state, d = declared();
    if (s && s.put && s.put.square === square) return s.put.piece;
    if (s && s.setup && s.setup[square]) return s.setup[square];   // a puzzle set up from the lights
    if (!d) return "?";
    const seat = s.to_move || d.seats[0].key;
    const ks = kinds();
    let i = Math.max(0, ks.indexOf(bed.kind));
    const pool = (s.pools || {})[seat] || {};
    if (!pool[ks[i]]) {
      const j = ks.findIndex((k) => pool[k] > 0);
      if (j >= 0) i = j;
    }
    return i ? seat.toUpperCase() : seat;
  }

  function kindOf(piece) {   // the declared kind of a piece (upper case: the second); reeds ignore it
    const ks = kinds();
    return piece && piece !== "?" && piece === piece.toUpperCase() ? (ks[1] || ks[0]) : (ks[0] || "k");
  }

  function onSquare(name) {
    if (!page.control || (page.state && page.state.senses_bed === false)) return;  // no bed in this game
    if (page.history && page.history.open) return;   // a past game's bed: nothing to play
    const occupied = bed.table.has(name);
    if (bed.selected) {
      const from = bed.selected;
      if (name === from) {                       // click the held piece again: off the bed
        liftSelected();
        return;
      }
      if (occupied) {                            // pick another piece instead
        bed.selected = name;
        page.render();
        return;
      }
      const piece = bed.table.get(from);         // carry it: lift there, put it down here
      bed.table.delete(from);
      bed.table.set(name, piece);
      bed.pending.set(from, false);
      bed.pending.set(name, true);
      bed.selected = null;
      // (a bed that reads kinds, the hall-effect bed, is told which piece)
      page.send({ type: "reed", changes: [{ square: from, occupied: false },
                                          { square: name, occupied: true, kind: kindOf(piece) }] });
      page.render();
      return;
    }
    if (occupied) {
      bed.selected = name;
      page.render();
      return;
    }
    const piece = expectedPiece(name);
    bed.table.set(name, piece);
    bed.pending.set(name, true);
    page.send({ type: "reed", square: name, occupied: true, kind: kindOf(piece) });
    page.render();
  }

  function liftSelected() {
    const from = bed.selected;
    if (!from) return;
    bed.table.delete(from);
    bed.pending.set(from, false);
    bed.selected = null;
    page.send({ type: "reed", square: from, occupied: false });
    page.render();
  }

  function reconcile(state, physical) {
    const occ = new Set(physical || state.sensed || []);
    bed.occupied = occ;
    const moves = (state.moves || []).length;
    const committed = moves !== bed.movesSeen;
    bed.movesSeen = moves;
    const pieces = state.bed || {};
    for (let i = 0; i < 36; i++) {
      const name = sqName(i);
      if (bed.pending.has(name)) {
        if (occ.has(name) === bed.pending.get(name)) bed.pending.delete(name);
        else continue;                           // our own click, not yet reported back
      }
      if (occ.has(name)) {
        if (!bed.table.has(name) || (committed && pieces[name])) bed.table.set(name, pieces[name] || "?");
      } else {
        bed.table.delete(name);
      }
    }
    if (bed.selected && !bed.table.has(bed.selected)) bed.selected = null;
  }

  // Draw `state` afresh (a past game's ply in the history view, or the live game again after
  // it): the person's table model is rebuilt from the state, not carried over.
  function show(state, physical) {
    bed.table.clear();
    bed.pending.clear();
    bed.selected = null;
    bed.movesSeen = -1;
    if (state) reconcile(state, physical || null);
  }

  function refused() {
    bed.pending.clear();
    if (page.state) { bed.movesSeen = -1; reconcile(page.state, page.physical); page.render(); }
  }

  // A piece in its seat's look (declared), its kind's size: the first kind small, the second
  // large (maunz.: kitten, cat with ears); "?" a piece the page cannot name.
  function drawPiece(el, p) {
    const seat = seatOf(p);
    el.className = !p ? "piece" : p === "?" || !seat ? "piece unknown"
      : "piece seat " + (p === p.toUpperCase() ? "second" : "first");
    if (seat) el.style.setProperty("--seat", seat.look);
    else el.style.removeProperty("--seat");
  }

  function buildPicker(d) {
    const box = $("picks");
    const key = d ? d.kinds.map((k) => k.key + ":" + k.word).join(",") : "";
    if (box.dataset.kinds === key) return;
    box.dataset.kinds = key;
    box.innerHTML = "";
    (d ? d.kinds : []).forEach((k, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "pick";
      b.id = "pick-" + k.key;
      b.dataset.kind = k.key;
      b.innerHTML = '<span class="disc ' + (i ? "large" : "small") + '"></span><span class="word"></span>';
      b.querySelector(".word").textContent = k.word;
      b.addEventListener("click", () => { bed.kind = k.key; page.render(); });
      box.appendChild(b);
    });
  }

  function render(s) {
    const d = declared();
    $("hand").hidden = !page.control || !d || !!(page.history && page.history.open);
    const inPlay = new Set(s.bed_squares || []);
    const leds = {};
    for (const l of s.leds || []) leds[l.square] = l;
    for (const sq of document.querySelectorAll(".sq")) {
      const name = sq.dataset.square;
      const piece = bed.table.get(name) || "";
      drawPiece(sq.querySelector(".piece"), piece);
      sq.dataset.piece = piece;
      sq.classList.toggle("selected", bed.selected === name);
      sq.classList.toggle("occupied", bed.occupied.has(name));
      sq.classList.toggle("out", inPlay.size > 0 && !inPlay.has(name));   // not a square of this game
      const led = leds[name] || { color: "#000000", effect: "off" };
      const off = led.effect === "off" || !led.effect || /^#0{6}$/i.test(led.color || "");
      sq.dataset.led = off ? "off" : led.effect;
      sq.dataset.ledColor = off ? "" : led.color;
      sq.style.setProperty("--led", off ? "transparent" : led.color);
    }
    buildPicker(d);
    const seat = d && (d.seats.find((x) => x.key === s.to_move) || null);
    const pool = seat ? (s.pools || {})[seat.key] || {} : null;
    const now = expectedPiece();
    for (const b of document.querySelectorAll(".pick")) {
      b.classList.toggle("on", b.dataset.kind === kindOf(now));
      if (seat) b.style.setProperty("--seat", seat.look);
      b.disabled = !pool || !!s.winner || !pool[b.dataset.kind];
    }
    $("lift").hidden = !bed.selected;
  }

  // The reed switches cannot tell the kinds apart, so with both in the pool a bed game asks
  // (maunz.'s OLED: OK = kitten, CAT = cat: OK the first kind, CAT the second). The person at this
  // table already said which piece they put down with the "Next piece" picker: the page presses
  // the answering button for them.
  function answerKind() {
    const s = page.state;
    if (!page.control || !s || s.phase !== "ask_kind" || !s.asking) return;
    const piece = bed.table.get(s.asking);
    if (!piece || piece === "?" || piece.toLowerCase() !== s.to_move) return;
    const key = s.asking + "@" + (s.moves || []).length;
    if (bed.answered === key) return;
    bed.answered = key;
    page.send({ type: "button", name: piece === piece.toUpperCase() ? "cat" : "ok", kind: "press" });
  }

  page.bed = { build, render, reconcile, refused, answerKind, seatOf, show };
})();
