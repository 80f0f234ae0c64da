"""The Katzenjammer table's LED frame and OLED screens: pure functions of its session."""
from __future__ import annotations

from companion.games.katzenjammer.board import COLOURS
from companion.ui.screens import Msg, Screen, msg
from companion.words import SQUARES, Effect, LedCell, LedFrame

#: The seat colours on the LEDs (black cannot shine: a dim white stands for it).
SEAT_LEDS = ((255, 0, 0), (0, 0, 255), (0, 200, 0), (90, 90, 90))
WINDOW = 3  # menu lines under the header; the fourth line says the keys


def leds(session) -> LedFrame:
    if session.over:
        colour = session.position.colours[session.winner]
        return LedFrame((LedCell(SEAT_LEDS[colour], Effect.PULSE),) * SQUARES)
    return LedFrame((LedCell(SEAT_LEDS[session.position.to_move], Effect.STEADY),) * SQUARES)


def _seat(session, seat: int) -> str:
    return COLOURS[session.position.colours[seat]]


def screen(session, language: str, notice: Msg | None = None, void_passes: bool = False) -> Screen:
    """The OLED's screen ("new game?" is every table's: TableBase); `notice` (which dice, the
    language or a name just set) goes above the menu, in place of its last line (the keys,
    under a chooser's menu)."""
    pos = session.position
    if session.show_board:
        return Screen("kj_board", extra=(("position", session.game.format_position(pos)),))
    shown = _screen(session, language)
    if void_passes:   # no keys to learn: the roll passes by itself, OK passes it now
        shown = Screen(shown.kind, title=shown.title, lines=shown.lines[:-1] + (msg("kj.void_passes"),))
    if notice is None or session.over:
        return shown
    return Screen(shown.kind, title=shown.title, lines=((notice,) + shown.lines)[:WINDOW + 1])


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
                      lines=(msg("kj.enter_die", die=msg(f"kj.die_name.{('III', 'IV', 'V')[entry.die]}"),
                                 value=entry.faces[entry.index]), msg("kj.keys")))
    cursor = session.cursor
    dice = "".join(map(str, pos.dice))
    options = cursor.options
    first = max(0, min(cursor.index - WINDOW // 2, len(options) - WINDOW))
    lines = [msg("menu_item", mark=">" if i == cursor.index else " ", title=o.text)
             for i, o in enumerate(options[first:first + WINDOW], start=first)]
    lines.append(msg("kj.keys"))
    path = cursor.path[-2:]  # the last two choices made, after the dice
    if len(path) == 2:
        path = [msg("join", a=path[0], b=path[1])]
    title = msg(head, dice=msg("kj.path", dice=dice, path=path[0]) if path else dice)
    return Screen("menu", title=title, lines=tuple(lines))
