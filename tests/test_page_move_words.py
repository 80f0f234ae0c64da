"""The page's move list in words (issue 32, item 9): Katzenjammer, Cats and Cat Attack give the
page one line of words per move (`move_words` in their page view, worded from the tables' keyed
phrases in the table's language), as Monster Mau Mau's list already is — who made it and what,
never the notation alone (`roll:998`, `44:16-`, `7:6+7`, `step:1`, `win:5m`, `C1`,
`curiosity:close:k`, `hit:-`). The notation stays on the page beside the words, small."""
from __future__ import annotations

import re

from companion import games
from companion.tables.cat_attack.page import page_view as cat_attack_page
from companion.tables.cats.page import page_view as cats_page
from companion.tables.katzenjammer import KatzenjammerTable
from companion.tables.katzenjammer.page import page_view as kj_page
from tests.test_tables_cats_cat_attack import deal, make

#: what notation looks like: a kind and a colon with its argument, a die label, a seven's segment
NOTATION = re.compile(r"\w+:\S|\d+[+-]\d|^[CMS]\d$|^[A-Z]{4,}$|\b\d+=\d")


def _kj(position: str, moves=(), language="de"):
    game = games.get("katzenjammer", players=2)
    table = KatzenjammerTable(game, game.parse_position(position), moves=moves, language=language)
    return page_view(table)


def page_view(table):
    return kj_page(table, table.view())


def _no_notation(words, moves):
    assert len(words) == len(moves), (words, moves)
    for line, move in zip(words, moves):
        assert line and not NOTATION.search(line), (move, line)


def test_katzenjammer_moves_in_words_both_languages():
    # red rolls 1, 4, 4 (a pair: blue's piece moves), then blue rolls and enters with its 5,
    # red's seven over two pieces
    start = "r:n,n,6,17 b:n,n,16,27 r -"
    moves = ("roll:144", "44:16-", "roll:537", "5:e", "roll:137", "7:6+1,17+6")
    de = _kj(start, moves)["move_words"]
    assert de == ["Rot würfelt 1, 4, 4",
                  "Rot, Pasch 44: Blau 16 zurück auf 12",
                  "Blau würfelt 5, 3, 7",
                  "Blau, Würfel 5: einsetzen auf 10",
                  "Rot würfelt 1, 3, 7",
                  "Rot, Würfel 7: 6 vor auf 7, 17 vor auf 23"]
    en = _kj(start, moves, "en")["move_words"]
    assert en == ["Red rolls 1, 4, 4",
                  "Red, pair 44: Blue 16 back to 12",
                  "Blue rolls 5, 3, 7",
                  "Blue, die 5: enters on 10",
                  "Red rolls 1, 3, 7",
                  "Red, die 7: 6 forward to 7, 17 forward to 23"]
    _no_notation(de, moves)
    _no_notation(en, moves)


def test_katzenjammer_swaps_the_joker_the_stall_and_a_void_roll():
    moves = ("roll:616", "66:6x16", "roll:552", "55=33:16")
    words = _kj("r:n,n,6,38 b:n,n,16,27 r -", moves, "en")["move_words"]
    assert words == ["Red rolls 6, 1, 6", "Red, pair 66: 6 swaps with Blue 16",
                     "Blue rolls 5, 5, 2", "Blue, joker as 33: Red 16 forward to 19"]
    _no_notation(words, moves)
    stall = _kj("r:n,n,n,38 b:n,n,n,n r 548", ("5:38",), "en")["move_words"]
    assert stall == ["Red, die 5: 38 forward to stall 3"]
    assert _kj("r:n,n,n,38 b:n,n,n,n r 548", ("5:38",))["move_words"] == ["Rot, Würfel 5: 38 vor auf Stall 3"]
    void = _kj("r:n,n,n,n b:n,n,n,n r 132", ("pass",), "de")["move_words"]
    assert void == ["Rot: Wurf verfällt"]


def test_cats_moves_in_words_never_a_secret():
    t = make("cats", players=2, language="de")
    deal(t, "deal:1b", "deal:2c")
    while t.reveal:
        t.on_button("ok", "press", 0.0)
    deal(t, "first:1")
    while t.position.had != 0b11:
        assert t.play("blocked" if t.position.phase == "move" else "pass", 0.0)
    for event in ("step:1", "step:b", "step:3", "step:3", "end", "miau:3@4"):
        assert t.play(event, 0.0), (event, t.refused)
    page = cats_page(t)
    words = page["move_words"]
    _no_notation(words, t.shown_moves())
    assert words[:3] == ["Spieler 1: Geheimkarten gegeben", "Spieler 2: Geheimkarten gegeben",
                         "Spieler 1 beginnt (ausgelost)"]
    assert "Spieler 1: Schritt: Katze 1" in words and "Spieler 1: Schritt: Futternapf" in words
    assert words[-1] == "Spieler 2: Miau: Katze 3 in Raum 4"
    # the same words whatever the secrets (the deal is never named)
    u = make("cats", players=2, language="de")
    deal(u, "deal:4p", "deal:5m")
    assert cats_page(u)["move_words"] == words[:2]
    t.on_card("language", 0.0)
    assert cats_page(t)["move_words"][-1] == "Player 2: Miau: cat 3 to room 4"


def test_a_won_cats_claim_reads_as_the_win():
    t = make("cats", players=2, language="en")
    deal(t, "deal:1b", "deal:2c")
    while t.reveal:
        t.on_button("ok", "press", 0.0)
    deal(t, "first:1")
    assert t.play("win:1b", 0.0)
    assert cats_page(t)["move_words"][-1] == "Player 1: win: cat 1 on the food bowl"


def test_cat_attack_moves_in_words():
    t = make("cat-attack", players=2, language="en")
    deal(t, "first:1")
    t.on_card("event", 0.0, "C1")
    assert t.play("done", 0.0)
    deal(t, "d6:3")
    words = cat_attack_page(t)["move_words"]
    _no_notation(words, t.moves)
    assert words == ["Player 1 starts (drawn by lot)", "Player 1: Mog card: cat 1", "Player 1: done",
                     "Player 1 rolls 3"]
    t.on_card("language", 0.0)
    assert cat_attack_page(t)["move_words"] == ["Spieler 1 beginnt (ausgelost)",
                                                "Spieler 1: Miezekarte: Katze 1", "Spieler 1: fertig",
                                                "Spieler 1 würfelt 3"]
