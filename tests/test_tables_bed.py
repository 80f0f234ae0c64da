"""The shared piece every bed game reads the bed with (companion/tables/bed.py, issue 33): a
sensed bed counts once it held still for the settle time; after a device reset, or while the bed
is offline, nothing counts until a fresh scan has settled; the difference between the bed and
the game names the pieces to take off and those to put back; the page's bed view is drawn from
the game's declaration (maunz.'s here: the test-only bed game has its own test)."""
from __future__ import annotations

import companion.games as games
from companion import tables
from companion.tables.bed import SettledBed, difference, page_view
from companion.words import DeviceEvent


def test_a_change_counts_once_it_held_for_the_settle_time():
    bed = SettledBed(0.25)
    assert not bed.update(0.0) and bed.stable is None and bed.paused == "start"
    bed.scan(0b1, 0.0)
    assert not bed.update(0.2) and bed.stable is None and bed.moving == 0
    assert bed.update(0.25) and bed.stable == 0b1 and bed.paused is None
    bed.scan(0b11, 0.3)
    assert bed.moving == 0b10 and not bed.update(0.5)      # still moving: the echo only
    bed.scan(0b1, 0.52)                                     # lifted again before it settled
    assert not bed.update(0.9) and bed.stable == 0b1         # never counted


def test_after_a_reset_or_offline_nothing_counts_until_a_fresh_scan_settled():
    bed = SettledBed(0.1)
    bed.scan(0b1, 0.0)
    bed.update(0.2)
    bed.device(DeviceEvent("reset", "reed"))
    bed.scan(0b1, 0.3)          # the same bed after the gap: read again, no change
    assert not bed.update(0.35) and bed.paused == "settling"
    assert not bed.update(0.45) and bed.paused is None and bed.stable == 0b1
    bed.device(DeviceEvent("offline", "reed"))
    bed.scan(0b11, 0.5)         # nothing is read while offline
    assert not bed.update(1.0) and bed.stable == 0b1 and bed.paused == "offline"
    bed.device(DeviceEvent("online", "reed"))
    bed.scan(0b111, 1.1)
    assert bed.update(1.3) and bed.stable == 0b111
    bed.device(DeviceEvent("reset", "buttons"))   # a device that says nothing about the bed
    assert bed.paused is None


def test_the_difference_names_what_to_take_off_and_what_to_put_back():
    d = difference(0b1011, {0: "o", 2: "g", 3: "O"})
    assert d.extra == 0b10 and d.missing == {2: "g"} and d
    assert not difference(0b101, {0: "o", 2: "g"})


def test_the_page_view_of_a_bed_game_is_drawn_from_its_declaration():
    game = games.get("maunz")
    t = tables.make(game, moves=("kc3",), language="en")
    view = page_view(t, t.view())
    assert view["bed_game"] == {
        "seats": [{"key": "o", "look": "#f08a24", "word": "Orange"}, {"key": "g", "look": "#8b929c", "word": "Grey"}],
        "kinds": [{"key": "k", "word": "kitten"}, {"key": "c", "word": "cat"}]}
    assert view["bed"] == {"c3": "o"} and view["pools"] == {"o": {"k": 7, "c": 0}, "g": {"k": 8, "c": 0}}
    assert view["to_move"] == "g" and view["movers"] == ["o"] and len(view["bed_squares"]) == 36
    # maunz.'s own page view is that, and its stock beside the pools
    own = tables.page_view("maunz")(t, t.view())
    assert {k: own[k] for k in view} == view and own["stock"]["o"][0] == {"word": "page.reserve", "n": 8, "look": "ghost"}
