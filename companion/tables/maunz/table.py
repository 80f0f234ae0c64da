"""The maunz table: sensed bed in, guidance and commits out (the table protocol,
companion/tables/protocol.py). Pure: no I/O, no clock (time is passed in as `now`, monotonic
seconds), no asyncio. Its jobs live in one module each: reading the bed (bed.py), the controls
(controls.py), the session and its commits (session.py), and what the LEDs and the OLED show
(screens.py). See README.md in this folder for the state machine and the conventions.
"""
from __future__ import annotations

from companion.games.maunz.engine import KIDS
from companion.tables import beginner as beginner_mode
from companion.tables.maunz import screens
from companion.tables.maunz import level as levels
from companion.tables.maunz import review as _review  # noqa: F401  (the review's words, shown after a game)
from companion.tables.maunz.plan import bits
from companion.tables.maunz.bed import BedReading
from companion.tables.maunz.controls import CARD_FUNCTIONS, Controls, Suggestion
from companion.tables.maunz.session import Session
from companion.tables.maunz.why import Why
from companion.tables.protocol import OwnCard, TableBase, TableView


class MaunzTable(Why, Session, BedReading, Controls, TableBase):
    """Referees one game of maunz. on a physical bed.

    `position` is the game's *start* position (Position or text; None: the game's initial one)
    and `moves` the moves already played from it (text or Move); the current position is their
    replay, and undo can walk back through them. The table starts paused until the first scan:
    if that bed equals the committed one play continues, otherwise it guides the bed back.
    """

    card_functions = CARD_FUNCTIONS
    own_card_functions = {"cat": OwnCard("the next piece is a cat"), "hint": OwnCard("show a suggested move"),
                 "ai_orange": OwnCard("the AI plays orange"), "ai_grey": OwnCard("the AI plays grey"),
                 "beginner": beginner_mode.CARD, "level": levels.CARD}
    #: beginner mode (issue 36, item 5), kept by the service in the journal like every own setting
    own_settings = {"beginner": beginner_mode.VALUES}
    #: the computer's level (issue 44, level.py): kept like an own setting, `[game] ai_level` its default
    shared_settings = ("level",)

    def __init__(self, game, position=None, *, moves=(), settle: float = 0.25,
                 correction_delay: float = 3.0, language: str = "de", ai_seats: tuple[int, ...] = (),
                 players=(), beginner: str | None = None, level: str | None = None):
        self.init_controls(language, players)
        if tuple(ai_seats) not in ((), (0,), (1,)):
            raise ValueError(f"ai_seats {ai_seats!r} must be (), (0,) (orange) or (1,) (grey)")
        self.ai_colour = ai_seats[0] if ai_seats else None
        self.beginner = beginner_mode.parse(beginner)
        self.level = levels.parse(level)   # the computer's (and the hint's) level, level.py
        self._init_session(game, position, moves)
        self._init_bed(settle, correction_delay)
        self._want_hint = False
        self._reset_turn()

    # ------------------------------------------------------------------ properties
    @property
    def setting_values(self) -> dict[str, str]:
        return {"beginner": beginner_mode.value(self.beginner), "level": self.level}

    @property
    def ai_seats(self) -> tuple[int, ...]:
        return () if self.ai_colour is None else (self.ai_colour,)

    @property
    def wants_ai(self) -> bool:
        return (self.ai_colour is not None and self.ai_colour == self._pos.turn
                and self._pos.winner is None and not (self._suggestion and self._suggestion.ai)
                and not self._paused and not self.asking_new_game and self._restore is None
                and not (self.warning_stands and not self.remote_name))

    @property
    def warning_stands(self) -> bool:
        """A beginner warning stands over the person's move (issue 46, item 5) until the person
        undoes the move (the hint is offered) or keeps it (OK); the computer waits meanwhile (a
        remote player's move is theirs to make: the warning does not hold it)."""
        return self._offer_hint and self._pos.winner is None

    @property
    def wants_hint(self) -> bool:
        return self._want_hint and not self._paused and self._pos.winner is None

    @property
    def phase(self) -> str:
        if self._paused:
            return "paused"
        if self.asking_new_game:
            return "confirm_new_game"
        if self._restore is not None:
            return "correction"
        if self._pos.winner is not None:
            return "won"
        if self._correction:
            return "correction"
        plan = self._stable_plan()
        if plan is None or plan.placement is None:
            return "await_placement"
        if plan.kind is None:
            return "ask_kind"
        if plan.pending:
            return "boops"
        if plan.ambiguous or plan.lifts or plan.candidates or plan.choice is None:
            return "choose"
        return "boops"

    def _reset_turn(self) -> None:
        self._remembered: int | None = None
        self._kind_answer: tuple[int, str] | None = None
        self._declared_cat = False
        self._suggestion: Suggestion | None = None
        self._want_hint = False
        self._correction = False
        self._retire_ok = False
        self._arrivals: list[int] = []
        self._read_kinds: dict[int, str] = {}  # hall bed: the kinds read of this turn's pieces

    # ------------------------------------------------------------------ output
    def state(self) -> screens.State:
        """What the screens are composed from (a value)."""
        phase = self.phase
        return screens.State(
            phase=phase, position=self._pos, plan=self._stable_plan(), paused=self._paused,
            notice=self.notice, suggestion=self._suggestion, wants_ai=self.wants_ai,
            wants_hint=self.wants_hint, declared_cat=self._declared_cat, restore=self._restore,
            restore_reason=self._restore_reason, restore_labels=dict(self._restore_labels),
            sensed=self._sensed, stable=self._stable,
            kids=getattr(self.game, "variant", 0) == KIDS, names=self.players,
            confirm=self.new_game_lines() if phase == "confirm_new_game" else (),
            restore_sources=self._restore_sources,
            restore_notes=self._restore_notes, remote=self.remote_name, wrong_kind=self._wrong_kind(),
            belief=self._belief(self._stable or 0) if phase == "correction" else {})

    def _wrong_kind(self) -> tuple:
        """A newly put piece the hall-effect bed read as a kind that cannot be the move (a cat
        where the move is a kitten, a kind the pool has run out of)."""
        if self._south is None or self._stable is None:
            return ()
        if self._restore is not None:   # an undo or a correction: a piece put back as the other kind
            for sq in bits(self._stable & self._restore):
                want, kind = self._restore_labels.get(sq), self.sensed_kind(sq)
                if want and kind is not None and kind != ("c" if want.isupper() else "k"):
                    return (sq, kind, "c" if want.isupper() else "k")
            return ()
        if self._pos.winner is not None:
            return ()
        for sq in bits(self._stable & ~self._pos.occupied):
            kind = self.sensed_kind(sq)
            if kind is not None and not self._kinds(sq):
                return (sq, kind)
        plan = self._stable_plan() if self.phase in ("await_placement", "boops", "choose") else None
        for sq, label in sorted((plan.labels if plan is not None else {}).items()):
            kind = self.sensed_kind(sq)   # a pushed or standing piece of the other kind: swapped
            if label and kind is not None and kind != ("c" if label.isupper() else "k"):
                return (sq, kind, "c" if label.isupper() else "k")
        return ()

    #: reuse the last view while its state is unchanged (off: the idle benchmark's baseline)
    memo_views = True
    _memo: tuple | None = None

    def view(self) -> TableView:
        # The view is a pure function of state(), the language and the moves: at 100 Hz with
        # nobody playing it is the same each step, and composing it was most of an idle step.
        # Time enters only through tick(now), which changes the state (a notice cleared, a
        # correction due), so an equal state is an equal view (state() copies its dicts).
        st, language, moves = self.state(), self.language, tuple(self.line.moves)
        memo = self._memo
        if memo is not None and memo[0] == st and memo[1] == language and memo[2] == moves:
            return memo[3]
        leds, screen = screens.compose(st)
        pos = st.position
        view = TableView(
            leds=leds, screen=screen, position=pos, moves=moves, phase=st.phase,
            instruction=screen.instruction(language), wants_ai=st.wants_ai,
            wants_hint=st.wants_hint, winner=pos.winner, asking_new_game=st.phase == "confirm_new_game")
        if self.memo_views:
            self._memo = (st, language, moves, view)
        return view
