// maunz. companion page: draws the companion's snapshot, and (in the simulator) turns clicks into
// what the devices would report. A reed switch cannot tell a piece's colour, so the page keeps
// its own "table" model of which physical piece the person put where; the server only ever hears
// occupancy changes, button presses and card taps.
"use strict";

(function () {
  const FILES = "abcdef";
  const HOLD_MS = 700;           // a button held this long is a long press
  // The token never lives in the page: the server swapped /?token=... for an HttpOnly cookie.

  const T = window.maunzWords;   // words.js: the page's words in each language

  const page = {
    lang: "en",
    control: false,
    simulated: false,
    state: null,            // the last snapshot
    physical: null,         // the fake reed grid's physical bed (null on real hardware)
    snapshots: 0,           // snapshots received (tests wait for the page to go quiet)
    occupied: new Set(),    // physical (sim) or sensed occupancy from the last snapshot
    table: new Map(),       // square -> "o" | "O" | "g" | "G" | "?" : the pieces the person put down
    pending: new Map(),     // square -> expected occupancy, until a snapshot agrees
    selected: null,
    kind: "k",
    movesSeen: -1,
    ws: null,
    nextId: 1,
    lastError: null,
    cards: [],
    buttons: [],
    answered: null,         // the kitten-or-cat question the picker last answered
  };
  window.maunzPage = page;   // for debugging and the browser tests
  page.words = T;            // the browser test checks a page's words against both languages

  const $ = (id) => document.getElementById(id);
  const t = (key) => (T[page.lang] && T[page.lang][key]) || T.en[key] || key;
  const sqName = (i) => FILES[i % 6] + String(Math.floor(i / 6) + 1);

  // ------------------------------------------------------------------ building the page
  function buildBed() {
    const bed = $("bed");
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
        bed.appendChild(sq);
      }
    }
    for (let f = 0; f < 6; f++) {
      const s = document.createElement("span");
      s.textContent = FILES[f];
      files.appendChild(s);
    }
  }

  function buildButtons(names) {
    const box = $("buttons");
    box.innerHTML = "";
    for (const name of names) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "hw-btn btn-" + name;
      b.dataset.button = name;
      b.innerHTML = '<span class="cap"></span><span class="label"></span>';
      let downAt = 0, timer = null;
      const release = (send) => {
        if (!downAt) return;
        const held = Date.now() - downAt >= HOLD_MS;
        downAt = 0;
        clearTimeout(timer);
        b.classList.remove("down", "held");
        if (send) sendControl({ type: "button", name, kind: held ? "long" : "press" });
      };
      b.addEventListener("pointerdown", (e) => {
        if (!page.control || e.button !== 0) return;
        downAt = Date.now();
        b.classList.add("down");
        timer = setTimeout(() => b.classList.add("held"), HOLD_MS);
      });
      b.addEventListener("pointerup", () => release(true));
      b.addEventListener("pointerleave", () => release(false));
      b.addEventListener("click", (e) => {   // keyboard activation (no pointer): a short press
        if (e.detail === 0 && page.control) sendControl({ type: "button", name, kind: "press" });
      });
      box.appendChild(b);
    }
  }

  function buildCards(cards) {
    const box = $("cards");
    box.innerHTML = "";
    for (const c of cards) {
      if (c.game) continue;   // a game's own cards (Cats' secret cards): drawn in its view
      const el = document.createElement("button");
      el.type = "button";
      el.className = "card card-" + c.function;
      el.dataset.card = c.id;
      el.title = "UID " + c.uid;
      el.innerHTML = '<span class="chip"></span><span class="card-label"></span><span class="uid"></span>';
      el.querySelector(".card-label").textContent = cardLabel(c);
      el.querySelector(".uid").textContent = c.uid.slice(0, 8) + "…";
      el.addEventListener("click", () => {
        if (!page.control) return;
        el.classList.remove("tapped");
        void el.offsetWidth;  // restart the tap animation
        el.classList.add("tapped");
        sendControl({ type: "card", card: c.id });
      });
      box.appendChild(el);
    }
  }

  function cardLabel(c) {   // in the page's language, worded by the server (registered phrases)
    return (c.labels && c.labels[page.lang]) || c.label;
  }

  // ------------------------------------------------------------------ the table model
  function expectedPiece(square) {
    const s = page.state;
    // a correction step names the piece for this square ("the orange kitten from the pool on
    // f4"): put down that one, whoever is to move
    if (s && s.put && s.put.square === square) return s.put.piece;
    const colour = (s && s.to_move) || "o";   // a game without colours to move (cards): any
    let kind = page.kind;
    const pool = s && s.pools && s.pools[colour];
    if (pool) {
      if (kind === "c" && !pool.cats) kind = "k";
      else if (kind === "k" && !pool.kittens && pool.cats) kind = "c";
    }
    return kind === "c" ? colour.toUpperCase() : colour;
  }

  function onSquare(name) {
    if (!page.control || (page.state && page.state.senses_bed === false)) return;  // no bed in this game
    const occupied = page.table.has(name);
    if (page.selected) {
      const from = page.selected;
      if (name === from) {                       // click the held piece again: off the bed
        liftSelected();
        return;
      }
      if (occupied) {                            // pick another piece instead
        page.selected = name;
        render();
        return;
      }
      const piece = page.table.get(from);        // carry it: lift there, put it down here
      page.table.delete(from);
      page.table.set(name, piece);
      page.pending.set(from, false);
      page.pending.set(name, true);
      page.selected = null;
      // (a bed that reads kinds, the hall-effect bed, is told which piece: a cat is upper case)
      sendControl({ type: "reed", changes: [{ square: from, occupied: false },
                                            { square: name, occupied: true, kind: kindOf(piece) }] });
      render();
      return;
    }
    if (occupied) {
      page.selected = name;
      render();
      return;
    }
    const piece = expectedPiece(name);
    page.table.set(name, piece);
    page.pending.set(name, true);
    sendControl({ type: "reed", square: name, occupied: true, kind: kindOf(piece) });
    render();
  }

  function kindOf(piece) {   // o/g kitten, O/G cat; the reed bed ignores it
    return piece && piece === piece.toUpperCase() ? "c" : "k";
  }

  function liftSelected() {
    const from = page.selected;
    if (!from) return;
    page.table.delete(from);
    page.pending.set(from, false);
    page.selected = null;
    sendControl({ type: "reed", square: from, occupied: false });
    render();
  }

  function reconcile(state, physical) {
    const occ = new Set(physical || state.sensed || []);
    page.occupied = occ;
    const moves = (state.moves || []).length;
    const committed = moves !== page.movesSeen;
    page.movesSeen = moves;
    const bed = state.bed || {};
    for (let i = 0; i < 36; i++) {
      const name = sqName(i);
      if (page.pending.has(name)) {
        if (occ.has(name) === page.pending.get(name)) page.pending.delete(name);
        else continue;                           // our own click, not yet reported back
      }
      if (occ.has(name)) {
        if (!page.table.has(name) || (committed && bed[name])) page.table.set(name, bed[name] || "?");
      } else {
        page.table.delete(name);
      }
    }
    if (page.selected && !page.table.has(page.selected)) page.selected = null;
  }

  // ------------------------------------------------------------------ drawing
  function pieceClass(p) {
    if (!p) return "";
    if (p === "?") return "piece unknown";
    const colour = p.toLowerCase() === "o" ? "orange" : "grey";
    return "piece " + colour + (p === p.toUpperCase() ? " cat" : " kitten");
  }

  function discs(n, cls) {
    let out = "";
    for (let i = 0; i < n; i++) out += '<span class="disc ' + cls + '"></span>';
    return out;
  }

  function renderPlayer(colour) {
    const s = page.state;
    const el = $("player-" + colour);
    if (!s) return;
    const pool = (s.pools && s.pools[colour]) || { kittens: 0, cats: 0, reserve: 0, boxed: 0 };
    const name = (s.players && s.players[colour]) || t(colour === "o" ? "orange" : "grey");
    const toMove = s.to_move === colour && s.winner == null;
    el.classList.toggle("to-move", toMove);
    el.dataset.kittens = pool.kittens;
    el.dataset.cats = pool.cats;
    el.innerHTML =
      '<div class="who"><span class="dot ' + (colour === "o" ? "orange" : "grey") + '"></span>' +
      '<span class="name"></span>' + (s.ai === colour ? '<span class="tag">' + t("ai") + "</span>" : "") +
      // a remote game's other player is a person at another companion, not the computer
      (s.remote_seat === colour ? '<span class="tag remote">' + t("remote") + "</span>" : "") +
      (toMove ? '<span class="tag move">' + t("to_move") + "</span>" : "") + "</div>" +
      '<div class="stock ' + (colour === "o" ? "orange" : "grey") + '">' +
      '<span class="group pool" title="' + t("pool") + '"><span class="cap-label">' + t("pool") + "</span>" +
      discs(pool.kittens, "small") + discs(pool.cats, "large") +
      '<span class="count">' + pool.kittens + "+" + pool.cats + "</span></span>" +
      '<span class="group reserve" title="' + t("reserve") + '"><span class="cap-label">' + t("reserve") + "</span>" +
      discs(pool.reserve, "large ghost") + '<span class="count">' + pool.reserve + "</span></span>" +
      '<span class="group boxed" title="' + t("boxed") + '"><span class="cap-label">' + t("boxed") + "</span>" +
      '<span class="box">' + pool.boxed + "</span></span></div>";
    el.querySelector(".name").textContent = name;
  }

  function render() {
    const s = page.state;
    document.body.dataset.control = String(page.control);
    $("mode").textContent = page.control ? t("simulator") : t("spectator");
    $("mode").className = "badge " + (page.control ? "sim" : "view");
    for (const el of document.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
    $("help").textContent = page.control ? t("help_control") : t("help_view");
    $("hand").hidden = !page.control;
    document.querySelector(".hint").hidden = !page.control;
    for (const b of document.querySelectorAll(".hw-btn")) {
      b.querySelector(".label").textContent = t("btn_" + b.dataset.button);
      b.disabled = !page.control;
    }
    for (const c of document.querySelectorAll(".card")) c.disabled = !page.control;
    for (const c of page.cards) {
      const el = document.querySelector(`.card[data-card="${c.id}"] .card-label`);
      if (el) el.textContent = cardLabel(c);
    }
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

    const leds = {};
    for (const l of s.leds || []) leds[l.square] = l;
    for (const sq of document.querySelectorAll(".sq")) {
      const name = sq.dataset.square;
      const piece = page.table.get(name) || "";
      const p = sq.querySelector(".piece");
      p.className = pieceClass(piece) || "piece";
      sq.dataset.piece = piece;
      sq.classList.toggle("selected", page.selected === name);
      sq.classList.toggle("occupied", page.occupied.has(name));
      const led = leds[name] || { color: "#000000", effect: "off" };
      const off = led.effect === "off" || !led.effect || /^#0{6}$/i.test(led.color || "");
      sq.dataset.led = off ? "off" : led.effect;
      sq.dataset.ledColor = off ? "" : led.color;
      sq.style.setProperty("--led", off ? "transparent" : led.color);
    }

    const oled = $("oled");
    if (s.oled && oled.dataset.src !== s.oled) {
      oled.dataset.src = s.oled;
      oled.src = "data:image/png;base64," + s.oled;
    }
    $("instruction").textContent = s.instruction || "";
    const notes = $("messages");   // the service's one-line notices (unknown card, device warnings)
    notes.innerHTML = "";
    for (const m of s.messages || []) {
      const li = document.createElement("li");
      li.textContent = m;
      notes.appendChild(li);
    }
    notes.hidden = !(s.messages && s.messages.length);
    renderPlayer("o");
    renderPlayer("g");

    const pk = s.pools && s.pools[s.to_move];
    const kindNow = expectedPiece() === expectedPiece().toUpperCase() ? "c" : "k";
    for (const b of document.querySelectorAll(".pick")) {
      b.classList.toggle("on", b.dataset.kind === kindNow);
      b.classList.toggle("orange", s.to_move === "o");
      b.classList.toggle("grey", s.to_move === "g");
      b.disabled = !pk || !!s.winner || (b.dataset.kind === "c" ? !pk.cats : !pk.kittens);
    }
    $("lift").hidden = !page.selected;

    const moves = $("moves");
    moves.innerHTML = "";
    moves.classList.toggle("worded", !!s.move_words);   // moves in words: one a line
    const list = s.moves || [];
    const other = s.to_move === "o" ? "g" : "o";
    list.forEach((m, i) => {
      const li = document.createElement("li");
      // the orange/grey dot is maunz's (two seats taking turns); other games' moves name their
      // own seat or chance in the move text, so they get no dot rather than a wrong colour
      let dot = "";
      if (s.game === "maunz") {
        const mover = (list.length - i) % 2 === 0 ? s.to_move : other;
        dot = '<span class="dot ' + (mover === "o" ? "orange" : "grey") + '"></span>';
      }
      li.innerHTML = dot + "<code></code>";
      li.querySelector("code").textContent = m;
      const said = (s.move_words || [])[i];   // the move in words (the table's phrases), the
      if (said) {                              // notation kept small after it
        const span = document.createElement("span");
        span.className = "mv-words";
        span.textContent = said + " ";
        li.insertBefore(span, li.querySelector("code"));
      }
      const label = window.maunzMoveLabels[s.view];   // a view's own words for its moves
      if (label) label(li, m, s, i);                   // (a card game names its cards and seats)
      if (i >= list.length - (s.unsaved || 0)) {  // the table has it, the journal not yet
        li.classList.add("unsaved");
        li.title = t("unsaved");
      }
      moves.appendChild(li);
    });
    if (!list.length) moves.innerHTML = '<li class="none">' + t("no_moves") + "</li>";
    moves.scrollTop = moves.scrollHeight;

    const win = $("winner");
    if (s.winner) {
      win.hidden = false;
      // maunz's winner is a colour ("o"/"g"); every other game's a seat ("1", "2", ...)
      const colour = { o: "orange", g: "grey" }[s.winner];
      const who = (s.players && s.players[s.winner]) || (colour ? t(colour) : t("seat").replace("{n}", s.winner));
      win.textContent = t("wins").replace("{who}", who);
      win.className = "winner" + (colour ? " " + colour : "");
    } else {
      win.hidden = true;
    }
  }

  // The reed switches cannot see a kitten from a cat, so with both in the pool the referee asks
  // (OLED: OK = kitten, CAT = cat). The person at this table already said which piece they put
  // down with the "Next piece" picker: the page presses the answering button for them.
  function answerKind() {
    const s = page.state;
    if (!page.control || !s || s.phase !== "ask_kind" || !s.asking) return;
    const piece = page.table.get(s.asking);
    if (!piece || piece === "?" || piece.toLowerCase() !== s.to_move) return;
    const key = s.asking + "@" + (s.moves || []).length;
    if (page.answered === key) return;
    page.answered = key;
    sendControl({ type: "button", name: piece === piece.toUpperCase() ? "cat" : "ok", kind: "press" });
  }

  // ------------------------------------------------------------------ talking to the server
  function showError(text) {
    page.lastError = text;
    document.body.dataset.error = text;
    const toast = $("toast");
    toast.textContent = text;
    toast.hidden = false;
    clearTimeout(showError.timer);
    showError.timer = setTimeout(() => { toast.hidden = true; }, 6000);
  }

  function sendControl(msg) {
    if (!page.ws || page.ws.readyState !== WebSocket.OPEN) {
      showError("not connected: the change was not sent");
      return;
    }
    msg.id = page.nextId++;
    page.ws.send(JSON.stringify(msg));
  }

  function onMessage(ev) {
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    if (msg.type === "hello") {
      page.control = !!msg.control;
      page.simulated = !!msg.simulated;
      page.cards = msg.cards || [];
      page.buttons = msg.buttons || [];
      buildButtons(page.buttons);
      buildCards(page.cards);
      render();
    } else if (msg.type === "snapshot") {
      page.snapshots++;
      page.state = msg.state;
      page.lang = (msg.state && msg.state.language) in T ? msg.state.language : "en";
      document.documentElement.lang = page.lang;
      page.physical = msg.physical;
      reconcile(msg.state, msg.physical);
      render();
      answerKind();
      drawView(msg.state);
      // what every game shows beside its view (voice.js, remote.js) follows the same snapshot
      document.dispatchEvent(new CustomEvent("companion:snapshot",
        { detail: { state: msg.state, control: page.control, lang: page.lang } }));
    } else if (msg.type === "error") {
      // a refused change: forget the optimistic clicks, the next snapshot redraws the truth
      page.pending.clear();
      showError(msg.error);
      if (page.state) { page.movesSeen = -1; reconcile(page.state, page.physical); render(); }
    }
  }

  // The games' view scripts (their tags rendered into the page from the games' catalogue)
  // register their drawing by the view's name: window.maunzViews[view] = draw(state, lang,
  // control). Every other view is drawn with no state first (it hides itself: two views may
  // share a box), then the snapshot's own; maunz's board ("board") is this script's render().
  // A view may also word the move list's entries: window.maunzMoveLabels[view] = label(li, move,
  // state, i), called for that view's snapshots only. Each script puts its own box in the page.
  window.maunzViews = {};
  window.maunzMoveLabels = {};
  window.maunzViewBox = (id, place) => {   // a view's box (id and class `id`), made once, hidden
    if (!$(id)) place(Object.assign(document.createElement("div"), { id: id, className: id, hidden: true }));
    return $(id);
  };
  function drawView(state) {
    const own = state && window.maunzViews[state.view];
    for (const draw of Object.values(window.maunzViews)) {
      if (draw !== own) draw(null, page.lang, page.control);
    }
    if (own) own(state, page.lang, page.control);
  }

  function connect(delay) {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(proto + "//" + location.host + "/ws");
    page.ws = ws;
    ws.onopen = () => {
      delay = 500;
      $("conn").textContent = t("connected");
      $("conn").className = "conn up";
      document.body.dataset.connected = "true";
    };
    ws.onmessage = onMessage;
    ws.onclose = () => {
      document.body.dataset.connected = "false";
      $("conn").textContent = t("disconnected");
      $("conn").className = "conn down";
      setTimeout(() => connect(Math.min(delay * 2, 8000)), delay);
    };
  }

  // ------------------------------------------------------------------ start
  $("pick-k").addEventListener("click", () => { page.kind = "k"; render(); });
  $("pick-c").addEventListener("click", () => { page.kind = "c"; render(); });
  $("lift").addEventListener("click", liftSelected);
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && page.selected) { page.selected = null; render(); }
  });
  window.companionSend = sendControl;   // for the game views (a card game's hand on the page)
  window.companionError = showError;
  buildBed();
  render();
  // The game views (the catalogue's view scripts) load after this script and register in
  // window.maunzViews: connect once every script has run, or a first snapshot that arrives
  // early is drawn without its view and a waiting table (nothing changes) is never drawn.
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => connect(500));
  } else {
    connect(500);
  }
})();
