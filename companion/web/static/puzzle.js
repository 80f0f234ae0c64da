// A maunz. puzzle on the page (issue 43): who wins in how many turns, the puzzle's theme and
// rating, the solver's rating with its history as a small chart (an SVG drawn here), the puzzles
// solved, and the themes to choose the next puzzles by (a click sends {type: "puzzle", theme}).
// Drawn from the snapshot's "puzzle" (companion/tables/maunz/page.py), which never holds the
// solution before the puzzle is solved: spectators see the puzzle, not its answer. The moves are
// made on the simulated bed as in a game.
"use strict";

(function () {
  const page = window.maunzPage;
  const main = document.getElementById("puzzle");
  const NS = "http://www.w3.org/2000/svg";
  const W = 240, H = 60;

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }

  function chart(values, label) {
    const g = document.createElementNS(NS, "svg");
    g.setAttribute("id", "puzzle-chart");
    g.setAttribute("class", "puzzle-chart");
    g.setAttribute("viewBox", `0 0 ${W} ${H}`);
    g.setAttribute("role", "img");
    g.setAttribute("aria-label", label);
    if (!values.length) return g;
    const lo = Math.min(...values) - 20, hi = Math.max(...values) + 20;
    const x = (i) => (values.length === 1 ? W / 2 : (i / (values.length - 1)) * W);
    const y = (v) => H - ((v - lo) / (hi - lo)) * H;
    const path = document.createElementNS(NS, "path");
    path.setAttribute("class", "curve");
    path.setAttribute("d", values.map((v, i) => (i ? "L" : "M") + x(i).toFixed(1) + " " + y(v).toFixed(1)).join(" "));
    g.appendChild(path);
    return g;
  }

  document.addEventListener("companion:snapshot", (ev) => {
    const p = (ev.detail.state || {}).puzzle;
    main.hidden = !p;
    main.replaceChildren();
    if (!p) return;
    const w = p.words;
    main.appendChild(el("h2", "", w.title));
    main.appendChild(el("p", "puzzle-about", w.puzzle));
    if (w.since) main.appendChild(el("p", "puzzle-since", w.since));
    if (p.solution) {
      const sol = el("p", "puzzle-solution", p.solution.join(" "));
      sol.id = "puzzle-solution";
      main.appendChild(sol);
    }
    main.appendChild(el("p", "puzzle-rating", `${p.player} · ${w.rating}`));
    main.appendChild(chart(p.history, w.chart));
    const themes = el("div", "puzzle-themes");
    themes.id = "puzzle-themes";
    themes.appendChild(el("span", "", w.themes));
    for (const t of [{ key: null, words: w.any }, ...p.themes]) {
      const b = el("button", "puzzle-theme", t.words);
      b.type = "button";
      b.dataset.theme = t.key || "";
      b.setAttribute("aria-pressed", String(p.filter === t.key));
      b.disabled = !page.control;
      b.addEventListener("click", () => page.send({ type: "puzzle", theme: t.key }));
      themes.appendChild(b);
    }
    main.appendChild(themes);
    if (p.solved_list.length) {
      main.appendChild(el("h3", "", w.solved));
      const list = el("ol", "puzzle-solved");
      list.id = "puzzle-solved";
      for (const s of p.solved_list) list.appendChild(el("li", "", `${s.id} · ${s.theme_words}`));
      main.appendChild(list);
    }
  });
})();
