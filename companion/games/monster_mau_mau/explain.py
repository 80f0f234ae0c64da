"""Why a Monster Mau Mau event did what it did, or was refused (issue 36), as the engine judged
it: the refusal's rule (engine.refusal: colour, number, the +3 stack, the wish in force ...) and,
for an event played, its step (engine.step: cards drawn, a forgotten Mau!, a reshuffle) and the
card's effect. Values are plain data: seats 0-based, cards as tokens, a wish as its pattern
letter. Everything here is public: the companion never sees a hand. Pure."""
from __future__ import annotations

from companion.games.monster_mau_mau import engine
from companion.games.monster_mau_mau.cards import is_action, is_number, is_wild, rank
from companion.games.monster_mau_mau.engine import (DRAWN, FIRST_ACTION, OVER, PENALTY, Event,
                                                    Position)
from companion.games.reason import Reason, reason

#: Every reason a Monster Mau Mau event can be explained by: its refusals (`refused.<key>`,
#: engine.REFUSALS) and what an event played did.
REASONS = tuple(f"refused.{key}" for key in engine.REFUSALS) + (
    "up_number",     # the first card is a number: play begins
    "up_covered",    # an action or wild card turned up first is covered (F1)
    "up_action",     # under first-action, its effect applies
    "fits_pattern", "fits_rank", "fits_wish",
    "wild",          # a wild card fits on anything; its wish
    "skip", "reverse", "reverse_two",
    "penalty_next",  # +3 / +4: the next player must draw (no stacking: F4)
    "mau_penalty",   # the Mau! was forgotten: one card (F5)
    "won",
    "drew",          # one card drawn: play it if it fits, else pass
    "drew_penalty",  # the penalty drawn
    "turn_ends",     # after a penalty the turn ends (F3)
    "plus3_play",    # under plus3-play the player may still play after a +3
    "reshuffled",    # the discards but the top card became the draw pile (F6)
    "nothing_drawn",  # no card left to draw: the turn passes
    "passed",
    "mau",
)


def explain(pos: Position, event: Event, rules: frozenset[str] = frozenset()) -> tuple[Reason, ...]:
    """Why `event` at `pos` was refused, or what it did."""
    refused = engine.refusal(pos, event, rules)
    if refused is not None:
        return (refusal_reason(refused, pos),)
    step = engine.step(pos, event, rules)
    after, seat = step.position, pos.turn
    if event.kind == "up":
        card = event.card
        if is_number(card):
            return (reason("up_number", face=card),)
        if is_action(card) and FIRST_ACTION in rules:
            return (reason("up_action", face=card, seat=after.turn),)
        return (reason("up_covered", face=card),)
    if event.kind == "mau":
        return (reason("mau", seat=seat),)
    if event.kind == "pass":
        return (reason("passed", seat=seat),)
    out = []
    if event.kind == "draw":
        if pos.phase == PENALTY:
            out.append(reason("drew_penalty", seat=seat, n=step.drawn))
            out.append(reason("plus3_play", seat=seat) if after.phase == DRAWN else reason("turn_ends", seat=seat))
        elif step.drawn:
            out.append(reason("drew", seat=seat))
        else:
            out.append(reason("nothing_drawn", seat=seat))
        if step.reshuffled:
            out.insert(0, reason("reshuffled"))
        return tuple(out)
    card, top = event.card, pos.top
    if is_wild(card):
        out.append(reason("wild", face=card, wish=event.wish))
    elif is_wild(top):
        out.append(reason("fits_wish", face=card, top=top, wish=pos.wish))
    elif card[0] == top[0]:
        out.append(reason("fits_pattern", face=card, top=top, pattern=card[0]))
    else:
        out.append(reason("fits_rank", face=card, top=top, rank=rank(card)))
    if after.phase == OVER:
        return tuple(out) + (reason("won", seat=seat),)
    if step.mau_penalty:
        out.append(reason("mau_penalty", seat=seat))
    if step.reshuffled:
        out.append(reason("reshuffled"))
    symbol = rank(card)
    skipped = engine.next_seat(pos, seat, after.direction)
    if symbol == "A":
        out.append(reason("skip", seat=skipped))
    elif symbol == "R":
        out.append(reason("reverse_two", seat=skipped) if pos.players == 2 else reason("reverse"))
    if after.phase == PENALTY:
        out.append(reason("penalty_next", seat=after.turn, n=after.pending, face=card))
    return tuple(out)


def refusal_reason(refused, pos: Position) -> Reason:
    """An engine refusal as a reason (its key and values, the seat to act among them)."""
    return reason(f"refused.{refused.key}", **{"seat": pos.turn + 1, **refused.values})



