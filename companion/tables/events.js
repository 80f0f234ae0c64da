// The drawn tables of the two event games (no board the companion senses): Cat Attack, the
// scorekeeper's view (every seat's lives as pips and larder of six treats, the four shops open or
// closed, the car on its road, this turn's Mog card and die rolls, the cat fight, the winner),
// and Cats, the assistant's view (the seats with their revealed cats and challenges, the five
// cats with what happened to them this turn, the step counter, the turn's stages, the reaction
// cards played apart from the challenges, the winner). Drawn from snapshot.catattack /
// snapshot.cats (the tables' page.py, labels already in the page's language); only public state
// ever arrives here. The drawing is the view: the plain text of the game (snapshot.text) is not
// shown under it. The person plays with the buttons and cards; in the simulator Cats' reaction
// cards are offered here to tap when the OLED asks for one.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const SVGNS = "http://www.w3.org/2000/svg";

  function h(tag, attrs, parent, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") node.className = v;
      // colours go in as CSS variables through the CSSOM: the page's CSP refuses style attributes
      else if (k.startsWith("--")) node.style.setProperty(k, v);
      else node.setAttribute(k, String(v));
    }
    if (text != null) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }

  function s(tag, attrs, parent, text) {
    const node = document.createElementNS(SVGNS, tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, String(v));
    if (text != null) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }

  // A die face with its pips (1-6), or a blank face for a roll still due.
  const PIPS = { 1: [[2, 2]], 2: [[1, 1], [3, 3]], 3: [[1, 1], [2, 2], [3, 3]],
                 4: [[1, 1], [3, 1], [1, 3], [3, 3]], 5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]],
                 6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]] };
  function die(parent, value, cls) {
    const svg = s("svg", { viewBox: "0 0 4 4", class: "ev-die " + (cls || ""), "data-die": value || "" }, parent);
    s("rect", { x: 0.15, y: 0.15, width: 3.7, height: 3.7, rx: 0.7, class: "face" }, svg);
    for (const [x, y] of PIPS[value] || []) s("circle", { cx: x, cy: y, r: 0.38, class: "pip" }, svg);
    return svg;
  }

  // A cat's head (Cats: the five cats by number; Cat Attack: a seat's cat in its colour).
  function catHead(parent, label, fill, cls) {
    const svg = s("svg", { viewBox: "0 0 10 10", class: "ev-cat " + (cls || "") }, parent);
    s("path", { d: "M1.2 4.4 L1.6 0.6 L4 2.6 L6 2.6 L8.4 0.6 L8.8 4.4 Z", fill: fill, class: "ears" }, svg);
    s("ellipse", { cx: 5, cy: 5.7, rx: 4, ry: 3.7, fill: fill, class: "head" }, svg);
    if (label != null) s("text", { x: 5, y: 7.3, class: "num" }, svg, String(label));
    return svg;
  }

  // the black car of the town (a side view)
  function car(parent, title) {
    const svg = s("svg", { viewBox: "0 0 12 6", class: "ca-car" }, parent);
    s("title", {}, svg, title);
    s("path", { d: "M0.6 4.2 L0.9 2.6 L3 2.4 L4.4 0.8 L8.2 0.8 L9.8 2.4 L11.3 2.8 L11.4 4.2 Z", class: "body" }, svg);
    s("path", { d: "M4.8 1.3 L7.9 1.3 L9 2.4 L3.9 2.4 Z", class: "glass" }, svg);
    for (const x of [3, 9]) s("circle", { cx: x, cy: 4.4, r: 1.1, class: "wheel" }, svg);
    return svg;
  }

  function said(parent, lines, refused, words) {
    if (!lines.length && !refused) return;
    const box = h("div", { class: "ev-said" }, parent);
    h("div", { class: "ev-head" }, box, words.said);
    const ul = h("ul", {}, box);
    for (const line of lines) h("li", {}, ul, line);
    if (refused) h("li", { class: "refused" }, ul, "✗ " + refused);
  }

  // ---------------------------------------------------------------------------- Cat Attack
  function drawCatAttack(box, b) {
    const w = b.labels;
    if (b.banner) {
      const ban = h("div", { class: "ev-banner", "data-end": b.banner.end, "data-winner": b.banner.winner || "" }, box);
      h("strong", {}, ban, b.banner.head);
      h("span", {}, ban, b.banner.why);
    } else {
      h("div", { class: "ev-headline" }, box, b.headline);
    }

    // the town: four shops, the car on its road, the turn's card and dice
    const town = h("div", { class: "ca-town" }, box);
    const shops = h("div", { class: "ca-shops", "aria-label": w.shops }, town);
    for (const shop of b.shops) {
      const treat = b.treats.find((t) => t.key === shop.key);
      const el = h("div", { class: "ca-shop" + (shop.open ? " open" : " closed"), "data-shop": shop.key,
                            "data-open": shop.open ? "1" : "0" }, shops);
      h("div", { class: "roof" }, el);
      const body = h("div", { class: "body", "--treat": treat.colour }, el);
      h("span", { class: "ca-treat got small", "--treat": treat.colour }, body);
      h("div", { class: "name" }, body, shop.name);
      h("div", { class: "state" }, body, shop.open ? w.open : w.closed);
    }
    const road = h("div", { class: "ca-road", "data-car": b.car.at }, town);
    h("span", { class: "ca-road-label" }, road, w.car + ": " + b.car.label);
    const stops = h("div", { class: "stops" }, road);
    ["P", "1", "2", "3", "4"].forEach((label, i) => {
      const stop = h("span", { class: "stop" + (b.car.at === i ? " here" : ""), "data-stop": i }, stops);
      if (b.car.at === i) car(stop, b.car.label);
      h("span", { class: "stop-label" }, stop, label);
    });

    const turn = h("div", { class: "ca-turn" }, box);
    if (b.fight) h("div", { class: "ca-fight", "data-fight": `${b.fight.attacker}>${b.fight.defender}` }, turn, "⚔ " + b.fight.text);
    if (b.play) h("span", { class: "ca-play", "data-play": b.play }, turn, w.card + ": " + b.play);
    const dice = h("span", { class: "ca-dice", "data-rolls": b.rolls.join(","), "data-due": b.rolls_due }, turn);
    h("span", { class: "lbl" }, dice, w.die + ":");
    for (const v of b.rolls) die(dice, v, "rolled");
    for (let i = 0; i < b.rolls_due; i++) die(dice, 0, "due");
    if (b.rolls_text) h("span", { class: "due-text" }, dice, b.rolls_text);
    if (!b.rolls.length && !b.rolls_due) h("span", { class: "due-text" }, dice, "–");

    // the seats
    const seats = h("div", { class: "ca-seats" }, box);
    for (const seat of b.seats) {
      const el = h("div", { class: "ca-seat" + (seat.retired ? " retired" : "") + (seat.active ? " is-active" : "")
                                   + (seat.winner ? " is-winner" : ""),
                            "data-seat": seat.seat, "data-lives": seat.lives, "data-retired": seat.retired ? "1" : "0",
                            "--seat": seat.colour }, seats);
      const top = h("div", { class: "ev-top" }, el);
      catHead(top, null, seat.retired ? "#9a9a9a" : seat.colour, "seat-cat");
      h("span", { class: "name" }, top, seat.name);
      const tag = seat.winner ? "★ " + w.wins : seat.retired ? w.retired : seat.active ? w.to_move
        : seat.home ? w.home : w.away;
      h("span", { class: "ev-tag" + (seat.active || seat.winner ? " hot" : "") }, top, tag);
      const lives = h("div", { class: "ca-lives", title: `${w.lives} ${seat.lives}/${b.lives_max}` }, el);
      h("span", { class: "lbl" }, lives, w.lives);
      for (let i = 0; i < b.lives_max; i++) h("span", { class: "pip" + (i < seat.lives ? " on" : " lost") }, lives);
      h("span", { class: "ev-count" }, lives, `${seat.lives}/${b.lives_max}`);
      const larder = h("div", { class: "ca-larder" + (seat.full ? " full" : "") }, el);
      h("span", { class: "lbl" }, larder, w.larder);
      b.treats.forEach((t, i) => {
        const got = seat.larder[i];
        const item = h("span", { class: "ca-item", "data-treat": t.key, "data-got": got ? "1" : "0", title: t.name }, larder);
        h("span", { class: "ca-treat" + (got ? " got" : ""), "--treat": t.colour }, item);
        h("span", { class: "tname" }, item, t.short);
      });
      h("div", { class: "ca-hand" }, el, `${w.cards}: ${seat.hand}`);
    }
    h("div", { class: "ev-deck" }, box, `${w.pile}: ${b.deck.pile}`);
    said(box, b.said, b.refused, w);
  }

  // ---------------------------------------------------------------------------- Cats
  function drawCats(box, b) {
    const w = b.labels;
    if (b.winner) {
      const ban = h("div", { class: "ev-banner", "data-winner": b.winner.seat }, box);
      h("strong", {}, ban, b.winner.head);
      h("span", {}, ban, b.winner.why);
    } else {
      h("div", { class: "ev-headline" }, box, b.headline);
    }
    if (b.reveal) {
      const r = h("div", { class: "cats-reveal", "data-seat": b.reveal.seat, "data-showing": b.reveal.showing ? "1" : "0" }, box);
      h("span", { class: "cardback" }, r);
      h("span", {}, r, b.reveal.text);
    }
    if (b.setup) h("div", { class: "cats-setup" }, box, b.setup);
    if (b.tapping && document.body.dataset.control === "true") {
      // the simulator's person holds every player's secret cards: a click taps one face down
      const row = h("div", { class: "cats-secret-cards", "data-seat": b.tapping.seat }, box);
      h("span", { class: "lbl" }, row, w.secret_cards + ":");
      for (const c of b.tapping.cards) {
        const btn = h("button", { type: "button", class: "secret-card", "data-card": c.card }, row, c.label);
        btn.addEventListener("click", () => window.companionSend({ type: "card", card: c.card }));
      }
    }

    const seats = h("div", { class: "cats-seats" }, box);
    for (const seat of b.seats) {
      const el = h("div", { class: "cats-seat" + (seat.active ? " is-active" : "") + (seat.acting ? " is-acting" : "")
                                     + (seat.winner ? " is-winner" : ""),
                            "data-seat": seat.seat, "data-cat": seat.cat || "",
                            "data-challenge": seat.challenge_used ? "used" : "free" }, seats);
      const top = h("div", { class: "ev-top" }, el);
      h("span", { class: "name" }, top, seat.name);
      // the tag agrees with the headline: who acts now and how (page.py words it)
      if (seat.tag) h("span", { class: "ev-tag" + (seat.winner || seat.acting ? " hot" : ""), "data-tag": seat.tag }, top, seat.tag);
      const row = h("div", { class: "row" }, el);
      if (seat.cat) {
        catHead(row, seat.cat, "#3b2f2a", "revealed");
        h("span", { class: "small" }, row, `${w.cat} ${seat.cat} (${w.revealed})`);
      } else {
        h("span", { class: "cardback small-card", title: "?" }, row);
      }
      h("span", { class: "challenge" + (seat.challenge_used ? " used" : ""), title: w.challenge },
        row, seat.challenge_used ? w.challenge_used : w.challenge_free);
    }

    // the five cats and this turn's marks
    const cats = h("div", { class: "cats-cats", "aria-label": w.cats }, box);
    for (const cat of b.cats) {
      const marks = [];
      if (cat.won) marks.push(["won", "★ " + b.seats[cat.won - 1].name]);
      if (cat.moved) marks.push(["moved", cat.last ? w.moved_last : w.moved]);
      if (cat.hissed) marks.push(["hissed", w.hissed]);
      if (cat.locked) marks.push(["locked", w.locked]);
      if (cat.miau) marks.push(["miau", `Miau → ${cat.miau.room == null ? "?" : w.room + " " + cat.miau.room}`]);
      if (cat.owner) marks.push(["owner", b.seats[cat.owner - 1].name]);
      const el = h("div", { class: "cats-cat" + (cat.owner || cat.won ? " revealed" : ""), "data-cat": cat.cat,
                            "data-marks": marks.map((m) => m[0]).join(" ") + (cat.last ? " last" : ""),
                            title: cat.owner ? `${w.cat} ${cat.cat}: ${w.owner} ${b.seats[cat.owner - 1].name}` : null }, cats);
      catHead(el, cat.cat, cat.owner || cat.won ? "#3b2f2a" : "#7a6a58", cat.last ? "moved" : "");
      for (const [key, text] of marks) h("span", { class: "mark " + key }, el, text);
    }

    if (b.active != null) {
      const steps = h("div", { class: "cats-steps", "data-steps": b.steps, "data-objects": b.object_steps }, box);
      h("span", { class: "lbl" }, steps, w.steps);
      for (let i = 0; i < b.max_steps; i++) h("span", { class: "paw" + (i < b.steps ? " on" : "") }, steps);
      h("span", { class: "ev-count" }, steps, `${b.steps}/${b.max_steps}`);
      h("span", { class: "lbl" }, steps, w.objects);
      for (let i = 0; i < b.max_object_steps; i++) h("span", { class: "obj" + (i < b.object_steps ? " on" : "") }, steps);
      h("span", { class: "ev-count" }, steps, `${b.object_steps}/${b.max_object_steps}`);
      const stages = h("ol", { class: "cats-stages" }, box);
      for (const st of b.stages) h("li", { class: st.current ? "current" : "", "data-stage": st.key }, stages, st.label);
    }
    if (b.quiet) h("div", { class: "cats-quiet" }, box, w.quiet);
    if (b.reactions && document.body.dataset.control === "true") reactionCards(box, b.reactions);

    const hist = h("div", { class: "cats-history" }, box);
    h("div", { class: "ev-head" }, hist, w.history);
    const ol = h("ol", {}, hist);
    if (!b.history.length) h("li", { class: "none" }, ol, w.none_yet);
    for (const item of b.history) {
      h("li", { "data-card": item.card, "data-seat": item.seat }, ol, `${item.name}: ${item.text}`);
    }
    if (b.challenges.length) {   // a challenge is no reaction card: its own list
      const ch = h("div", { class: "cats-history cats-challenges" }, box);
      h("div", { class: "ev-head" }, ch, w.challenges);
      const list = h("ol", {}, ch);
      for (const item of b.challenges) {
        h("li", { "data-card": item.card, "data-seat": item.seat, class: item.verdict || "" }, list,
          `${item.name}: ${item.text}`);
      }
    }
    h("div", { class: "ev-deck" }, box, `${w.pile}: ${b.deck.pile}`);
    said(box, b.said, b.refused, w);
  }

  // The reaction cards the OLED asks for, in the simulator (one person holds every hand): a Miau
  // card per cat the rules let a Miau send, a room button each, and Schnurr; a click taps the
  // deck's card (the page's card catalog: page_event_cards), as a player taps it at the table.
  function reactionCards(box, r) {
    const row = h("div", { class: "cats-reactions" }, box);
    h("div", { class: "lbl" }, row, r.title + ":");
    const tap = (card) => () => window.companionSend({ type: "card", card: card });
    for (const m of r.miau) {
      const card = h("div", { class: "reaction-card miau", "data-cat": m.cat }, row);
      h("span", { class: "what" }, card, m.label);
      for (const room of m.rooms) {
        h("button", { type: "button", class: "room", "data-card": room.card, title: room.label }, card,
          String(room.room)).addEventListener("click", tap(room.card));
      }
    }
    if (r.schnurr) {
      h("button", { type: "button", class: "reaction-card schnurr", "data-card": r.schnurr.card }, row,
        r.schnurr.label).addEventListener("click", tap(r.schnurr.card));
    }
  }

  // the views this script draws: the view's name -> the snapshot's key of its data, its drawing
  const VIEWS = { "cat-attack": ["catattack", drawCatAttack], cats: ["cats", drawCats] };

  // The drawing's box, built on the first draw in the page's table (where the text view is, which
  // these two games hide); the two games share it
  const table = () => window.maunzViewBox("eventtable", (box) => $("textview").before(box));

  function render(state) {   // app.js passes the snapshot when its view is one of ours, else null
    const box = table();
    const view = state && VIEWS[state.view];
    const data = view && state[view[0]];
    box.hidden = !data;
    if (!data) return;
    box.textContent = "";
    box.dataset.game = state.view;
    box.dataset.phase = data.phase || "";
    box.dataset.toMove = state.to_move || "";
    view[1](box, data);
    const banner = $("winner");   // the two-colour winner banner belongs to maunz
    if (banner) banner.hidden = true;
  }

  for (const view of Object.keys(VIEWS)) window.maunzViews[view] = render;   // app.js draws them
})();
