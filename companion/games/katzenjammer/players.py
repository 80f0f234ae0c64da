"""Computer players for empty seats: random, greedy one-ply, and expectimax over the dice at two
levels. Pure: the dice and tie-breaks come from the injected `rng` (random.Random in tests,
secrets.SystemRandom on the table); a player never rolls, it only chooses a turn for a rolled
position.

The evaluation counts progress: a piece is worth 10 plus the fields it has travelled from its
Start on the ring, more in the stall, and nothing in the nest; a full stall wins. A position is
worth the mover's total minus the strongest opponent's.
"""
from __future__ import annotations

from collections import Counter
from itertools import product

from companion.games.katzenjammer import engine
from companion.games.katzenjammer.board import DIE_FACES, RING, START, stall_base, stall_full
from companion.games.katzenjammer.engine import Position

WIN = 100_000.0


def _progress(board: bytes, colour: int) -> float:
    if stall_full(board, colour):
        return WIN
    total = 0.0
    start = START[colour]
    for i in range(RING):
        v = board[i]
        if v and (v - 1) & 3 == colour:
            total += 10 + (i - start) % RING
    base = stall_base(colour)
    for i in range(4):
        if board[base + i]:
            total += 56 + 2 * i  # deeper is better: it leaves room for the next one
    return total


def _exposure(board: bytes, colour: int) -> float:
    """How much of the colour's progress stands where a foreign piece 1-9 fields behind could
    land on it next turn (a rough risk: each such attacker counts once per piece)."""
    risk = 0.0
    start = START[colour]
    for i in range(RING):
        v = board[i]
        if not v or (v - 1) & 3 != colour or v >= 5:
            continue
        for d in range(1, 10):
            w = board[(i - d) % RING]
            if w and (w - 1) & 3 != colour:
                risk += (10 + (i - start) % RING) * 0.15
                break
    return risk


def evaluate_safe(board: bytes, colour: int, colours) -> float:
    """`evaluate` less the exposure of the colour's pieces: what the expectimax players use."""
    value = evaluate(board, colour, colours)
    return value if value >= WIN else value - _exposure(board, colour)


def evaluate(board: bytes, colour: int, colours) -> float:
    mine = _progress(board, colour)
    if mine >= WIN:
        return WIN
    best_other = max(_progress(board, c) for c in colours if c != colour)
    return mine - best_other


def _roll_classes() -> list[tuple[tuple[int, int, int], float]]:
    # What a roll allows depends only on its values, not on which die shows them, and with a
    # pair only on the pair: 216 rolls fall into far fewer classes.
    counts: Counter = Counter()
    example = {}
    for dice in product(*DIE_FACES):
        v = engine.pair_value(dice)
        key = ("pair", v) if v is not None else tuple(sorted(dice))
        counts[key] += 1
        example.setdefault(key, dice)
    return [(example[key], n / 216) for key, n in sorted(counts.items(), key=str)]


ROLL_CLASSES = _roll_classes()


class RandomPlayer:
    name = "random"

    def choose(self, pos: Position, rng, two_dice: bool = False):
        return rng.choice(engine.turn_moves(pos, two_dice))[0]


class GreedyPlayer:
    """One ply: the turn whose position evaluates best for the mover."""
    name = "greedy"

    def choose(self, pos: Position, rng, two_dice: bool = False):
        scored = [(evaluate(b, pos.to_move, pos.colours), rng.random(), m)
                  for m, b in engine.turn_moves(pos, two_dice)]
        return max(scored)[2]


class ExpectimaxPlayer:
    """Max over its own turns, expectation over the next player's roll, that player's greedy
    reply, then the evaluation. Level 1 samples `samples` rolls for the best `width` turns;
    level 2 weighs every distinct roll exactly for a wider choice of turns."""

    def __init__(self, level: int = 2):
        self.level = level
        self.name = f"expectimax{level}"
        self.width, self.samples = (4, 10) if level == 1 else (8, None)
        self.evaluate = evaluate_safe

    def choose(self, pos: Position, rng, two_dice: bool = False):
        me, colours = pos.to_move, pos.colours
        turns = engine.turn_moves(pos, two_dice)
        if len(turns) == 1:
            return turns[0][0]
        seen: dict[bytes, object] = {}
        for move, b in turns:
            seen.setdefault(b, move)
        ranked = sorted(seen, key=lambda b: self.evaluate(b, me, colours), reverse=True)
        if self.samples is None:
            rolls = ROLL_CLASSES
        else:
            picks = rng.choices([d for d, _ in ROLL_CLASSES], [w for _, w in ROLL_CLASSES],
                                k=self.samples)
            rolls = [(d, 1 / self.samples) for d in picks]
        best, best_value = ranked[0], None
        for board in ranked[:self.width]:
            if stall_full(board, me):
                return seen[board]
            value = self.value(pos, board, rolls, two_dice)
            if best_value is None or value > best_value:
                best, best_value = board, value
        return seen[best]

    def value(self, pos: Position, board: bytes, rolls=ROLL_CLASSES, two_dice: bool = False) -> float:
        """What the board after a turn of the mover is worth to it: the expectation over the next
        player's roll of that player's greedy reply (the review compares turns by it)."""
        me, colours = pos.to_move, pos.colours
        if stall_full(board, me):
            return WIN
        nxt = engine.next_colour(colours, me)
        value = 0.0
        for dice, weight in rolls:
            reply = engine.turn_boards(Position(colours, board, nxt, dice), two_dice)
            worst = max(reply, key=lambda b: evaluate(b, nxt, colours))
            value += weight * self.evaluate(worst, me, colours)
        return value


PLAYERS = {"random": RandomPlayer, "greedy": GreedyPlayer,
           "expectimax1": lambda: ExpectimaxPlayer(1), "expectimax2": lambda: ExpectimaxPlayer(2)}


def player_by_name(name: str):
    if name not in PLAYERS:
        raise ValueError(f"unknown Katzenjammer player {name!r}; use {', '.join(PLAYERS)}")
    return PLAYERS[name]()


def play_game(players: dict[int, object], rng, colours=(0, 2), two_dice: bool = False,
              max_turns: int = 2000, on_turn=None) -> tuple[int | None, int]:
    """A whole game between players by colour, the dice from `rng`: (winning colour or None when
    `max_turns` ran out, number of turns)."""
    pos = Position(tuple(colours), bytes(56), colours[0], None)
    for turn in range(max_turns):
        dice = tuple(rng.choice(f) for f in DIE_FACES)
        pos = pos._replace(dice=dice)
        move = players[pos.to_move].choose(pos, rng, two_dice)
        if on_turn is not None:
            on_turn(pos, move)
        pos = engine.play(pos, move, two_dice)
        if engine.game_over(pos):
            mover = colours[colours.index(pos.to_move) - 1]
            return engine.winner_among(pos.colours, pos.board, mover), turn + 1
    return None, max_turns
