"""One representative Screen per kind (and per instruction style), for `companion screens` and
the golden tests."""
from __future__ import annotations

from companion.ui.screens import Pool, Screen, msg

_POOLS = (Pool(5, 1, 6, 1, label="O"), Pool(7, 0, 8, 0, label="G"))
#: the seats of a game on the bed, as its table words them (maunz.: its bed's seat words)
_SEATS = (msg("colour.0"), msg("colour.1"))

#: Katzenjammer's chooser options as its table words them (tables/katzenjammer/chooser.py): the
#: phrase kj.opt.steps inside the menu line, worded in the screen's language
_KJ_OPTIONS = tuple(msg("kj.opt.steps", steps=f"+{n}", field=10 + n) for n in (1, 2, 3))


def sample_screens() -> dict[str, Screen]:
    """One Screen per kind as the OLED shows it: keys and values only, worded in a language when
    rendered, so one set of samples serves both."""
    kj = _KJ_OPTIONS
    return {
        "await_placement": Screen("await_placement", 0, _POOLS, seats=_SEATS, lines=(msg("place"),)),
        "await_named": Screen("await_placement", 1, _POOLS, seats=_SEATS, names=("Anna", "Jörg"),
                              lines=(msg("place_kitten"),)),
        "ai_thinking": Screen("await_placement", 1, _POOLS, seats=_SEATS, lines=(msg("ai_thinking"),)),
        "ai_move": Screen("await_placement", 1, _POOLS, seats=_SEATS,
                          lines=(msg("ai_move", kind="c", square="d4"),
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
                                      lines=(msg("put_back", piece="g", square="c4"),)),
        "correction_move": Screen("correction", 1, _POOLS, seats=_SEATS,
                                  lines=(msg("carry", piece="g", src="e5", dst="c4"),
                                         msg("more", n=2))),
        "correction_take_off": Screen("correction", 0, _POOLS, seats=_SEATS,
                                      lines=(msg("take_off", square="e5"),)),
        "undo": Screen("correction", 1, _POOLS, seats=_SEATS, title=msg("head.undo"),
                       lines=(msg("off_to_pool", piece="g", square="e4"), msg("more", n=1))),
        "undo_from_pool": Screen("correction", 1, _POOLS, seats=_SEATS, title=msg("head.undo"),
                                 lines=(msg("on_from_pool", piece="o", square="f4"),)),
        "won": Screen("won", None, _POOLS, seats=_SEATS, winner=0, lines=(msg("won"), msg("new_game_keys"))),
        "won_named": Screen("won", None, _POOLS, seats=_SEATS, names=("Anna", "Jörg"), winner=1,
                            lines=(msg("won_all"), msg("new_game_keys"))),
        "paused": Screen("paused", 0, _POOLS, seats=_SEATS, lines=(msg("paused"),)),
        "confirm_new_game": Screen("confirm_new_game", 0, _POOLS, seats=_SEATS,
                                   lines=(msg("confirm_keys"), msg("confirm_card"))),
        "game_question": Screen("confirm_new_game", lines=(msg("menu_confirm", title="maunz."),
                                                           msg("confirm_keys"), msg("menu_other"))),
        "cards": Screen("cards", title=msg("text", text="Oben: Plus-Vier"),
                        lines=(msg("text", text="Wunsch: Zickzack"), msg("text", text="Am Zug: Anna"),
                               msg("text", text="4 Karten ziehen (OK)"),
                               msg("text", text=">1:6 2:11 3:7 4:7"),
                               msg("text", text="Ben: Mau!"))),
        "game_menu": Screen("menu", lines=(msg("menu_item", mark=">", title="maunz."),
                                           msg("menu_item", mark=" ", title="Katzenjammer"),
                                           msg("menu_item", mark=" ", title="Monster Mau Mau"),
                                           msg("menu_keys"))),
        "game_confirm": Screen("confirm_new_game", title=msg("head.menu_confirm"),
                               lines=(msg("menu_confirm", title="Katzenjammer"),
                                      msg("menu_abandon"), msg("confirm_keys"))),
        "kj_choose": Screen("menu", title=msg("head.kj.1", dice="714 7 · 10"),
                            lines=(msg("menu_item", mark=" ", title=kj[0]),
                                   msg("menu_item", mark=">", title=kj[1]),
                                   msg("menu_item", mark=" ", title=kj[2]),
                                   msg("kj.keys"))),
        "kj_board": Screen("kj_board", extra=(
            ("position", "r:3,9,15,s1 b:1,11,22,38 g:2,19,20*,n k:6,28,31,35 g 553"),)),
    }
