"""The three-button chooser: every legal turn reachable, nothing illegal offered, void rolls said
as such, and the press count of a route."""
from __future__ import annotations

import random

import pytest

from companion.games.katzenjammer import notation, engine
from companion.games.katzenjammer.board import forward
from companion.tables.katzenjammer.chooser import Chooser, walk
from tests.test_katzenjammer_crosscheck import random_position


def leaves(menu, limit=200_000):
    out, stack = [], [menu]
    while stack:
        m = stack.pop()
        assert m.options, f"a menu without options: {m.title.text('en')}"
        for o in m.options:
            assert (o.turn is None) != (o.node is None)
            if o.turn is not None:
                out.append(o.turn)
            else:
                stack.append(o.node)
        assert len(out) < limit
    return out


def check_position(text: str, two_dice: bool = False) -> None:
    pos = notation.parse_position(text)
    chooser = Chooser(pos, two_dice)
    found = leaves(chooser.root())
    boards = set()
    for turn in found:
        boards.add(engine.play(pos, turn, two_dice).board)  # raises if anything illegal is offered
    assert boards == {p.board for p in engine.successors(pos, two_dice)}
    for turn, _ in engine.turn_moves(pos, two_dice):
        assert walk(chooser.root(), chooser.route(turn))[0] == turn


@pytest.mark.parametrize("text", [
    "b:n,n,7,10* k:n,n,n,9 b 714",
    "b:n,n,5,6 k:n,n,3,4 k 714",
    "r:3,n,n,n g:25,n,n,n r 553",
    "r:5,n,n,n b:12,n,n,n g:25,n,n,n r 616",
    "b:n,n,20,30 k:n,n,n,4 r:n,n,n,n r 797",
    "r:s1,s3,38,5 g:20*,22,n,n g 796",
])
def test_every_legal_turn_is_reachable_and_only_legal_ones_are_offered(text):
    check_position(text)


def test_random_positions_and_the_two_dice_variant():
    rng = random.Random(7)
    for i in range(24):
        check_position(random_position(rng, crowded=False), two_dice=i % 3 == 0)


def test_a_void_roll_is_said_as_such_and_costs_one_press():
    pos = notation.parse_position("b:n,n,n,10* k:n,n,n,9 k 132")
    root = Chooser(pos).root()
    assert [(o.key, o.text.text("en")) for o in root.options] == [
        ("pass", "void roll: nothing moves, next player")]
    assert walk(root, ["pass"]) == ((), 1)


def _all_sevens(pos):
    """Every segment list of the die 7 by brute force: any own piece, any steps, in any order."""
    found = set()

    def own(board, a):
        return board[a] and (a >= 40 and (a - 40) // 4 == pos.to_move
                             or a < 40 and (board[a] - 1) & 3 == pos.to_move)

    def extend(board, last, left, segs):
        if left == 0:
            found.add(segs)
            return
        for a in range(56):
            if a != last and own(board, a):
                for k in range(1, left + 1):
                    moved = forward(board, a, k, True)
                    if moved is not None:
                        extend(moved[0], moved[1], left - k, segs + ((a, k),))

    extend(pos.board, -1, 7, ())
    return found


def test_a_seven_is_built_segment_by_segment_offering_every_segment_list():
    pos = notation.parse_position("b:n,n,5,6 k:n,3,4,s1 k 714")
    chooser = Chooser(pos)
    seven = next(o for o in chooser.root().options if o.key == "7").node
    offered = {t[0].args for t in leaves(seven)}
    legal = _all_sevens(pos)
    for segs in legal:
        engine.play(pos, (engine.Part("7", "s", segs),))
    assert offered == legal and len(legal) > 20
    # Captures are shown as they happen: 3 steps from 3 land on 6 over 4 (own) and 5.
    piece3 = next(o for o in seven.options if o.key == 3).node
    assert any(o.text.text("en") == "+3 to 6, captures 3" for o in piece3.options)


def test_presses_for_a_simple_turn():
    pos = notation.parse_position("r:5,9,n,n g:25,n,n,n r 132")
    chooser = Chooser(pos)
    turn = notation.parse_move(pos, "3:9")
    # dice menu 1,2,3 (3 is one step back from 1: 2 presses), pieces 5,9 (2 presses).
    assert walk(chooser.root(), chooser.route(turn)) == (turn, 4)


def _press_to(cursor, key):
    index = next(i for i, o in enumerate(cursor.options) if o.key == key)
    for _ in range(index):
        cursor.press("next")
    return cursor.press("choose")


def test_the_cursor_builds_a_seven_segment_by_segment_and_goes_back_a_level():
    from companion.tables.katzenjammer.cursor import TurnCursor

    pos = notation.parse_position("b:n,n,7,10* k:n,n,n,9 b 714")
    cur = TurnCursor(pos)
    assert cur.title.text("en") == "dice 714" and [o.key for o in cur.options] == ["1", "4", "7"]
    assert _press_to(cur, "7") is None and cur.title.text("en") == "7: 7 steps left, which piece?"
    assert _press_to(cur, 10) is None and _press_to(cur, 1) is None
    # Only the piece on 7 may move next (not 11 again): its menu is taken at once.
    assert cur.title.text("en") == "7: how far?" and [p.text("en") for p in cur.path] == ["7", "10", "+1 to 11", "7"]
    assert [o.text.text("en") for o in cur.options][:3] == ["+1 to 8", "+2 to 9, captures 1", "+3 to 10, captures 1"]
    cur.press("up")  # back to the last real choice: the first segment's steps
    assert cur.title.text("en") == "10: how far?"
    assert _press_to(cur, 1) is None
    turn = _press_to(cur, 6)
    assert notation.format_move(turn) == "7:10+1,7+6"
    assert notation.format_position(engine.play(pos, turn)) == "b:n,n,11,s3 k:n,n,n,n k -"
    cur.press("prev")
    assert cur.press("choose") == turn  # finished: further presses change nothing


def test_the_cursor_wraps_and_a_void_roll_waits_for_ok():
    from companion.tables.katzenjammer.cursor import TurnCursor

    cur = TurnCursor(notation.parse_position("b:n,n,n,10* k:n,n,n,9 k 132"))
    assert cur.options[0].text.text("en") == "void roll: nothing moves, next player"
    assert cur.press("next") is None and cur.press("choose") == ()
    cur = TurnCursor(notation.parse_position("r:5,9,n,n g:25,n,n,n r 132"))
    cur.press("prev")
    assert cur.options[cur.index].key == "3"
    with pytest.raises(ValueError, match="unknown button"):
        cur.press("cat")


def test_physical_dice_are_entered_die_by_die_from_their_own_faces():
    from companion.tables.katzenjammer.cursor import DiceEntry

    entry = DiceEntry()
    assert entry.title == "die III: 1"
    entry.press("prev")  # wraps to 9
    assert entry.press("choose") is None and entry.title == "die IV: 1"
    entry.press("next")
    entry.press("choose")  # IV = 3
    entry.press("up")  # back to IV, on 3
    assert entry.title == "die IV: 3"
    entry.press("choose")
    for _ in range(3):
        entry.press("next")
    assert entry.press("choose") == engine.Roll((9, 3, 6))


def test_a_piece_with_two_actions_names_where_each_goes():
    pos = notation.parse_position("r:n,n,n,s1 g:n,n,n,18 r 144")
    chooser = Chooser(pos)
    piece = next(o for o in chooser.root().options).node
    assert piece.title.text("en") == "44: which piece?"
    assert [o.text.text("en") for o in piece.options[0].node.options] == ["forward to s2", "back to 14"]


def test_each_choice_says_what_it_does_and_the_header_keeps_the_short_path():
    """Issue 46, item 6: the first menu was bare numbers ("> 3", "> 4"); each choice is worded
    on the OLED and the page as the voice says it, the header's path stays short ("643 3")."""
    from companion import games
    from companion.tables.katzenjammer.screens import screen
    from companion.tables.katzenjammer.session import Session

    game = games.get("katzenjammer")
    session = Session(game, notation.parse_position("r:n,n,12,14 g:n,n,n,25 r 643"))
    shown = [m.text("de") for m in screen(session, "de").lines]
    assert shown[:3] == ["> Würfel 3", "  Würfel 4", "  Würfel 6"]
    assert [m.text("en") for m in screen(session, "en").lines][:3] == ["> die 3", "  die 4", "  die 6"]
    session.on_button("ok", "press")
    view = screen(session, "en")
    assert view.header("en") == "Red: 643 3"
    assert [m.text("en") for m in view.lines][:2] == ["> piece on 12", "  piece on 14"]
    pair = Chooser(notation.parse_position("r:n,n,12,14 g:n,n,n,25 r 636"))
    assert [o.text.text("de") for o in pair.root().options] == ["Pasch 66"]
    joker = Chooser(notation.parse_position("r:n,n,12,14 g:n,n,n,25 r 553"))
    assert "Joker als 8" in [o.text.text("de") for o in joker.root().options]
