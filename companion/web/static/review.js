// The review after a game (issue 36) on the page: the AI's evaluation of every position as a
// graph (an SVG drawn here: the values before each move, from orange's view), the marked
// mistakes on it and below it in words (the better move, the line that punishes the played
// one), and a progress bar while the review is computed. Drawn from the snapshot's "review"
// (companion/service/review.py), its words in the table's language; a Katzenjammer review is its
// summary of the people's choices. "Close" leaves the review (its work stops).
// The review shows what it talks about (issue 45): the bed before the move being read (the
// table's review step when it is stepped there, else the mistake or the graph's point clicked,
// else the first mistake), with the played square and the better one marked; the graph has an
// axis with move numbers, a legend, the unit said once and a line at the move being read.
"use strict";

(function () {
  const page = window.maunzPage;
  const box = document.getElementById("review");
  const NS = "http://www.w3.org/2000/svg";
  const W = 320, H = 120, RANGE = 10;   // the graph's size; values beyond ±RANGE cats are drawn at the edge
  const BOTTOM = 14;                     // room under the graph for the move numbers
  let reading = null, readingOf = null;  // the ply being read on the page, and of which review

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function svg(tag, attrs) {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    return e;
  }

  function graph(r, ply) {
    const g = svg("svg", { id: "review-graph", class: "review-graph", viewBox: `0 0 ${W} ${H + BOTTOM}`,
                           role: "img", "aria-label": r.words.graph });
    const n = Math.max(1, r.graph.length - 1);
    const x = (i) => (i / n) * W;
    const y = (v) => H / 2 - (Math.max(-RANGE, Math.min(RANGE, v)) / RANGE) * (H / 2 - 4);
    g.appendChild(svg("line", { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: "axis" }));
    g.appendChild(svg("line", { x1: 0, y1: H, x2: W, y2: H, class: "base" }));
    // the axis: the moves played (0: the start), a few numbers along it, its name at the end
    const step = Math.max(1, Math.ceil(n / 6 / 5) * 5);
    for (let i = 0; i < n - step / 2; i += step) {
      const label = svg("text", { x: Math.max(2, x(i)), y: H + BOTTOM - 3, class: "tick" });
      label.textContent = String(i);
      g.appendChild(label);
    }
    const name = svg("text", { x: W - 2, y: H + BOTTOM - 3, class: "tick name", "text-anchor": "end" });
    name.textContent = r.words.axis + " " + n;
    g.appendChild(name);
    const up = svg("text", { x: 4, y: 11, class: "legend orange" });
    up.textContent = "+" + RANGE + " · " + r.words.legend_up;
    const down = svg("text", { x: 4, y: H - 5, class: "legend grey" });
    down.textContent = "−" + RANGE + " · " + r.words.legend_down;
    g.append(up, down);
    if (ply !== null) {   // the move being read: the position before it
      const at = svg("line", { x1: x(ply), y1: 0, x2: x(ply), y2: H, class: "reading", id: "review-reading-line",
                               "data-ply": ply });
      g.appendChild(at);
    }
    let d = "";
    r.graph.forEach((v, i) => {
      if (v === null) return;
      d += (d ? " L" : "M") + x(i).toFixed(1) + " " + y(v).toFixed(1);
    });
    if (d) g.appendChild(svg("path", { d: d, class: "curve" }));
    for (const m of r.mistakes) {   // a mistake: the position after it, where the value fell
      const v = r.graph[m.ply + 1];
      const c = svg("circle", { cx: x(m.ply + 1), cy: y(v === null ? 0 : v), r: 5,
                                class: "mistake " + m.mover, "data-ply": m.ply });
      const t = svg("title", {});
      t.textContent = `${m.number}: ${m.played} — ${m.verdict}`;
      c.appendChild(t);
      g.appendChild(c);
    }
    g.addEventListener("click", (e) => {   // a point of the graph: the move there is read
      const box = g.getBoundingClientRect();
      const i = Math.round(((e.clientX - box.left) / box.width) * n);
      read(r, Math.max(0, Math.min((r.boards || []).length - 1, i)));
    });
    return g;
  }

  // The bed before move `ply` as the page draws a bed: 6 x 6, rank 6 on top, the pieces in
  // their colours (kitten small, cat large), the played square and the better one marked.
  function bed(r, ply) {
    const wrap = el("figure", "review-bed");
    wrap.id = "review-bed";
    wrap.dataset.ply = ply;
    const board = r.boards[ply], [played, better] = r.squares[ply] || [null, null];
    const grid = el("div", "review-bed-grid");
    for (let rank = 5; rank >= 0; rank--) {
      for (let file = 0; file < 6; file++) {
        const name = "abcdef"[file] + (rank + 1);
        const cell = el("div", "review-sq");
        cell.dataset.square = name;
        const p = board[rank * 6 + file];
        if (p !== ".") {
          const piece = el("span", "review-piece " + (p === "o" || p === "O" ? "orange" : "grey")
                                   + (p === p.toUpperCase() ? " cat" : " kitten"));
          cell.dataset.piece = p;
          cell.appendChild(piece);
        }
        if (name === played) cell.classList.add("played");
        if (name === better) cell.classList.add("better");
        grid.appendChild(cell);
      }
    }
    wrap.appendChild(grid);
    wrap.appendChild(el("figcaption", "", r.words.reading.replace("{n}", ply + 1)));
    return wrap;
  }

  function read(r, ply) {
    reading = ply;
    draw(r);
  }

  function maunz(r) {
    const key = [r.source, r.plies].join(":");
    if (readingOf !== key) { readingOf = key; reading = null; }
    const first = r.mistakes.length ? r.mistakes[0].ply : 0;
    const ply = r.stepping != null ? r.stepping : reading != null ? reading : first;
    const row = el("div", "review-view");
    row.appendChild(graph(r, r.boards ? ply : null));
    if (r.boards && r.boards[ply]) row.appendChild(bed(r, ply));
    box.appendChild(row);
    box.appendChild(el("p", "review-unit", r.words.unit));
    const list = el("ol", "review-mistakes");
    list.id = "review-mistakes";
    for (const m of r.mistakes) {
      const li = el("li", "review-mistake " + m.mover);
      li.dataset.ply = m.ply;
      li.tabIndex = 0;
      li.classList.toggle("reading", m.ply === ply);
      li.appendChild(el("strong", "", `${m.number}: ${m.played} — ${m.verdict}`));
      li.appendChild(el("span", "review-better", m.better));
      if (m.line) li.appendChild(el("span", "review-line", m.line));
      li.addEventListener("click", () => read(r, m.ply));
      li.addEventListener("keydown", (e) => { if (e.key === "Enter") read(r, m.ply); });
      list.appendChild(li);
    }
    box.appendChild(el("h3", "", r.words.mistakes));
    if (r.mistakes.length) box.appendChild(list);
    else if (r.done) box.appendChild(el("p", "review-none", r.words.none));
  }

  function katzenjammer(r) {
    box.appendChild(el("p", "review-summary", r.summary));
    if (r.costliest) {
      const p = el("p", "review-costliest", r.costliest);
      p.id = "review-costliest";
      box.appendChild(p);
    }
    const list = el("ol", "review-choices");
    for (const c of r.choices) list.appendChild(el("li", "review-choice", c));
    box.appendChild(list);
  }

  function draw(r) {
    box.replaceChildren();
    if (!r) return;
    box.appendChild(el("h2", "", r.words.title));
    const bar = el("div", "review-progress");
    bar.id = "review-progress";
    const [done, total] = r.progress;
    const pct = total ? Math.floor((100 * done) / total) : 100;
    const fill = el("div", "review-fill");
    fill.style.width = pct + "%";
    bar.appendChild(fill);
    bar.setAttribute("role", "progressbar");
    bar.setAttribute("aria-valuenow", String(pct));
    bar.title = r.progress_text;
    box.appendChild(bar);
    box.appendChild(el("p", "review-status", r.progress_text));
    (r.game === "katzenjammer" ? katzenjammer : maunz)(r);
    const close = el("button", "review-close", r.words.close);
    close.type = "button";
    close.disabled = !page.control;
    close.addEventListener("click", () => page.send({ type: "review", close: true }));
    box.appendChild(close);
  }

  document.addEventListener("companion:snapshot", (ev) => {
    const r = (ev.detail.state || {}).review;
    box.hidden = !r;
    document.body.dataset.review = r ? (r.done ? "done" : "computing") : "";
    draw(r);
  });
})();
