"""A placement made right after the bed was restored: after a correction, an undo, a device
reset or an offline gap (resync), a new game's clearing -- and right after a move's own last
step. The next piece may come down faster than the settle time, in the same instant, or after a
loop that did not tick in between (virtual time: `Bed.stall`).

What a player at a real table expects: the placement is recognised once it has settled itself
and committed exactly as carried out -- never ignored, never read as something else. Only when
the restore's last step and the new piece arrive in one scan (their order cannot be seen) does
the new piece stay extra: the guidance names it, and after it is lifted and placed again the
move is committed. Found with these tests: before the fix, every such placement was called an
extra piece ("Nimm die Figur von f6"), and a move whose final bed held for the settle time with
no tick before the next placement was lost with it.
"""
from __future__ import annotations

import pytest

from companion.tables.maunz.testing import Bed, sq
from hardware.interfaces import DeviceEvent

SETTLE = 0.25  # Bed's referee: the default settle time


def mask(*names):
    return sum(1 << sq(n) for n in names)


# Each sets up a restore one step from done; returns the bed and the bed the last step makes.
def knocked_off():
    """Orange's c3 knocked off the bed: after the correction delay, "put it back on c3"."""
    bed = Bed()
    bed.play("kc3")
    bed.lift("c3", dt=4.0)
    assert bed.view.instruction == "Stell das orange Kätzchen zurück auf c3"
    return bed, mask("c3")


def undone_quiet_move():
    """Grey's kf6 undone: grey's kitten leaves f6."""
    bed = Bed()
    bed.play("kc3")
    bed.play("kf6")
    bed.card("undo")
    assert bed.view.instruction == "Stell das graue Kätzchen von f6 zurück in den Vorrat"
    return bed, mask("c3")


def undone_boop():
    """Grey's kc2 (booped c3 to c4) undone: c2 and c4 emptied, orange's kitten back on c3."""
    bed = Bed()
    bed.play("kc3")
    bed.play("kc2")
    assert bed.ref.position.occupied == mask("c2", "c4")
    bed.card("undo")
    bed.lift("c2")
    bed.lift("c4")
    assert bed.view.instruction == "Setz das orange Kätzchen aus dem Vorrat auf c3"
    return bed, mask("c3")


def after_a_gap(offline: bool):
    bed = Bed()
    bed.play("kc3")
    bed.ref.on_device_event(DeviceEvent("offline" if offline else "reset", "bridge"), bed.t)
    if offline:
        bed.lift("c3")  # unseen: the bridge is offline
        bed.ref.on_device_event(DeviceEvent("online", "bridge"), bed.t)
    bed.set(0, dt=0.5)
    assert bed.ref.phase == "correction"
    return bed, mask("c3")


def reset_gap():
    """The reed grid reset and the bed came back empty: resync, "put the piece back on c3"."""
    return after_a_gap(offline=False)


def offline_gap():
    """The bridge was offline and c3 was knocked off meanwhile: resync once it is back."""
    return after_a_gap(offline=True)


def new_game():
    """A new game, confirmed: the bed is cleared (orange moves first again)."""
    bed = Bed()
    bed.play("kc3")
    bed.play("kf6")
    bed.card("new_game")
    bed.card("new_game")
    bed.lift("f6")
    assert bed.ref.moves == [] and bed.ref.phase == "correction"
    return bed, mask("c3") & 0


RESTORES = [knocked_off, undone_quiet_move, undone_boop, reset_gap, offline_gap, new_game]
# (gap between the restore's last step and the next piece, whether the loop ticked meanwhile)
TIMINGS = {"same instant": (0.0, False), "within settle": (0.1, True),
           "after settle": (0.3, True), "after settle, slow loop": (0.3, False)}


def restore_then_place(setup, gap, ticked, square="e5"):
    bed, restored = setup()
    before = list(bed.ref.moves)
    bed.ref.drain_commits()
    bed.set(restored, dt=0)  # the restore's last step ...
    (bed.wait if ticked else bed.stall)(gap)
    bed.set(restored | mask(square), dt=0)  # ... and the next move's kitten
    return bed, before


@pytest.mark.parametrize("timing", TIMINGS)
@pytest.mark.parametrize("setup", RESTORES, ids=lambda f: f.__name__)
def test_a_placement_right_after_a_restore_is_committed_after_its_own_settle_time(setup, timing):
    gap, ticked = TIMINGS[timing]
    bed, before = restore_then_place(setup, gap, ticked)
    mover = "og"[bed.ref.position.turn]
    bed.wait(SETTLE - 0.05)
    assert bed.ref.moves == before, "committed before the placement settled"
    bed.wait(0.1)
    assert bed.ref.moves == before + ["ke5"]
    assert [(c.kind, c.move) for c in bed.ref.drain_commits()] == [("move", "ke5")]
    assert bed.ref.position.piece_at(sq("e5")) == mover
    assert bed.ref.position.occupied == bed.occ
    assert bed.ref.phase == "await_placement"
    bed.play("ka6")  # and play goes on
    assert bed.ref.moves[-1] == "ka6"


@pytest.mark.parametrize("timing", ["same instant", "within settle", "after settle, slow loop"])
def test_a_boop_right_after_a_restore_is_guided_then_committed(timing):
    """The next kitten lands next to the piece just put back: it is read as a placement with
    its push pending (committed bed + a recognised placement), not as an extra piece."""
    gap, ticked = TIMINGS[timing]
    bed, before = restore_then_place(knocked_off, gap, ticked, square="c2")
    bed.wait(SETTLE + 0.05)
    assert bed.ref.phase == "boops" and bed.view.instruction == "c3 → c4"
    assert bed.ref.moves == before
    bed.lift("c3")
    bed.place("c4")
    assert bed.ref.moves == before + ["kc2"]
    assert bed.ref.position.occupied == bed.occ == mask("c2", "c4")


@pytest.mark.parametrize("setup", RESTORES, ids=lambda f: f.__name__)
def test_restore_and_placement_in_one_scan_are_guided_never_stuck(setup):
    """One scan shows the restore's last step and the new piece: which came first cannot be
    seen, so the new piece is extra -- named by the guidance, never committed; lifted and
    placed again, it is committed."""
    bed, restored = setup()
    before = list(bed.ref.moves)
    bed.ref.drain_commits()
    bed.set(restored | mask("e5"), dt=4.0)
    assert bed.ref.moves == before and bed.ref.drain_commits() == []
    assert bed.ref.phase == "correction"
    assert bed.view.instruction == "Nimm die Figur von e5"
    bed.lift("e5")
    assert bed.ref.phase == "await_placement"
    bed.place("e5")
    assert bed.ref.moves == before + ["ke5"]


@pytest.mark.parametrize("case", ["slid", "undone"])
def test_a_piece_lifted_and_put_back_faster_than_settle_does_not_end_a_restore(case):
    """The settled bed never lost the piece on f6: lifting it and putting it down again within
    the settle time, with the rest of the bed right, is still "take f6 off", not grey's move."""
    bed = Bed()
    bed.play("kc3")
    if case == "slid":
        bed.set(mask("f6"), dt=4.0)  # c3's kitten slid to f6
        bed.set(mask("c3", "f6"))  # a piece put on c3, f6's still there
        wanted = "Nimm die Figur von f6"
    else:
        bed.play("kf6")
        bed.card("undo")
        wanted = "Stell das graue Kätzchen von f6 zurück in den Vorrat"
    assert bed.view.instruction == wanted
    bed.set(mask("c3"), dt=0.05)
    bed.set(mask("c3", "f6"), dt=4.0)
    assert bed.ref.moves == ["kc3"] and bed.ref.phase == "correction"
    # (a piece lifted and put down again may be another one: it is named no more)
    assert bed.view.instruction == "Nimm die Figur von f6"
    bed.lift("f6")
    assert bed.ref.phase == "await_placement"
    bed.play("kf6")
    assert bed.ref.moves == ["kc3", "kf6"]


@pytest.mark.parametrize("last", ["place", "lift"])
def test_a_finished_move_is_not_lost_to_the_next_placement_after_a_slow_loop(last):
    """The move's final bed held for the settle time, but no tick came before the next
    placement's scan: the move still counts (it used to be lost, and both kittens were called
    extra pieces)."""
    if last == "place":
        bed, move, nxt = Bed(), "kc3", "f6"
        bed.set(mask("c3"), dt=0)
    else:  # grey's b2 boops a1 off the bed: the last step is a lift
        bed, move, nxt = Bed("6/6/6/6/6/o5 g 7k0c 8k0c"), "kb2", "f6"
        bed.place("b2")
        bed.set(mask("b2"), dt=0)
    bed.stall(SETTLE + 0.05)
    bed.set(bed.occ | mask(nxt), dt=SETTLE + 0.05)
    assert bed.ref.moves == [move, "k" + nxt]
    assert bed.ref.position.occupied == bed.occ


@pytest.mark.parametrize("event", ["reset", "offline"])
def test_a_resume_reread_then_a_fast_placement(event):
    """After a gap the first scans show the bed empty, then c3 back, then the next kitten, all
    faster than the settle time: the bed before the gap was seen again, so play resumes there
    and the kitten is grey's move."""
    bed = Bed()
    bed.play("kc3")
    bed.ref.on_device_event(DeviceEvent(event, "bridge"), bed.t)
    if event == "offline":
        bed.ref.on_device_event(DeviceEvent("online", "bridge"), bed.t)
    for occ in (0, mask("c3"), mask("c3", "f6")):
        bed.set(occ, dt=0.05)
    assert bed.ref.phase == "await_placement"
    bed.wait(SETTLE)
    assert bed.ref.moves == ["kc3", "kf6"]


def test_a_fast_placement_before_the_ai_has_chosen_is_not_its_move():
    """Grey is the AI: a grey kitten put down right after the restore, before the AI chose, is
    not accepted; once the AI has chosen d4 the guidance takes f6 off and d4 is played."""
    bed = Bed(ai_seats=(1,))
    bed.place("c3")
    bed.lift("c3", dt=4.0)
    assert bed.ref.phase == "correction" and not bed.view.wants_ai
    bed.set(mask("c3"), dt=0)
    bed.set(mask("c3", "f6"), dt=0.3)
    assert bed.view.wants_ai and bed.ref.moves == ["kc3"]
    bed.ref.on_ai_move("kd4")
    bed.wait(4.0)
    assert bed.ref.moves == ["kc3"] and bed.ref.phase == "correction"
    assert bed.view.instruction.startswith("Nimm die Figur von f6")
    bed.lift("f6")
    bed.play("kd4")
    assert bed.ref.moves == ["kc3", "kd4"]
