"""Why Cat Attack judged an event as it did (issue 36), as the engine judged it: its refusals
(engine._why_not's keys, `REFUSALS`) and, for an event played, the rule it followed and what the
engine announced of it (engine.apply's events: lives lost, a cat retired, cards drawn, a swap
earned, a full larder, the winner). A cat fight is explained card by card (the table gathers the
fight's events from its start): who started it with which kind, each card that matched, and the
verdict. Values are plain data: seats from 0, treats and shops by index, cards as tokens. Pure."""
from __future__ import annotations

from companion.games.cat_attack import engine
from companion.games.cat_attack.state import FIGHT, KINDS, SPECIALS, TREATS, Move, Position
from companion.games.reason import Reason, reason

#: Every key engine._why_not refuses with.
REFUSALS = ("over", "landed", "young", "fight_kind", "self", "retired", "at_home", "no_treat",
            "larder_home", "has_treat", "shop_closed", "dead_special", "not_now")

REASONS = tuple(f"refused.{key}" for key in REFUSALS) + (
    # the event played, by the rule it followed
    "lot", "roll", "move_card", "speedy", "critter", "six", "loot", "time",
    "fight_start", "fight_card", "fight_refill", "fight_lost",
    "catch", "shop", "raid", "burgle", "take", "attack", "trespass", "home", "jam", "curiosity", "done",
    "hits", "stayed", "stayed_burgle", "left",
    # what the engine announced of it
    "life", "sent_home", "retired", "drew", "reshuffled", "swap_card", "win_check", "winner", "draw_game",
)


def explain(pos: Position, move: Move, rules: frozenset[str]) -> tuple[Reason, ...]:
    try:
        after, events = engine.apply(pos, move, rules)
    except engine.Refusal as refused:
        return (reason(f"refused.{refused.key}", **refused.values),)
    return tuple(_move(pos, move, events)) + tuple(_events(events))


def _move(pos: Position, move: Move, events) -> list[Reason]:
    a, k = pos.active, move.kind
    if k == "first":
        return [reason("lot", seat=move.a)]
    if k == "d6":
        return [reason("roll", seat=a, die=move.a)]
    if k == "time":
        return [reason("time")]
    if k == "fight":
        return [reason("fight_start", seat=a, other=move.a, suit=KINDS.index(move.card))]
    if pos.phase == FIGHT:
        attacker, defender, kind = pos.fight
        if k == "none":
            winner = defender if pos.turn == attacker else attacker
            return [reason("fight_lost", seat=pos.turn, other=winner, suit=KINDS.index(kind))]
        out = [reason("fight_card", seat=pos.turn, suit=KINDS.index(kind), token=move.card)]
        if any(name == "draw" for name, _ in events):
            out.append(reason("fight_refill"))
        return out
    if k == "six":
        return [reason("six", seat=a, other=move.a, treat=move.b)]
    if k == "loot":
        return [reason("loot", seat=a, other=move.a, treat=move.b)]
    if k == "card":
        card = move.card
        if card == "SPEEDY":
            return [reason("speedy", seat=a)]
        if card not in SPECIALS and card[0] in "MB":
            return [reason("critter", seat=a, token=card)]
        return [reason("move_card", seat=a, token=card)]
    if k in ("catch", "shop"):
        return [reason(k, seat=a, treat=move.b)]
    if k in ("raid", "burgle"):
        if move.a is None:   # taken where nobody's larder is named (a retired cat's, a shop's)
            return [reason("take", seat=a, treat=move.b)]
        return [reason(k, seat=a, other=move.a, treat=move.b)]
    if k in ("attack", "trespass"):
        return [reason(k, seat=a, other=move.a)]
    if k == "jam":
        return [reason("jam", seat=a, n=move.a)]
    if k == "hit":
        return [reason("hits", n=bin(move.a).count("1"))]
    if k == "stayed" and not pos.raided:   # stayed after the Cat Burglar card, not a raid
        return [reason("stayed_burgle", seat=a, n=1)]
    if k in ("stayed", "left"):
        return [reason(k, seat=a, n=2 if pos.raided else 1)]
    if k in ("home", "done"):
        return [reason(k, seat=a)]
    return [reason("curiosity", seat=a)]


def _events(events) -> list[Reason]:
    out = []
    for name, value in events:
        if name == "life":
            seat, lost, left = value
            out.append(reason("life", seat=seat, n=lost, left=left))
        elif name == "home":   # a life lost, not the last: the rulebook's "muss ab nach Hause"
            out.append(reason("sent_home", seat=value))
        elif name == "retired":
            out.append(reason("retired", seat=value))
        elif name == "draw" and value[1]:
            out.append(reason("drew", seat=value[0], n=value[1]))
        elif name == "reshuffle":
            out.append(reason("reshuffled"))
        elif name == "swap_card":
            out.append(reason("swap_card", seat=value[0], other=value[1]))
        elif name == "win_check":
            out.append(reason("win_check", seat=value, n=len(TREATS)))
        elif name == "winner":
            out.append(reason("winner", seat=value))
        elif name == "draw_game":
            out.append(reason("draw_game"))
    return out
