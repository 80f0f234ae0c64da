// The controls (app.js's part): the companion's hardware buttons (a press, or a long press when
// held) and the control cards, each sent as what the device would report; disabled on a
// spectator's page.
"use strict";

(function () {
  const page = window.maunzPage;
  const $ = page.$;
  const HOLD_MS = 700;           // a button held this long is a long press

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
        if (send) page.send({ type: "button", name, kind: held ? "long" : "press" });
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
        if (e.detail === 0 && page.control) page.send({ type: "button", name, kind: "press" });
      });
      box.appendChild(b);
    }
  }

  function cardLabel(c) {   // in the page's language, worded by the server (registered phrases)
    return (c.labels && c.labels[page.lang]) || c.label;
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
        page.send({ type: "card", card: c.id });
      });
      box.appendChild(el);
    }
  }

  function render() {
    for (const b of document.querySelectorAll(".hw-btn")) {
      const word = page.t("btn_" + b.dataset.button);
      if (word) b.querySelector(".label").textContent = word;
      b.disabled = !page.control;
    }
    for (const c of document.querySelectorAll(".card")) c.disabled = !page.control;
    $("why-ask").disabled = !page.control;
    const game = page.state && page.state.game;
    for (const c of page.cards) {
      const el = document.querySelector(`.card[data-card="${c.id}"]`);
      if (!el) continue;
      el.querySelector(".card-label").textContent = cardLabel(c);
      // a table's own cards only while its game is played (no "AI plays grey" at a card game)
      el.hidden = !!(game && c.games && c.games.length && !c.games.includes(game));
    }
  }

  // the page's "Why?" is the why card tapped (the service explains the table's last judgement)
  $("why-ask").addEventListener("click", () => {
    if (page.control) page.send({ type: "card", card: "why" });
  });

  page.controls = {
    build(buttons, cards) { buildButtons(buttons); buildCards(cards); },
    render,
  };
})();
