"""The PN532 driver through pyserial on a pty, against a simulator speaking the real frame
format; the NDEF parser; the tap debouncer."""
from __future__ import annotations

import pytest

from hardware.cards import PN532CardReader, TapDebouncer
from hardware.interfaces import HardwareError
from hardware.ndef import message_from_tlv, text_from_memory, text_tlv
from hardware.pn532 import ACK, PN532, PN532FrameError, UartTransport, build_frame
from hardware.pn532_sim import PN532Simulator

UID7 = bytes.fromhex("04a1b2c3d4e5f6")
UID4 = bytes.fromhex("deadbeef")


@pytest.fixture
def sim():
    s = PN532Simulator()
    yield s
    s.close()


def reader_for(sim, **kw):
    return PN532CardReader(PN532(UartTransport(sim.port), timeout=0.5), threaded=False, **kw)


def test_frame_format():
    f = build_frame(b"\x02")
    assert f == bytes([0x00, 0x00, 0xFF, 0x02, 0xFE, 0xD4, 0x02, 0x2A, 0x00])
    assert ACK == bytes([0, 0, 0xFF, 0, 0xFF, 0])
    body = bytes([0xD4, 0x4A, 0x01, 0x00])
    f = build_frame(body[1:])
    assert (f[3] + f[4]) & 0xFF == 0 and (sum(f[5:-2]) + f[-2]) & 0xFF == 0


def test_seven_byte_uid_with_ndef_text(sim):
    sim.put_card(UID7, "maunz:cat")
    r = reader_for(sim)
    assert r.firmware[0] == 0x32
    events = r.poll()
    assert len(events) == 1
    assert events[0].uid == UID7 and events[0].uid_hex == "04:A1:B2:C3:D4:E5:F6"
    assert events[0].text == "maunz:cat"
    # the wake-up preamble, SAM config, retries, then list + reads
    assert sim.commands[:3] == [0x02, 0x14, 0x32]
    assert 0x40 in sim.commands
    r.close()
    r.close()


def test_four_byte_uid_without_ndef(sim):
    sim.put_card(UID4, None)
    r = reader_for(sim)
    (ev,) = r.poll()
    assert ev.uid == UID4 and ev.text is None
    r.close()


def test_long_text_spanning_several_reads(sim):
    text = "a longer card text that spans several 16-byte READ commands"
    sim.put_card(UID7, text)
    r = reader_for(sim)
    (ev,) = r.poll()
    assert ev.text == text
    r.close()


def test_held_card_is_one_tap_and_retap_after_removal(sim):
    sim.put_card(UID7, "ok")
    r = reader_for(sim, absent_polls=2)
    taps = [len(r.poll()) for _ in range(4)]
    assert taps == [1, 0, 0, 0]
    sim.remove_card()
    assert r.poll() == [] and r.poll() == []
    sim.put_card(UID7, "ok")
    assert len(r.poll()) == 1
    r.close()


def test_corrupted_frames_are_rejected_then_recovered(sim):
    r = reader_for(sim)
    sim.put_card(UID7, "x")
    for mode in ("dcs", "lcs"):
        sim.corrupt = [mode]
        assert r.poll() == []
    assert r.frame_errors == 2
    sim.corrupt = ["garbage"]  # noise before a good frame is skipped by the preamble search
    (ev,) = r.poll()
    assert ev.uid == UID7
    r.close()


def test_corrupted_frame_raises_frame_error_from_driver(sim):
    pn = PN532(UartTransport(sim.port), timeout=0.5)
    pn.firmware_version()
    sim.corrupt = ["dcs"]
    with pytest.raises(PN532FrameError, match=r"corrupted frame \(data checksum\)"):
        pn.firmware_version()
    assert pn.firmware_version()[0] == 0x32  # input flushed, next exchange is clean
    pn.close()


def test_silent_reader_names_the_port(sim):
    sim.mute = True
    with pytest.raises(HardwareError, match=rf"PN532 on {sim.port}: no answer \(timeout\)"):
        PN532CardReader(PN532(UartTransport(sim.port), timeout=0.2), threaded=False)


def test_missing_serial_port_names_path():
    with pytest.raises(HardwareError, match=r"serial port /dev/ttyNOPE0 not found"):
        UartTransport("/dev/ttyNOPE0")


def test_threaded_reader_queues_taps(sim):
    import threading
    sim.put_card(UID4, "t")
    r = PN532CardReader(PN532(UartTransport(sim.port), timeout=0.5), threaded=True, interval=0.01)
    got = []
    for _ in range(300):
        got += r.poll()
        if got:
            break
        threading.Event().wait(0.01)
    r.close()
    assert [e.uid for e in got] == [UID4]


def test_ndef_text_records():
    mem = b"\x00\x00" + text_tlv("Grüße", lang="de")
    assert text_from_memory(mem) == "Grüße"
    assert message_from_tlv(b"\xfe") is None
    assert text_from_memory(b"\x03\x00\xfe") is None
    long = "x" * 300
    assert text_from_memory(text_tlv(long)) == long
    # UTF-16 text record
    payload = bytes([0x80 | 2]) + b"en" + "hi".encode("utf-16")
    rec = bytes([0xD1, 1, len(payload)]) + b"T" + payload
    assert text_from_memory(bytes([0x03, len(rec)]) + rec + b"\xfe") == "hi"
    assert text_from_memory(b"\x03\x10\xd1") is None  # truncated: no crash


def test_tap_debouncer():
    d = TapDebouncer(absent_polls=2)
    assert [d.update(u) for u in (UID4, UID4, None, UID4, None, None, UID4)] == \
        [True, False, False, False, False, False, True]
    assert d.update(UID7) is True  # a different card is a new tap at once


class FakePn532I2C:
    """smbus2-like bus with a PN532 at 0x24: each read starts with the ready byte."""

    def __init__(self, sim):
        self.sim = sim
        self.pending: list[bytes] = []
        self.not_ready_reads = 1  # the chip is busy for one read after each command

    def i2c_rdwr(self, *msgs):
        for m in msgs:
            if m.addr != 0x24:
                raise OSError(121, "Remote I/O error")
            if m.flags & 0x0001:  # read
                busy = self.not_ready_reads > 0 and self.pending
                if busy:
                    self.not_ready_reads -= 1
                data = b"\x01" + self.pending.pop(0) if self.pending and not busy else b"\x00"
                data = (data + bytes(m.len))[:m.len]
                for i, b in enumerate(data):
                    m.buf[i] = b
            else:
                frame = bytes(m)
                body = frame[5:5 + frame[3]]
                self.pending += [ACK, self.sim._respond(body)]
                self.not_ready_reads = 1


def test_pn532_over_i2c(sim):
    from hardware.pn532 import I2cTransport
    sim.put_card(UID7, "i2c")
    bus = FakePn532I2C(sim)
    r = PN532CardReader(PN532(I2cTransport(1, 0x24, bus=bus), timeout=0.5), threaded=False)
    (ev,) = r.poll()
    assert ev.uid == UID7 and ev.text == "i2c"
    r.close()
    with pytest.raises(HardwareError, match=r"PN532 on /dev/i2c-1@0x25 is not answering"):
        PN532CardReader(PN532(I2cTransport(1, 0x25, bus=bus), timeout=0.2), threaded=False)
