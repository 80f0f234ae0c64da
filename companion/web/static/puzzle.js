// A maunz. puzzle on the page (issue 43): who wins in how many turns, the puzzle's theme and
// rating, the solver's rating with its history as a small chart (an SVG drawn here: ratings and
// days on its axes; before the first attempt a line saying the chart begins with it), once solved
// the main line in words, the puzzles solved (day, length, theme), and the themes to choose the next
// puzzles by (a click sends {type: "puzzle", theme}; a spectator's buttons are disabled).
// Drawn from the snapshot's "puzzle" (companion/tables/maunz/page.py), which never holds the
// solution before the puzzle is solved: spectators see the puzzle, not its answer. The moves are
// made on the simulated bed as in a game.
"use strict";

(function () {
  const page = window.maunzPage;
  const main = document.getElementById("puzzle");
  const NS = "http://www.w3.org/2000/svg";
  // The chart in its own units, drawn about as wide as a phone's column (360 px) so that its
  // 11-unit labels read at 11 px there; the CSS caps its width so they do not grow on a laptop.
  const W = 320, H = 150;
  const LEFT = 40, RIGHT = 12, TOP = 10, BOTTOM = 24;

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = text;
    return e;
  }

  function svg(tag, attrs, text) {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // a day in the page's language: "28 Nov" / "28. Nov." (the project's English is British, as the
  // table's own days are: a bare "en" would be written the American way, "Nov 28")
  function day(at, lang) {
    return new Intl.DateTimeFormat(lang === "en" ? "en-GB" : lang, { day: "numeric", month: "short" })
      .format(new Date(at * 1000));
  }

  // Round rating steps for the vertical axis: at most five labels over the range.
  function ticks(lo, hi) {
    const steps = [10, 20, 25, 50, 100, 200, 250, 500, 1000];
    const step = steps.find((s) => Math.floor(hi / s) - Math.ceil(lo / s) + 1 <= 5) || 1000;
    const out = [];
    for (let v = Math.ceil(lo / step) * step; v <= hi; v += step) out.push(v);
    return out;
  }

  // The rating after each attempt (history: [time, rating]), oldest left, with the ratings on
  // the left axis and the days on the bottom one: the first attempt's day, the last one's, and
  // one between when the days differ and there is room.
  function chart(history, label, lang) {
    const g = svg("svg", { id: "puzzle-chart", class: "puzzle-chart", viewBox: `0 0 ${W} ${H}`,
      role: "img", "aria-label": label });
    const values = history.map((h) => h[1]);
    const lo = Math.floor((Math.min(...values) - 15) / 10) * 10;
    const hi = Math.ceil((Math.max(...values) + 15) / 10) * 10;
    const x = (i) => LEFT + (history.length === 1 ? (W - LEFT - RIGHT) / 2
      : (i / (history.length - 1)) * (W - LEFT - RIGHT));
    const y = (v) => TOP + (1 - (v - lo) / (hi - lo)) * (H - TOP - BOTTOM);
    const axes = svg("g", { class: "axes" });
    for (const v of ticks(lo, hi)) {
      axes.appendChild(svg("line", { class: "grid", x1: LEFT, x2: W - RIGHT, y1: y(v), y2: y(v) }));
      axes.appendChild(svg("text", { class: "tick rating", x: LEFT - 4, y: y(v) + 4, "text-anchor": "end" }, v));
    }
    axes.appendChild(svg("line", { class: "axis", x1: LEFT, x2: LEFT, y1: TOP, y2: H - BOTTOM }));
    axes.appendChild(svg("line", { class: "axis", x1: LEFT, x2: W - RIGHT, y1: H - BOTTOM, y2: H - BOTTOM }));
    const last = history.length - 1;
    const marks = [0];
    const middle = Math.round(last / 2);
    if (last >= 2 && day(history[middle][0], lang) !== day(history[0][0], lang)
        && day(history[middle][0], lang) !== day(history[last][0], lang)) marks.push(middle);
    if (last >= 1 && day(history[last][0], lang) !== day(history[0][0], lang)) marks.push(last);
    for (const i of marks) {
      const anchor = marks.length === 1 ? "middle" : i === 0 ? "start" : i === last ? "end" : "middle";
      axes.appendChild(svg("text", { class: "tick day", x: marks.length === 1 ? x(i) : i === 0 ? LEFT : i === last
        ? W - RIGHT : x(i), y: H - 8, "text-anchor": anchor }, day(history[i][0], lang)));
    }
    g.appendChild(axes);
    g.appendChild(svg("path", { class: "curve",
      d: values.map((v, i) => (i ? "L" : "M") + x(i).toFixed(1) + " " + y(v).toFixed(1)).join(" ") }));
    g.appendChild(svg("circle", { class: "now", cx: x(last), cy: y(values[last]), r: 3 }));
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
    if (p.solution) {   // solved: the main line in words, one move a line as in the move list
      const sol = el("ol", "puzzle-solution");
      sol.id = "puzzle-solution";
      for (const said of p.solution) sol.appendChild(el("li", "", said));
      main.appendChild(sol);
    }
    main.appendChild(el("p", "puzzle-rating", `${p.player} · ${w.rating}`));
    if (p.history.length) main.appendChild(chart(p.history, w.chart, ev.detail.lang || page.lang));
    else {   // no attempt yet: a line saying so rather than an empty chart
      const none = el("p", "puzzle-chart-empty", w.chart_empty);
      none.id = "puzzle-chart-empty";
      main.appendChild(none);
    }
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
      const lang = ev.detail.lang || page.lang;
      for (const s of p.solved_list) {
        list.appendChild(el("li", "", `${day(s.at, lang)} · ${s.win_in} · ${s.theme_words}`));
      }
      main.appendChild(list);
    }
  });
})();
