"""Writing NDEF text records to NTAG21x stickers: the real PN532 driver through pyserial on a pty,
against the simulator's tag models (NTAG213/215/216, Ultralight, MIFARE Classic, locked ones)."""
from __future__ import annotations

import pytest

from hardware.cards import PN532CardReader
from hardware.ndef import NdefError, message_tlv, text_from_memory, text_record, text_tlv
from hardware.ntag import NtagError, TagRefused, write_text
from hardware.pn532 import PN532, UartTransport, build_frame
from hardware.pn532_sim import PN532Simulator

UID = bytes.fromhex("04a1b2c3d4e5f6")
UID2 = bytes.fromhex("04112233445566")


@pytest.fixture
def sim():
    s = PN532Simulator()
    yield s
    s.close()


@pytest.fixture
def pn(sim):
    p = PN532(UartTransport(sim.port), timeout=0.5)
    p.setup()
    yield p
    p.close()


def test_ndef_encoder_is_the_parsers_inverse():
    rec = text_record("mmm:s7")
    assert rec == bytes([0xD1, 0x01, 0x09, ord("T"), 0x02]) + b"en" + b"mmm:s7"
    assert message_tlv(rec) == bytes([0x03, len(rec)]) + rec + b"\xfe"
    assert text_tlv("mmm:s7") == message_tlv(rec)
    long = "z" * 300  # a long record and the 3-byte TLV length form
    tlv = text_tlv(long)
    assert tlv[:2] == b"\x03\xff" and int.from_bytes(tlv[2:4], "big") == len(tlv) - 5
    assert text_from_memory(tlv) == long
    assert text_from_memory(text_tlv("Größe", lang="de")) == "Größe"
    with pytest.raises(NdefError, match="language code ''"):
        text_record("x", lang="")


def test_write_ntag213_page_by_page_from_page_4_and_read_back(sim, pn):
    tag = sim.put_card(UID, None)
    written = write_text(pn, pn.target(), "mmm:+4")
    data = text_tlv("mmm:+4")
    data += bytes(-len(data) % 4)
    assert written.ntag.name == "NTAG213" and written.pages == len(data) // 4 == 4
    assert tag.writes == [4, 5, 6, 7]
    assert bytes(tag.memory[16:16 + len(data)]) == data
    # the frame on the wire: D4 40 Tg A2 page d0 d1 d2 d3
    assert build_frame(bytes([0x40, 1, 0xA2, 4]) + data[:4])[5:11] == bytes([0xD4, 0x40, 1, 0xA2, 4, 3])
    assert 0x42 in sim.commands  # GET_VERSION through InCommunicateThru
    reader = PN532CardReader(PN532(UartTransport(sim.port), timeout=0.5), threaded=False)
    (ev,) = reader.poll()
    assert ev.uid == UID and ev.text == "mmm:+4"
    reader.close()


@pytest.mark.parametrize("kind,name,room", [("ntag215", "NTAG215", 496), ("ntag216", "NTAG216", 872)])
def test_bigger_stickers_take_long_records(sim, pn, kind, name, room):
    text = "x" * 200
    tag = sim.put_card(UID, "old text", kind=kind)
    written = write_text(pn, pn.target(), text)
    assert written.ntag.name == name and tag.writes[0] == 4 and len(tag.writes) == written.pages
    assert text_from_memory(bytes(tag.memory[16:])) == text


@pytest.mark.parametrize("setup,needle", [
    (dict(kind="classic"), "not an NTAG213/215/216 sticker (SAK 0x08: a MIFARE Classic 1K)"),
    (dict(kind="ultralight"), "no NXP NTAG answer to GET_VERSION: a MIFARE Ultralight?"),
    (dict(lock="static"), "NTAG213 is locked: static lock bits lock pages 4-7 (lock bytes f0 ff)"),
    (dict(lock="cc"), "NTAG213 is locked: its CC says read-only (access byte 0x0f)"),
])
def test_wrong_stickers_are_refused_with_one_line_before_any_write(sim, pn, setup, needle):
    tag = sim.put_card(UID, None, **setup)
    with pytest.raises(TagRefused) as err:
        write_text(pn, pn.target(), "mmm:s0")
    assert needle in str(err.value) and "\n" not in str(err.value)
    assert tag.writes == []


def test_too_small_and_dynamically_locked(sim, pn):
    tag = sim.put_card(UID, None)
    with pytest.raises(TagRefused, match="NTAG213 is too small: the record needs 212 bytes, the sticker"
                                         " holds 144; take an NTAG215"):
        write_text(pn, pn.target(), "y" * 200)
    tag = sim.put_card(UID, None, kind="ntag215", lock="dynamic")
    with pytest.raises(TagRefused, match="NTAG215 is locked: dynamic lock bytes ff ff ff"):
        write_text(pn, pn.target(), "y" * 60)
    assert tag.writes == []
    write_text(pn, pn.target(), "short")  # pages 4-15 are not under the dynamic lock
    assert tag.writes == [4, 5, 6, 7]


def test_factory_blank_sticker_gets_its_capability_container_first(sim, pn):
    tag = sim.put_card(UID, None, blank_cc=True)
    write_text(pn, pn.target(), "mmm:KK")
    assert tag.writes[0] == 3 and bytes(tag.memory[12:16]) == bytes([0xE1, 0x10, 0x12, 0x00])
    assert tag.writes[1:] == [4, 5, 6, 7]


def test_sticker_lifted_during_the_write_fails_with_one_line_then_a_retap_succeeds(sim, pn):
    tag = sim.put_card(UID, None)
    sim.vanish_after_writes = 2
    with pytest.raises(NtagError) as err:
        write_text(pn, pn.target(), "mmm:p9")
    msg = str(err.value)
    assert "WRITE page 6 failed (status 01)" in msg and "tap again" in msg and "\n" not in msg
    assert tag.writes == [4, 5]
    sim.present(UID)
    write_text(pn, pn.target(), "mmm:p9")
    assert text_from_memory(bytes(tag.memory[16:])) == "mmm:p9"


def test_read_back_mismatch_is_caught(sim, pn, monkeypatch):
    sim.put_card(UID, None)
    real = pn.read_pages
    monkeypatch.setattr(pn, "read_pages", lambda tg, page: real(tg, page) if page < 4 else bytes(16))
    with pytest.raises(NtagError, match="read-back differs from what was written"):
        write_text(pn, pn.target(), "mmm:g1")


def test_simulated_lock_bytes_and_cc_are_one_time_programmable(sim, pn):
    tag = sim.put_card(UID, None)
    t = pn.target()
    pn.write_page(t.tg, 2, bytes([0xAA, 0xAA, 0x10, 0x00]))  # lock page 4
    pn.write_page(t.tg, 3, bytes(4))  # clearing CC bits does nothing
    assert tag.memory[10] == 0x10 and bytes(tag.memory[12:16]) == bytes([0xE1, 0x10, 0x12, 0x00])
    with pytest.raises(Exception, match="WRITE page 4 failed"):
        pn.write_page(t.tg, 4, b"abcd")
    with pytest.raises(Exception, match="WRITE page 0 failed"):
        pn.write_page(t.tg, 0, b"abcd")
    with pytest.raises(TagRefused, match="static lock bits lock page 4 "):
        write_text(pn, t, "mmm:s3")


def test_writing_over_i2c_too(sim):
    from hardware.pn532 import I2cTransport
    from tests.test_hw_pn532 import FakePn532I2C

    tag = sim.put_card(UID2, None, kind="ntag215")
    pn = PN532(I2cTransport(1, 0x24, bus=FakePn532I2C(sim)), timeout=0.5)
    pn.setup()
    written = write_text(pn, pn.target(), "mmm:zA")
    assert written.ntag.name == "NTAG215" and text_from_memory(bytes(tag.memory[16:])) == "mmm:zA"
    pn.close()
