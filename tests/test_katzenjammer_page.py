"""The page's data for the Katzenjammer board (companion/tables/katzenjammer/page.py): where each
seat's pieces are, the dice, whose turn, and the fields the last turn changed."""
import re

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
    assert board["last"] == {"colour": "r", "move": "9:3", "words": "Red, die 9: 3 forward to 12",
                             "dice": [9, 1, 2], "fields": [3, 12], "stalls": []}   # the roll it played
    table.language = "de"   # the drawing says the last turn in words, the table's phrases
    assert _view(table)["board"]["last"]["words"] == "Rot, Würfel 9: 3 vor auf 12"
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


def test_every_menu_title_and_option_of_the_chooser_has_its_german():
    """The chooser speaks English; the OLED and the page translate its titles and options
    (screens.py). Every text a crowd of random positions offers (two-dice rules too) has its
    German: nothing shown to a German table stays English."""
    import random
    import re

    from companion.games.katzenjammer import notation
    from companion.tables.katzenjammer.chooser import Chooser
    from tests.test_katzenjammer_crosscheck import random_position

    english = re.compile(r"[a-z]{2,}")  # a word (die labels, fields "s3" and numbers are neutral)
    rng = random.Random(5)
    titles, options = set(), set()
    for i in range(120):
        pos = notation.parse_position(random_position(rng, crowded=i % 2 == 0))
        stack = [Chooser(pos, two_dice=i % 3 == 0).root()]
        budget = 400  # menus per position: a crowded seven's tree is huge
        while stack and budget:
            menu = stack.pop()
            budget -= 1
            titles.add(menu.title)
            for o in menu.options:
                options.add(o.text)
                if o.node is not None:
                    stack.append(o.node)
    kinds = {re.sub(r"[\d=+-]+|s\d", "#", t.text("en")) for t in titles}
    assert len(kinds) == 8, kinds  # dice, second die, which piece, how, direction, how far, step(s) left
    for phrase in titles | options:
        german, text = phrase.text("de"), phrase.text("en")
        if english.search(text.replace("s1", "").replace("s2", "").replace("s3", "").replace("s4", "")):
            assert german != text, f"no German for {text!r}"
            assert not set(english.findall(german)) & set(english.findall(text)), (text, german)


def test_the_page_caption_shows_the_menu_in_the_tables_language():
    table = _table("r:n,n,0*,s2 b:n,n,5,27 r 548")
    table.language = "de"
    text = _view(table)["text"]
    assert "Würfel 548" in text and "dice" not in text
    table.on_button("ok", "press", 0.0)  # the first die: its menu's title
    assert re.search(r"\d+: (welche Figur|wie|welche Richtung)\?", _view(table)["text"]), _view(table)["text"]


def test_the_boards_words_come_with_it_in_the_tables_language():
    # kj.js writes only these; they are registered phrases (kj.page.*), no dictionary of the page's
    table = _table("r:n,n,0*,s2 b:n,n,5,27 r 548")
    assert _view(table)["board"]["labels"] == {"to_move": "to move", "wins": "wins!", "last": "last",
                                               "rolling": "rolls …"}
    table.language = "de"
    assert _view(table)["board"]["labels"]["to_move"] == "am Zug"
