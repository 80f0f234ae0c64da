"""The controls every table shares (companion/tables/controls.py, issue 19): the language and
player cards and the "new game?" question behave and read the same in maunz. and Katzenjammer
(the test-only game and the service's TallyTable use them too: test_example_game.py,
test_service_games.py)."""
from __future__ import annotations

import pytest

import companion.games as games
from companion import tables


def _ready(name: str, running: bool):
    """A fresh table of `name` in German; `running`: one move played (maunz.: kc3 on the bed;
    Katzenjammer: the first roll)."""
    game = games.get(name)
    if name == "maunz":
        t = tables.make(game, moves=("kc3",) if running else ())
        t.on_scan(t.position.occupied, 0.0)   # the bed as the journal left it
        t.tick(1.0)
    else:
        t = tables.make(game)
        if running:
            t.on_chance(game.parse_move(t.position, "roll:513"), 0.0)
    t.drain_commits()
    return t


def _keys(t) -> list[str]:
    return [m.key for m in t.view().screen.lines]


@pytest.mark.parametrize("name", ["maunz", "katzenjammer"])
def test_the_language_card_toggles_or_names_and_is_a_setting(name):
    t = _ready(name, running=False)
    t.on_card("language", 1.1)
    assert t.language == "en" and t.view().instruction.startswith("Language: English")
    t.on_card("language", 1.2, arg="en")   # a card naming its language keeps it
    assert t.language == "en"
    assert [c.kind for c in t.drain_commits()] == ["settings", "settings"]


@pytest.mark.parametrize("name", ["maunz", "katzenjammer"])
def test_the_player_card_names_a_seat_with_the_same_notice(name):
    t = _ready(name, running=False)
    t.on_card("player", 1.1, arg="  Anna ")
    assert "Anna" in t.players and t.view().instruction.split(" · ")[0].endswith(": Anna")
    t.on_card("player", 1.2, arg="")       # no name: nothing
    assert [c.kind for c in t.drain_commits()] == ["settings"]


@pytest.mark.parametrize("name", ["maunz", "katzenjammer"])
def test_the_new_game_question_is_asked_and_answered_alike(name):
    t = _ready(name, running=False)
    t.on_card("new_game", 1.1)              # by the card: "(or tap the card again)"
    assert t.view().asking_new_game and _keys(t) == ["confirm_keys", "confirm_card"]
    assert t.view().instruction == "OK = ja · Zurück = nein · (oder Karte nochmal)"
    t.on_card("undo", 1.2)                  # any other card says no, and does nothing else
    assert not t.view().asking_new_game and t.drain_commits() == []
    t.on_button("ok", "long", 1.3)          # by OK held: no word about a card
    assert _keys(t) == ["confirm_keys"]
    t.on_button("cat", "press", 1.4)        # CAT is the service's (the game menu)
    t.on_card("language", 1.5)              # a setting card leaves the question standing
    assert t.view().asking_new_game and t.view().instruction == "OK = yes · BACK = no"
    t.on_button("back", "long", 1.6)
    assert not t.view().asking_new_game
    t.on_card("new_game", 1.7)
    t.on_card("new_game", 1.8)              # the card again says yes
    assert [c.kind for c in t.drain_commits()] == ["settings", "new_game"]


@pytest.mark.parametrize("name", ["maunz", "katzenjammer"])
def test_the_question_says_the_game_in_play_ends_only_when_one_runs(name):
    t = _ready(name, running=True)
    t.on_button("ok", "long", 1.1)
    assert _keys(t) == ["menu_abandon", "confirm_keys"]
    assert t.view().instruction == "laufendes Spiel endet · OK = ja · Zurück = nein"
    t.on_button("ok", "press", 1.2)
    assert not t.view().asking_new_game and t.moves == []
    assert [c.kind for c in t.drain_commits()] == ["abandon", "new_game"]


@pytest.mark.parametrize("name", tables.names())
def test_the_undo_card_and_back_held_reach_the_tables_undo_through_the_shared_controls(name):
    """Issue 33, 4: the undo is routed once (controls.py): the undo card, and BACK held where
    the table's policy says so, call the table's `undo`, with no question open."""
    from companion.tables.controls import UNDO_KEEPS, UNDO_TAKES

    t = tables.make(games.get(name), language="en")
    policy = t.undo_policy
    assert policy.takes in UNDO_TAKES and set(policy.keeps) <= set(UNDO_KEEPS)
    t.on_scan(0, 0.0)          # maunz.: the bed is seen empty first
    t.tick(1.0)
    called = []
    t.undo = lambda now: called.append(now)
    if "undo" in t.card_functions:
        t.on_card("undo", 1.1)
    t.on_button("back", "long", 1.2)
    expected = ([1.1] if "undo" in t.card_functions else []) + ([1.2] if policy.back_held else [])
    assert called == expected, (name, called)
    t.on_button("ok", "long", 1.3)   # "new game?" open: the undo card says no and undoes nothing
    if "undo" in t.card_functions:
        t.on_card("undo", 1.4)
        assert called == expected and not t.view().asking_new_game


def test_no_table_routes_the_undo_itself():
    """The undo card and BACK held are the shared controls': no table package answers them in
    its own card or button handling."""
    from pathlib import Path

    root = Path(tables.__file__).parent
    found = [str(p.relative_to(root)) for p in root.rglob("*.py") if p.name != "controls.py"
             and ('function == "undo"' in p.read_text() or 'name == "back" and kind == "long"' in p.read_text())]
    assert found == [], found


def test_the_built_in_tables_state_their_undo():
    policies = {name: tables.factory(name).undo_policy for name in tables.names()}
    assert (policies["maunz"].takes, policies["monster-mau-mau"].takes) == ("move", "move")
    assert (policies["katzenjammer"].takes, policies["katzenjammer"].keeps) == ("turn", ("draw",))
    assert not policies["katzenjammer"].back_held        # BACK held is its chooser's "up"
    assert policies["cat-attack"].keeps == ("draw",) and policies["cats"].keeps == ("draw", "revealed")

