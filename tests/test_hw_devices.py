"""Buttons through gpiozero's MockFactory, the factory (backends, optional devices degrading to
warnings, the bridge hook, config errors) and the fakes."""
from __future__ import annotations

import sys
import threading
import types

import pytest
from gpiozero.pins.mock import MockFactory
from PIL import Image

from hardware import build_devices
from hardware.buttons import GpioButtons
from hardware.fakes import FakeButtons, FakeCardReader, FakeDisplay, FakeLedGrid, FakeReedGrid
from hardware.interfaces import ButtonEvent, Effect, HardwareError, LedCell, LedFrame
from hardware.null import NullCardReader, NullDisplay
from wiring.pins import load_pins

PINS = load_pins()


def wait_for(pred, limit=300):
    for _ in range(limit):
        if pred():
            return True
        threading.Event().wait(0.01)
    return False


def test_buttons_press_and_long_press():
    factory = MockFactory()
    b = GpioButtons(PINS.buttons, pin_factory=factory, hold_s=0.05, bounce_s=None)
    ok = factory.pin(f"GPIO{PINS.buttons['ok']}")
    back = factory.pin(f"GPIO{PINS.buttons['back']}")
    ok.drive_low()
    ok.drive_high()
    assert b.poll() == [ButtonEvent("ok", "press")]
    back.drive_low()
    got = []
    assert wait_for(lambda: got.extend(b.poll()) or got)  # held past hold_s
    back.drive_high()
    got += b.poll()
    assert got == [ButtonEvent("back", "long")]  # no extra "press" on release after a long
    b.close()
    b.close()


def test_ok_held_down_before_the_service_starts_is_seen():
    """OK held while the Pi starts (the page's address on the OLED): held() reads the pin, before
    any press or long-press event (a mock pin takes its pull-up when opened, so the finger is put
    on it just after)."""
    factory = MockFactory()
    b = GpioButtons(PINS.buttons, pin_factory=factory, hold_s=5, bounce_s=None)
    ok = factory.pin(f"GPIO{PINS.buttons['ok']}")
    assert not b.held("ok")
    ok.drive_low()
    assert b.poll() == [] and b.held("ok") and not b.held("back") and not b.held("nope")
    ok.drive_high()
    assert not b.held("ok")
    b.close()


def test_factory_fakes_by_default():
    d = build_devices({})
    assert isinstance(d.reed, FakeReedGrid) and isinstance(d.leds, FakeLedGrid)
    assert isinstance(d.display, FakeDisplay) and isinstance(d.cards, FakeCardReader)
    assert isinstance(d.buttons, FakeButtons)
    assert d.warnings == [] and d.drain_events() == []
    d.close()
    d.close()


def test_factory_gpio_backends_on_mock_pins():
    d = build_devices({"gpio": {"pin_factory": "mock"}, "reed": {"backend": "gpio", "debounce": 2,
                       "scan_hz": 200, "watch_hz": 5}, "buttons": {"backend": "gpio"}})
    assert d.reed.scan_hz == 200 and d.reed.watch_hz == 5
    assert d.reed.poll() == 0
    assert d.reed.poll_interval() is None and d.poll_interval() is None  # an empty bed: edges wake
    d.close()
    with pytest.raises(HardwareError, match=r"reed watch_hz must be > 0, got 0.0; use e.g. 10"):
        build_devices({"gpio": {"pin_factory": "mock"}, "reed": {"backend": "gpio", "watch_hz": 0}})


def test_optional_devices_absent_become_warnings(monkeypatch):
    import smbus2

    def missing(port):
        raise FileNotFoundError(2, "No such file or directory", f"/dev/i2c-{port}")

    monkeypatch.setattr(smbus2, "SMBus", missing)
    pins = PINS.__class__(**{**PINS.__dict__, "cards": {**PINS.cards, "uart": "/dev/ttyNOPE9"}})
    d = build_devices({"display": {"backend": "ssd1306"}, "cards": {"backend": "pn532_uart"}},
                      pins=pins)
    assert isinstance(d.display, NullDisplay) and isinstance(d.cards, NullCardReader)
    kinds = {(e.kind, e.device) for e in d.warnings}
    assert kinds == {("warning", "display"), ("warning", "cards")}
    details = " ".join(e.detail for e in d.warnings)
    assert "/dev/i2c-1" in details and "/dev/ttyNOPE9" in details
    assert len(d.drain_events()) == 2 and d.drain_events() == []  # delivered once
    d.display.show(Image.new("1", (128, 64)))  # null devices accept calls
    assert d.cards.poll() == []
    d.close()


def test_disabled_optional_device_is_a_visible_warning():
    d = build_devices({"display": {"backend": "none"}})
    assert isinstance(d.display, NullDisplay)
    assert [e.device for e in d.warnings] == ["display"]


def test_required_devices_raise(monkeypatch):
    monkeypatch.setitem(sys.modules, "spidev", None)
    with pytest.raises(HardwareError, match=r"/dev/spidev0\.0"):
        build_devices({"leds": {"backend": "spi"}})


def test_config_errors_name_section_and_key():
    with pytest.raises(HardwareError, match=r"companion\.toml: \[reed\] backend = 'gpoi' is unknown"):
        build_devices({"reed": {"backend": "gpoi"}}, source="companion.toml")
    with pytest.raises(HardwareError, match=r"\[leds\] brigthness: unknown key"):
        build_devices({"leds": {"brigthness": 1}})


def test_bridge_hook(monkeypatch):
    calls = []
    mod = types.ModuleType("firmware_bridge.host.backend")
    mod.make_reed_grid = lambda cfg: calls.append(("reed", cfg)) or FakeReedGrid()
    mod.make_led_grid = lambda cfg: calls.append(("led", cfg)) or FakeLedGrid()
    monkeypatch.setitem(sys.modules, "firmware_bridge.host.backend", mod)
    d = build_devices({"reed": {"backend": "bridge", "port": "/dev/ttyACM0"},
                       "leds": {"backend": "bridge", "port": "/dev/ttyACM0"}})
    assert calls == [("reed", {"backend": "bridge", "port": "/dev/ttyACM0"}),
                     ("led", {"backend": "bridge", "port": "/dev/ttyACM0"})]
    d.close()


def test_fake_reed_grid_set_lift_bounce():
    r = FakeReedGrid(debounce=3)
    r.set("c3", 0)
    assert r.settle() == (1 << 14) | 1
    r.lift("a1")
    r.bounce("c3", scans=4)  # chatter shorter than the debounce never reaches the referee
    seen = [r.poll() for _ in range(6)]
    assert all(s & (1 << 14) for s in seen)
    assert r.seen == 1 << 14
    r.inject_event("reset", "boot 2")
    assert [e.kind for e in r.drain_events()] == ["reset"]
    with pytest.raises(ValueError):
        r.set("g7")


def test_fake_leds_cards_buttons():
    leds = FakeLedGrid()
    f = LedFrame.from_dict({2: LedCell((9, 8, 7), Effect.BLINK)})
    leds.show(f)
    assert leds.current is f and leds.pixels(0.0)[2] == (9, 8, 7) and leds.pixels(0.3)[2] == (0, 0, 0)
    leds.close()
    assert leds.current == LedFrame()
    cards = FakeCardReader()
    cards.tap("04:a1:b2:c3:d4:e5:f6", "cat")
    (ev,) = cards.poll()
    assert ev.uid_hex == "04:A1:B2:C3:D4:E5:F6" and ev.text == "cat" and cards.poll() == []
    with pytest.raises(ValueError, match="4, 7 or 10 bytes"):
        cards.tap("0102")
    b = FakeButtons()
    b.press("ok")
    b.long("cat")
    assert b.poll() == [ButtonEvent("ok", "press"), ButtonEvent("cat", "long")]
    with pytest.raises(ValueError, match="no button 'menu'"):
        b.press("menu")


def test_fakes_are_thread_safe():
    r = FakeReedGrid()
    def poke():
        for i in range(2000):
            r.set(i % 36)
            r.lift((i + 7) % 36)
    t = threading.Thread(target=poke)
    t.start()
    for _ in range(2000):
        r.poll()
    t.join()
    r.set_mask(0)
    assert r.settle() == 0
