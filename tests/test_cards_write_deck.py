"""`companion cards write-deck monster-mau-mau` and `enrol-deck`: the walk through the deck, against
the PN532 simulator on a pty (stickers tapped one after another), and as a real subprocess."""
from __future__ import annotations

import io
import subprocess
import sys

import pytest

from companion.games.monster_mau_mau import deck
from companion.service import deck_writer
from companion.service.deck_store import DeckStore
from companion.service.journal import connect
from hardware.cards import TapDebouncer
from hardware.ndef import text_from_memory
from tests.test_hw_ntag import pn, sim  # noqa: F401  (the simulator and a PN532 on its pty)


def uid(n: int) -> bytes:
    return bytes([0x04, 0, 0, 0, 0, 0, n])


def scripted(sim, pn, steps):
    """A `wait` that plays the next step (a sticker put on the reader, or Enter) and then waits
    for the tap the real way. Each step starts with the previous sticker lifted."""
    debounce = TapDebouncer(absent_polls=2)
    steps = list(steps)

    def wait():
        if not steps:
            return None
        step = steps.pop(0)
        if step == "enter":
            return deck_writer.SKIP
        debounce.current = None
        step()
        return deck_writer.wait_target(pn, debounce, io.StringIO(), timeout=2.0, interval=0.01)
    return wait


def text_of(tag) -> str | None:
    return text_from_memory(bytes(tag.memory[16:]))


def test_printed_order_is_the_whole_box():
    order = deck.printed_order()
    assert len(order) == 110 and len({(c.face, c.copy) for c in order}) == 110
    assert [c.face for c in order[:4]] == ["s0", "s1", "s1", "s2"]
    assert [c.face for c in order[-3:]] == ["+4", "KK", "KK"]
    assert order[1].label == "s1 (stripes 1, 1 of 2)" and order[0].label == "s0 (stripes 0)"
    assert order[20].label == "s+3 (stripes plus three, 2 of 2)" and order[100].text == "mmm:MW"
    assert all(deck.face_of_text(c.text) == c.face for c in order)


def test_taps_are_told_apart():
    assert deck.classify("04:01", "mmm:s7") == deck.Tap("card", "04:01", face="s7")
    assert deck.classify("04:02", None, enrolled={"04:02": "+4"}).face == "+4"
    assert deck.classify("04:03", "maunz:undo") == deck.Tap("control", "04:03", function="undo")
    assert deck.classify("04:04", None, controls={"04:04": "new_game"}).function == "new_game"
    assert deck.classify("04:05", "hello").kind == "unknown"
    assert deck.classify("04:06", "mmm:x9").kind == "unknown"


def test_write_deck_walks_the_cards_refusing_wrong_stickers(sim, pn):
    tags = {}

    def put(n, text=None, **kw):
        return lambda: tags.setdefault(n, sim.put_card(uid(n), text, **kw))

    steps = [
        put(1, kind="classic"),            # card 107: refused
        put(2),                            # card 107: written
        lambda: sim.present(uid(2)),       # card 108: the same sticker again
        put(3, "maunz:undo"),              # a control card
        put(4, "mmm:s3"),                  # a card of the deck already
        put(5, lock="static"),             # locked
        put(6, kind="ntag215"),            # card 108: written
        put(7, "mmm:KK"),                  # card 109: holds its text already
        "enter",                           # card 110: skipped
    ]
    out = io.StringIO()
    writer = deck_writer.DeckWriter(pn, deck, out, controls={})
    n = deck_writer.write_deck(writer, deck.printed_order(), scripted(sim, pn, steps), start=107)
    lines = out.getvalue().splitlines()
    assert n == 3
    assert text_of(tags[2]) == "mmm:+4" and text_of(tags[6]) == "mmm:+4"
    assert tags[1].writes == tags[3].writes == tags[4].writes == tags[5].writes == tags[7].writes == []
    assert lines[0] == "[107/110] +4 (plus four with a wish, 3 of 4): tap a sticker for 'mmm:+4' (Enter skips)"
    assert "04:00:00:00:00:00:01 refused: not an NTAG213/215/216 sticker (SAK 0x08" in lines[1]
    assert lines[2] == ("  04:00:00:00:00:00:02 -> 'mmm:+4' (NTAG213, pages 4-7, read back and verified)")
    assert lines[4] == "  04:00:00:00:00:00:02 is card +4 already (written just now); take the next sticker"
    assert lines[5] == "  04:00:00:00:00:00:03 is a maunz. control card ('maunz:undo'); take a blank sticker"
    assert "is card s3 of the deck already ('mmm:s3'); take a blank sticker, or pass --overwrite" in lines[6]
    assert "refused: NTAG213 is locked: static lock bits" in lines[7]
    assert "-> 'mmm:+4' (NTAG215" in lines[8]
    assert lines[10] == "  04:00:00:00:00:00:07 holds 'mmm:KK' already: done"
    assert lines[-2:] == ["  skipped", "3 cards written (from card 107)"]


def test_write_deck_overwrite_and_stop_when_nobody_taps(sim, pn):
    tag = sim.put_card(uid(9), "mmm:s3")
    out = io.StringIO()
    writer = deck_writer.DeckWriter(pn, deck, out, overwrite=True, controls={"04:00:00:00:00:00:08": "undo"})
    steps = [lambda: sim.put_card(uid(8)), lambda: sim.present(uid(9))]
    n = deck_writer.write_deck(writer, deck.printed_order(), scripted(sim, pn, steps), start=1)
    assert n == 1 and text_of(tag) == "mmm:s0"
    lines = out.getvalue().splitlines()
    assert lines[1] == "  04:00:00:00:00:00:08 is the maunz. control card 'undo'; take a blank sticker"
    assert lines[-1] == "no sticker tapped; stopped at card 2. Resume with --start 2"


def test_enrol_deck_stores_each_uid_for_its_card(sim, pn, tmp_path):
    store = DeckStore(connect(tmp_path / "journal.db"))
    steps = [lambda: sim.put_card(uid(1)), lambda: sim.put_card(uid(2)), lambda: sim.present(uid(1)),
             lambda: sim.put_card(uid(3))]
    out = io.StringIO()
    n = deck_writer.enrol_deck(store, "monster-mau-mau", deck.printed_order(), scripted(sim, pn, steps),
                               out, start=1, controls={})
    assert store.cards("monster-mau-mau") == {"04:00:00:00:00:00:01": "s0", "04:00:00:00:00:00:02": "s1",
                                              "04:00:00:00:00:00:03": "s1"}
    assert "04:00:00:00:00:00:01 is enrolled as s0 already; tap the card s1" in out.getvalue()
    assert n == 3
    tap = deck.classify("04:00:00:00:00:00:02", None, enrolled=store.cards("monster-mau-mau"))
    assert tap.kind == "card" and tap.face == "s1"


def companion(*args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", *args], capture_output=True, text=True,
                          timeout=60, **kw)


def test_cli_write_deck_on_the_simulator(sim, tmp_path):
    tag = sim.put_card(uid(1), None)
    r = companion("cards", "write-deck", "mmm", "--port", sim.port, "--start", "110", "--timeout", "3",
                  "--state", str(tmp_path), stdin=subprocess.DEVNULL)
    assert r.returncode == 0, r.stderr
    assert "[110/110] KK (creative card, 2 of 2): tap a sticker for 'mmm:KK'" in r.stdout
    assert r.stdout.rstrip().endswith("1 cards written (from card 110)")
    assert text_of(tag) == "mmm:KK"


@pytest.mark.parametrize("args,needle", [
    (["write-deck", "chess"], "unknown game 'chess'"),
    (["write-deck", "maunz", "--list"], "maunz has no deck of cards to write"),
    (["write-deck", "mmm", "--start", "111", "--list"], "--start 111: the deck has cards 1-110"),
    (["enrol-deck", "mmm", "--port", "/dev/ttyNOPE0"], "serial port /dev/ttyNOPE0 not found"),
])
def test_cli_deck_errors_one_line_status_2(args, needle, tmp_path):
    r = companion("cards", *args, "--state", str(tmp_path))
    assert r.returncode == 2 and needle in r.stderr and r.stderr.count("\n") == 1


def test_cli_list_prints_the_order():
    r = companion("cards", "write-deck", "monster-mau-mau", "--list")
    lines = r.stdout.splitlines()
    assert r.returncode == 0 and len(lines) == 110
    assert lines[0].split() == ["1", "mmm:s0", "s0", "(stripes", "0)"]
