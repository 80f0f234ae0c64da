"""The table protocol: what the service asks of a game's table logic, and what it gets back.

A *table* referees (or assists, or keeps score for) one game at the physical table. It is pure:
no I/O, no clock, no asyncio — time arrives as `now` (monotonic seconds) with every input, so
tests drive it step by step and the service replays recorded sessions exactly. The service
owns the devices, the journal, the AI worker and the choice of game; a table owns every
decision about its game.

One loop iteration of the service (companion/service/app.py):

    table.on_device_event(event, now)     # reset / offline / online of a device
    table.on_scan(occupancy, now)         # the reed grid's bitmask, when it changed
    table.on_kinds(south, ambiguous, now) # a hall-effect bed: the kinds of that scan's pieces
    table.on_card(function, now, arg)     # a control card the service resolved
    table.on_button(name, kind, now)      # "ok" | "back" | "cat", "press" | "long"
    table.on_ai_move(move)                # the AI's answer to view().wants_ai / wants_hint
    table.on_chance(move, now)            # a die / shuffle / deal the service drew and journaled
    table.tick(now)                       # timers (settling, correction delays)
    table.next_deadline(now) -> float|None # when tick next has something to do (the loop sleeps)
    table.drain_commits() -> [Commit]     # journaled durably *before* the LEDs show them
    table.view() -> TableView             # LEDs, OLED screen, phase, ... (a value)

and, from the game-switch menu (companion/tables/menu.py), `table.new_game(now)` once a new
game of the same game was confirmed. A table is made by its factory (registered in
companion/tables/__init__.py) as

    factory(game, position=None, *, moves=(), settle=0.25, correction_delay=3.0,
            language="de", ai_seats=(), players=())

where `position` is the game's start position (None: the initial one), `moves` the moves
already played from it, as text (the service resumes an unfinished game this way), `ai_seats`
the seats a computer plays, always a tuple (empty: nobody; maunz.: one seat, played by the
service's AI; Katzenjammer, `several_ai_seats = True`: any number, played inside the table) and
`players` a name per seat. A table with settings of its own (Katzenjammer's `dice`) names them in
`own_settings` (key -> the values it takes) and reports them in `setting_values` (a dict of texts, changes committed as
"settings"); the service keeps them in the journal and passes each back to the factory as the
keyword of its name (the config's `[game]` key of that name before any was kept).

Chance is the service's: at a chance node it draws the outcome (companion/service/chance.py),
journals it, and only then calls `on_chance` — a table never draws. A table whose chance happens
in the players' hands (a card turned up from a real deck and tapped: Monster Mau Mau) says
`observes_chance = True`, and the service draws nothing for it.

Every table extends `TableBase` (below), which declares each capability the service may ask
with its default (several_ai_seats, own_settings, shared_settings and setting_values, senses_bed,
observes_chance, own_deck and deck_uids, virtual_hands, ai_seats, on_tag) and has a default
for every verb of `Table` but `view` (what a table shows is always its own: an abstract
method), so a table of any game is a `Table` by `isinstance` (the table conformance checks it):
the service reads them as attributes and never probes a table for them
(tests/test_table_protocol.py). TableBase
also brings the controls every game shares (companion/tables/controls.py): the language and
player cards, the "new game?" question and its one screen; a table's own cards and buttons
arrive through `on_own_card` and `on_own_button`.

Commits are the table's only output that lasts: "move" (with the move's text), "undo",
"abandon", "new_game" and "settings" (names, language or AI seat changed), each with the
position text after it. The journal replays moves through the engine before writing them.
"""
from __future__ import annotations

from abc import ABCMeta, abstractmethod
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from companion.games.base import CHANCE
from companion.tables.controls import SharedControls, UndoPolicy  # noqa: F401  (a table states its undo)
from companion.words import DeviceEvent, LedFrame

#: Commit kinds, in the order the journal understands them.
COMMIT_KINDS = ("move", "undo", "new_game", "abandon", "settings", "puzzle")
#: The three buttons on the table and their two kinds of press.
BUTTONS = ("ok", "back", "cat")
PRESSES = ("press", "long")
#: A player card with one of these names asks for a computer on the seat to move, in a game
#: whose table plays computer seats (`several_ai_seats`); it is never a person's name, and so
#: never carried into another game as one.
COMPUTER_NAMES = ("computer", "ki", "ai")


def is_computer_name(name: str | None) -> bool:
    return bool(name) and name.strip().lower() in COMPUTER_NAMES


#: How often a table that does not name its timers (TableBase.next_deadline) is ticked.
UNSTATED_TICK = 0.1
#: Devices whose resets say nothing about the bed (every other device's reset pauses a table).
NON_BOARD_DEVICES = frozenset({"cards", "card_reader", "rfid", "buttons", "display", "oled"})


@dataclass(frozen=True)
class Commit:
    kind: str            # one of COMMIT_KINDS
    move: str | None     # the move's canonical text for "move"
    position: str        # the position's text after the commit
    #: the chance draws an undo took back and keeps for later, as the table's text, after this
    #: commit (None: unchanged). Journaled in the commit's own transaction, so a power loss
    #: between an undo and its keeping cannot let a restart roll the die again.
    kept: str | None = None


@dataclass(frozen=True)
class TableView:
    """What the table wants shown, as a value: the service repaints the LEDs only when `leds`
    changed and renders the OLED only when `screen` changed (equal values compare ==)."""

    leds: LedFrame
    screen: Any              # a companion.ui.screens.Screen (rendered by companion.ui.render)
    position: Any            # the committed position (the game's own type)
    moves: tuple[str, ...]   # the moves played from the start position, as text
    phase: str               # a short word for tests, logs and the page ("await_placement" ...)
    instruction: str         # the screen's lines as one line of text, in the table's language
    wants_ai: bool           # the AI's seat is to move and has not answered yet
    wants_hint: bool         # a player asked for a hint
    winner: int | None       # the winning seat once the game is over
    #: The OLED shows one seat's secrets right now (Cats: "your cat: 3, lazy"): the page mirrors
    #: neither the OLED image nor the instruction to a spectator while it is True.
    private: bool = False
    #: The table asks "new game?" (OK yes, BACK no): while other games have a table, CAT then
    #: belongs to the service's game menu ("CAT: other game").
    asking_new_game: bool = False


@runtime_checkable
class Table(Protocol):
    """The service's side of a game's table logic (see the module docstring)."""

    game: Any
    #: The card functions this table understands (beside the service's own `game`).
    card_functions: tuple[str, ...]

    @property
    def position(self) -> Any: ...

    @property
    def start_position(self) -> Any: ...

    @property
    def moves(self) -> list[str]: ...

    @property
    def language(self) -> str: ...

    @property
    def players(self) -> tuple[str, ...]:
        """The seats' player names ("" where nobody told)."""

    @property
    def ai_seats(self) -> tuple[int, ...]: ...

    def on_scan(self, occupancy: int, now: float) -> None: ...

    def on_card(self, function: str, now: float, arg: str | None = None) -> None: ...

    def on_button(self, name: str, kind: str, now: float) -> None: ...

    def on_device_event(self, event: DeviceEvent, now: float) -> None: ...

    def on_ai_move(self, move) -> None: ...

    def on_chance(self, move, now: float) -> None:
        """At a chance node (game.to_move == CHANCE): the outcome the service drew with its
        random source and has already journaled. Apply it; commit nothing for it."""

    def new_game(self, now: float) -> None:
        """Start a new game of the same game now (confirmed in the service's menu)."""

    def tick(self, now: float) -> None: ...

    def next_deadline(self, now: float) -> float | None:
        """The earliest time after `now` at which `tick` would change something if no input came
        first (a settle time ending, a flash of the LEDs going out); None: nothing until the next
        input. The service's loop sleeps until then (companion/service/waking.py): a timer a
        table does not name here happens late."""

    def view(self) -> TableView: ...

    def drain_commits(self) -> list[Commit]: ...


@dataclass(frozen=True)
class OwnCard:
    """A control card of one game's own, declared by its table in `TableBase.own_card_functions` (the
    cards every game may use are the service's, companion/service/cards.py). `companion cards`,
    the service and the page read it from there; the page's label is the registered phrase
    `card.<function>`."""

    help: str               # what the card does, for `companion cards`
    named: bool = False     # the card carries a name (`secret:cat:3`), handed to `on_card` as arg
    secret: bool = False    # the name is a player's secret: never logged, shown or kept with the UID
    #: the page's cards of a named function, one per name, drawn in the game's own view
    names: tuple[str, ...] = ()
    #: those named cards drawn in the page's card strip instead (shown while the game is played)
    strip: bool = False


class TableBase(SharedControls, metaclass=ABCMeta):
    """What every table inherits: each capability the service may ask of a table, declared
    here with its default, so the service reads attributes instead of probing for them, and the
    controls every game shares (companion/tables/controls.py: the language and player cards,
    the "new game?" question). A game's table overrides only what is its own."""

    #: The card functions this table understands (beside the service's own `game`).
    card_functions: tuple[str, ...] = ()
    #: Those of `card_functions` that are this game's own, and what each does.
    own_card_functions: dict[str, OwnCard] = {}
    #: The events of the game's own `event` cards that the simulator's page offers in the game's
    #: view when the OLED asks for a card (Cats' reaction cards): the page's card catalog holds
    #: one card per event ("maunz:event:<event>"), tapped as the deck's card would be.
    page_event_cards: tuple[str, ...] = ()
    #: The table plays any number of computer seats itself (Katzenjammer); otherwise at most one
    #: seat, played by the service's AI.
    several_ai_seats: bool = False
    #: The table asks how many play in its own set-up (Monster Mau Mau: the count is dealt), from
    #: the factory's `seats` (the last game's count, from the journal). A game of another player
    #: range is asked by the game menu when it begins at the table (tables/seatcount.py).
    chooses_seats: bool = False
    #: Settings of the table's own: key -> the values it takes (Katzenjammer: dice). The service
    #: keeps them in the journal and passes each back to the factory as the keyword of its name.
    own_settings: dict[str, tuple[str, ...]] = {}
    #: Settings the table reports in `setting_values` and the service keeps in the journal like
    #: its own, whose default is a `[game]` key rather than its own section (maunz.: "level",
    #: the computer's level, default `[game] ai_level`): one way to configure each.
    shared_settings: tuple[str, ...] = ()
    @property
    def senses_bed(self) -> bool:
        """The game is played on the sensed bed (its GameInfo declares a `bed`: maunz.): the
        page draws the bed and takes its clicks. Declared by the engine alone."""
        return self.game.info.bed is not None  # type: ignore[attr-defined]
    #: Chance happens in the players' hands (a card turned up and tapped): the service draws
    #: nothing. A table may make it a property (Cats while the players tap their own cards).
    observes_chance: bool = False
    #: The game has a deck of its own, whose cards the service enrolls by UID (`cards
    #: enrol-deck`): it sets `deck_uids` (uid -> the card's text) on the table it makes.
    own_deck: bool = False
    #: the puzzle the table sets (tables/maunz/puzzle.py), None at a game: the service then
    #: journals no game moves, reviews nothing and offers the way back to the game in its menu
    puzzle = None
    deck_uids: dict[str, str] = {}
    #: The simulator deals the person a virtual hand of this game's deck (Monster Mau Mau).
    virtual_hands: bool = False
    #: Remote play (companion/service/remote.py): the AI's seat is a person at another companion,
    #: whose moves arrive as the AI's would; the service sets their name here, for the screens
    #: (a str, or before they are named their colour as a Msg, worded in the screen's language).
    remote_name: object = ""

    #: Every seat a computer plays, always a tuple (the factory's `ai_seats`).
    ai_seats: tuple[int, ...] = ()

    @property
    def setting_values(self) -> dict[str, str]:
        """The current values of `own_settings`, as texts."""
        return {}

    # The game record: every table keeps it in `self.line`, a MoveLine (companion/tables/
    # moveline.py: the start, the moves, undo as its pop, the commits), and reads these from it.
    line: Any

    @property
    def position(self) -> Any:
        return self.line.position

    @property
    def start_position(self) -> Any:
        return self.line.start

    @property
    def moves(self) -> list[str]:
        return list(self.line.moves)

    def drain_commits(self) -> list[Commit]:
        return self.line.drain()

    def drain_said(self) -> list:
        """What the table announces since it was last asked, as Msgs said together as one line
        (maunz.: "Orange: Kätzchen auf c3, stupst d4 nach e5"); the OLED's guidance is said
        anyway (companion/service/speech.py). Only what every player may know."""
        return []

    def on_tag(self, uid: str, text: str | None, now: float) -> bool:
        """A card tapped that may be one of the game's own (a deck's card): True when the table
        took it; the service then resolves nothing else for it."""
        return False

    # Inputs a game may have no use for: ignored unless the table says otherwise.
    def on_scan(self, occupancy: int, now: float) -> None:
        """The bed changed: only a game played on the sensed bed cares."""

    def on_device_event(self, event: DeviceEvent, now: float) -> None:
        """A device reset, went offline or came back."""

    def on_kinds(self, south: int, ambiguous: int, now: float) -> None:
        """A bed that senses kinds (hall-effect) read, for the pieces of the last scan: which
        are south down (maunz.: a cat) and which it cannot tell. Only a sensed-bed game cares."""

    def on_ai_move(self, move) -> None:
        """The AI's answer (only a table whose view asks for one gets it)."""

    def tick(self, now: float) -> None:
        """Timers."""

    def next_deadline(self, now: float) -> float | None:
        """When `tick` next acts (see Table). This default, for a table that has not said, is a
        tick every UNSTATED_TICK seconds: never wrong, but it keeps the loop awake; every table
        of the package names its own timers."""
        return now + UNSTATED_TICK

    def on_chance(self, move, now: float) -> None:
        """The service drew `move` at a chance node and journaled it: played on the line,
        committing nothing. A game without chance never hears it (its positions are never a
        chance node), so a call at a player's turn is the caller's mistake, refused."""
        if self.game.to_move(self.position) != CHANCE:  # type: ignore[attr-defined]
            raise ValueError(f"{self.game.info.name}: no chance move is due here; got {move!r}")  # type: ignore[attr-defined]
        self.line.push(move, commit=False)

    @abstractmethod
    def view(self) -> TableView:
        """What the table shows now (LEDs, OLED screen, phase ...): always the game's own."""

