// The page's connection (app.js's part): the WebSocket to the companion, its "hello" (the page's
// words, the buttons, the cards, whether this page may control) and snapshots in, the control
// messages out; a refused change is shown and the bed redrawn from the truth.
"use strict";

(function () {
  const page = window.maunzPage;
  const $ = page.$;

  function showError(text) {
    page.lastError = text;
    document.body.dataset.error = text;
    const toast = $("toast");
    toast.textContent = text;
    toast.hidden = false;
    clearTimeout(showError.timer);
    showError.timer = setTimeout(() => { toast.hidden = true; }, 6000);
  }

  let nextId = 1;
  function sendControl(msg) {
    if (!page.ws || page.ws.readyState !== WebSocket.OPEN) {
      showError("not connected: the change was not sent");
      return;
    }
    msg.id = nextId++;
    page.ws.send(JSON.stringify(msg));
  }

  function onMessage(ev) {
    let msg;
    try { msg = JSON.parse(ev.data); } catch (e) { return; }
    if (msg.type === "hello") {
      page.control = !!msg.control;
      page.simulated = !!msg.simulated;
      page.words = msg.words || page.words;
      page.cards = msg.cards || [];
      page.buttons = msg.buttons || [];
      page.controls.build(page.buttons, page.cards);
      page.render();
    } else if (msg.type === "snapshot") {
      page.snapshots++;
      page.live = msg.state;
      page.lang = (msg.state && msg.state.language) in page.words ? msg.state.language : "en";
      document.documentElement.lang = page.lang;
      page.physical = msg.physical;
      if (page.history && page.history.open) {   // a past game is shown: the live one waits
        document.dispatchEvent(new CustomEvent("companion:snapshot",
          { detail: { state: msg.state, control: page.control, lang: page.lang } }));
        return;
      }
      page.state = msg.state;
      page.bed.reconcile(msg.state, msg.physical);
      page.render();
      page.bed.answerKind();
      page.drawView(msg.state);
      // what every game shows beside its view (voice.js, remote.js) follows the same snapshot
      document.dispatchEvent(new CustomEvent("companion:snapshot",
        { detail: { state: msg.state, control: page.control, lang: page.lang } }));
    } else if (msg.type === "error") {
      // a refused change: forget the optimistic clicks, the next snapshot redraws the truth
      page.bed.refused();
      showError(msg.error);
    }
  }

  function connect(delay) {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(proto + "//" + location.host + "/ws");
    page.ws = ws;
    ws.onopen = () => {
      delay = 500;
      $("conn").textContent = page.t("connected") || "live";
      $("conn").className = "conn up";
      document.body.dataset.connected = "true";
    };
    ws.onmessage = onMessage;
    ws.onclose = () => {
      document.body.dataset.connected = "false";
      $("conn").textContent = page.t("disconnected") || "…";
      $("conn").className = "conn down";
      setTimeout(() => connect(Math.min(delay * 2, 8000)), delay);
    };
  }

  page.connection = { connect };
  page.send = sendControl;
  window.companionSend = sendControl;   // for the game views (a card game's hand on the page)
  window.companionError = showError;
})();
