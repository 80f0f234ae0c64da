"""The controls of the maunz table: its own buttons and control cards and the AI's answers; the
language and player cards and the "new game?" question are every table's (TableBase,
companion/tables/controls.py). See README.md ("Controls") for what each one does in each phase."""
from __future__ import annotations

from dataclasses import dataclass

from companion.games.maunz.engine import Move
from companion.games.maunz.notation import format_move
from companion.tables import beginner as beginner_mode
from companion.tables.maunz import level as levels
from companion.tables.maunz import phrases as words
from companion.ui.screens import msg

CARD_FUNCTIONS = ("new_game", "undo", "why", "cat", "hint", "ai_orange", "ai_grey", "ai_off",
                  "language", "player", "beginner", "level")


@dataclass(frozen=True)
class Suggestion:
    move: Move
    ai: bool  # True: the AI's own move (enforced); False: a hint (shown only)
    #: a puzzle's first hint: only the square glows, the kind and the choice stay to be found
    square_only: bool = False


class Controls:
    """Mixin of MaunzTable: its own buttons and cards, and the AI."""

    #: the AI's colour is a setting: these work while the bed is re-read and leave "new game?"
    setting_cards = ("ai_orange", "ai_grey", "ai_off", "beginner", "level")

    # every input may settle the bed's reading at once (a press answers what it waited for)
    def on_button(self, name: str, kind: str, now: float) -> None:
        super().on_button(name, kind, now)
        self._update(now)

    def on_card(self, function: str, now: float, arg: str | None = None) -> None:
        super().on_card(function, now, arg)
        self._update(now)

    @property
    def inputs_paused(self) -> bool:
        return bool(self._paused)

    def player_seat(self, name: str) -> int:
        """The first colour without a name (the players tap their cards in turn), else the one
        to move."""
        return next((c for c in (0, 1) if not self.players[c]), self._pos.turn)

    def seat_label(self, seat: int):
        return msg(f"colour.{seat}")

    def on_own_button(self, name: str, kind: str, now: float) -> None:
        phase = self.phase
        if phase == "ask_kind" and name in ("ok", "cat"):
            self._answer_kind("k" if name == "ok" else "c")
        elif name == "cat" and kind == "long":
            self._ask_hint()
        elif name == "cat":
            self._declare_cat()
        elif name == "ok" and phase == "choose":
            self._retire_ok = True
        elif name == "ok" and kind == "press" and self.warning_stands:
            self._offer_hint = False   # the move warned of is kept: the computer answers it
            self.notice = None

    def on_own_card(self, function: str, now: float, arg: str | None) -> None:
        if function in ("ai_orange", "ai_grey", "ai_off"):
            self.ai_colour = {"ai_orange": 0, "ai_grey": 1, "ai_off": None}[function]
            if self._suggestion and self._suggestion.ai:
                self._suggestion = None
            self.notice = msg("ai_off") if self.ai_colour is None else msg("ai_set",
                                                                           colour=words.colour(self.ai_colour))
            self.commit("settings")
        elif function == "cat":
            if self.phase == "ask_kind":
                self._answer_kind("c")
            else:
                self._declare_cat()
        elif function == "hint":
            self._ask_hint()
        elif function == "beginner":
            self.beginner = not self.beginner
            self.notice = beginner_mode.notice(self.beginner)
            self.commit("settings")
        elif function == "level":
            chosen, self.notice = levels.next_value(self.level, arg)
            if chosen != self.level:
                self.level = chosen
                self.commit("settings")

    def on_ai_move(self, move) -> None:
        """The AI's answer to wants_ai or wants_hint (Move or text); a stale one is ignored."""
        if not (self.wants_ai or self.wants_hint):
            return
        text = move if isinstance(move, str) else format_move(move)
        move = self.game.parse_move(self._pos, text)  # raises IllegalMoveError on a bad move
        if self.wants_ai:
            self._suggestion = Suggestion(move, True)
        else:
            self._suggestion = Suggestion(move, False)
            self._want_hint = False

    def _answer_kind(self, kind: str) -> None:
        plan = self._stable_plan()
        if plan is not None and plan.placement is not None:
            self._kind_answer = (plan.placement.square, kind)

    def _declare_cat(self) -> None:
        if self._pos.winner is not None:
            return
        if self._pos.pool(self._pos.turn)[1] == 0:
            self.notice = msg("no_cat")
            return
        self._declared_cat = not self._declared_cat
        self.notice = msg("cat_declared") if self._declared_cat else None

    def _ask_hint(self) -> None:
        if self._pos.winner is None and self.ai_colour != self._pos.turn:
            self._want_hint = True
            if self._suggestion and not self._suggestion.ai:
                self._suggestion = None
