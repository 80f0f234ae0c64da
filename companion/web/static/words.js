// The page's own words in each language (app.js's T); the games' views (their scripts in
// their table packages) and the remote and voice boxes get theirs with the snapshot, in the table's
// language. Loaded before app.js.
"use strict";

window.maunzWords = {
  en: {
    connecting: "connecting…", connected: "live", disconnected: "reconnecting…",
    simulator: "Simulator", spectator: "Spectator view", next_piece: "Next piece",
    kitten: "Kitten", cat: "Cat", lift: "Take off the bed", cards: "Control cards", moves: "Moves",
    hold_hint: "Hold a button for a long press.",
    help_control: "Click an empty square to put a piece down (the Next piece picker says which: it also answers the OLED's kitten-or-cat question). Click a piece to pick it up, then an empty square to put it there — or click it again to take it off the bed.",
    help_view: "A live view of the board. Control is off here.",
    orange: "Orange", grey: "Grey", to_move: "to move", pool: "pool", reserve: "reserve", boxed: "boxed",
    wins: "{who} wins!", seat: "Seat {n}", ai: "AI", remote: "remote", no_moves: "No moves yet.",
    unsaved: "not saved yet: storage problem, retrying",
    btn_ok: "OK", btn_back: "Back", btn_cat: "Cat",
  },
  de: {
    connecting: "verbinde…", connected: "live", disconnected: "verbinde neu…",
    simulator: "Simulator", spectator: "Zuschauer-Ansicht", next_piece: "Nächste Figur",
    kitten: "Kätzchen", cat: "Katze", lift: "Vom Bett nehmen", cards: "Steuerkarten", moves: "Züge",
    hold_hint: "Taste gedrückt halten für einen langen Druck.",
    help_control: "Klick auf ein leeres Feld setzt eine Figur (welche, sagt die Auswahl „Nächste Figur“: sie beantwortet auch die Frage des OLED, Kätzchen oder Katze). Klick auf eine Figur nimmt sie auf; dann ein leeres Feld anklicken, um sie dort abzusetzen — oder nochmal auf sie, um sie vom Bett zu nehmen.",
    help_view: "Live-Ansicht des Spielbretts. Steuerung ist hier aus.",
    orange: "Orange", grey: "Grau", to_move: "am Zug", pool: "Vorrat", reserve: "Reserve", boxed: "Schachtel",
    wins: "{who} gewinnt!", seat: "Spieler {n}", ai: "KI", remote: "Fernspiel", no_moves: "Noch keine Züge.",
    unsaved: "noch nicht gespeichert: Speicherproblem, wird wiederholt",
    btn_ok: "OK", btn_back: "Zurück", btn_cat: "Katze",
  },
};
