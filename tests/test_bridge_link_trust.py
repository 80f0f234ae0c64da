"""Issue 10, serial link: the host trusts only a device that speaks its protocol version on a
6x6 grid (PROTOCOL.md: it refuses any other), at open and in the middle of a session, and only
the CONFIG_ECHO that answers its own CONFIG."""
from __future__ import annotations

import pytest

from firmware_bridge.emulator import FakePico
from firmware_bridge.firmware import messages as M
from firmware_bridge.firmware.device import Device
from firmware_bridge.firmware.framing import encode_frame
from firmware_bridge.host.link import BridgeLink
from hardware.interfaces import HardwareError
from tests.test_bridge_link import DEVICE, FAST, events_until, wait


@pytest.fixture
def hello_as(monkeypatch):
    """What the emulated firmware says in HELLO: {"version": .., "rows": .., "cols": ..}."""
    said = {"version": M.PROTOCOL_VERSION, "rows": M.ROWS, "cols": M.COLS}

    def send_hello(self):
        self._send("HELLO", dict(said, fw_hash=self.fw_hash, boot_id=self.boot_id,
                                 reset_cause=self.reset_cause))

    monkeypatch.setattr(Device, "_send_hello", send_hello)
    return said


def _hello_frame(pico, **values) -> bytes:
    d = pico.device
    base = {"version": M.PROTOCOL_VERSION, "fw_hash": d.fw_hash, "boot_id": d.boot_id,
            "reset_cause": d.reset_cause, "rows": M.ROWS, "cols": M.COLS}
    return encode_frame(M.encode("HELLO", dict(base, **values)))


@pytest.mark.parametrize("change, words", [({"version": 3}, "protocol v3"),
                                           ({"rows": 8, "cols": 8}, "grid of 8x8")])
def test_wrong_device_mid_session_pauses_until_the_right_one_says_hello(hello_as, change, words):
    pico = FakePico()
    link = BridgeLink(pico.port, config=DEVICE, **FAST).open()
    try:
        pico.place(0)
        assert wait(lambda: link.occupancy == 1)
        hello_as.update(change)  # from now on the device answers SYNC with the wrong HELLO
        pico.inject(_hello_frame(pico, **change))
        got = events_until(link, ["warning", "offline"])
        assert [e.kind for e in got[:2]] == ["warning", "offline"] and words in got[0].detail
        assert "companion flash" in got[0].detail
        pico.place(1)
        link.send_leds(M.pack_cells([(0, 0, 99, M.STEADY)] * 36))
        assert not wait(lambda: link.occupancy != 1, timeout=0.5)  # snapshots not trusted ...
        assert link.led_pending  # ... nor acks
        assert not link.online
        assert len([e for e in link.drain_events() if e.kind == "warning"]) == 0  # said once
        hello_as.update(version=M.PROTOCOL_VERSION, rows=M.ROWS, cols=M.COLS)  # reflashed
        assert [e.kind for e in events_until(link, ["online"])][-1] == "online"
        assert wait(lambda: link.occupancy == 0b11) and wait(lambda: not link.led_pending)
        assert link.refused is None
    finally:
        link.close()
        pico.close()


@pytest.mark.parametrize("change, words", [({"version": 3}, "protocol v3"),
                                           ({"rows": 8, "cols": 8}, "grid of 8x8")])
def test_wrong_device_at_open_is_named_not_no_snapshot(hello_as, change, words):
    hello_as.update(change)
    pico = FakePico()
    try:
        with pytest.raises(HardwareError) as err:
            BridgeLink(pico.port, config=DEVICE, **FAST).open()
        assert words in str(err.value) and "SNAPSHOT" not in str(err.value)
        assert "companion flash" in str(err.value)
    finally:
        pico.close()


def test_stale_config_echo_is_not_adopted():
    pico = FakePico()
    link = BridgeLink(pico.port, config=dict(DEVICE, brightness=120), **FAST).open()
    try:
        assert wait(lambda: link.config_echo is not None and not link._config_pending)
        stale = dict(link.config, brightness=10)
        pico.inject(encode_frame(M.encode("CONFIG_ECHO", dict(stale, status=M.CONFIG_OK))))
        assert not wait(lambda: link.config["brightness"] != 120, timeout=0.5)  # not believed
        assert link.stats.stale_echoes >= 1
        assert link.config["brightness"] == 120 and link.config_echo["brightness"] == 120
        assert pico.device.config["brightness"] == 120
        assert not [e for e in link.drain_events() if e.kind == "warning"]
    finally:
        link.close()
        pico.close()
