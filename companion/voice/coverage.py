"""Can every OLED phrase be said? Each registered phrase (companion/ui/i18n.py and every
table's own), in both languages, is worded with sample values for its parameters and read out
(companion/voice/spoken.py); it is covered when what comes out is plain words. The coverage
test and `companion bench voice` report the share (the target is all of them)."""
from __future__ import annotations

import string

from companion.ui.screens import msg

#: a sample value per parameter name, as the tables pass it (a square, a count, a piece, a
#: phrase given as a Msg ...): every parameter has one, so each phrase is said as it is shown
SAMPLES = {
    "square": "c3", "src": "d4", "dst": "e5", "squares": "a1, b1, c1", "n": 2,
    # a parameter that is words itself is given as the phrase that words it (a Msg in the line)
    "piece": msg("piece.o"), "kind": msg("kind.k"), "want": msg("kind.c"), "colour": msg("colour.0"),
    "card": msg("card.undo"), "name": "Anna", "title": "Katzenjammer",
    "dice": "147", "die": 2, "value": 5, "field": msg("kj.field", at=12), "at": 12, "k": 2,
    "label": msg("kj.die.7"), "steps": 3, "seat": 2, "path": msg("kj.opt.piece", field=msg("kj.field", at=12)),
    "uid": "04a1b2c3d4e5f6", "functions": "new_game, undo", "game": "Cats", "problem": "disk full",
    "mark": ">", "a": "Rot", "b": "Blau", "named": " Anna", "known": "maunz", "code": "K7QM-2XPD",
    "text": "Spieler 2 ist dran", "ask": msg("ca.ask.move"), "cat": 3, "character": msg("cats.character.1"),
    "obj": msg("cats.object.2"), "objects": 1, "on_obj": msg("cats.on_object.0"),
    "the_obj": msg("cats.the_object.0"), "of": 4, "room": 7, "seats": "1, 3", "other": 3,
    "draws": "3, 5", "event": msg("cats.miau", cat=2, room=7), "move": msg("cats.move_kind.step"),
    "face": "s7", "played": "Streifen 3", "top": "Punkte 7", "fits": "s7 p3", "hand": "s7 p3 +4",
    "pattern": msg("mmm.pattern.p"), "rank": "7", "wish": msg("mmm.pattern.z"), "phase": "play",
    "who": "Spieler 2", "what": "Katze 3", "why": "Erst die erste Karte aufdecken", "seed": 12345,
    "help": msg("mmm.term.help"), "here": "kc3", "there": "cd4", "kinds": "Katze, Maus",
    "left": 7, "lives": 8, "treats": 3, "mog": msg("ca.special.1"), "token": "C3", "rolls": "4, 2",
    "shop": msg("ca.shop.1"), "the_shop": msg("ca.the_shop.0"), "the_treat": msg("ca.the_treat.2"),
    "treat": msg("ca.treat.2"), "streets": "2, 3",
    "action": msg("kj.move.enter", field=msg("kj.field", at=12)), "orange": "Anna", "grey": "Ben",
    # "why?" (issue 36): maunz.'s direction of a boop
    "way": msg("why.maunz.way.ne"),
    # maunz.: a correction's next step in "why?", a beginner warning held for the person's answer
    "step": msg("take_off", square="e5"), "warning": msg("beginner.win", colour=msg("colour.1")),
    # Katzenjammer's: the seat whose piece it is (a fresh piece in the way, a capture)
    "owner": msg("kj.seat.1"),
    # Cat Attack's: the kind of card a fight is fought with
    "suit": msg("ca.kind.1"),
    # the Pico's flash from the table (service/flashing.py)
    # maunz.'s review: a move of the punishing line, the loss in cats, the progress
    "head": msg("review.step", colour=msg("colour.1"), kind=msg("kind.k"), square="c2"),
    "tail": msg("review.step", colour=msg("colour.0"), kind=msg("kind.c"), square="d3"),
    "line": msg("review.step", colour=msg("colour.1"), kind=msg("kind.k"), square="c2"),
    "loss": 1.5, "pct": 40,
    # ... and its punishing line worded (issue 45): what the reply does, who wins
    "pronoun": msg("review.pronoun.c"), "effects": msg("review.fx.off", piece=msg("review.your.k")),
    "winner": msg("colour.1"),
    # maunz. puzzles: the day of the player's own game, a rating, a theme in words
    "day": "2026-11-28", "theme": msg("puzzle.theme.boop-off"),
    # the history view: a past game's length
    "ply": 12, "plies": 40,
    # Katzenjammer's review: the computer's choice, how much the person's cost, how many matched
    "best": "Maus, Maus", "cost": 12, "matched": 5,
    # ... and what a difference is (points, a game won at once or handed to the next player)
    "difference": msg("kjreview.lets_win", colour=msg("kj.seat.2"), pct=28),
    "done": 3, "total": 14, "percent": 40, "firmware": "421c2ab724fef93d", "file": "micropython-rp2-pico.uf2",
    # an update found on the SD card or a USB stick (service/updates.py): its version, the state
    # folder its OK is written into; the outcome: the version it went back to, the kind of reason
    "version": "0.2.0", "folder": "/var/lib/maunz-companion",
    "back": "0.1.0", "reason": msg("update.health.slow"),
    # the computer's level (issue 44): its measured Elo, a level's words (a half level: "4,5"
    # in German), a person's rating
    "elo": 1200, "level": msg("level.rated", n=msg("level.name.4.5"), elo=1900), "rating": 1250,
    # ... and the ladder's ends when a level is unknown (the whole levels' and the half ones')
    "low": msg("level.name.1"), "half_low": msg("level.name.2.5"), "half_top": msg("level.name.6.5"),
}


def phrase_keys() -> list[str]:
    from companion import tables
    from companion.ui import i18n

    for name in tables.names():  # importing a table registers its phrases
        tables.factory(name)
    return sorted(i18n.STRINGS)


def sample(key: str, language: str) -> str:
    from companion.ui import i18n
    from companion.ui.screens import msg
    from companion.voice.spoken import say

    from companion.voice.spoken import SPOKEN

    templates = [i18n.STRINGS[k][language] for k in (key, SPOKEN + key) if k in i18n.STRINGS]
    fields = {f for t in templates for _, f, _, _ in string.Formatter().parse(t) if f}
    return say(msg(key, **{f: SAMPLES.get(f, "Maus") for f in fields}), language)


def coverage() -> tuple[int, int, list[str]]:
    """(phrases covered, phrases in all, what the uncovered ones say) over both languages."""
    from companion.ui.i18n import LANGUAGES
    from companion.voice.spoken import sayable

    covered, failures = 0, []
    keys = phrase_keys()
    for key in keys:
        for language in LANGUAGES:
            said = sample(key, language)
            if sayable(said):
                covered += 1
            else:
                failures.append(f"{key} [{language}]: {said!r}")
    return covered, len(keys) * len(LANGUAGES), failures
