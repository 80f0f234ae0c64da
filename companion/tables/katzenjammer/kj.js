// Katzenjammer's board on the page (an SVG drawn from snapshot.board, see
// companion/tables/katzenjammer/page.py): the ring of 40 numbered fields with the four Starts,
// every seat's nest and stall s1-s4, the pieces in the seat colours (a piece shows its field;
// a fresh one wears a dashed ring), the three dice III/IV/V, whose turn, and the fields the last
// turn changed. A view only: the person plays with the three buttons and the OLED's menus, as at
// the real table; the text beneath stays as the caption.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const NS = "http://www.w3.org/2000/svg";
  const INK = { r: "#d62828", b: "#1f5fbf", g: "#23903a", k: "#1d1d1d" };
  const TINT = { r: "#f7d4d0", b: "#d3e0f5", g: "#d2ecd5", k: "#d9d9d9" };
  const DIE_NAMES = ["III", "IV", "V"];
  // the board's words, in the table's language, come with it (board.labels: page.py)
  let words = {};

  function el(tag, attrs, parent, text) {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
    if (text != null) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }

  const centre = (xy) => [xy[0] + 0.5, xy[1] + 0.5];

  function piece(parent, colour, xy, where, at, label, fresh) {
    const [x, y] = centre(xy);
    const g = el("g", { class: "kj-piece" + (fresh ? " fresh" : ""), "data-colour": colour,
                        "data-where": where, "data-at": at }, parent);
    if (fresh) el("circle", { cx: x, cy: y, r: 0.46, fill: "none", stroke: INK[colour],
                              "stroke-width": 0.07, "stroke-dasharray": "0.12 0.08" }, g);
    el("circle", { cx: x, cy: y + 0.04, r: 0.36, fill: "rgba(0,0,0,0.3)" }, g);   // its shadow
    el("circle", { cx: x, cy: y, r: 0.36, fill: INK[colour], stroke: "#fff", "stroke-width": 0.06 }, g);
    if (label) el("text", { x: x, y: y + 0.11, class: "kj-on-piece" }, g, label + (fresh ? "*" : ""));
  }

  function draw(svg, b, players, ai) {
    svg.textContent = "";
    const n = b.size;
    svg.setAttribute("viewBox", `-0.3 -0.3 ${n + 0.6} ${n + 2.4}`);
    el("rect", { x: -0.2, y: -0.2, width: n + 0.4, height: n + 0.4, rx: 0.5, class: "kj-wood" }, svg);
    const byColour = {};
    for (const seat of b.seats) byColour[seat.colour] = seat;
    const last = b.last || { fields: [], stalls: [] };
    const lastFields = new Set(last.fields);
    const lastStalls = new Set(last.stalls.map(([c, i]) => c + i));

    // the track: a line through the ring's fields, and each stall's line from its Start
    const track = b.ring.map(centre).concat([centre(b.ring[0])]);
    el("polyline", { points: track.map((p) => p.join(",")).join(" "), class: "kj-track" }, svg);
    for (const seat of b.seats) {
      const pts = [b.ring[seat.start]].concat(seat.stall_cells).map(centre);
      el("polyline", { points: pts.map((p) => p.join(",")).join(" "), class: "kj-track",
                       stroke: INK[seat.colour] }, svg);
    }

    // every seat's corner: the nest, its name (and player), the stall
    for (const seat of b.seats) {
      const g = el("g", { class: "kj-seat" + (seat.playing ? "" : " out"), "data-colour": seat.colour }, svg);
      const xs = seat.nest_cells.map((c) => c[0]), ys = seat.nest_cells.map((c) => c[1]);
      const x0 = Math.min(...xs), y0 = Math.min(...ys);
      const turn = b.to_move === seat.colour;
      el("rect", { x: x0 + 0.05, y: y0 + 0.05, width: 1.9, height: 1.9, rx: 0.35, fill: TINT[seat.colour],
                   stroke: INK[seat.colour], "stroke-width": turn ? 0.14 : 0.05,
                   class: "kj-nest" + (turn ? " turn" : "") }, g);
      seat.nest_cells.forEach((c) => {
        const [x, y] = centre(c);
        el("circle", { cx: x, cy: y, r: 0.36, fill: "none", stroke: INK[seat.colour],
                       "stroke-width": 0.04, "stroke-dasharray": "0.1 0.08", opacity: 0.6 }, g);
      });
      // the label in the quarter's inner corner, towards the middle of the board
      const lx = x0 + 1 + (x0 < n / 2 ? 1.9 : -1.9), ly = y0 + 1 + (y0 < n / 2 ? 1.7 : -1.5);
      const name = el("text", { x: lx, y: ly, class: "kj-name" + (turn ? " turn" : ""),
                                fill: INK[seat.colour] }, g, seat.name);
      name.setAttribute("data-colour", seat.colour);
      const who = seat.key && ((players && players[seat.key]) || (ai.includes(seat.key) ? "Computer" : ""));
      if (who) fit(el("text", { x: lx, y: ly + 0.45, class: "kj-player" }, g, who), 2.3);  // a long name: squeezed between the ring's arms
      if (turn) el("text", { x: lx, y: ly + (who ? 0.9 : 0.45), class: "kj-turn", fill: INK[seat.colour] }, g, words.to_move);
      if (b.winner === seat.colour) el("text", { x: lx, y: ly + (who ? 0.9 : 0.45), class: "kj-turn",
                                                 fill: INK[seat.colour] }, g, words.wins);
      seat.stall_cells.forEach((c, i) => {
        const [x, y] = centre(c);
        if (lastStalls.has(seat.colour + (i + 1))) el("circle", { cx: x, cy: y, r: 0.47, class: "kj-last" }, g);
        el("circle", { cx: x, cy: y, r: 0.4, fill: TINT[seat.colour], stroke: INK[seat.colour],
                       "stroke-width": 0.06, class: "kj-stall" }, g);
        el("text", { x: x, y: y + 0.09, class: "kj-label" }, g, "s" + (i + 1));
      });
    }

    // the ring's fields, the Starts in their seat's colour
    const startOf = {};
    for (const seat of b.seats) startOf[seat.start] = seat;
    b.ring.forEach((c, i) => {
      const [x, y] = centre(c);
      const start = startOf[i];
      if (lastFields.has(i)) el("circle", { cx: x, cy: y, r: 0.49, class: "kj-last", "data-field": i }, svg);
      el("circle", { cx: x, cy: y, r: 0.4, class: "kj-field" + (start ? " start" : ""), "data-field": i,
                     fill: start ? TINT[start.colour] : "#fffaf0",
                     stroke: start ? INK[start.colour] : "#6b5a45",
                     "stroke-width": start ? 0.12 : 0.04, opacity: start && !start.playing ? 0.45 : 1 }, svg);
      el("text", { x: x, y: y + 0.09, class: "kj-label" }, svg, String(i));
    });

    // the pieces
    for (const seat of b.seats) {
      if (!seat.playing) continue;
      for (const p of seat.ring) piece(svg, seat.colour, b.ring[p.field], "ring", p.field, String(p.field), p.fresh);
      for (const s of seat.stall) piece(svg, seat.colour, seat.stall_cells[s - 1], "stall", "s" + s, "s" + s, false);
      for (let i = 0; i < seat.nest; i++) piece(svg, seat.colour, seat.nest_cells[i], "nest", "n", "", false);
    }

    // the dice strip under the board: whose turn (left), III IV V (middle), the last turn
    // (right); each side keeps to its own column, so no word runs into a die in any language
    const y = n + 0.45;
    const diceLeft = n / 2 - 1.05, diceRight = diceLeft + 3.1, gap = 0.2;
    const mover = byColour[b.winner || b.rolled || b.to_move];
    if (mover) {
      el("circle", { cx: 0.55, cy: y + 0.75, r: 0.32, fill: INK[mover.colour], stroke: "#fff", "stroke-width": 0.06 }, svg);
      const who = mover.key && ((players && players[mover.key]) || (ai.includes(mover.key) ? "Computer" : ""));
      const head = el("text", { x: 1.05, y: y + 0.6, class: "kj-strip kj-mover", "text-anchor": "start" }, svg,
                      mover.name + (who ? " · " + who : ""));
      const what = el("text", { x: 1.05, y: y + 1.05, class: "kj-strip small kj-mover", "text-anchor": "start" }, svg,
                      b.winner ? words.wins : b.past ? "" : b.dice ? words.to_move : words.rolling);
      fit(head, diceLeft - gap - 1.05);
      fit(what, diceLeft - gap - 1.05);
    }
    const dice = el("g", { class: "kj-dice", "data-dice": b.dice ? b.dice.join(",") : "" }, svg);
    const v = b.dice || [];
    DIE_NAMES.forEach((name, i) => {
      const x = diceLeft + i * 1.1;
      const pair = v.length && v.filter((d) => d === v[i]).length === 2;   // a pair plays as one
      el("text", { x: x + 0.45, y: y + 0.12, class: "kj-die-name" }, dice, name);
      el("rect", { x: x, y: y + 0.25, width: 0.9, height: 0.9, rx: 0.16, class: "kj-die" + (pair ? " pair" : "") }, dice);
      el("text", { x: x + 0.45, y: y + 0.92, class: "kj-die-value", "data-die": name }, dice,
         b.dice ? String(b.dice[i]) : "–");
    });
    if (b.last) {
      const room = n - 0.1 - diceRight - gap;
      fit(el("text", { x: n - 0.1, y: y + 0.6, class: "kj-strip small kj-last-turn", "text-anchor": "end" }, svg,
             words.last + ":"), room);
      fit(el("text", { x: n - 0.1, y: y + 1.05, class: "kj-strip kj-last-turn", "text-anchor": "end",
                       fill: INK[b.last.colour] }, svg, b.last.words), room);   // in words, as the move list
    }
  }

  // A text wider than `width` (user units) is squeezed to it: a long player's name, a long word
  // in either language. getBBox needs the drawing shown (render() unhides it first).
  function fit(node, width) {
    let w = 0;
    try { w = node.getBBox().width; } catch (e) { return; }
    if (w > width) {
      node.setAttribute("textLength", width.toFixed(3));
      node.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
  }

  // The board's box, built on the first draw in the page's table (before the text view, which
  // stays beneath as the caption)
  const table = () => window.maunzViewBox("kjtable", (box) => $("textview").before(box));

  function render(state) {   // app.js passes the snapshot when its view is ours, else null
    const box = table();
    const on = !!state && !!state.board;
    box.hidden = !on;
    if (!on) return;
    words = state.board.labels;
    let svg = $("kjboard");
    if (!svg) {
      svg = el("svg", { id: "kjboard", role: "img", "aria-label": "Katzenjammer" }, box);
    }
    // a past game's step (the history view): nobody is rolling now; a step after a turn shows
    // under the board the roll that turn played and who rolled it, as the move list says it
    // (the seat to move next keeps its mark in its corner)
    let b = state.board;
    if (state.phase === "history" && !b.dice && !b.winner) {
      b = Object.assign({}, b, { past: true, dice: b.last && b.last.dice, rolled: b.last && b.last.colour });
    }
    // the computer's seats: several in Katzenjammer ([game] ai = "2,3"); "ai" is the first
    draw(svg, b, state.players || {}, state.ai_seats || (state.ai ? [state.ai] : []));
    svg.dataset.toMove = state.board.to_move || "";
    svg.dataset.winner = state.board.winner || "";
    const banner = $("winner");   // the two-colour winner banner belongs to maunz
    if (banner) banner.hidden = true;
  }

  window.maunzViews.katzenjammer = render;   // app.js draws the snapshot's view
})();
