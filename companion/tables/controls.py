"""The controls every table shares (issue 19): the language card, the player card, the "new
game?" question and the settings commits they make. `TableBase` (protocol.py) extends
`SharedControls`, so each game words and handles them the same way and its table says only
what is its own: its cards and buttons arrive through `on_own_card` / `on_own_button`.

The rules, the same in every game that uses them:

- language card: the language it names, else the other one (de <-> en); the notice "Sprache:
  Deutsch"; a "settings" commit.
- player card: the name goes to `player_seat(name)` (default: the seat to move); the notice
  "<seat>: <name>"; a "settings" commit. An empty name does nothing.
- own setting cards (`setting_cards`, maunz.'s AI colours, Katzenjammer's dice): like the two
  above they change a setting, so they work while the table is paused and leave the question
  standing.
- "new game?": asked by OK held or the new_game card, and, once the game is over, by an OK
  press too (the won screen says "New game: press OK"). OK pressed or the new_game card again
  says yes; BACK (pressed or held) or any other card says no (that card does nothing else).
  While it asks, other buttons do nothing (CAT belongs to the service's game menu). Its screen
  (`new_game_screen`) is the same in every game and says "ends the game in play" only when a
  game with moves is running, the one case in which a yes commits "abandon" before "new_game".
- undo: the undo card, and BACK held where the table's `undo_policy` says so, call the table's
  `undo(now)`, here and nowhere else (no table routes it itself). What one undo takes back and
  what stays is the table's `undo_policy` (an `UndoPolicy`): the default undo pops the last move
  off the line ("Nothing to undo" when there is none); a table whose undo takes back more (a
  whole turn, the players' last event past the draws after it) or keeps something (a roll, a
  card shown) says so in its policy and its own `undo`.
- while `inputs_paused` (maunz.: the bed is being re-read) only the setting cards work.
- "why?" (issue 36): the why card, or BACK then OK (OK pressed within WHY_GESTURE seconds of a
  BACK press that changed nothing: in a menu BACK is "previous" and keeps its meaning), shows the explanation of the table's last judgement (`judgement()`: a refusal or
  verdict the table recorded with `judged`, else the engine's `explain` of the last move on the
  line before `why_end`; a table with judgements of its own -- maunz.'s correction, hint and
  beginner warning -- puts the newest first), each Reason worded by `why_msg` as its phrase
  `why.<game>.<kind>`; it shows until the next button or card, or until the table's own screen
  changes. Reading it changes nothing.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.base import CHANCE
from companion.games.reason import Reason
from companion.ui import i18n
from companion.ui.screens import Msg, Screen, msg

#: BACK then OK within this many seconds asks "why?", where BACK had nothing else to do.
WHY_GESTURE = 1.5
#: How far back the default judgement looks for a move the engine explains (a turn's dice, a
#: card turned up, explain themselves; a chance move without a rule of its own does not).
WHY_LOOKBACK = 4


#: What an undo may take back (UndoPolicy.takes).
UNDO_TAKES = ("move", "turn", "event")
#: What an undo may leave standing (UndoPolicy.keeps).
UNDO_KEEPS = ("draw", "revealed")


@dataclass(frozen=True)
class UndoPolicy:
    """A table's undo, stated: what one undo takes back and what stays.

    takes: "move"  the last move on the line (maunz.: or the turn in progress; Monster Mau Mau)
           "turn"  the last turn a person played, with everything after it (Katzenjammer)
           "event" the players' last event, with the draws after it (Cats, Cat Attack)
    keeps: "draw"      the chance drawn after what is taken back stays for the same turn
                       (Katzenjammer's turn keeps its roll, Cat Attack's die is kept)
           "revealed"  a card once shown stays shown: an undo does not take it back (Cats)
    back_held: BACK held undoes too (Katzenjammer: BACK held is the chooser's "up", whose first
           step back at the start of a turn is its undo)."""

    takes: str = "move"
    keeps: tuple[str, ...] = ()
    back_held: bool = True

    def __post_init__(self) -> None:
        if self.takes not in UNDO_TAKES or not set(self.keeps) <= set(UNDO_KEEPS):
            raise ValueError(f"undo policy {self.takes!r} keeping {self.keeps!r}: takes one of"
                             f" {', '.join(UNDO_TAKES)}, keeps any of {', '.join(UNDO_KEEPS)}")


class SharedControls:
    """The shared controls as a mixin of TableBase: the table keeps its state in the attributes
    below (set by `init_controls`) and its moves and commits in `self.line` (a MoveLine) unless
    it overrides `commit` and `restart`."""

    #: The table's own cards that change a setting (committed as "settings"): see the module doc.
    setting_cards: tuple[str, ...] = ()
    #: What the table's undo takes back and what stays (see UndoPolicy).
    undo_policy: UndoPolicy = UndoPolicy()
    language: str = "de"
    #: The table asks "new game?" (the view's `asking_new_game`); asked by a card: the screen
    #: adds "(or tap the card again)".
    asking_new_game: bool = False
    asked_by_card: bool = False
    #: A one-off line the table shows above its instruction (the language or name just set);
    #: each table says when it goes.
    notice: Msg | None = None
    _players: tuple[str, ...] = ()
    #: "why?": a judgement the table recorded (reasons, the line's length then), the BACK press
    #: that may begin the gesture, and the explanation showing (its lines, the screen it covers)
    _judged: tuple[tuple[Reason, ...], int] | None = None
    _back_at: float | None = None
    _why: tuple[tuple[Msg, ...], Any] | None = None

    def init_controls(self, language: str, players=()) -> None:
        self.language = i18n.check_language(language)
        self._players = tuple(str(p or "") for p in players)
        self.asking_new_game = self.asked_by_card = False
        self.notice = None
        self._judged = self._why = self._back_at = None

    # What the controls read of the table (hooks with defaults) --------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        """A name per seat of the game in play ("" where nobody told)."""
        seats = self.game.seats(self.position)  # type: ignore[attr-defined]
        names = self._players[:seats]
        return names + ("",) * (seats - len(names))

    @players.setter
    def players(self, names) -> None:
        # a table that keeps its names itself (Cats, Cat Attack) sets them here
        self._players = tuple(str(n or "") for n in names)

    @property
    def game_over(self) -> bool:
        return self.game.outcome(self.position) is not None  # type: ignore[attr-defined]

    @property
    def game_running(self) -> bool:
        """Moves were played and the game is not over: a new game abandons it."""
        return bool(self.moves) and not self.game_over  # type: ignore[attr-defined]

    @property
    def inputs_paused(self) -> bool:
        """The table takes no play now (only setting cards): maunz. while it re-reads the bed."""
        return False

    def player_seat(self, name: str) -> int | None:
        """The seat a player card names (None: none now): the seat to move."""
        seat = self.game.to_move(self.position)  # type: ignore[attr-defined]
        return seat if seat != CHANCE and 0 <= seat < len(self.players) else None

    def seat_label(self, seat: int) -> Msg:
        """A seat as the notices call it (maunz.: its colour)."""
        return msg("table.seat", n=seat + 1)

    def commit(self, kind: str) -> None:
        """A commit without a move ("settings", "abandon", "new_game"), for the journal."""
        self.line.commit(kind)  # type: ignore[attr-defined]

    def restart(self, now: float) -> None:
        """The table's own state for a new game, after its line started again (default: none)."""

    def undo(self, now: float) -> None:
        """The undo card or BACK held (see `undo_policy`): by default the last move goes."""
        if self.line.pop() is None:  # type: ignore[attr-defined]
            self.notice = msg("nothing_to_undo")

    def on_own_card(self, function: str, now: float, arg: str | None) -> None:
        """A card of the table's own (hint, dice ...)."""

    def on_own_button(self, name: str, kind: str, now: float) -> None:
        """A button press the shared controls leave to the game."""

    # The inputs ------------------------------------------------------------------------------
    def on_card(self, function: str, now: float, arg: str | None = None) -> None:
        if function not in self.card_functions:  # type: ignore[attr-defined]
            raise ValueError(f"unknown card function {function!r}; known: "
                             f"{', '.join(self.card_functions)}")  # type: ignore[attr-defined]
        self._why = None   # an explanation showing: any card ends it
        if function == "why":
            self.explain_now()
        elif function == "language":
            self.set_language(arg)
        elif function == "player":
            self.name_player(arg or "")
        elif function in self.setting_cards:
            self.on_own_card(function, now, arg)
        elif self.inputs_paused:
            pass
        elif function == "new_game":
            if self.asking_new_game:
                self.new_game(now)
            else:
                self.ask_new_game(by_card=True)
        elif self.asking_new_game:
            self.asking_new_game = False  # any other card says no, and does nothing else
        elif function == "undo":
            self.undo(now)
        else:
            self.on_own_card(function, now, arg)

    def on_button(self, name: str, kind: str, now: float) -> None:
        back_at, self._back_at = self._back_at, None
        # an explanation showing: this press only reads it; one whose table screen has ended
        # is gone already, and the press is the table's (issue 46: a computer's OK was lost)
        showing = self._why is not None and self.why_screen(self.view().screen) is not None  # type: ignore[attr-defined]
        self._why = None
        if showing:
            return
        if (name, kind) == ("ok", "press") and back_at is not None and now - back_at <= WHY_GESTURE:
            self.explain_now()   # BACK then OK: "why?"
            return
        if (name, kind) == ("back", "press"):
            # BACK begins the gesture only where it did nothing else (a menu's "previous", the
            # set-up's "-1" and "no" keep their meaning: BACK then OK stays "previous, choose")
            before = self.view().screen  # type: ignore[attr-defined]
            self._handle_button(name, kind, now)
            if self.view().screen == before:  # type: ignore[attr-defined]
                self._back_at = now
            return
        self._handle_button(name, kind, now)

    def _handle_button(self, name: str, kind: str, now: float) -> None:
        if self.inputs_paused:
            return
        if self.asking_new_game:
            if (name, kind) == ("ok", "press"):
                self.new_game(now)
            elif name == "back":
                self.asking_new_game = False
            return
        if (name, kind) == ("ok", "long") or ((name, kind) == ("ok", "press") and self.game_over):
            self.ask_new_game(by_card=False)
        elif (name, kind) == ("back", "long") and self.undo_policy.back_held:
            self.undo(now)
        else:
            self.on_own_button(name, kind, now)

    # The shared controls' actions -------------------------------------------------------------
    def set_language(self, language: str | None = None) -> None:
        """The language named, else the other one."""
        self.language = language if language in i18n.LANGUAGES else (
            "en" if self.language == "de" else "de")
        self.notice = msg("language")
        self.commit("settings")

    def name_player(self, name: str) -> None:
        name = name.strip()
        seat = self.player_seat(name) if name else None
        if seat is None:
            return
        self.set_name(seat, name)
        self.notice = msg("player_named", seat=self.seat_label(seat), name=name)
        self.commit("settings")

    def set_name(self, seat: int, name: str) -> None:
        """A seat's name the service learnt elsewhere (remote play: the players at both ends),
        without a notice or a commit: the service journals it itself."""
        names = list(self.players)
        names[seat] = name
        self._players = tuple(names)

    def ask_new_game(self, by_card: bool) -> None:
        self.asking_new_game, self.asked_by_card = True, by_card

    def new_game(self, now: float) -> None:
        """A new game of the same game now (said yes to here, or in the service's menu): a game
        running is abandoned first; then the line starts again and the table resets its own."""
        self.asking_new_game = False
        if self.game_running:
            self.commit("abandon")
        self.line.reset(self.game.initial_position())  # type: ignore[attr-defined]
        self.restart(now)

    # "Why?" -----------------------------------------------------------------------------------
    def judged(self, reasons) -> None:
        """The table judged something that is not a move on its line (a refusal, a verdict):
        its reasons, as the engine gave them, stand as the last judgement until a move is
        played or taken back."""
        self._judged = (tuple(reasons), len(self.line.moves))  # type: ignore[attr-defined]

    def judgement(self) -> tuple[Reason, ...]:
        """The table's last judgement: what it recorded with `judged`, else the engine's
        explanation of the last move on the line it explains (a few moves back at most)."""
        line = self.line  # type: ignore[attr-defined]
        if self._judged is not None and self._judged[1] == len(line.moves):
            return self._judged[0]
        game, end = self.game, self.why_end()  # type: ignore[attr-defined]
        for index in range(end - 1, max(-1, end - 1 - WHY_LOOKBACK), -1):
            before = line.before(index)
            reasons = tuple(game.explain(before, game.parse_move(before, line.moves[index])))
            if reasons:
                return reasons
        return ()

    def why_end(self) -> int:
        """The moves "why?" may explain end before this index (default: all of them; an event
        game's draws after the players' last event are no judgement: picker_why.py)."""
        return len(self.line.moves)  # type: ignore[attr-defined]

    def why_msg(self, reason: Reason) -> Msg:
        """A reason in words: its phrase `why.<game>.<kind>` with its values (a table whose
        values are not words yet -- a square, a piece letter -- words them here first)."""
        return msg(self.why_key(reason.kind), **reason.as_dict())

    def why_key(self, kind: str) -> str:
        return self.why_phrase(self.game.info.name, kind)  # type: ignore[attr-defined]

    @classmethod
    def why_worded(cls, game: str, kind: str, language: str) -> bool:
        """Whether the reason `kind` of `game` has its words in `language` (the coverage test's
        question; a table whose refusals are worded by a family of phrases answers for them)."""
        return language in i18n.STRINGS.get(cls.why_phrase(game, kind), {})

    @classmethod
    def why_phrase(cls, game: str, kind: str) -> str:
        """The phrase that words the reason `kind` of `game` (the coverage test asks the table's
        class, with no table made)."""
        return f"why.{game}.{kind}"

    def explanation_lines(self) -> tuple[Msg, ...]:
        reasons = self.judgement()
        return tuple(self.why_msg(r) for r in reasons) if reasons else (msg("why.none"),)

    def explain_now(self) -> None:
        """Show the last judgement explained (the why card, BACK then OK), over the screen the
        table shows now; it goes with the next press or card, or when that screen changes."""
        self._why = (self.explanation_lines(), self.view().screen)  # type: ignore[attr-defined]

    def why_screen(self, table_screen) -> Screen | None:
        """The explanation's screen while it shows over `table_screen` (None: it does not)."""
        if self._why is None or self._why[1] != table_screen:
            return None
        return Screen("why", title=msg("why.head"), lines=self._why[0])

    # What is shown ----------------------------------------------------------------------------
    def new_game_lines(self) -> tuple[Msg, ...]:
        """The question's lines: "ends the game in play" only if one is running."""
        return ((msg("menu_abandon"),) if self.game_running else ()) + (msg("confirm_keys"),) + (
            (msg("confirm_card"),) if self.asked_by_card else ())

    def new_game_screen(self, **fields: Any) -> Screen:
        """The one "new game?" screen (`fields`: a table's own Screen fields, maunz.'s pools)."""
        return Screen("confirm_new_game", lines=self.new_game_lines(), **fields)
