// maunz. companion page: draws the companion's snapshot, and (in the simulator) turns clicks into
// what the devices would report. The page's parts, each a script of its own loaded after this one:
//   connection.js  the WebSocket: hello and snapshots in, control messages out, errors shown
//   bed.js         the bed view of a game played on the bed (drawn from its declaration in the
//                  snapshot: seats, piece kinds, squares) and the simulated hands' table model
//   controls.js    the hardware buttons and the control cards
//   panels.js      the player panels, the move list and the winner
//   history.js     the past games, one stepped through with the same drawing as a live one
// This script keeps the page's state, words and the games' view registry, and draws each
// snapshot by asking every part. The server only ever hears occupancy changes, button presses,
// card taps and a card game's hand.
"use strict";

(function () {
  const page = {
    lang: "en",
    control: false,
    simulated: false,
    state: null,            // the last snapshot
    physical: null,         // the fake reed grid's physical bed (null on real hardware)
    snapshots: 0,           // snapshots received (tests wait for the page to go quiet)
    words: {},              // the page's words by language (the server's phrase registry, in "hello")
    cards: [],
    buttons: [],
  };
  window.maunzPage = page;   // for debugging, the browser tests and the page's parts

  const $ = (id) => document.getElementById(id);
  // a word of the page, in its language (the registry's, sent with "hello"); null before it came
  const t = (key) => (page.words[page.lang] || {})[key] || (page.words.en || {})[key] || null;
  page.$ = $;
  page.t = t;
  // a count in words with the language's own plural form (CLDR's rules, the browser's
  // Intl.PluralRules): the phrases `key_one`, `key_other` ... ("1 Zug", "2 Züge"), {n} filled in
  page.plural = (key, n) => {
    const form = new Intl.PluralRules(page.lang).select(n);
    return (t(key + "_" + form) || t(key + "_other") || "").replace("{n}", n);
  };

  function render() {
    const s = page.state;
    document.body.dataset.control = String(page.control);
    const mode = t(page.control ? "simulator" : "spectator");
    if (mode) $("mode").textContent = mode;
    $("mode").className = "badge " + (page.control ? "sim" : "view");
    for (const el of document.querySelectorAll("[data-i18n]")) {
      const word = t(el.dataset.i18n);
      if (word) el.textContent = word;
    }
    const help = t(page.control ? "help_control" : "help_view");
    if (help) $("help").textContent = help;
    document.querySelector(".hint").hidden = !page.control;
    page.controls.render();
    if (!s) return;

    document.body.dataset.phase = s.phase || "";
    document.body.dataset.view = s.view || "board";
    document.body.dataset.bed = s.senses_bed === false ? "off" : "on";
    document.body.dataset.game = s.game || "";
    const textview = $("textview");
    // the generic view's text, or a drawn game's caption under its drawing (Katzenjammer)
    const texty = s.view === "text" || typeof s.text === "string";
    textview.hidden = !texty;
    textview.textContent = texty ? (s.title || s.game) + "\n\n" + (s.text || "") : "";
    document.body.dataset.moves = String((s.moves || []).length);
    document.body.dataset.winner = s.winner || "";

    page.bed.render(s);
    const oled = $("oled");
    if (s.oled && oled.dataset.src !== s.oled) {
      oled.dataset.src = s.oled;
      oled.src = "data:image/png;base64," + s.oled;
    }
    $("instruction").textContent = s.instruction || "";
    // while the Why? box explains, the caption would only repeat its lines: the box says it once
    $("instruction").hidden = !!s.why;
    const notes = $("messages");   // the service's one-line notices (unknown card, device warnings)
    notes.innerHTML = "";
    for (const m of s.messages || []) {
      const li = document.createElement("li");
      li.textContent = m;
      notes.appendChild(li);
    }
    notes.hidden = !(s.messages && s.messages.length);
    // "why?": the explanation on the OLED now, a reason a line (never a secret: the engines'
    // reasons carry none, so a spectator reads it too)
    const why = s.why, lines = $("why-lines");
    $("why-box").hidden = !why;
    $("why-head").textContent = why ? why.head : "";
    lines.innerHTML = "";
    for (const line of (why && why.lines) || []) {
      const li = document.createElement("li");
      li.textContent = line;
      lines.appendChild(li);
    }
    // beginner mode: the card's state, the toggle taps the card (the table keeps it)
    const beginner = $("beginner");
    beginner.hidden = !s.beginner || s.phase === "history";
    beginner.setAttribute("aria-pressed", String(s.beginner === "on"));
    beginner.textContent = (t("beginner_" + (s.beginner === "on" ? "on" : "off")) || "");
    beginner.disabled = !page.control;
    page.panels.render(s);
  }
  page.render = render;
  document.addEventListener("DOMContentLoaded", () => {
    $("beginner").addEventListener("click", () => { if (page.control) page.send({ type: "card", card: "beginner" }); });
  });

  // The games' view scripts (their tags rendered into the page from the games' catalogue)
  // register their drawing by the view's name: window.maunzViews[view] = draw(state, lang,
  // control). Every other view is drawn with no state first (it hides itself: two views may
  // share a box), then the snapshot's own; the bed games' view ("board") is bed.js. A view may
  // also word the move list's entries: window.maunzMoveLabels[view] = label(li, move, state, i),
  // called for that view's snapshots only. Each script puts its own box in the page.
  window.maunzViews = {};
  window.maunzMoveLabels = {};
  window.maunzViewBox = (id, place) => {   // a view's box (id and class `id`), made once, hidden
    if (!$(id)) place(Object.assign(document.createElement("div"), { id: id, className: id, hidden: true }));
    return $(id);
  };
  // (a past game in the history view is drawn with control off: nothing in it can be played)
  page.drawView = (state, control = page.control) => {
    const own = state && window.maunzViews[state.view];
    for (const draw of Object.values(window.maunzViews)) {
      if (draw !== own) draw(null, page.lang, control);
    }
    if (own) own(state, page.lang, control);
  };

  // The parts and the game views (the catalogue's view scripts) load after this script: start
  // once every script has run, or a first snapshot that arrives early is drawn without its view
  // and a waiting table (nothing changes) is never drawn.
  function start() {
    page.bed.build();
    render();
    page.connection.connect(500);
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
