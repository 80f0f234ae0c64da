"""The referee through scripted physical events, continued from test_referee_turns.py: new game,
pause and resume, the AI's and the hint's moves, control cards, resuming from the journal, and
whole random games."""
from __future__ import annotations

import random

import pytest

from companion.tables.maunz.testing import GAME, Bed
from companion.ui import palette
from hardware.interfaces import DARK, DeviceEvent
from tests.test_referee_turns import cell


def test_new_game_needs_confirmation():
    bed = Bed("6/6/6/6/6/o4g g 7k0c 7k0c", moves=())
    bed.card("new_game")
    assert bed.ref.phase == "confirm_new_game"
    assert bed.view.instruction == "OK = ja · Zurück = nein · (oder Karte nochmal)"
    bed.button("back")
    bed.button("ok", "long")  # asked by the button: no word about a card (issue 11)
    assert bed.view.instruction == "OK = ja · Zurück = nein"
    bed.button("back")
    assert bed.ref.phase == "await_placement" and bed.ref.drain_commits() == []
    bed.card("new_game")
    bed.card("new_game")
    commits = bed.ref.drain_commits()
    assert [c.kind for c in commits] == ["new_game"]
    assert commits[-1].position == "6/6/6/6/6/6 o 8k0c 8k0c"
    assert bed.ref.phase == "correction" and bed.view.screen.header("de") == "Neues Spiel"
    bed.set(0)
    assert bed.ref.phase == "await_placement"


def test_new_game_abandons_an_unfinished_game_on_ok():
    bed = Bed()
    bed.play("kc3")
    bed.ref.drain_commits()
    bed.button("ok", "long")
    bed.button("ok")
    assert [c.kind for c in bed.ref.drain_commits()] == ["abandon", "new_game"]


# --------------------------------------------------------------------------- pause
def test_reset_pauses_and_resumes_when_the_bed_is_unchanged():
    bed = Bed("6/6/6/6/6/o5 g 7k0c 8k0c")
    bed.ref.on_device_event(DeviceEvent("reset", "bridge"), bed.t)
    assert bed.ref.phase == "paused"
    bed.set(bed.occ)
    assert bed.ref.phase == "await_placement"


def test_no_move_is_inferred_across_an_offline_gap():
    bed = Bed("6/6/6/6/6/o5 g 7k0c 8k0c")
    bed.ref.on_device_event(DeviceEvent("offline", "bridge"), bed.t)
    bed.place("d4")  # ignored while offline
    assert bed.ref.phase == "paused"
    assert "nicht verbunden" in bed.view.instruction
    bed.ref.on_device_event(DeviceEvent("online", "bridge"), bed.t)
    bed.set(bed.occ, dt=1.0)
    assert bed.ref.moves == [] and bed.ref.phase == "correction"
    assert bed.view.instruction == "Nimm die Figur von d4"
    bed.lift("d4")
    assert bed.ref.phase == "await_placement"
    bed.play("kd4")
    assert bed.ref.moves == ["kd4"]


def test_card_reader_events_do_not_pause():
    bed = Bed()
    bed.ref.on_device_event(DeviceEvent("offline", "cards"), bed.t)
    assert bed.ref.phase == "await_placement"


# --------------------------------------------------------------------------- AI and hint
def test_ai_move_is_shown_carried_out_and_enforced():
    bed = Bed(ai_seats=(1,))
    assert not bed.view.wants_ai
    bed.play("kc3")
    assert bed.view.wants_ai and "KI denkt" in bed.view.instruction
    bed.place("f6", dt=0.5)  # nothing is accepted before the AI has chosen
    assert bed.ref.moves == ["kc3"]
    bed.lift("f6")
    bed.ref.on_ai_move("kd4")
    v = bed.view
    assert not v.wants_ai and v.instruction == "KI: Kätzchen auf d4"
    assert cell(bed, "d4") == palette.place_here(1, "k")
    bed.place("e5", dt=3.5)  # the wrong square is corrected
    assert bed.ref.phase == "correction" and bed.ref.moves == ["kc3"]
    assert bed.view.instruction == "Nimm die Figur von e5 · (noch 1)"
    bed.lift("e5")
    bed.place("d4")  # pushes c3 -> b2
    assert "c3 → b2" in bed.view.instruction
    bed.lift("c3")
    bed.place("b2")
    assert bed.ref.moves == ["kc3", "kd4"]
    assert not bed.view.wants_ai


def test_hint_is_shown_but_not_enforced():
    bed = Bed()
    bed.card("hint")
    assert bed.view.wants_hint and not bed.view.wants_ai
    bed.ref.on_ai_move("kc3")
    assert not bed.view.wants_hint
    assert bed.view.instruction == "Tipp: Kätzchen auf c3"
    assert cell(bed, "c3") == palette.place_here(0, "k")
    bed.place("a1")
    assert bed.ref.moves == ["ka1"]
    assert cell(bed, "c3") == DARK


def test_illegal_ai_move_is_rejected():
    bed = Bed(ai_seats=(0,))
    with pytest.raises(ValueError):
        bed.ref.on_ai_move("kz9")


# --------------------------------------------------------------------------- settings
def test_cards_change_settings_and_are_journalled():
    bed = Bed()
    bed.card("language")
    assert bed.ref.language == "en" and bed.view.instruction.startswith("Language: English")
    bed.card("player", "Anna")
    bed.card("player", "Jörg")
    assert bed.ref.players == ("Anna", "Jörg")
    bed.card("ai_grey")
    assert bed.ref.ai_colour == 1
    assert [c.kind for c in bed.ref.drain_commits()] == ["settings"] * 4
    with pytest.raises(ValueError, match="unknown card function 'pizza'"):
        bed.card("pizza")


def test_resume_from_start_and_moves():
    bed = Bed(moves=("kc3", "kd4"))
    assert bed.ref.moves == ["kc3", "kd4"]
    assert bed.ref.position == GAME.apply(GAME.apply(GAME.initial_position(),
                                                     GAME.parse_move(GAME.initial_position(), "kc3")),
                                          GAME.parse_move(bed.ref.line.before(1), "kd4"))


# --------------------------------------------------------------------------- whole games
@pytest.mark.parametrize("seed,step,graduate_first", [
    (1, 0.3, False), (2, 0.3, True), (3, 0.05, False), (4, 0.05, True), (5, 0.3, False),
    (6, 0.05, True)])
def test_whole_random_games(seed, step, graduate_first):
    rng = random.Random(seed)
    bed = Bed()
    played = []
    while bed.ref.position.winner is None and len(played) < 150:
        pos = bed.ref.position
        move = GAME.format_move(pos, rng.choice(GAME.legal_moves(pos)))
        move = GAME.format_move(pos, GAME.parse_move(pos, move))
        bed.play(move, step=step, graduate_first=graduate_first)
        played.append(move)
        assert bed.ref.moves == played, (pos, move, bed.view.instruction)
        assert bed.ref.position.occupied == bed.occ
    assert bed.ref.position.winner is not None
