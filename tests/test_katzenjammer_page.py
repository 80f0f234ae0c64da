"""The page's data for the Katzenjammer board (companion/tables/katzenjammer/page.py): where each
seat's pieces are, the dice, whose turn, and the fields the last turn changed."""
from companion import games
from companion.tables.katzenjammer import KatzenjammerTable
from companion.tables.katzenjammer.page import page_view


def _view(table):
    return page_view(table, table.view())


def _table(position: str, moves=()):
    game = games.get("katzenjammer", players=2)
    return KatzenjammerTable(game, game.parse_position(position), moves=moves, language="en")


def test_every_piece_is_where_the_position_says_and_the_dice_are_shown():
    out = _view(_table("r:n,n,0*,s2 b:n,n,5,27 r 548"))
    assert out["view"] == "katzenjammer" and "Red: n,n,0*,s2" in out["text"]  # the caption
    board = out["board"]
    red, blue, green, black = board["seats"]
    assert [s["colour"] for s in board["seats"]] == ["r", "b", "g", "k"]
    assert red["ring"] == [{"field": 0, "fresh": True}] and red["stall"] == [2] and red["nest"] == 2
    assert blue["ring"] == [{"field": 5, "fresh": False}, {"field": 27, "fresh": False}]
    assert blue["stall"] == [] and blue["nest"] == 2
    assert (red["key"], blue["key"]) == ("1", "2") and red["name"] == "Red"
    assert not green["playing"] and not black["playing"] and green["nest"] == 0 == len(green["ring"])
    assert board["dice"] == [5, 4, 8] and board["to_move"] == "r" and board["winner"] is None
    assert board["last"] is None and out["to_move"] == "1"


def test_the_board_cells_are_the_ring_then_each_seats_stall_from_its_start():
    board = _view(_table("r:n,n,n,n b:n,n,n,n r -"))["board"]
    assert board["size"] == 11 and len(board["ring"]) == 40
    assert board["dice"] is None and board["phase"] == "roll"
    for seat in board["seats"]:
        sx, sy = board["ring"][seat["start"]]
        x, y = seat["stall_cells"][0]
        assert abs(x - sx) + abs(y - sy) == 1  # s1 is next to the Start
        assert len(seat["nest_cells"]) == 4


def test_the_last_turn_names_its_mover_and_the_fields_it_changed_until_it_is_undone():
    table = _table("r:n,n,n,3 b:n,n,8,12 r 912", moves=("9:3",))  # 3 -> 12 takes blue's piece
    board = _view(table)["board"]
    assert board["last"] == {"colour": "r", "move": "9:3", "fields": [3, 12], "stalls": []}
    assert board["seats"][1]["nest"] == 3 and board["to_move"] == "b" and board["dice"] is None
    table.session.undo()
    assert _view(table)["board"]["last"] is None


def test_a_piece_entering_the_stall_marks_the_stall_field():
    table = _table("r:n,n,n,38 b:n,n,n,n r 548", moves=("5:38",))  # 38, 39, 0 (Start), s1..s3
    board = _view(table)["board"]
    assert board["seats"][0]["stall"] == [3]
    assert board["last"]["fields"] == [38] and board["last"]["stalls"] == [["r", 3]]


def test_the_winner_is_shown_and_nobody_is_to_move():
    board = _view(_table("r:s1,s2,s3,s4 b:n,n,n,n b -"))["board"]
    assert board["winner"] == "r" and board["to_move"] is None
