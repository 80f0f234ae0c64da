"""The maunz table reuses its view while nothing it shows has changed (the service asks for it
at 100 Hz, and an idle loop must not recompose it each time), and still makes a new one when
time makes something due: a wrong bed turns into "correction" after `correction_delay`."""
from __future__ import annotations

from companion.tables.maunz.testing import Bed, sq


def test_view_reused_while_unchanged_and_renewed_when_time_makes_it_due():
    bed = Bed()
    first = bed.view
    bed.wait(0.01)
    assert bed.view is first  # an idle step: the same view, not a recomposed one
    bed.set(bed.occ | 1 << sq("a1") | 1 << sq("f6"))  # two pieces at once: not a move
    wrong = bed.view
    assert wrong is not first and wrong.phase != "correction"
    bed.wait(1.0)
    assert bed.view is wrong  # under the delay nothing is due yet
    bed.wait(bed.ref.correction_delay)
    due = bed.view
    assert due is not wrong and due.phase == "correction"
    assert due.leds != wrong.leds and due.instruction != wrong.instruction
    bed.ref.language = "en"  # the same state in the other language: new words
    assert bed.view is not due and bed.view.instruction != due.instruction


def test_view_without_the_memo_is_equal():
    """The memo changes no view: the same table with it switched off composes equal ones."""
    bed, plain = Bed(), Bed()
    plain.ref.memo_views = False
    for b in (bed, plain):
        b.set(b.occ | 1 << sq("c3"))
        b.wait(0.5)
    assert plain.view is not plain.view and plain.view == bed.view and bed.view is bed.view
