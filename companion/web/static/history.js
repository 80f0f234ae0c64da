// The history view (app.js's part; issue 36, item 4): the past games of every game from the
// journal (GET /api/history), one opened and stepped through ply by ply (First / Back / Next /
// Last and the arrow keys), each ply drawn by the page's own drawing of that game — the
// server's frame has the live snapshot's shape (companion/tables/replay.py), so the bed view,
// the game views and the move list draw it as they draw a live game. While a past game is open
// the live snapshots are kept (page.live) and drawn again on "Back to the table". A frame holds
// only what the whole table saw; the record downloads as its text file, a maunz. game also as
// an animated SVG. A maunz. game's review opens from here (the frame's "review": its id, sent
// as the control {"type": "review", "game": id}; review.js draws it beside the live table).
"use strict";

(function () {
  const page = window.maunzPage;
  const $ = page.$;
  const t = (key) => page.t(key) || key;
  const h = { open: false, listed: false, id: null, ply: 0, plies: 0, frame: null, games: [], asked: 0 };
  page.history = h;

  async function getJSON(url) {
    const r = await fetch(url, { credentials: "same-origin", cache: "no-store" });
    const body = await r.json();
    if (!r.ok) throw new Error(body.error || String(r.status));
    return body;
  }

  function resultWords(g) {
    if (g.winner) return t("h_won").replace("{who}", g.winner);
    if (["unfinished", "abandoned", "draw"].includes(g.result)) return t("h_" + g.result);
    return g.result_text;
  }

  // A person's rating against the computer over time: a small line chart (SVG), the rating after
  // each rated game, the band of +-2 RD shaded; the axis' numbers the lowest and highest rating.
  function ratingChart(points) {
    const W = 240, H = 64, P = 4, NS = "http://www.w3.org/2000/svg";
    const lo = Math.min(...points.map((p) => p.rating - 2 * p.rd));
    const hi = Math.max(...points.map((p) => p.rating + 2 * p.rd));
    const x = (i) => P + (points.length > 1 ? i * (W - 2 * P) / (points.length - 1) : (W - 2 * P) / 2);
    const y = (r) => H - P - (r - lo) * (H - 2 * P) / Math.max(hi - lo, 1);
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("viewBox", "0 0 " + W + " " + H);
    svg.setAttribute("class", "rating-chart");
    const band = document.createElementNS(NS, "polygon");
    band.setAttribute("points", points.map((p, i) => x(i) + "," + y(p.rating + 2 * p.rd)).concat(
      points.map((p, i) => x(i) + "," + y(p.rating - 2 * p.rd)).reverse()).join(" "));
    band.setAttribute("class", "rating-band");
    svg.appendChild(band);
    const line = document.createElementNS(NS, "polyline");
    line.setAttribute("points", points.map((p, i) => x(i) + "," + y(p.rating)).join(" "));
    line.setAttribute("class", "rating-line");
    svg.appendChild(line);
    points.forEach((p, i) => {
      const dot = document.createElementNS(NS, "circle");
      dot.setAttribute("cx", x(i));
      dot.setAttribute("cy", y(p.rating));
      dot.setAttribute("r", 2.5);
      dot.setAttribute("class", p.score > 0.5 ? "rating-won" : "rating-lost");
      const title = document.createElementNS(NS, "title");
      title.textContent = p.rating + " ± " + 2 * p.rd;
      dot.appendChild(title);
      svg.appendChild(dot);
    });
    return svg;
  }

  function showRatings(ratings) {
    const box = $("history-ratings");
    box.querySelectorAll(".rating").forEach((el) => el.remove());
    for (const r of ratings || []) {
      const last = r.points[r.points.length - 1];
      const div = document.createElement("div");
      div.className = "rating";
      const caption = document.createElement("p");
      caption.textContent = page.plural("rating_now", r.points.length).replace("{name}", r.name || t("guest"))
        .replace("{rating}", last.rating);
      div.appendChild(caption);
      div.appendChild(ratingChart(r.points));
      box.appendChild(div);
    }
    box.hidden = !(ratings && ratings.length);
  }

  async function showList() {
    let games, ratings;
    try {
      ({ games, ratings } = await getJSON("/api/history"));
    } catch (e) { window.companionError(e.message); return; }
    showRatings(ratings);
    h.games = games;
    h.listed = true;
    const body = $("history-rows");
    body.innerHTML = "";
    for (const g of games) {
      const tr = document.createElement("tr");
      tr.dataset.id = g.id;
      tr.dataset.game = g.game;
      tr.tabIndex = 0;
      for (const text of [g.date, g.title, g.players.join(" – "), resultWords(g),
                          page.plural("h_plies", g.plies) + " · " + g.duration]) {
        const td = document.createElement("td");
        td.textContent = text;
        tr.appendChild(td);
      }
      tr.addEventListener("click", () => openGame(g.id, 0));
      tr.addEventListener("keydown", (e) => { if (e.key === "Enter") openGame(g.id, 0); });
      body.appendChild(tr);
    }
    $("history-none").hidden = games.length > 0;
    $("history").hidden = false;
    $("history-list").hidden = false;
    document.body.dataset.history = h.open ? "game" : "list";
  }

  async function openGame(id, ply) {
    const asked = ++h.asked;    // stepping fast: only the newest answer is drawn
    let frame;
    try {
      frame = await getJSON("/api/history/" + id + (ply == null ? "" : "?ply=" + ply));
    } catch (e) { window.companionError(e.message); return; }
    if (asked !== h.asked) return;
    if (!h.open) page.live = page.state;
    Object.assign(h, { open: true, id: id, frame: frame, ply: frame.ply, plies: frame.plies });
    draw();
  }

  function draw() {
    const f = h.frame, past = f.past;
    // the frame as a snapshot: no LEDs, OLED or question of the live table
    page.state = Object.assign({ leds: [], phase: "history", spoken: [], why: null }, f, {
      instruction: past.title + " · " + past.date + " · " + t("h_ply").replace("{ply}", f.ply).replace("{plies}", f.plies),
    });
    page.bed.show(page.state);
    page.render();
    page.drawView(page.state, false);
    $("history-list").hidden = true;
    $("history-bar").hidden = false;
    $("h-ply").textContent = t("h_ply").replace("{ply}", f.ply).replace("{plies}", f.plies);
    $("h-game").textContent = past.title + " · " + past.date + " · " + past.players.join(" – ");
    $("h-first").disabled = $("h-back").disabled = f.ply === 0;
    $("h-next").disabled = $("h-last").disabled = f.ply === f.plies;
    $("h-record").href = f.record;
    $("h-svg").hidden = !f.svg;
    if (f.svg) $("h-svg").href = f.svg;
    // the review (issue 36, item 2) of a game that has one, asked by the page that may control
    $("h-review").hidden = !f.review || !page.control;
    Object.assign(document.body.dataset, { history: "game", historyGame: f.game,
                                           historyId: String(h.id), historyPly: String(f.ply) });
  }

  function step(to) {
    if (!h.open) return;
    const ply = Math.max(0, Math.min(h.plies, to));
    if (ply !== h.ply) openGame(h.id, ply);
  }

  function close() {
    h.open = false;
    h.asked++;
    $("history").hidden = true;
    $("history-bar").hidden = true;
    document.body.dataset.history = "";
    delete document.body.dataset.historyPly;
    page.state = page.live || null;
    page.bed.show(page.state, page.physical);
    page.render();
    page.drawView(page.state);
  }

  function build() {
    $("history-open").addEventListener("click", showList);
    $("h-close").addEventListener("click", close);
    $("h-close-list").addEventListener("click", close);
    $("h-list").addEventListener("click", () => { close(); showList(); });
    $("h-first").addEventListener("click", () => step(0));
    $("h-back").addEventListener("click", () => step(h.ply - 1));
    $("h-next").addEventListener("click", () => step(h.ply + 1));
    $("h-last").addEventListener("click", () => step(h.plies));
    $("h-review").addEventListener("click", () => {   // the review shows beside the live table
      if (!h.frame || !h.frame.review || !page.control) return;
      const game = h.frame.review;
      close();
      page.send({ type: "review", game: game });
    });
    document.addEventListener("keydown", (e) => {
      if (!h.open || e.altKey || e.ctrlKey || e.metaKey) return;
      const to = { ArrowLeft: h.ply - 1, ArrowRight: h.ply + 1, Home: 0, End: h.plies }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      step(to);
    });
  }

  page.historyView = { showList, openGame, step, close };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", build);
  else build();
})();
