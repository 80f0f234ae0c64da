"""A simple heuristic player for the laptop's virtual table: it sees only its own hand and the
public position, as a person at the table does.

- A penalty is drawn (there is nothing else to do); "Mau!" is called before the second-to-last
  card is played.
- It plays a fitting card when it has one, and draws otherwise; after drawing it plays the card
  drawn if it fits, else passes.
- Against the leader (the opponent with the fewest cards) it prefers the card that hurts the next
  player when that player is the leader (+4, +3, skip; a reverse turns play away from them), and
  keeps its wild cards while a plain card fits.
- A wild card wishes the pattern it holds most of.
"""
from __future__ import annotations

from collections import Counter

from companion.games.monster_mau_mau import engine
from companion.games.monster_mau_mau.cards import PATTERNS, is_wild, rank
from companion.games.monster_mau_mau.engine import DRAW, MAU, PASS, Event, Position


def wish_for(hand: list[str], played: str) -> str:
    """The pattern held most (ties: the order s, p, z, g), leaving out the card played."""
    rest = list(hand)
    if played in rest:
        rest.remove(played)
    held = Counter(c[0] for c in rest if not is_wild(c))
    return max(PATTERNS, key=lambda p: (held[p], -PATTERNS.index(p)))


def choose(position: Position, hand: list[str], playable: list[str]) -> Event:
    """The bot's event for the seat to act. `playable`: the cards of `hand` it may play now."""
    if position.phase == engine.PENALTY:
        return DRAW
    if not playable:
        return DRAW if position.phase == engine.PLAY else PASS
    if len(hand) == 2 and not position.mau:
        return MAU
    card = max(playable, key=lambda c: _score(position, hand, c))
    return Event("play", card, wish_for(hand, card) if is_wild(card) else None)


def _score(pos: Position, hand: list[str], card: str) -> tuple:
    seat, n = pos.turn, pos.players
    nxt = (seat + pos.direction) % n
    prev = (seat - pos.direction) % n
    others = [s for s in range(n) if s != seat]
    leader = min(others, key=lambda s: (pos.hands[s], s))
    symbol = rank(card)
    attack = 0
    if nxt == leader:
        attack = {"+4": 4, "+3": 3, "A": 2}.get(symbol, 0)
        if symbol == "R" and (n == 2 or prev != leader):
            attack = 1
    held = Counter(c[0] for c in hand if not is_wild(c))
    # keep wild cards for when nothing else fits; among plain cards play from the longest suit
    # so the hand stays flexible, and actions before numbers only when they hurt the leader
    return (attack, not is_wild(card), held.get(card[0], 0), card)
