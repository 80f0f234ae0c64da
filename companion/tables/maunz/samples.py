"""maunz.'s sample screens (one per kind and instruction style it shows), for `companion screens`
and the golden tests (gathered by companion/tables/samples.py)."""
from __future__ import annotations

from companion.tables.maunz import phrases as words
from companion.tables.maunz import review as _review  # noqa: F401  (registers its phrases)
from companion.tables.maunz.screens import SEATS as _SEATS
from companion.ui.screens import Pool, Screen, msg

_POOLS = (Pool(5, 1, 6, 1, label="O"), Pool(7, 0, 8, 0, label="G"))

SAMPLES = {
    "await_placement": Screen("await_placement", 0, _POOLS, seats=_SEATS, lines=(msg("place"),)),
    "await_named": Screen("await_placement", 1, _POOLS, seats=_SEATS, names=("Anna", "Jörg"),
                          lines=(msg("place_kitten"),)),
    "ai_thinking": Screen("await_placement", 1, _POOLS, seats=_SEATS, lines=(msg("ai_thinking"),)),
    "ai_move": Screen("await_placement", 1, _POOLS, seats=_SEATS,
                      lines=(msg("ai_move", kind=words.kind("c"), square="d4"),
                             msg("then_lift", squares="b2 c3 d4"))),
    "ask_kind": Screen("ask_kind", 0, _POOLS, seats=_SEATS,
                       lines=(msg("ask_kind", square="c3"), msg("ask_keys"))),
    "boops": Screen("boops", 1, _POOLS, seats=_SEATS,
                    lines=(msg("boop", src="c4", dst="c5"), msg("boop_off", src="b3"))),
    "choose": Screen("choose", 0, _POOLS, seats=_SEATS,
                     lines=(msg("choose_line"), msg("grad_rule"))),
    "lift": Screen("choose", 0, _POOLS, seats=_SEATS,
                   lines=(msg("lift", squares="b2 c3 d4"), msg("to_box", n=3),
                          msg("cats_in", n=3))),
    "not_option": Screen("choose", 0, _POOLS, seats=_SEATS,
                         lines=(msg("not_option", square="e5"), msg("choose_line"))),
    "correction_put_back": Screen("correction", 1, _POOLS, seats=_SEATS,
                                  lines=(msg("put_back", piece=words.piece("g"), square="c4"),)),
    "correction_move": Screen("correction", 1, _POOLS, seats=_SEATS,
                              lines=(msg("carry", piece=words.piece("g"), src="e5", dst="c4"),
                                     msg("more", n=2))),
    "correction_take_off": Screen("correction", 0, _POOLS, seats=_SEATS,
                                  lines=(msg("take_off", square="e5"),)),
    "undo": Screen("correction", 1, _POOLS, seats=_SEATS, title=msg("head.undo"),
                   lines=(msg("off_to_pool", piece=words.piece("g"), square="e4"), msg("more", n=1))),
    "undo_from_pool": Screen("correction", 1, _POOLS, seats=_SEATS, title=msg("head.undo"),
                             lines=(msg("on_from_pool", piece=words.piece("o"), square="f4"),)),
    "won": Screen("won", None, _POOLS, seats=_SEATS, winner=0, lines=(msg("won"), msg("new_game_keys"))),
    "won_named": Screen("won", None, _POOLS, seats=_SEATS, names=("Anna", "Jörg"), winner=1,
                        lines=(msg("won_all"), msg("new_game_keys"))),
    "paused": Screen("paused", 0, _POOLS, seats=_SEATS, lines=(msg("paused"),)),
    "confirm_new_game": Screen("confirm_new_game", 0, _POOLS, seats=_SEATS,
                               lines=(msg("confirm_keys"), msg("confirm_card"))),
    # "why?" (issue 36): the rulebook's fig. 2, explained (tables/maunz/why.py words it)
    "why": Screen("why", title=msg("why.head"), lines=(
        msg("why.maunz.placed", colour=words.colour(0), kind=words.kind("k"), square="b2"),
        msg("why.maunz.boop", src="b3", piece=words.piece("g"), way=msg("why.maunz.way.n"), dst="b4"),
        msg("why.maunz.blocked", src="c3", piece=words.piece("g"), dst="d4"))),
    # the review after a game (issue 36): a step of it (tables/maunz/review.py words it)
    "review": Screen("review", title=msg("review.head", n=12, of=40), lines=(
        msg("review.move", colour=words.colour(1), kind=words.kind("k"), square="c3"),
        msg("review.mistake", loss=3.5),
        msg("review.better", move=msg("review.move", colour=words.colour(1), kind=words.kind("c"),
                                      square="d4")),
        msg("review.keys"))),
}
