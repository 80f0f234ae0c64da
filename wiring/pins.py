"""Load and validate `wiring/pins.toml`.

Every rejection names the file, the key and the fix: a pin used twice, a pin that belongs to an
enabled bus (I2C/SPI/UART), a device on a bus that is not enabled, two I2C devices at one address,
an unknown key, or a GPIO number that is not on the 40-pin header.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from hardware.interfaces import HardwareError

DEFAULT_PATH = Path(__file__).with_name("pins.toml")

# BCM GPIO -> physical pin on the 40-pin header (all Pis since the B+).
HEADER: dict[int, int] = {
    2: 3, 3: 5, 4: 7, 14: 8, 15: 10, 17: 11, 18: 12, 27: 13, 22: 15, 23: 16, 24: 18, 10: 19,
    9: 21, 25: 22, 11: 23, 8: 24, 7: 26, 0: 27, 1: 28, 5: 29, 6: 31, 12: 32, 13: 33, 19: 35,
    16: 36, 26: 37, 20: 38, 21: 40,
}
# Physical pins that are not GPIOs.
POWER_PINS: dict[int, str] = {
    1: "3V3", 17: "3V3", 2: "5V", 4: "5V",
    **{p: "GND" for p in (6, 9, 14, 20, 25, 30, 34, 39)},
}

# GPIOs each bus owns while it is enabled, with the signal name.
BUS_PINS: dict[str, dict[int, str]] = {
    "i2c1": {2: "SDA1", 3: "SCL1"},
    "spi0": {10: "MOSI", 9: "MISO", 11: "SCLK", 8: "CE0", 7: "CE1"},
    "uart0": {14: "TXD", 15: "RXD"},
    "spi1": {20: "MOSI", 19: "MISO", 21: "SCLK", 18: "CE0", 17: "CE1", 16: "CE2"},
    # the PCM/I2S pins an I2S amplifier (MAX98357A) needs: bit clock, frame clock, data out
    "i2s": {18: "PCM_CLK (BCLK)", 19: "PCM_FS (LRCLK)", 21: "PCM_DOUT (DIN)"},
}
# GPIO0/1 carry the HAT ID EEPROM bus; the firmware probes them at boot.
RESERVED: dict[int, str] = {0: "ID_SD (HAT EEPROM)", 1: "ID_SC (HAT EEPROM)"}

SECTIONS: dict[str, set[str]] = {
    "buses": set(BUS_PINS),
    "reed": {"rows", "cols"},
    "buttons": set(),  # any button name -> pin
    "leds": {"spi_bus", "spi_device", "count", "chain"},
    "display": {"i2c_bus", "address"},
    "cards": {"uart", "baudrate", "i2c_bus", "i2c_address"},
    "mcp23017": {"i2c_bus", "address", "rows_port", "cols_port"},
    "speaker": {"output"},
    "hall": {"select", "adc", "register_mt", "clear_mt"},
}
#: The Pico's GPIOs (RP2040) and those that are ADC inputs.
PICO_GPIOS = range(0, 29)
PICO_ADC = (26, 27, 28)
SPEAKER_OUTPUTS = ("usb", "i2s")
REQUIRED_BUTTONS = ("ok", "back", "cat")
UART_DEVICES = {"/dev/serial0": "uart0", "/dev/ttyAMA0": "uart0", "/dev/ttyS0": "uart0"}


class PinMapError(HardwareError, ValueError):
    """pins.toml is inconsistent; the message names the file, key and fix."""


@dataclass(frozen=True)
class PinMap:
    path: Path
    buses: dict[str, bool]
    reed_rows: tuple[int, ...]
    reed_cols: tuple[int, ...]
    buttons: dict[str, int]
    leds: dict = field(default_factory=dict)
    display: dict = field(default_factory=dict)
    cards: dict = field(default_factory=dict)
    mcp23017: dict = field(default_factory=dict)
    speaker: str = "usb"
    hall: dict = field(default_factory=dict)

    def led_index(self, square: int) -> int:
        """Position of a square's LED along the WS2812 chain."""
        rank, file = divmod(square, 6)
        if self.leds.get("chain", "serpentine") == "serpentine" and rank % 2:
            file = 5 - file
        return rank * 6 + file

    def plain_pins(self) -> dict[str, int]:
        """Every plain GPIO use, key -> BCM number (what the diagram draws)."""
        out = {f"reed.rows[{i}]": p for i, p in enumerate(self.reed_rows)}
        out.update({f"reed.cols[{i}]": p for i, p in enumerate(self.reed_cols)})
        out.update({f"buttons.{n}": p for n, p in self.buttons.items()})
        return out


def load_pins(path: str | Path | None = None) -> PinMap:
    path = Path(path) if path is not None else DEFAULT_PATH
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except FileNotFoundError:
        raise PinMapError(f"{path}: wiring file not found; pass the path of a pins.toml "
                          f"(the default is {DEFAULT_PATH})") from None
    except tomllib.TOMLDecodeError as e:
        raise PinMapError(f"{path}: not valid TOML ({e}); fix the syntax") from None
    return _validate(path, data)


def _err(path: Path, key: str, msg: str) -> PinMapError:
    return PinMapError(f"{path}: [{key.split('.')[0]}] {key}: {msg}")


def _validate(path: Path, data: dict) -> PinMap:
    for section, value in data.items():
        if section not in SECTIONS:
            raise PinMapError(f"{path}: unknown section [{section}]; known sections: "
                              f"{', '.join(SECTIONS)} (check the spelling)")
        if not isinstance(value, dict):
            raise PinMapError(f"{path}: {section} must be a table [{section}]")
        allowed = SECTIONS[section]
        for key in value:
            if allowed and key not in allowed:
                raise _err(path, f"{section}.{key}", f"unknown key; known keys in [{section}]: "
                           f"{', '.join(sorted(allowed))} (check the spelling or remove it)")
    for section in ("buses", "reed", "buttons", "leds"):
        if section not in data:
            raise PinMapError(f"{path}: missing section [{section}]; copy it from {DEFAULT_PATH}")

    buses = {name: False for name in BUS_PINS}
    for name, on in data["buses"].items():
        if not isinstance(on, bool):
            raise _err(path, f"buses.{name}", f"must be true or false, got {on!r}")
        buses[name] = on
    # GPIO -> description of its bus owner, for enabled buses
    owned = {gpio: f"{sig} of {bus}" for bus, pins in BUS_PINS.items() if buses[bus]
             for gpio, sig in pins.items()}

    used: dict[int, str] = {}

    def pin(key: str, value) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _err(path, key, f"must be a BCM GPIO number (an integer), got {value!r}")
        if value not in HEADER:
            raise _err(path, key, f"GPIO{value} does not exist on the 40-pin header; use one of "
                       f"GPIO2..GPIO27 (BCM numbers, not physical pin numbers)")
        if value in RESERVED:
            raise _err(path, key, f"GPIO{value} is {RESERVED[value]}, reserved; pick a free GPIO "
                       f"such as {_free(used, owned)}")
        if value in owned:
            bus = owned[value].split(" of ")[1]
            raise _err(path, key, f"GPIO{value} is {owned[value]}, which is enabled in [buses]; "
                       f"move it to a free GPIO such as {_free(used, owned)} or set {bus} = false")
        if value in used:
            raise _err(path, key, f"GPIO{value} is already used by {used[value]}; every pin may be "
                       f"used once: pick a free GPIO such as {_free(used, owned)}")
        used[value] = key
        return value

    reed = data["reed"]
    rows_cols = {}
    for k in ("rows", "cols"):
        v = reed.get(k)
        if not isinstance(v, list) or len(v) != 6:
            raise _err(path, f"reed.{k}", f"must list 6 GPIO numbers (rank/file 1..6), got {v!r}")
        rows_cols[k] = tuple(pin(f"reed.{k}[{i}]", p) for i, p in enumerate(v))

    buttons = {}
    for name, p in data["buttons"].items():
        buttons[name] = pin(f"buttons.{name}", p)
    for name in REQUIRED_BUTTONS:
        if name not in buttons:
            raise _err(path, f"buttons.{name}", f"missing; the companion needs buttons "
                       f"{', '.join(REQUIRED_BUTTONS)}: add '{name} = <free GPIO>'")

    leds = {"spi_bus": 0, "spi_device": 0, "count": 36, "chain": "serpentine", **data["leds"]}
    if leds["spi_bus"] not in (0, 1) or not buses[f"spi{leds['spi_bus']}"]:
        raise _err(path, "leds.spi_bus", f"SPI bus {leds['spi_bus']!r} is not enabled; set "
                   f"spi{leds['spi_bus']} = true in [buses] (and dtparam=spi=on on the Pi)")
    if leds["count"] != 36:
        raise _err(path, "leds.count", f"must be 36 (one LED per square), got {leds['count']!r}")
    if leds["chain"] not in ("serpentine", "rows"):
        raise _err(path, "leds.chain", f"must be \"serpentine\" or \"rows\", got {leds['chain']!r}")

    i2c_addrs: dict[tuple[int, int], str] = {}

    def i2c(section: str, bus_key: str, addr_key: str, values: dict) -> None:
        bus, addr = values.get(bus_key), values.get(addr_key)
        if not isinstance(bus, int) or not buses.get(f"i2c{bus}", False):
            raise _err(path, f"{section}.{bus_key}", f"I2C bus {bus!r} is not enabled; set "
                       f"i2c{bus} = true in [buses] (dtparam=i2c_arm=on on the Pi)")
        if not isinstance(addr, int) or not 0x03 <= addr <= 0x77:
            raise _err(path, f"{section}.{addr_key}", f"must be a 7-bit I2C address 0x03..0x77, "
                       f"got {addr!r}")
        other = i2c_addrs.get((bus, addr))
        if other:
            raise _err(path, f"{section}.{addr_key}", f"I2C address {addr:#04x} on bus {bus} is "
                       f"already used by {other}; change the device's address (jumpers) and this key")
        i2c_addrs[(bus, addr)] = f"{section}.{addr_key}"

    display = {"i2c_bus": 1, "address": 0x3C, **data.get("display", {})}
    i2c("display", "i2c_bus", "address", display)
    mcp = {"i2c_bus": 1, "address": 0x20, "rows_port": "A", "cols_port": "B",
           **data.get("mcp23017", {})}
    i2c("mcp23017", "i2c_bus", "address", mcp)
    for k in ("rows_port", "cols_port"):
        if mcp[k] not in ("A", "B"):
            raise _err(path, f"mcp23017.{k}", f"must be \"A\" or \"B\", got {mcp[k]!r}")
    if mcp["rows_port"] == mcp["cols_port"]:
        raise _err(path, "mcp23017.cols_port", "rows and columns must be on different ports "
                   "(rows_port = \"A\", cols_port = \"B\")")
    cards = {"uart": "/dev/serial0", "baudrate": 115200, "i2c_bus": 1, "i2c_address": 0x24,
             **data.get("cards", {})}
    i2c("cards", "i2c_bus", "i2c_address", cards)
    uart_bus = UART_DEVICES.get(cards["uart"])
    if uart_bus and not buses[uart_bus]:
        raise _err(path, "cards.uart", f"{cards['uart']} needs {uart_bus} = true in [buses] "
                   f"(enable_uart=1 on the Pi)")

    speaker = data.get("speaker", {}).get("output", "usb")
    if speaker not in SPEAKER_OUTPUTS:
        raise _err(path, "speaker.output", f"must be \"usb\" or \"i2s\", got {speaker!r}")
    if speaker == "i2s" and not buses["i2s"]:
        raise _err(path, "speaker.output", "the I2S amplifier needs i2s = true in [buses] (and"
                   " dtoverlay=max98357a on the Pi); or use output = \"usb\"")

    hall = _hall(path, data.get("hall", {}))
    return PinMap(path=path, buses=buses, reed_rows=rows_cols["rows"], reed_cols=rows_cols["cols"],
                  buttons=buttons, leds=leds, display=display, cards=cards, mcp23017=mcp, speaker=speaker,
                  hall=hall)


def _hall(path: Path, h: dict) -> dict:
    """[hall]: the Pico's multiplexer select lines and ADC inputs, the default thresholds."""
    hall = {"select": [17, 18, 19, 20], "adc": [26, 27, 28], "register_mt": 8.0, "clear_mt": 4.0, **h}
    sel, adc = hall["select"], hall["adc"]
    if not (isinstance(sel, list) and len(sel) == 4 and all(isinstance(g, int) and g in PICO_GPIOS for g in sel)):
        raise _err(path, "hall.select", f"must list the 4 Pico GPIOs (0-28) of S0..S3, got {sel!r}")
    if not (isinstance(adc, list) and len(adc) == 3 and all(g in PICO_ADC for g in adc)) or len(set(adc)) != 3:
        raise _err(path, "hall.adc", f"must list the Pico's three ADC inputs 26, 27, 28 (one per"
                   f" multiplexer), got {adc!r}")
    if set(sel) & set(adc) or len(set(sel)) != 4:
        raise _err(path, "hall.select", "a select line twice, or on an ADC input: give 4 other GPIOs")
    from firmware_bridge.firmware import board_pins

    taken = set(sel) & {board_pins.LED_PIN, board_pins.STATUS_LED}   # (the hall bed has no reed matrix)
    if taken:
        raise _err(path, "hall.select", f"GP{min(taken)} is the Pico's LED data or status LED"
                   f" (firmware_bridge/firmware/board_pins.py): pick another GPIO")
    reg, clr = hall["register_mt"], hall["clear_mt"]
    if not (isinstance(reg, (int, float)) and isinstance(clr, (int, float)) and 0 < clr < reg <= 80):
        raise _err(path, "hall.register_mt", f"need 0 < clear_mt < register_mt <= 80 mT, got {reg!r} / {clr!r}")
    return hall


def _free(used: dict[int, str], owned: dict[int, str]) -> str:
    free = [g for g in sorted(HEADER) if g not in used and g not in owned and g not in RESERVED]
    return ", ".join(f"GPIO{g}" for g in free[:4]) or "(none left: disable a bus)"
