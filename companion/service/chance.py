"""Chance at the table: dice, shuffles and deals are drawn by the service, never by an engine or
a table. At a chance node (`game.to_move(position) == CHANCE`) the service draws one outcome
from `game.chance_outcomes(position)` with its random source — `secrets.SystemRandom()` at the
table, a seeded `random.Random` in tests — records it, journals it as a move, and only then
hands it to the table (`table.on_chance`), so a power loss never re-rolls and a replay replays
the same draws (the recording's "chance" events)."""
from __future__ import annotations

from fractions import Fraction
from math import lcm

from companion.tables.protocol import Commit

#: Chance nodes in a row the service resolves in one loop iteration (a deal of many cards is
#: many chance moves); more is a game that never leaves chance, and the rest waits a step.
MAX_DRAWS = 64


def default_source():
    # Imported when the first die is rolled: secrets loads OpenSSL (~1 MB), which a game
    # without chance (maunz) never needs.
    import secrets

    return secrets.SystemRandom()


def draw(outcomes: list[tuple[object, Fraction]], rng):
    """One outcome, with exactly its probability: the probabilities as integer weights over
    their common denominator, and one uniform integer below their sum."""
    if not outcomes:
        raise ValueError("a chance node without outcomes")
    probs = [Fraction(p) for _, p in outcomes]
    if any(p < 0 for p in probs) or sum(probs) != 1:
        raise ValueError(f"chance probabilities {', '.join(map(str, probs))} do not add up to 1")
    denominator = lcm(*(p.denominator for p in probs))
    weights = [int(p * denominator) for p in probs]
    pick = rng.randrange(sum(weights))
    for (move, _), w in zip(outcomes, weights):
        if pick < w:
            return move
        pick -= w
    raise AssertionError("unreachable: the weights add up to their sum")  # pragma: no cover


class ChanceDraws:
    """The service's chance collaborator: draws from `source` (None: `default_source()`, made at
    the first draw), or in a replay (`replay`) takes the recorded draws in the order they came.
    It journals each draw through the service's pending commits before the table hears of it."""

    def __init__(self, service, source=None, replay: bool = False) -> None:
        self.service = service
        self.source = source
        self.replay = replay
        self._feed: list[str] = []  # recorded draws waiting for their chance node (replay)
        self._now = 0.0

    def draw(self, now: float) -> bool | None:
        """Resolve the chance nodes the table stands at (dice, a shuffle, a deal). True when a
        draw was made; None when one could not be journaled yet (storage: kept, retried)."""
        from companion.games.base import CHANCE

        service, game = self.service, self.service.game
        drew = False
        if service.table.observes_chance:
            # a card turned up and tapped at the table (Monster Mau Mau): the deck decided, the
            # table saw it; the service draws nothing
            return drew
        for _ in range(MAX_DRAWS):
            pos = service.table.position
            if game.to_move(pos) != CHANCE or game.outcome(pos) is not None:
                break
            if service.switching.awaits_seats():   # how many play comes first (switching.py)
                break
            if self.replay:
                if not self._feed:
                    break
                text = self._feed.pop(0)
            else:
                if self.source is None:
                    self.source = default_source()
                text = game.format_move(pos, draw(game.chance_outcomes(pos), self.source))
            service.record(now, "chance", move=text)
            self._now = now
            if not service.pending.flush(now, [Commit("chance", text, "")]):
                return None  # kept and retried; the table hears of it once it is durable
            drew = True
        return drew

    def journal(self, c) -> None:
        """Journal a draw, then hand it to the table (PendingCommits retries this whole step)."""
        service = self.service
        service.journal.apply_commit("move", c.move, "")  # durable before anybody sees it
        service.table.on_chance(service.game.parse_move(service.table.position, c.move), self._now)

    def answer(self, text: str, now: float) -> None:
        """A recorded draw (replay): taken where the service would have drawn it."""
        self._feed.append(text)
