"""A forgotten Mau! is seen by the player who pays for it (issue 20, point 1): the OLED keeps
"Mau forgotten! … draws 1" while the others play, until that player acts again; the page's move
list names the seat of every move and lists the forgotten Mau."""
from __future__ import annotations

from companion import games, tables
from companion.games.monster_mau_mau import notation
from companion.games.monster_mau_mau.engine import Event
from companion.tables.monster_mau_mau.session import MauMauSession
from companion.tables.monster_mau_mau.page import page_view

START = "hands=2,5,5 turn=1 dir=cw top=s3 wish=- pending=0 phase=play pile=93 discard=5 mau=0"
LINE = "Mau forgotten! Player 1 draws 1"


def test_the_forgotten_mau_stays_until_that_player_acts_again():
    s = MauMauSession(language="en", start=notation.parse_position(START), names=("", "", ""))
    s.apply_journaled(Event("play", "s5"), 0.0)     # seat 1 down to one card, no Mau!
    assert LINE in s.lines(0.1)
    s.apply_journaled(Event("play", "s6"), 10.0)    # seat 2 plays: the notice of that is gone...
    s.apply_journaled(Event("draw"), 20.0)          # ...seat 3 draws
    assert LINE in s.lines(20.1)                    # but the forgotten Mau is still said
    s.apply_journaled(Event("pass"), 30.0)
    assert s.position.turn == 0
    s.apply_journaled(Event("draw"), 40.0)          # seat 1 acts again: read
    assert LINE not in s.lines(40.1)


def test_the_page_names_the_seat_of_every_move_and_the_forgotten_mau():
    game = games.get("monster-mau-mau", players=3)
    start = notation.parse_position("hands=8,8,8 turn=1 dir=cw top=- wish=- pending=0 phase=start"
                                    " pile=86 discard=0 mau=0")
    table = tables.make(game, start, moves=("up:s3",), players=("Anna", "", ""))
    view = page_view(table)
    assert view["history"] == [[None, False]]       # the deck turned up the first card
    pos = notation.parse_position(START)
    table = tables.make(game, pos, moves=("s5", "s6"), players=("Anna", "", ""))
    assert page_view(table)["history"] == [[1, True], [2, False]]
