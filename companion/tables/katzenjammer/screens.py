"""The Katzenjammer table's LED frame and OLED screens: pure functions of its session."""
from __future__ import annotations

import re

from companion.games.katzenjammer.board import COLOURS
from companion.ui.screens import Screen, msg
from companion.words import SQUARES, Effect, LedCell, LedFrame

#: The seat colours on the LEDs (black cannot shine: a dim white stands for it).
SEAT_LEDS = ((255, 0, 0), (0, 0, 255), (0, 200, 0), (90, 90, 90))
WINDOW = 3  # menu lines under the header; the fourth line says the keys

# The chooser's texts (it speaks English, companion/games/katzenjammer/chooser.py) in German:
# its options, then its menu titles. Die labels ("7", "33", "55=8"), fields ("12", "s3") and
# counts are the same in both languages.
_DE = [(r"^void roll: nothing moves, next player$", "Wurf verfällt: nächster Spieler"),
       (r"^enter$", "einsetzen"), (r"^done$", "fertig"),
       (r"^forward to (.+)$", r"vor auf \1"), (r"^back to (.+)$", r"zurück auf \1"),
       (r"^swap with (.+)$", r"tauschen mit \1"), (r"^forward$", "vorwärts"),
       (r"^backward$", "rückwärts"), (r"^([+-]\d) to (\S+), captures (\d)$", r"\1 auf \2, schlägt \3"),
       (r"^([+-]\d) to (\S+)$", r"\1 auf \2")]
_DE_TITLES = [(r"^dice (\d+)$", r"Würfel \1"), (r"^second die\?$", "zweiter Würfel?"),
              (r"^(\S+): which piece\?$", r"\1: welche Figur?"), (r"^(\S+): how\?$", r"\1: wie?"),
              (r"^(\S+): which direction\?$", r"\1: welche Richtung?"),
              (r"^(\S+): 1 step left, which piece\?$", r"\1: noch 1 Schritt, welche Figur?"),
              (r"^(\S+): (\d) steps left, which piece\?$", r"\1: noch \2 Schritte, welche Figur?"),
              (r"^(\S+): how far\?$", r"\1: wie weit?")]


def _translate(text: str, language: str, table) -> str:
    if language == "de":
        for pattern, repl in table:
            if re.match(pattern, text):
                return re.sub(pattern, repl, text)
    return text


def option_text(text: str, language: str) -> str:
    """A chooser option ("forward to 12") in `language`."""
    return _translate(text, language, _DE)


def title_text(text: str, language: str) -> str:
    """A chooser menu's title ("7: which piece?") in `language`."""
    return _translate(text, language, _DE_TITLES)


def leds(session) -> LedFrame:
    if session.over:
        colour = session.position.colours[session.winner]
        return LedFrame((LedCell(SEAT_LEDS[colour], Effect.PULSE),) * SQUARES)
    return LedFrame((LedCell(SEAT_LEDS[session.position.to_move], Effect.STEADY),) * SQUARES)


def _seat(session, seat: int) -> str:
    return COLOURS[session.position.colours[seat]]


def screen(session, language: str, asking: bool = False, notice: str | None = None) -> Screen:
    """The OLED's screen; `notice` (an i18n key: which dice) goes above the menu, in place of its
    last line (the keys, under a chooser's menu)."""
    pos = session.position
    if asking:
        return Screen("confirm_new_game", lines=(msg("confirm_keys"),))
    if session.show_board:
        return Screen("kj_board", extra=(("position", session.game.format_position(pos)),))
    shown = _screen(session, language)
    if notice is None or session.over:
        return shown
    return Screen(shown.kind, title=shown.title, lines=((msg(notice),) + shown.lines)[:WINDOW + 1])


def _screen(session, language: str) -> Screen:
    pos = session.position
    if session.over:
        winner = pos.colours[session.winner]
        return Screen("won", title=msg(f"head.kj_won.{winner}"), lines=(msg("new_game_keys"),))
    head = f"head.kj.{pos.to_move}"
    if session.phase == "roll":
        return Screen("menu", title=msg(head, dice="…"), lines=(msg("kj.rolling"),))
    if session.phase == "computer":
        dice = "".join(map(str, pos.dice))
        return Screen("menu", title=msg(head, dice=dice), lines=(msg("kj.computer"),))
    if session.phase == "enter_dice":
        entry = session.entry
        return Screen("menu", title=msg(head, dice="?"),
                      lines=(msg("kj.enter_die", die=("III", "IV", "V")[entry.die],
                                 value=entry.faces[entry.index]), msg("kj.keys")))
    cursor = session.cursor
    dice = "".join(map(str, pos.dice))
    options = cursor.options
    first = max(0, min(cursor.index - WINDOW // 2, len(options) - WINDOW))
    lines = [msg("menu_item", mark=">" if i == cursor.index else " ",
                 title=option_text(o.text, language))
             for i, o in enumerate(options[first:first + WINDOW], start=first)]
    lines.append(msg("kj.keys"))
    step = " · ".join(option_text(choice, language) for choice in cursor.path[-2:])
    return Screen("menu", title=msg(head, dice=dice + (f" {step}" if step else "")),
                  lines=tuple(lines))
