"""A conformance test run against every registered table (issue "One table framework", 8), as
tests/test_games_conformance.py is for every engine: a seeded stream of every input the service
can give (buttons, every card the table takes, bed scans, the AI's answers, the service's chance
draws) in whatever phase the table is in, and after every step:

- the table is a `Table` by `isinstance` (TableBase answers every verb but its view);
- nothing raises; every commit is of a known kind and its position text parses;
- the view is a value of the protocol's types, its moves are the table's, and the moves replay
  through the engine from the start position to the table's position (what the journal relies
  on);
- a table made again from its start and moves (the service resuming after a power loss) shows
  the same position, moves and phase;
- while the table speaks English, no German letter on the OLED's caption.

Then undo (BACK held, the undo card) takes the table back towards its start: it never raises and
never leaves moves that do not replay.
"""
from __future__ import annotations

import random

import pytest

import companion.games as games
from companion import tables
from companion.games.base import CHANCE
from companion.tables.protocol import BUTTONS, COMMIT_KINDS, PRESSES, Table, TableBase, TableView

STEPS = 400
GERMAN = set("äöüÄÖÜß")


def _mmm_card(rng: random.Random) -> str:
    from companion.games.monster_mau_mau.deck import card_text, printed_order

    return card_text(rng.choice(printed_order()).face)


#: a card of the game's own deck, as its sticker's text (every table with `own_deck` has one)
DECK_CARD = {"monster-mau-mau": _mmm_card}


def _bed(game, pos) -> int:
    """The bed as the game stands: its pieces' squares (the engine's bed declaration)."""
    return sum(1 << sq for sq in game.bed_pieces(pos))


def _replays(game, table) -> None:
    pos = table.start_position
    for text in table.moves:
        pos = game.apply(pos, game.parse_move(pos, text))
    assert game.format_position(pos) == game.format_position(table.position), table.moves


def _check(game, t) -> TableView:
    for c in t.drain_commits():
        assert c.kind in COMMIT_KINDS, c
        game.parse_position(c.position)
    v = t.view()
    assert isinstance(v, TableView) and isinstance(v.instruction, str) and isinstance(v.phase, str)
    if game.info.hidden_information:  # the view shows a secret move as the table saw it
        assert len(v.moves) == len(t.moves)
    else:
        assert v.moves == tuple(t.moves)
    assert game.format_position(v.position) == game.format_position(t.position)
    _replays(game, t)
    if t.language == "en":  # (the language card switches it)
        assert not GERMAN & set(v.instruction), v.instruction
    return v


def _input(game, t, v, rng: random.Random, now: float) -> None:
    pos = t.position
    if game.to_move(pos) == CHANCE and game.outcome(pos) is None and not t.observes_chance:
        outcomes = game.chance_outcomes(pos)
        move = rng.choices([m for m, _ in outcomes], [float(p) for _, p in outcomes])[0]
        t.on_chance(move, now)               # the service drew it and journaled it first
        return
    if v.wants_ai or v.wants_hint:
        legal = list(game.legal_moves(pos))
        if legal:
            t.on_ai_move(rng.choice(legal))
            return
    roll = rng.random()
    if t.senses_bed and roll < 0.3:
        _bed_move(game, t, rng, now)
        return
    if t.own_deck and roll < 0.3:
        t.on_tag("04%012x" % rng.getrandbits(48), DECK_CARD[game.info.name](rng), now)
        return
    if roll < 0.75:
        # OK and CAT far more than BACK and the long presses: a game gets played
        name = rng.choices(BUTTONS, [5, 1, 5])[0]
        t.on_button(name, rng.choices(PRESSES, [12, 1])[0], now)
    elif roll < 0.9 and t.card_functions:
        function = rng.choice(t.card_functions)
        t.on_card(function, now, arg=rng.choice([None, "Anna", "Computer"]))
    elif t.senses_bed:                       # a knocked piece, a hand over the bed
        t.on_scan(_bed(game, pos) ^ (1 << rng.randrange(36)), now)
    else:
        t.tick(now)


def _bed_move(game, t, rng: random.Random, now: float) -> None:
    """A person plays a legal move on the bed: the piece put down on the square the move puts
    it on, then the bed as the move leaves it (maunz.: boops carried out), each held past the
    settle time. Drawn from the engine's bed verbs (`bed_pieces`, `placed_square`), so any game
    that declares a bed is driven alike."""
    pos = t.position
    legal = list(game.legal_moves(pos))
    if not legal or game.outcome(pos) is not None or t.view().phase == "correction":
        # (a correction: the person puts the bed back as the game stands)
        t.on_scan(_bed(game, pos), now)
        return
    move = rng.choice(legal)
    t.on_scan(_bed(game, pos) | 1 << game.placed_square(pos, move), now)
    t.tick(now + 0.5)
    t.on_scan(_bed(game, game.apply(pos, move)), now + 0.6)
    t.tick(now + 1.2)


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("name", tables.names())
def test_every_input_in_every_phase(name, language):
    game = games.get(name)
    rng = random.Random(f"tables|{name}|{language}")
    t = tables.make(game, language=language)
    # the one-line promise: every verb of the protocol answered (TableBase's defaults or its own)
    assert isinstance(t, TableBase) and isinstance(t, Table), type(t)
    now = 0.0
    phases = set()
    for _ in range(STEPS):
        v = _check(game, t)
        phases.add(v.phase)
        now += rng.choice([0.05, 0.4, 1.5])
        _input(game, t, v, rng, now)
        t.tick(now)
        if rng.random() < 0.05:
            v = _check(game, t)
            again = tables.make(game, t.start_position, moves=tuple(t.moves), language=t.language)
            assert game.format_position(again.position) == game.format_position(t.position)
            assert tuple(again.moves) == tuple(t.moves)
    _check(game, t)
    assert len(phases) > 1, phases
    # undo towards the start: BACK held, then the undo card, as often as there are moves
    for _ in range(len(t.moves) + 2):
        now += 0.5
        t.on_button("back", "long", now)
        t.tick(now)
        if "undo" in t.card_functions:
            t.on_card("undo", now + 0.1)
        t.tick(now + 0.2)
        _check(game, t)


def test_a_notice_is_worded_when_shown():
    """Found by the test above: Monster Mau Mau's notices were worded when said, so an undo's
    "zurückgenommen" stayed German on the English OLED after the language card."""
    t = tables.make(games.get("monster-mau-mau"), language="de")
    t.on_button("ok", "press", 0.0)                      # players
    t.on_button("ok", "press", 0.1)                      # dealt
    t.on_tag("04aa000000000001", "mmm:s7", 0.2)           # the first card turned up
    t.on_tag("04aa000000000002", "mmm:s8", 0.3)           # seat 1 plays on it
    t.on_card("undo", 0.4)
    assert "zurückgenommen" in t.view().instruction
    t.on_card("language", 0.5)
    assert t.language == "en"
    assert "undone" in t.view().instruction and "zurück" not in t.view().instruction
