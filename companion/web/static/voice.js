// The page's voice: the lines the companion says (the snapshot's "spoken": never a secret, the
// service only ever says what a spectator may see) spoken with the browser's own speech
// synthesis, in the table's language, once a player switches Sound on. Off by default; the
// choice is kept per browser (localStorage). A phone by the table is then a speaker for the
// player across from the OLED, even when the Pi has none.
"use strict";

(function () {
  const KEY = "maunz.sound";
  const VOICES = { de: "de-DE", en: "en-GB" };
  let last = null;      // the newest line already said (or skipped: those before Sound was on)
  let words = null;     // the switch's words, in the table's language (snapshot.sound)
  const button = document.getElementById("sound");

  function on() {
    try { return localStorage.getItem(KEY) === "on"; } catch (e) { return false; }
  }

  function draw() {
    if (words) {   // before the first snapshot the button keeps index.html's words
      button.textContent = on() ? words.on : words.off;
      button.title = words.title;
    }
    button.setAttribute("aria-pressed", on() ? "true" : "false");
    document.body.dataset.sound = on() ? "on" : "off";
  }

  function say(line) {
    const synth = window.speechSynthesis;
    if (!synth || typeof SpeechSynthesisUtterance === "undefined") return;
    const u = new SpeechSynthesisUtterance(line.text);
    u.lang = VOICES[line.lang] || line.lang;
    synth.speak(u);
  }

  button.addEventListener("click", () => {
    try { localStorage.setItem(KEY, on() ? "off" : "on"); } catch (e) { /* private mode */ }
    if (!on() && window.speechSynthesis) window.speechSynthesis.cancel();
    draw();
  });

  document.addEventListener("companion:snapshot", (ev) => {
    const state = ev.detail.state || {};
    words = state.sound || words;
    draw();
    const lines = state.spoken || [];
    const newest = lines.length ? lines[lines.length - 1].n : 0;
    // the first snapshot, or a restarted service (numbers begin again): say nothing old
    if (last === null || newest < last) { last = newest; return; }
    for (const line of lines) {
      if (line.n > last) {
        if (on()) say(line);
        last = line.n;
      }
    }
  });
  draw();
})();
