"""Remote play's pure parts (companion/remote): the pairing code and what it derives, sealed
messages (a tampered or foreign one is refused), and the hash-chained move log that sees a
replayed, reordered, forged or dropped entry and stops at a disagreement."""
from __future__ import annotations

import random

import pytest

from companion.games import get
from companion.remote import chain as ch
from companion.remote.messages import RemoteMessageError, seal, unseal
from companion.remote.pairing import ALPHABET, PairingError, derive, new_code, parse_code

CODE = "K7QM-2XPD"


@pytest.fixture(scope="module")
def pairing():
    return derive(CODE)


def test_a_code_is_eight_unambiguous_characters_from_the_injected_source():
    code = new_code(random.Random(5))
    assert code == new_code(random.Random(5)) and len(code) == 9 and code[4] == "-"
    assert set(code.replace("-", "")) <= set(ALPHABET) and not set("ILOU") & set(code)
    # read aloud or typed: case, spaces and O/I/L as 0/1 are forgiven
    assert parse_code("k7qm 2xpd") == CODE and parse_code("K7QM2XPO") == "K7QM-2XP0"
    with pytest.raises(PairingError, match=r"^pairing code 'K7QM': 8 letters and digits .* like K7QM-2XPD$"):
        parse_code("K7QM")


def test_both_sides_derive_the_same_room_and_key_and_other_codes_do_not(pairing):
    again = derive("k7qm-2xpd")
    other = derive("K7QM-2XPE")
    assert (again.room, again.key) == (pairing.room, pairing.key) and len(pairing.key) == 32
    assert other.room != pairing.room and other.key != pairing.key
    assert "2XPD" not in pairing.room and pairing.key.hex() not in repr(pairing)


def test_a_sealed_message_opens_only_with_the_pairing(pairing):
    data = seal(pairing, {"kind": "hello", "from": "grey", "name": "Ben"})
    assert b"Ben" not in data and unseal(pairing, data)["name"] == "Ben"
    assert seal(pairing, {"kind": "hello"}) != seal(pairing, {"kind": "hello"})   # a fresh nonce each
    tampered = bytearray(data)
    tampered[40] ^= 1
    with pytest.raises(RemoteMessageError, match=r"does not open with this pairing's key \(tampered"):
        unseal(pairing, bytes(tampered))
    with pytest.raises(RemoteMessageError, match="does not open"):
        unseal(derive("K7QM-2XPE"), data)                     # another room's key
    with pytest.raises(RemoteMessageError, match="does not open"):
        unseal(pairing, b"garbage")


def _chain():
    game = get("maunz")
    return game, ch.Chain(game, game.initial_position())


def test_each_side_checks_every_entry_with_its_own_engine():
    game, here = _chain()
    _, there = _chain()
    for side, move in ((0, "kc3"), (1, "kd4"), (0, "ka1")):
        entry = (here if side == 0 else there).move_entry(side, move)
        here.add(entry)
        there.add(entry)
    assert here.moves == there.moves == ["kc3", "kd4", "ka1"] and here.head == there.head
    # the log keeps and replays: the same head after a restart
    again = ch.Chain.from_list(game, game.initial_position(), here.to_list())
    assert again.head == here.head and again.position == here.position


def test_a_replay_is_ignored_and_a_reordered_entry_waits():
    _, here = _chain()
    _, there = _chain()
    first = there.move_entry(0, "kc3")
    there.add(first)
    second = there.move_entry(1, "kd4")
    there.add(second)
    with pytest.raises(ch.Gap, match="entry 2 before entry 1"):
        here.add(second)                          # reordered (or the first was dropped)
    here.add(first)
    here.add(second)
    with pytest.raises(ch.Duplicate):
        here.add(first)                           # replayed / redelivered
    assert here.moves == ["kc3", "kd4"]


def test_a_forged_or_foreign_entry_is_not_ours_and_a_disagreement_stops():
    game, here = _chain()
    here.add(here.move_entry(0, "kc3"))
    # from another game of the same room: its chain does not lead here
    _, other = _chain()
    other.add(other.move_entry(0, "ka1"))
    foreign = other.move_entry(1, "kb2")
    with pytest.raises(ch.NotOurs, match="does not follow entry 1"):
        here.add(foreign)
    # the right place, but another position than ours after it: the engines disagree
    honest = here.move_entry(1, "kd4")
    lying = ch.Entry(honest.seq, honest.prev, 1, "move", "kd4", ch.digest("something else"))
    with pytest.raises(ch.Disagreement, match=r"move 2 \(grey kd4\) leads to another position"):
        here.add(lying)
    with pytest.raises(ch.Disagreement, match=r"move 2 \(kd4\) by orange, but grey is to move"):
        here.add(ch.Entry(honest.seq, honest.prev, 0, "move", "kd4", honest.pos))
    with pytest.raises(ch.Disagreement, match="is illegal here"):
        here.add(ch.Entry(honest.seq, honest.prev, 1, "move", "kc3", honest.pos))   # occupied
    here.add(honest)
    # another move where we already have one: the move that differs is named
    with pytest.raises(ch.Disagreement, match=r"move 2 differs: here it is grey kd4, the other side sent grey ke5"):
        here.add(ch.Entry(1, honest.prev, 1, "move", "ke5", honest.pos))


def test_an_undo_is_an_entry_both_sides_agree_on():
    _, here = _chain()
    _, there = _chain()
    for side, move in ((0, "kc3"), (1, "kd4")):
        e = here.move_entry(side, move)
        here.add(e)
        there.add(e)
    undo = there.undo_entry(0)      # orange asked; grey agreed and wrote it
    there.add(undo)
    here.add(undo)
    assert here.moves == there.moves == ["kc3"] and len(here.entries) == 3
    e = here.move_entry(1, "ka6")
    here.add(e)
    assert there.catch_up(here.to_list()) == 1 and there.moves == ["kc3", "ka6"]
