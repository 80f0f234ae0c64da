"""The computer's level at the maunz. table (issue 44): the level card and its words. A level is
one of the AI's ladder (companion/ai/levels.py), shown with its measured Elo ("Level 4 · about
1200"), or "adaptive": the level nearest the rating of the person playing the computer
(companion/service/ratings.py picks it before each search). The service keeps the level in the
journal like the table's own settings (the table reports it in `setting_values`); its default is
`[game] ai_level`. The hint is the level's too (a hint at Level 2 is a Level 2 move). Pure."""
from __future__ import annotations

from companion.ai.levels import ADAPTIVE, LEVELS, elo, level_named
from companion.tables.protocol import OwnCard
from companion.ui import i18n
from companion.ui.screens import Msg, msg

#: what the card steps through, in order: adaptive, then the ladder from the weakest
VALUES = (ADAPTIVE, *LEVELS)
CARD = OwnCard(f"the computer's level: each tap the next (adaptive, Level {VALUES[1]} .. {VALUES[-1]});"
               " named (level:4, level:4.5, level:adaptive) that one", named=True, names=VALUES, strip=True)

PHRASES = {
    "card.level": {"de": "Stufe", "en": "Level"},
    "level.rated": {"de": "Stufe {n} · etwa {elo}", "en": "Level {n} · about {elo}"},
    "level.plain": {"de": "Stufe {n}", "en": "Level {n}"},
    "level.adaptive": {"de": "Stufe passt sich an", "en": "Adaptive level"},
    "level.set": {"de": "Computer: {level}", "en": "Computer: {level}"},
    "level.unknown": {"de": "Keine Stufe {name}: Stufe {low} bis {top}, dazwischen {half_low} bis"
                            " {half_top} in halben Stufen, oder adaptive",
                      "en": "No level {name}: Level {low} to {top}, the halves {half_low} to"
                            " {half_top} between them, or adaptive"},
}


# a level's name as each language writes it: the levels between two whole ones are "4.5" in
# English and "4,5" in German (and so spoken: "Stufe 4,5" is "vier Komma fünf")
PHRASES.update({f"level.name.{name}": {"de": name.replace(".", ","), "en": name} for name in LEVELS})


def _page_label(name: str, lang: str) -> str:
    if name == ADAPTIVE:
        return PHRASES["level.adaptive"][lang]
    e = elo(name)
    n = PHRASES[f"level.name.{name}"][lang]
    return PHRASES["level.plain" if e is None else "level.rated"][lang].format(n=n, elo=e)


# the page's level cards carry their name and Elo (web/protocol.py labels a named card so)
PHRASES.update({f"page.card.level.{name}": {lang: _page_label(name, lang) for lang in i18n.LANGUAGES}
                for name in VALUES})
i18n.register(PHRASES)


def parse(text: str | None) -> str:
    """A kept or configured level ("adaptive", a level's name, or the old "easy"/"medium"/"hard") ->
    its value here; anything else is refused with the fix."""
    if text is None or text == ADAPTIVE:
        return ADAPTIVE
    lv = level_named(text)
    if lv is None:
        raise ValueError(f"ai_level {text!r}: use one of {', '.join(VALUES)}")
    return lv.name


def label(name: str) -> Msg:
    """"Level 4 · about 1200" (its measured Elo), or "Adaptive level"."""
    if name == ADAPTIVE:
        return msg("level.adaptive")
    e, n = elo(name), msg(f"level.name.{name}")
    return msg("level.plain", n=n) if e is None else msg("level.rated", n=n, elo=e)


def unknown(name: str) -> Msg:
    """The choices there are, from the ladder itself (the whole levels and the half ones)."""
    whole = [n for n in LEVELS if "." not in n]
    halves = [n for n in LEVELS if "." in n]
    return msg("level.unknown", name=name, low=msg(f"level.name.{whole[0]}"),
               top=msg(f"level.name.{whole[-1]}"), half_low=msg(f"level.name.{halves[0]}"),
               half_top=msg(f"level.name.{halves[-1]}"))


def next_value(current: str, arg: str | None) -> tuple[str, Msg]:
    """The card tapped: its named level, or the next one after `current`; with the notice."""
    if arg:
        try:
            chosen = parse(arg)
        except ValueError:
            return current, unknown(arg)
    else:
        chosen = VALUES[(VALUES.index(current) + 1) % len(VALUES)]
    return chosen, msg("level.set", level=label(chosen))
