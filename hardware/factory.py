"""Build every device from the service's configuration.

    devices = build_devices({
        "gpio":    {"pin_factory": "lgpio"},              # or "rpigpio", "native", "mock"
        "reed":    {"backend": "gpio", "debounce": 3, "scan_hz": 100},
        "leds":    {"backend": "spi", "brightness": 0.5, "max_current_ma": 1500},
        "display": {"backend": "ssd1306"},
        "cards":   {"backend": "pn532_uart"},
        "buttons": {"backend": "gpio", "hold_s": 1.0},
        "wiring":  {"pins_file": "wiring/pins.toml"},      # optional; pins live only there
    })

Every pin and bus number comes from wiring/pins.toml. The reed grid, LEDs and buttons are
required: a failure raises HardwareError. The display and card reader are optional: when the
configured one is absent, the factory puts a null device in its place and records a "warning"
DeviceEvent (``devices.warnings``; also returned once by ``devices.drain_events()``).
Backend "bridge" (reed, leds) imports ``firmware_bridge.host.backend`` lazily and calls
``make_reed_grid(section)`` / ``make_led_grid(section)`` with the config section dict.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field

from hardware.interfaces import (
    Buttons,
    CardReader,
    DeviceEvent,
    Display,
    HardwareError,
    LedGrid,
    ReedGrid,
)

# Keys the bridge backend (firmware_bridge/host/backend.py) understands; it validates them.
BRIDGE_KEYS = {"port", "baud", "baudrate", "debounce", "debounce_ms", "scan_hz", "brightness", "heartbeat_ms",
               "offline_ms", "raw_ms", "ping_interval", "ack_timeout", "offline_after",
               "reconnect_interval", "handshake_timeout"}
KEYS = {
    "gpio": {"pin_factory"},
    "wiring": {"pins_file"},
    "reed": {"backend", "debounce", "scan_hz", "settle_us", "watch_hz", "pin_factory", "bed", "calibration"}
            | BRIDGE_KEYS,
    "leds": {"backend", "brightness", "max_current_ma", "fps"} | BRIDGE_KEYS,
    "display": {"backend", "rotate"},
    "cards": {"backend", "interval", "absent_polls", "threaded", "read_text", "timeout"},
    "buttons": {"backend", "hold_s", "bounce_s", "pin_factory"},
}
BACKENDS = {
    "reed": ("gpio", "mcp23017", "fake", "fake_hall", "bridge"),
    "leds": ("spi", "fake", "bridge"),
    "display": ("ssd1306", "sh1106", "fake", "none"),
    "cards": ("pn532_uart", "pn532_i2c", "fake", "none"),
    "buttons": ("gpio", "fake"),
}
DEFAULT_BACKEND = {"reed": "fake", "leds": "fake", "display": "fake", "cards": "fake",
                   "buttons": "fake"}


@dataclass
class Devices:
    reed: ReedGrid
    leds: LedGrid
    display: Display
    cards: CardReader
    buttons: Buttons
    warnings: list[DeviceEvent] = field(default_factory=list)
    _undelivered: list[DeviceEvent] = field(default_factory=list, repr=False)
    _closed: bool = field(default=False, repr=False)

    def drain_events(self) -> list[DeviceEvent]:
        """Warnings from building (once), then reed and card-reader link events."""
        out, self._undelivered = self._undelivered, []
        out += self.reed.drain_events()
        drain = getattr(self.cards, "drain_events", None)
        if drain:
            out += drain()
        return out

    def set_waker(self, wake) -> None:
        """`wake()` (thread-safe) asks the service's sleeping loop for a poll: each input device
        calls it when it has something new (hardware.interfaces.Wakes)."""
        for dev in (self.reed, self.cards, self.buttons):
            dev.set_waker(wake)

    def poll_interval(self) -> float | None:
        """Seconds until some input device must be polled although none woke the loop (a scanned
        reed matrix: 1/scan_hz, or 1/watch_hz while a GPIO one holds a column); None: every device
        wakes the loop itself."""
        due = [d.poll_interval() for d in (self.reed, self.cards, self.buttons)]
        return min((d for d in due if d is not None), default=None)

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        for dev in (self.buttons, self.cards, self.display, self.leds, self.reed):
            try:
                dev.close()
            except Exception:
                pass


def _bridge(kind: str, section: dict):
    try:
        mod = importlib.import_module("firmware_bridge.host.backend")
    except ImportError as e:
        raise HardwareError(f"{kind} backend \"bridge\" needs firmware_bridge.host.backend, "
                            f"which failed to import ({e})") from None
    return getattr(mod, f"make_{kind}_grid")(section)


def build_devices(config: dict | None = None, *, pins=None, source: str = "config") -> Devices:
    """``pins`` (a wiring.PinMap) overrides loading wiring/pins.toml; ``source`` names the
    config file in error messages."""
    config = dict(config or {})
    for section, values in config.items():
        if section not in KEYS:
            continue  # other sections belong to the service
        if not isinstance(values, dict):
            raise HardwareError(f"{source}: [{section}] must be a table")
        for key in values:
            if key not in KEYS[section]:
                raise HardwareError(f"{source}: [{section}] {key}: unknown key; known keys: "
                                    f"{', '.join(sorted(KEYS[section]))}")
    sec = {name: dict(config.get(name, {})) for name in KEYS}
    backend = {}
    for name, choices in BACKENDS.items():
        b = sec[name].get("backend", DEFAULT_BACKEND[name])
        if b not in choices:
            raise HardwareError(f"{source}: [{name}] backend = {b!r} is unknown; use one of "
                                f"{', '.join(choices)}")
        backend[name] = b

    needs_pins = (backend["reed"] in ("gpio", "mcp23017") or backend["leds"] == "spi"
                  or backend["display"] in ("ssd1306", "sh1106")
                  or backend["cards"].startswith("pn532") or backend["buttons"] == "gpio")
    if pins is None and needs_pins:
        from wiring.pins import load_pins
        pins = load_pins(sec["wiring"].get("pins_file"))

    factory = None

    def gpio_factory(section: dict):
        nonlocal factory
        name = section.get("pin_factory") or sec["gpio"].get("pin_factory", "lgpio")
        if factory is None:
            from hardware.reed import make_pin_factory
            factory = make_pin_factory(name)
        return factory

    built: list = []
    warnings: list[DeviceEvent] = []
    try:
        reed = _build_reed(backend["reed"], sec["reed"], pins, gpio_factory)
        built.append(reed)
        leds = _build_leds(backend["leds"], sec["leds"], pins)
        built.append(leds)
        buttons = _build_buttons(backend["buttons"], sec["buttons"], pins, gpio_factory)
        built.append(buttons)
        display = _optional("display", lambda: _build_display(backend["display"], sec["display"],
                                                              pins), warnings)
        built.append(display)
        cards = _optional("cards", lambda: _build_cards(backend["cards"], sec["cards"], pins),
                          warnings)
    except BaseException:
        for dev in built:
            try:
                dev.close()
            except Exception:
                pass
        raise
    return Devices(reed, leds, display, cards, buttons, warnings, list(warnings))


def _optional(kind: str, make, warnings: list[DeviceEvent]):
    from hardware.null import NullCardReader, NullDisplay

    null = NullDisplay if kind == "display" else NullCardReader
    try:
        dev = make()
    except HardwareError as e:
        warnings.append(DeviceEvent("warning", kind, f"{e}; continuing without the {kind}"))
        return null(str(e))
    if dev is None:
        warnings.append(DeviceEvent("warning", kind, f"{kind} disabled in the configuration "
                                                     f"(backend = \"none\")"))
        return null("disabled")
    return dev


def _build_reed(backend: str, s: dict, pins, gpio_factory) -> ReedGrid:
    kw = {"debounce": int(s.get("debounce", 3)), "scan_hz": float(s.get("scan_hz", 100))}
    if s.get("bed", "reed") != "reed" and backend != "bridge":
        raise HardwareError(f"reed bed = {s['bed']!r} needs backend = \"bridge\" (the Pico reads "
                            "the hall sensors); or use backend = \"fake_hall\" to simulate one")
    if backend == "fake":
        from hardware.fakes import FakeReedGrid
        return FakeReedGrid(**kw)
    if backend == "fake_hall":  # the hall-effect bed, simulated: it reports each piece's kind
        from hardware.fakes import FakeHallGrid
        return FakeHallGrid(**kw)
    if backend == "bridge":
        return _bridge("reed", s)
    if backend == "gpio":
        from hardware.reed import GpioReedGrid
        return GpioReedGrid(pins.reed_rows, pins.reed_cols, pin_factory=gpio_factory(s),
                            settle_us=float(s.get("settle_us", 20)),
                            watch_hz=float(s.get("watch_hz", 10)), **kw)
    from hardware.reed import Mcp23017ReedGrid
    m = pins.mcp23017
    return Mcp23017ReedGrid(m["i2c_bus"], m["address"], rows_port=m["rows_port"],
                            cols_port=m["cols_port"], **kw)


def _build_leds(backend: str, s: dict, pins) -> LedGrid:
    if backend == "fake":
        from hardware.fakes import FakeLedGrid
        return FakeLedGrid(brightness=float(s.get("brightness", 1.0)),
                           max_current_ma=s.get("max_current_ma"))
    if backend == "bridge":
        return _bridge("led", s)
    from hardware.ws2812 import SpiWs2812Grid
    return SpiWs2812Grid(pins.leds["spi_bus"], pins.leds["spi_device"], chain_index=pins.led_index,
                         brightness=float(s.get("brightness", 0.5)),
                         max_current_ma=float(s.get("max_current_ma", 1500)),
                         fps=float(s.get("fps", 50)))


def _build_buttons(backend: str, s: dict, pins, gpio_factory) -> Buttons:
    if backend == "fake":
        from hardware.fakes import FakeButtons
        return FakeButtons()
    from hardware.buttons import GpioButtons
    return GpioButtons(pins.buttons, pin_factory=gpio_factory(s), hold_s=float(s.get("hold_s", 1.0)),
                       bounce_s=s.get("bounce_s", 0.02))


def _build_display(backend: str, s: dict, pins):
    if backend == "none":
        return None
    if backend == "fake":
        from hardware.fakes import FakeDisplay
        return FakeDisplay(rotate=int(s.get("rotate", 0)))
    from hardware.oled import make_oled
    return make_oled(backend, pins.display["i2c_bus"], pins.display["address"],
                     rotate=int(s.get("rotate", 0)))


def _build_cards(backend: str, s: dict, pins):
    if backend == "none":
        return None
    if backend == "fake":
        from hardware.fakes import FakeCardReader
        return FakeCardReader()
    from hardware.cards import PN532CardReader
    from hardware.pn532 import PN532, I2cTransport, UartTransport
    c = pins.cards
    if backend == "pn532_uart":
        transport = UartTransport(c["uart"], c["baudrate"])
    else:
        transport = I2cTransport(c["i2c_bus"], c["i2c_address"])
    return PN532CardReader(PN532(transport, timeout=float(s.get("timeout", 0.5))),
                           threaded=bool(s.get("threaded", True)),
                           interval=float(s.get("interval", 0.1)),
                           absent_polls=int(s.get("absent_polls", 3)),
                           read_text=bool(s.get("read_text", True)))
