// The review after a game (issue 36) on the page: the AI's evaluation of every position as a
// graph (an SVG drawn here: the values before each move, from orange's view), the marked
// mistakes on it and below it in words (the better move, the line that punishes the played
// one), and a progress bar while the review is computed. Drawn from the snapshot's "review"
// (companion/service/review.py), its words in the table's language; a Katzenjammer review is its
// summary of the people's choices. "Close" leaves the review (its work stops).
"use strict";

(function () {
  const page = window.maunzPage;
  const box = document.getElementById("review");
  const NS = "http://www.w3.org/2000/svg";
  const W = 320, H = 120, RANGE = 10;   // the graph's size; values beyond ±RANGE cats are drawn at the edge

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

  function graph(r) {
    const g = svg("svg", { id: "review-graph", class: "review-graph", viewBox: `0 0 ${W} ${H}`,
                           role: "img", "aria-label": r.words.graph });
    const n = Math.max(1, r.graph.length - 1);
    const x = (i) => (i / n) * W;
    const y = (v) => H / 2 - (Math.max(-RANGE, Math.min(RANGE, v)) / RANGE) * (H / 2 - 4);
    g.appendChild(svg("line", { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: "axis" }));
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
    return g;
  }

  function maunz(r) {
    box.appendChild(graph(r));
    const list = el("ol", "review-mistakes");
    list.id = "review-mistakes";
    for (const m of r.mistakes) {
      const li = el("li", "review-mistake " + m.mover);
      li.dataset.ply = m.ply;
      li.appendChild(el("strong", "", `${m.number}: ${m.played} — ${m.verdict}`));
      li.appendChild(el("span", "review-better", m.better));
      if (m.line) li.appendChild(el("span", "review-line", m.line));
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

  document.addEventListener("companion:snapshot", (ev) => {
    const r = (ev.detail.state || {}).review;
    box.hidden = !r;
    document.body.dataset.review = r ? (r.done ? "done" : "computing") : "";
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
  });
})();
