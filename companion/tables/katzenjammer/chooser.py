"""The three-button chooser as a pure menu model: die -> piece -> direction or target, a seven
built segment by segment with its captures shown as they happen.

A `Menu` has a title and options; an option either finishes the turn (`turn`) or opens a deeper
menu (`node`). Every legal turn is reachable and nothing illegal is offered: a piece or a step
count of a seven is only offered when the seven can still be completed with exactly 7 steps. A
void roll is one option that says so. Menus are built lazily (a crowded seven has a huge tree).

The buttons: ◀ previous, ▶ next (both wrap round), ● choose. The cursor starts on the first
option; a menu with a single option is taken without a press unless that option ends the turn
(the void roll too): the last choice is always confirmed with a press. `presses(pos, turn)` counts what a turn costs.
"""
from __future__ import annotations

from typing import NamedTuple

from companion.games.katzenjammer import engine
from companion.games.katzenjammer.board import RING, backward, forward
from companion.games.katzenjammer.engine import PASS, Part, Position
from companion.games.katzenjammer.sevens import foreign_movers, own_movers
from companion.tables.katzenjammer import phrases  # noqa: F401  (registers the dice's and fields' words)
from companion.ui.screens import Msg, msg


class Option(NamedTuple):
    key: object
    text: Msg  # worded in the table's language when shown (companion/ui/i18n.py: kj.opt.*)
    turn: tuple | None = None
    node: "Menu | None" = None
    #: The key of a menu skipped because it had one option (a piece with a single action).
    also: object = None
    #: The option as the header's path of choices names it ("7", "10"); None: its text.
    short: Msg | None = None


class Menu:
    def __init__(self, title: Msg, build):
        self.title = title
        self._build = build
        self._options: list[Option] | None = None

    @property
    def options(self) -> list[Option]:
        if self._options is None:
            self._options = self._build()
        return self._options


def field(index: int) -> Msg:
    """A board index as the OLED names it ("12", "s3") and the voice says it ("Feld 12")."""
    return msg("kj.field", at=index) if index < RING else msg("kj.stall", at=(index - RING) % 4 + 1)


def die_label(label: str) -> Msg:
    """A die label as the OLED shows it ("66", "55=8") and the voice says it ("Sechserpasch")."""
    return msg(f"kj.die.{label}")


def die_option(label: str) -> Msg:
    """A die as a menu's choice, in words: "Würfel 3", "Pasch 66", "Joker als 8" (said as the
    die label is: "die Drei", "Sechserpasch", "der Joker als Acht")."""
    if label.startswith("55="):
        return msg("kj.opt.joker", value=label[3:], label=die_label(label))
    return msg("kj.opt.die" if len(label) == 1 else "kj.opt.pair", label=die_label(label))


def _captured(before: bytes, after: bytes) -> int:
    count = sum(1 for v in before[:RING] if v) - sum(1 for v in after[:RING] if v)
    return count + sum(after[RING:]) - sum(before[RING:])


class Chooser:
    def __init__(self, pos: Position, two_dice: bool = False):
        if pos.dice is None:
            raise ValueError("roll the dice first")
        self.pos, self.two_dice = pos, two_dice
        self.colour = pos.to_move
        self._memo: dict = {}

    # The tree ----------------------------------------------------------------------------
    def root(self) -> Menu:
        dice = "".join(map(str, self.pos.dice))
        return Menu(msg("kj.menu.dice", dice=dice), lambda: self._dice_options(self.pos.board, ()) or
                    [Option("pass", msg("kj.opt.void"), turn=PASS)])

    def _dice_options(self, board: bytes, prefix: tuple) -> list[Option]:
        used = {p.label for p in prefix}
        out = []
        for label in engine.labels(self.pos.dice):
            if label in used or not self._usable(board, label):
                continue
            out.append(Option(label, die_option(label), node=self._die_menu(board, label, prefix),
                              short=die_label(label)))
        return out

    def _usable(self, board: bytes, label: str) -> bool:
        """Does the die allow an action here? Found without listing its actions: a crowded 77
        reaches some 31,000 boards, and the first menu must be on the OLED at once (a seven
        only needs one way to complete, found depth first and remembered for its menus)."""
        own, value = engine.label_action(label)
        if value == 7:
            return any(self._can_finish(board, -1, 7, own, d) for d in ((1,) if own else (1, -1)))
        return any(True for _ in self._parts(board, label, limit=1))

    def _parts(self, board, label, limit=None):
        for i, item in enumerate(engine.part_moves(board, self.colour, label)):
            if limit is not None and i >= limit:
                return
            yield item

    def _finish(self, board_after: bytes, turn: tuple) -> Option | dict:
        """A leaf, or under two-dice the menu offering a second die."""
        if (self.two_dice and len(turn) == 1 and engine.pair_value(self.pos.dice) is None
                and engine.winner_among(self.pos.colours, board_after, self.colour) is None):
            more = self._dice_options(board_after, turn)
            if more:
                return {"node": Menu(msg("kj.menu.second_die"),
                                     lambda: [Option("done", msg("kj.opt.done"), turn=turn)] + more)}
        return {"turn": turn}

    def _die_menu(self, board: bytes, label: str, prefix: tuple) -> Menu:
        own, value = engine.label_action(label)
        if value == 7:
            return self._seven_start(board, label, prefix, own)

        def build():
            groups: dict[object, list] = {}
            for part, nb in engine.part_moves(board, self.colour, label):
                keys = ["e"] if part.kind == "e" else (
                    list(part.args) if part.kind == "x" and not own else [part.args[0]])
                for key in keys:
                    groups.setdefault(key, []).append((part, nb))
            out = []
            for key in sorted(groups, key=lambda k: -1 if k == "e" else k):
                text = msg("kj.opt.enter") if key == "e" else msg("kj.opt.piece", field=field(key))
                short = None if key == "e" else field(key)
                actions = groups[key]
                if len(actions) == 1:
                    part, nb = actions[0]
                    out.append(Option(key, text, also=(part.kind, part.args), short=short,
                                      **self._finish(nb, prefix + (part,))))
                else:
                    out.append(Option(key, text, node=self._piece_menu(board, value, key, actions,
                                                                       prefix), short=short))
            return out
        return Menu(msg("kj.menu.which_piece", label=die_label(label)), build)

    def _piece_menu(self, board, value, key, actions, prefix) -> Menu:
        def build():
            out = []
            for part, nb in actions:
                if part.kind == "x":
                    other = part.args[1] if part.args[0] == key else part.args[0]
                    text = msg("kj.opt.swap_with", field=field(other))
                else:
                    step = forward if part.kind == "f" else backward
                    text = msg("kj.opt.forward_to" if part.kind == "f" else "kj.opt.back_to",
                               field=field(step(board, key, value)[1]))
                out.append(Option((part.kind, part.args), text, **self._finish(nb, prefix + (part,))))
            return out
        return Menu(msg("kj.menu.how", field=field(key)), build)

    # Sevens: segment by segment --------------------------------------------------------
    def _seven_start(self, board, label, prefix, own) -> Menu:
        if own:
            return self._segment_menu(board, label, prefix, own, 1, -1, 7, ())

        def build():
            out = []
            for direction, text in ((1, msg("kj.opt.forward")), (-1, msg("kj.opt.backward"))):
                if self._can_finish(board, -1, 7, own, direction):
                    out.append(Option(direction, text, node=self._segment_menu(
                        board, label, prefix, own, direction, -1, 7, ())))
            return out
        return Menu(msg("kj.menu.which_direction", label=die_label(label)), build)

    def _segment_menu(self, board, label, prefix, own, direction, last, rem, segs) -> Menu:
        step = forward if direction > 0 else backward
        movable = own_movers(self.colour) if own else foreign_movers(self.colour)

        def build():
            out = []
            for a in movable(board):
                if a == last:
                    continue
                options = []
                for k in range(1, rem + 1):
                    moved = step(board, a, k, True)
                    if moved is None or not self._can_finish(moved[0], moved[1], rem - k, own,
                                                             direction):
                        continue
                    nb, na = moved
                    caught = _captured(board, nb)
                    steps = msg("kj.steps.forward" if direction > 0 else "kj.steps.back", k=k)
                    text = msg("kj.opt.steps_captures", steps=steps, field=field(na), n=caught) \
                        if caught else msg("kj.opt.steps", steps=steps, field=field(na))
                    nsegs = segs + ((a, k * direction),)
                    if rem - k == 0:
                        opt = Option(k, text, **self._finish(nb, prefix + (Part(label, "s", nsegs),)))
                    else:
                        opt = Option(k, text, node=self._segment_menu(
                            nb, label, prefix, own, direction, na, rem - k, nsegs))
                    options.append(opt)
                if options:
                    how_far = Menu(msg("kj.menu.how_far", field=field(a)), lambda o=options: o)
                    out.append(Option(a, msg("kj.opt.piece", field=field(a)), node=how_far,
                                      short=field(a)))
            return out
        return Menu(msg("kj.menu.steps_left" if rem > 1 else "kj.menu.step_left", label=die_label(label),
                        n=rem), build)

    def _can_finish(self, board, last, rem, own, direction) -> bool:
        """Can a seven in this state still be completed with exactly `rem` more steps?"""
        if rem == 0:
            return True
        key = (board, last, rem, own, direction)
        hit = self._memo.get(key)
        if hit is None:
            movable = own_movers(self.colour) if own else foreign_movers(self.colour)
            step = forward if direction > 0 else backward
            hit = any(moved is not None and self._can_finish(moved[0], moved[1], rem - k, own,
                                                             direction)
                      for a in movable(board) if a != last
                      for k in range(1, rem + 1) for moved in (step(board, a, k, True),))
            self._memo[key] = hit
        return hit

    # Routes and presses --------------------------------------------------------------------
    def route(self, turn: tuple) -> list:
        """The option keys that lead to `turn`."""
        if turn == PASS:
            return ["pass"]
        keys: list = []
        for part in turn:
            keys.append(part.label)  # the die menu, or for a second part the second-die menu
            own, value = engine.label_action(part.label)
            if part.kind == "s":
                if not own:
                    keys.append(1 if part.args[0][1] > 0 else -1)
                for a, k in part.args:
                    keys += [a, abs(k)]
            elif part.kind == "e":
                keys.append("e")
            else:
                keys += [part.args[0], (part.kind, part.args)]
        if self.two_dice and len(turn) == 1:
            keys.append("done")
        return keys


def walk(menu: Menu, keys: list) -> tuple[tuple, int]:
    """Follow option keys from `menu` to a turn: (turn, button presses). A menu whose single
    option opens another menu costs nothing (taken at once); otherwise moving the cursor the
    short way round plus the press that chooses (a forced turn is still confirmed)."""
    presses = 0
    keys = list(keys)
    while True:
        options = menu.options
        if len(options) == 1 and options[0].node is not None:
            chosen = options[0]
            if keys and keys[0] == chosen.key:
                keys.pop(0)
        else:
            key = keys.pop(0)
            index = next(i for i, o in enumerate(options) if o.key == key)
            presses += min(index, len(options) - index) + 1
            chosen = options[index]
        if chosen.also is not None and keys and keys[0] == chosen.also:
            keys.pop(0)
        if chosen.turn is not None:
            return chosen.turn, presses
        menu = chosen.node
