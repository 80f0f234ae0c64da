"""Every registered game, under every allowed combination of rules options and several player
counts, against the verb set of companion/games/base.py: random play from a fixed seed, with chance
moves drawn by their probabilities, observations for every seat, text round trips, pure `apply`,
consistent outcomes, and exact replays. Nothing here knows a game by name or assumes two players:
a new game is picked up as soon as it registers.
"""
from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import pytest

from companion import games
from companion.games.base import CHANCE, SERVED, GameError, parse_rules, rules_text

MAX_PLIES = 3000       # per game: board games with dice and many seats run long under random play
PLY_BUDGET = 1500      # per case: enough games to reach several endings, cheap enough to run
MAX_COMBOS = 16        # rules combinations per game before we fall back to singles + maximal sets


def allowed_rules(info) -> list[frozenset[str]]:
    """Rules combinations `exclusive_options` allows: all of them when few, else the rulebook,
    each option alone and each maximal combination."""
    def ok(combo):
        return all(len(set(combo) & set(group)) <= 1 for group in info.exclusive_options)

    opts = info.rules_options
    every = [frozenset(c) for n in range(len(opts) + 1) for c in itertools.combinations(opts, n)
             if ok(c)]
    if len(every) <= MAX_COMBOS:
        return every
    maximal = [c for c in every if not any(c < d for d in every)]
    return sorted({frozenset(), *(frozenset([o]) for o in opts), *maximal}, key=sorted)


def player_counts(info) -> list[int]:
    return sorted({info.min_players, min(info.min_players + 1, info.max_players), info.max_players})


CASES = [pytest.param(info.name, combo, n, id=f"{info.name}-{rules_text(combo) or 'rulebook'}-{n}p")
         for info in games.infos() for combo in allowed_rules(info) for n in player_counts(info)]


def pick(game, position, rng: random.Random):
    """A move for the position: a seat's move uniformly, a chance move by its probability."""
    moves = list(game.legal_moves(position))
    if game.to_move(position) != CHANCE:
        return rng.choice(moves)
    outcomes = game.chance_outcomes(position)
    probs = [p for _, p in outcomes]
    assert all(p > 0 for p in probs), "every chance outcome has a positive probability"
    total = sum(Fraction(p) if isinstance(p, (int, Fraction)) else p for p in probs)
    assert math.isclose(float(total), 1.0, abs_tol=1e-12), f"chance probabilities sum to {total}"
    assert sorted(map(repr, (m for m, _ in outcomes))) == sorted(map(repr, moves)), \
        "chance_outcomes lists exactly the legal chance moves"
    return rng.choices([m for m, _ in outcomes], weights=[float(p) for p in probs])[0]


def check_position(game, pos, seats: int) -> None:
    text = game.format_position(pos)
    assert isinstance(text, str) and text
    again = game.parse_position(text)
    assert again == pos and hash(again) == hash(pos), f"position {text!r} does not round-trip"
    assert game.format_position(again) == text
    assert game.seats(pos) == seats, f"seats() is {game.seats(pos)}, the game was made for {seats}"
    mover = game.to_move(pos)
    assert mover == CHANCE or 0 <= mover < seats, f"to_move {mover} is not a seat of {seats}"
    for seat in (None, *range(seats)):
        view = game.observation(pos, seat)
        assert isinstance(view, str), f"observation for seat {seat} is {type(view).__name__}"


def check_outcome(outcome, seats: int) -> None:
    assert isinstance(outcome.reason, str)
    if outcome.winner is not None:
        assert 0 <= outcome.winner < seats, f"winner {outcome.winner} is not one of {seats} seats"
        assert not outcome.draw
    if outcome.ranking:
        ranked = sorted(seat for group in outcome.ranking for seat in group)
        assert ranked == list(range(seats)), f"ranking {outcome.ranking} does not cover the seats"
        if outcome.winner is not None:
            assert outcome.ranking[0] == (outcome.winner,)
    assert outcome.winner is not None or outcome.ranking, "an outcome names a winner or ranks"


def play(game, rng: random.Random, seats: int) -> tuple[list[str], object, int]:
    """One random game: (move texts, last position, plies)."""
    pos = game.initial_position()
    texts = []
    for _ in range(MAX_PLIES):
        check_position(game, pos, seats)
        moves = game.legal_moves(pos)
        outcome = game.outcome(pos)
        if outcome is not None:
            assert list(moves) == [], "a finished game has no legal moves"
            check_outcome(outcome, seats)
            assert game.outcome(pos) == outcome
            break
        assert moves, "a game that is not over has a legal move"
        move = pick(game, pos, rng)
        mtext = game.format_move(pos, move)
        assert isinstance(mtext, str) and mtext
        assert game.parse_move(pos, mtext) == move, f"move {mtext!r} does not round-trip"
        before = game.format_position(pos)
        after = game.apply(pos, move)
        assert game.format_position(pos) == before, "apply changed its input"
        texts.append(mtext)
        pos = after
    return texts, pos, len(texts)


@pytest.mark.parametrize("name,rules,players", CASES)
def test_random_play_conformance(name, rules, players):
    game = games.get(name, rules=",".join(sorted(rules)) or None, players=players)
    assert game.rules_set == rules and game.rules == rules_text(rules)
    rng = random.Random(f"conformance|{name}|{game.rules}|{players}")  # str seeds are stable
    plies = finished = 0
    while plies < PLY_BUDGET:
        texts, last, n = play(game, rng, players)
        plies += max(n, 1)
        finished += game.outcome(last) is not None
        # The moves as text replay to the same position: what the journal relies on.
        fresh = games.get(name, rules=rules, players=players)
        pos = fresh.initial_position()
        for text in texts:
            pos = fresh.apply(pos, fresh.parse_move(pos, text))
        assert fresh.format_position(pos) == game.format_position(last)
    assert finished, f"no random game of {name} ended within {MAX_PLIES} plies"


@pytest.mark.parametrize("name", games.names())
def test_info_and_registry(name):
    info = games.info(name)
    assert info.served in SERVED and info.title and info.name == name
    assert info.players == (str(info.min_players) if info.min_players == info.max_players
                            else f"{info.min_players}-{info.max_players}")
    for alias in info.aliases:
        assert games.info(alias) is info
    for n in (info.min_players - 1, info.max_players + 1):
        with pytest.raises(GameError, match=f"{name} is for {info.players} players, not {n}"):
            games.get(name, players=n)
    with pytest.raises(GameError, match=f"unknown rules option 'no-such-option' for {name}"):
        games.get(name, rules="no-such-option")
    for group in info.exclusive_options:
        for a, b in itertools.combinations(group, 2):
            with pytest.raises(GameError, match="cannot be combined"):
                games.get(name, rules=f"{a},{b}")
    assert parse_rules(info, " , ".join(info.rules_options[:1])) == frozenset(info.rules_options[:1])
    # its declared parameters: made with each value by name, reported back as made (a record's
    # header and the AI worker make the same game from them), the default when not given
    assert games.get(name).parameters == {p.name: p.default for p in info.parameters}
    for p in info.parameters:
        assert len(set(p.values)) == len(p.values) and p.doc
        for value in p.values:
            game = games.get(name, **{p.name: value})
            assert game.parameters[p.name] == value
            check_position(game, game.initial_position(), info.min_players)


@pytest.mark.parametrize("name", games.names())
def test_bad_text_is_a_game_error(name):
    game = games.get(name)
    pos = game.initial_position()
    for text in ("", "not a position at all", "\x00"):
        with pytest.raises(GameError):
            game.parse_position(text)
    for text in ("", "zz99 not a move", "\x00"):
        with pytest.raises(GameError):
            game.parse_move(pos, text)
    assert game.format_position(pos) == game.format_position(game.initial_position())


def test_registry_knows_maunz_by_name_and_alias():
    assert "maunz" in games.names()
    assert games.get("boop").info.name == "maunz" and games.get("maunz.").info.players == "2"
    with pytest.raises(games.GameError, match="unknown game 'chess'"):
        games.get("chess")
    with pytest.raises(games.GameError, match="unknown rules option 'x' for maunz"):
        games.get("maunz", rules="x")
    with pytest.raises(games.GameError, match="rules options kids and opponent-cats-win of maunz cannot be combined"):
        games.get("maunz", rules="kids,opponent-cats-win")
    assert games.get("maunz", rules="kids").rules == "kids"
    assert games.get("maunz").rules is None and games.get("maunz").rules_set == frozenset()


# The harness itself, on a toy game with what maunz lacks: three seats, weighted dice, a ranking.
class _DiceRace(games.Game):
    """Each turn a weighted d3 is rolled (chance); the seat then takes it or passes. First to 5
    wins; everybody is ranked by score. Position: (scores, seat to move, roll or 0)."""

    info = games.GameInfo("dice-race", "Dice race", (), 2, 4, served="scorekeeper")
    WEIGHTS = {1: Fraction(1, 2), 2: Fraction(1, 3), 3: Fraction(1, 6)}

    def __init__(self, players=3, weights=None):
        self.n = players
        self.weights = weights or self.WEIGHTS

    def seats(self, position):
        return len(position[0])

    def initial_position(self):
        return ((0,) * self.n, 0, 0)

    def to_move(self, position):
        return CHANCE if position[2] == 0 else position[1]

    def legal_moves(self, position):
        if self.outcome(position) is not None:
            return []
        return list(self.weights) if position[2] == 0 else ["take", "pass"]

    def chance_outcomes(self, position):
        return list(self.weights.items())

    def apply(self, position, move):
        scores, seat, roll = position
        if move not in self.legal_moves(position):
            raise games.IllegalMoveError(f"illegal move {move!r} in {self.format_position(position)!r}")
        if roll == 0:
            return (scores, seat, move)
        gain = roll if move == "take" else 0
        scores = scores[:seat] + (scores[seat] + gain,) + scores[seat + 1:]
        return (scores, (seat + 1) % len(scores), 0)

    def outcome(self, position):
        scores = position[0]
        if max(scores) < 5:
            return None
        order = sorted(set(scores), reverse=True)
        ranking = tuple(tuple(s for s in range(len(scores)) if scores[s] == v) for v in order)
        return games.Outcome(ranking[0][0], "reached 5", ranking)

    def format_position(self, position):
        return f"{','.join(map(str, position[0]))};{position[1]};{position[2]}"

    def parse_position(self, text):
        try:
            scores, seat, roll = text.split(";")
            return (tuple(int(s) for s in scores.split(",")), int(seat), int(roll))
        except ValueError:
            raise games.NotationError(f"invalid position {text!r}: use scores;seat;roll") from None

    def format_move(self, position, move):
        return str(move)

    def parse_move(self, position, text):
        move = int(text) if text.isdigit() else text
        if move not in self.legal_moves(position):
            raise games.NotationError(f"invalid move {text!r} in {self.format_position(position)!r}")
        return move


def test_harness_plays_chance_and_three_seats():
    game, rng = _DiceRace(players=3), random.Random("dice-race")
    rolls = []
    for _ in range(40):
        texts, last, _ = play(game, rng, 3)
        assert game.outcome(last) is not None
        rolls += [int(t) for t in texts if t.isdigit()]
    assert set(rolls) == {1, 2, 3} and rolls.count(1) > rolls.count(3)  # drawn by weight


def test_harness_catches_a_broken_game():
    broken = _DiceRace(players=3, weights={1: Fraction(1, 2), 2: Fraction(1, 3)})  # sums to 5/6
    with pytest.raises(AssertionError, match="chance probabilities sum to 5/6"):
        play(broken, random.Random(1), 3)
    with pytest.raises(AssertionError, match="seats.. is 3, the game was made for 2"):
        play(_DiceRace(players=3), random.Random(1), 2)
