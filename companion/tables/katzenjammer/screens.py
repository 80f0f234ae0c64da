"""The Katzenjammer table's LED frame and OLED screens: pure functions of its session."""
from __future__ import annotations

import re

from companion.games.katzenjammer.board import COLOURS
from companion.ui.screens import Screen, msg
from companion.words import SQUARES, Effect, LedCell, LedFrame

#: The seat colours on the LEDs (black cannot shine: a dim white stands for it).
SEAT_LEDS = ((255, 0, 0), (0, 0, 255), (0, 200, 0), (90, 90, 90))
WINDOW = 3  # menu lines under the header; the fourth line says the keys

# The chooser's option texts, in German (the chooser speaks English).
_DE = [(r"^void roll: nothing moves, next player$", "Wurf verfällt: nächster Spieler"),
       (r"^enter$", "einsetzen"), (r"^done$", "fertig"),
       (r"^forward to (.+)$", r"vor auf \1"), (r"^back to (.+)$", r"zurück auf \1"),
       (r"^swap with (.+)$", r"tauschen mit \1"), (r"^forward$", "vorwärts"),
       (r"^backward$", "rückwärts"), (r"^([+-]\d) to (\S+), captures (\d)$", r"\1 auf \2, schlägt \3"),
       (r"^([+-]\d) to (\S+)$", r"\1 auf \2")]


def option_text(text: str, language: str) -> str:
    if language == "de":
        for pattern, repl in _DE:
            if re.match(pattern, text):
                return re.sub(pattern, repl, text)
    return text


def leds(session) -> LedFrame:
    if session.over:
        colour = session.position.colours[session.winner]
        return LedFrame((LedCell(SEAT_LEDS[colour], Effect.PULSE),) * SQUARES)
    return LedFrame((LedCell(SEAT_LEDS[session.position.to_move], Effect.STEADY),) * SQUARES)


def _seat(session, seat: int) -> str:
    return COLOURS[session.position.colours[seat]]


def screen(session, language: str, asking: bool = False) -> Screen:
    pos = session.position
    if asking:
        return Screen("confirm_new_game", lines=(msg("confirm_keys"),))
    if session.show_board:
        return Screen("kj_board", extra=(("position", session.game.format_position(pos)),))
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
    step = " · ".join(cursor.path[-2:])
    return Screen("menu", title=msg(head, dice=dice + (f" {step}" if step else "")),
                  lines=tuple(lines))
