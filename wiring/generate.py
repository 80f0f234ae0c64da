"""Generate wiring/diagram.svg and wiring/PARTS.md from wiring/pins.toml.

    python -m wiring.generate          # rewrite both files
    python -m wiring.generate --check  # exit 1 if either is out of date (the tests do this)
"""
from __future__ import annotations

import sys
from html import escape
from pathlib import Path

from wiring.pins import BUS_PINS, HEADER, POWER_PINS, RESERVED, PinMap, load_pins

HERE = Path(__file__).parent
FILES = "abcdef"


def pin_roles(pins: PinMap) -> dict[int, tuple[str, str]]:
    """physical pin -> (label, colour)."""
    roles: dict[int, tuple[str, str]] = {}
    for phys, name in POWER_PINS.items():
        roles[phys] = (name, {"3V3": "#f4a261", "5V": "#e63946", "GND": "#333333"}[name])
    gpio_role: dict[int, tuple[str, str]] = {}
    for bus, sigs in BUS_PINS.items():
        if pins.buses.get(bus):
            for g, sig in sigs.items():
                what = {"i2c1": "OLED, PN532/MCP23017", "uart0": "PN532 (HSU)", "i2s": "MAX98357A (voice)",
                        "spi0": "WS2812 data" if sig == "MOSI" else "held by spidev"}.get(bus, "")
                gpio_role[g] = (f"{bus.upper()} {sig}" + (f" - {what}" if what else ""), "#2a9d8f")
    for i, g in enumerate(pins.reed_rows):
        gpio_role[g] = (f"reed row {i + 1} (rank {i + 1}, scan)", "#457b9d")
    for i, g in enumerate(pins.reed_cols):
        gpio_role[g] = (f"reed col {FILES[i]} (sense, pull-up)", "#8d5fd3")
    for name, g in pins.buttons.items():
        gpio_role[g] = (f"button {name} (to GND)", "#e9c46a")
    for g, why in RESERVED.items():
        gpio_role.setdefault(g, (why, "#999999"))
    for g, phys in HEADER.items():
        label, colour = gpio_role.get(g, ("free", "#dddddd"))
        roles[phys] = (f"GPIO{g}: {label}", colour)
    return roles


def svg(pins: PinMap) -> str:
    roles = pin_roles(pins)
    w, row_h, top = 1040, 22, 70
    h = top + 20 * row_h + 330
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
           f'viewBox="0 0 {w} {h}" font-family="DejaVu Sans, Arial, sans-serif" font-size="12">',
           f'<rect width="{w}" height="{h}" fill="white"/>',
           '<text x="20" y="28" font-size="18" font-weight="bold">maunz. companion - Raspberry '
           'Pi 40-pin header (generated from wiring/pins.toml)</text>',
           '<text x="20" y="50" fill="#555">BCM GPIO numbers; odd pins on the left, even on the '
           'right; pin 1 is the square pad nearest the SD card corner.</text>',
           f'<rect x="470" y="{top - 12}" width="100" height="{20 * row_h + 4}" fill="#1d3557" rx="6"/>']
    for i in range(20):
        y = top + i * row_h
        for col, phys in ((0, 2 * i + 1), (1, 2 * i + 2)):
            label, colour = roles[phys]
            cx = 500 if col == 0 else 540
            out.append(f'<circle cx="{cx}" cy="{y}" r="7" fill="{colour}" stroke="white"/>')
            out.append(f'<text x="{cx}" y="{y + 4}" font-size="8" text-anchor="middle" '
                       f'fill="white">{phys}</text>')
            if col == 0:
                out.append(f'<line x1="460" y1="{y}" x2="490" y2="{y}" stroke="{colour}"/>')
                out.append(f'<text x="455" y="{y + 4}" text-anchor="end">{escape(label)}</text>')
            else:
                out.append(f'<line x1="550" y1="{y}" x2="580" y2="{y}" stroke="{colour}"/>')
                out.append(f'<text x="585" y="{y + 4}">{escape(label)}</text>')
    # matrix detail: one cell, with the diode orientation
    y0 = top + 20 * row_h + 30
    out += [f'<text x="20" y="{y0}" font-size="15" font-weight="bold">Reed matrix cell '
            f'(36 of them; rows scan, columns sense)</text>',
            f'<line x1="40" y1="{y0 + 40}" x2="400" y2="{y0 + 40}" stroke="#8d5fd3" stroke-width="3"/>',
            f'<text x="40" y="{y0 + 32}" fill="#8d5fd3">column (file a..f): input, pull-up to 3V3</text>',
            f'<line x1="40" y1="{y0 + 200}" x2="400" y2="{y0 + 200}" stroke="#457b9d" stroke-width="3"/>',
            f'<text x="40" y="{y0 + 222}" fill="#457b9d">row (rank 1..6): output, driven LOW '
            f'while scanned, HIGH otherwise</text>',
            f'<line x1="220" y1="{y0 + 40}" x2="220" y2="{y0 + 70}" stroke="black" stroke-width="2"/>',
            f'<rect x="205" y="{y0 + 70}" width="30" height="40" fill="none" stroke="black"/>',
            f'<text x="245" y="{y0 + 95}">reed switch (normally open)</text>',
            f'<line x1="220" y1="{y0 + 110}" x2="220" y2="{y0 + 140}" stroke="black" stroke-width="2"/>',
            # diode: triangle pointing down (anode up, toward the column), bar = cathode at the row
            f'<polygon points="205,{y0 + 140} 235,{y0 + 140} 220,{y0 + 165}" fill="black"/>',
            f'<line x1="205" y1="{y0 + 166}" x2="235" y2="{y0 + 166}" stroke="black" stroke-width="3"/>',
            f'<text x="245" y="{y0 + 152}">1N4148: anode toward the switch/column,</text>',
            f'<text x="245" y="{y0 + 168}">cathode (black band) toward the ROW (scan line)</text>',
            f'<line x1="220" y1="{y0 + 166}" x2="220" y2="{y0 + 200}" stroke="black" stroke-width="2"/>',
            f'<circle cx="220" cy="{y0 + 40}" r="4"/>', f'<circle cx="220" cy="{y0 + 200}" r="4"/>']
    # right side: devices
    x = 560
    lines = ["Devices", "",
             f"WS2812 x{pins.leds['count']}: DIN <- 74AHCT125 <- GPIO10 (SPI{pins.leds['spi_bus']} MOSI),",
             f"  /dev/spidev{pins.leds['spi_bus']}.{pins.leds['spi_device']}, chain order {pins.leds['chain']};",
             "  own 5 V supply, its GND joined to the Pi's GND.",
             f"OLED: I2C bus {pins.display['i2c_bus']} address {pins.display['address']:#04x}, 3V3, GND.",
             f"PN532: UART {pins.cards['uart']} @ {pins.cards['baudrate']} (Pi TXD -> PN532 RX,",
             f"  Pi RXD <- PN532 TX), or I2C {pins.cards['i2c_address']:#04x}.",
             f"MCP23017 (alt. reed backend): I2C {pins.mcp23017['address']:#04x}, rows on port "
             f"{pins.mcp23017['rows_port']}, cols on {pins.mcp23017['cols_port']}.",
             "Buttons: GPIO to GND, internal pull-ups (no resistors)."]
    for i, text in enumerate(lines):
        weight = ' font-size="15" font-weight="bold"' if i == 0 else ""
        out.append(f'<text x="{x}" y="{y0 + i * 18}"{weight}>{escape(text)}</text>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def parts(pins: PinMap) -> str:
    n = pins.leds["count"]
    led_ma = n * 60
    return f"""# Parts list — maunz. companion

Generated from `wiring/pins.toml` by `python -m wiring.generate`; do not edit by hand.
Pins are in `wiring/pins.toml` and drawn in `wiring/diagram.svg`; how to build it is in
`wiring/ASSEMBLY.md`.

| # | Part | Qty | Notes |
|---|------|-----|-------|
| 1 | Raspberry Pi 4 Model B (2 GB) or Raspberry Pi 5 | 1 | Raspberry Pi OS Bookworm, 64-bit |
| 2 | Official USB-C power supply for the Pi (5.1 V 3 A; 5 A for a Pi 5) | 1 | Pi only; the LEDs have their own supply |
| 3 | Reed switch, normally open, glass 2x14 mm (e.g. Littelfuse MDSR-7, 10-15 AT) | 36 | one under each square; 10-15 AT suits a 10x3 mm magnet through a quilt — test first (ASSEMBLY.md) |
| 4 | Diode 1N4148 (DO-35) | 36 | one in series with each reed; **cathode (black band) toward the row/scan line**, anode toward the reed and column |
| 5 | Neodymium disc magnet N42 10x3 mm | 16 + spares | glued under the 8 kittens and 8 cats (the game's 16 pieces) |
| 6 | WS2812B LED (5050, on breakout PCB or cut from a 60/m strip) | {n} | one per square, chained in {pins.leds['chain']} order |
| 7 | 74AHCT125 quad level shifter (DIP-14) | 1 | 3.3 V SPI MOSI -> 5 V WS2812 DIN (VIH = 0.7 VDD = 3.5 V) |
| 8 | Resistor 330 Ω | 1 | in series with the first LED's DIN |
| 9 | Capacitor 1000 µF 10 V electrolytic | 1 | across the LED 5 V supply at the chain input |
| 10 | Capacitor 100 nF ceramic | 2 | decoupling for the 74AHCT125 and the MCP23017 |
| 11 | 5 V 3 A power supply (barrel jack, e.g. Mean Well GST18E05) | 1 | **LEDs only**, separate from the Pi's; GNDs joined |
| 12 | DC barrel socket 5.5/2.1 mm and a 3 A fuse in the LED 5 V line | 1 | |
| 13 | OLED 0.96" 128x64 I2C, SSD1306 (or 1.3" SH1106) | 1 | address {pins.display['address']:#04x}, 3.3 V |
| 14 | PN532 NFC module (red "V3" board) | 1 | switches to HSU (UART) mode; reads NTAG21x stickers |
| 15 | NTAG213 NFC stickers, 25 mm | 10 | control cards; RDM6300 is NOT suitable (125 kHz only, cannot read NTAG) |
| 16 | Momentary push button 12 mm, panel mount | {len(pins.buttons)} | {", ".join(pins.buttons)}; wired GPIO to GND |
| 17 | MCP23017 I/O expander (DIP-28), optional | 0-1 | only for reed backend "mcp23017" (address {pins.mcp23017['address']:#04x}: A0-A2 to GND) |
| 18 | 2x20 female header + ribbon cable / stripboard, hook-up wire 0.25 mm² | 1 | |
| 19 | 3 mm felt or quilted fabric for the bed | 1 | magnets must close reeds through it — measure first |
{_speaker_rows(pins)}

## Power budget

| Load | Typical | Worst case |
|------|---------|------------|
| {n} x WS2812B at full white (~60 mA each) | - | {led_ma} mA at 5 V |
| {n} x WS2812B as the companion drives them (brightness cap, `max_current_ma` = 1500) | 300-600 mA | 1500 mA at 5 V |
| WS2812B idle current (~1 mA each) | {n} mA | {n} mA |
| Pi 4 / Pi 5 | 600-1000 mA | 3000 / 5000 mA (own supply) |
| OLED | 20 mA | 30 mA (3.3 V rail) |
| PN532 | 100 mA | 150 mA (3.3 V or 5 V) |
{_speaker_power(pins)}

The LED supply must cover the software cap plus the idle current. With the default cap
(1500 mA) a 5 V 3 A supply has ample margin, and even uncapped full white ({led_ma / 1000:.2f} A)
stays within it. The driver scales every frame down so the estimated current never exceeds `max_current_ma`.
Never power the LEDs from the Pi's 5 V pins: the Pi's polyfuse and USB-C supply are not meant for 2 A extra.

{_hall_section(pins)}

## Diode orientation (why this way)

Rows are scan lines, driven LOW one at a time; columns are inputs with pull-ups. A closed reed
pulls its column low *through its diode* into the selected row, so current flows column -> row:
anode at the column side, **cathode (band) at the row**. Without the diodes, three closed corners
of a rectangle make the fourth read closed (ghosting); with them the reverse path is blocked and
any pattern of 16 pieces reads exactly.
"""


def _hall_section(pins: PinMap) -> str:
    """The hall-effect bed (the second bed backend): its parts, power, wiring and checks."""
    h = pins.hall
    sel = ", ".join(f"S{i} GP{g}" for i, g in enumerate(h["select"]))
    adc = ", ".join(f"mux {i + 1} -> GP{g}" for i, g in enumerate(h["adc"]))
    return f"""## The hall-effect bed (second bed backend: kitten or cat, read)

Instead of the 36 reeds and diodes: a linear hall sensor under each square, read by the Pico.

| Part | Qty | Notes |
|------|-----|-------|
| DRV5055A3 ratiometric linear hall sensor (SOT-23 or TO-92), 3.3 V | 36 | 15 mV/mT around VCC/2, +-85 mT; branded side up, centred under the square |
| CD74HC4067 16-channel analog multiplexer (breakout) | 3 | select lines in parallel: {sel}; /E to GND; outputs: {adc} |
| 3.3 V LDO, 500 mA (e.g. MCP1826S-3302) | 1 | the sensors' own supply; also the Pico's ADC_VREF (ratiometric: the reading does not move with the supply) |
| 100 nF ceramic | 36 + 3 | one at each sensor, one at each multiplexer |
| N42 disc magnet 10x3 mm | 16 | **kittens: north face down, cats: south face down** (the reed bed's magnets, turned as needed) |

Power: 36 sensors x 6 mA typical (10 mA worst) = 216 mA (360 mA) at 3.3 V — more than the Pico's
own regulator should give: use the separate LDO. Thresholds before the calibration walk: a piece
counts above {h['register_mt']} mT and is lost below {h['clear_mt']} mT.

Flash the Pico for it with `companion flash --bed hall` (the select lines, ADC inputs and
thresholds above go into its `bedcfg.py`), set `bed = "hall"` in `[hardware.reed]`, then run
`companion calibrate` once on the finished bed: it lights each square for a kitten, then a cat,
and stores each square's thresholds (a reversed or weak magnet is named).

Check every magnet before gluing: a phone's magnetometer app (or `companion selftest --pieces
kittens` on the built bed) shows the sign — the face that reads a positive vertical field on the phone's back goes down
for a kitten. **Bench one square through the real quilt first**: one sensor, one kitten and one cat
on the quilt, centred and 5 mm off centre; `companion bench hall` models 24-69 mT for 6-8 mm below
the magnet (the numbers a built square must beat by a margin)."""


def _speaker_rows(pins: PinMap) -> str:
    """The voice's parts ([speaker] output): a USB speaker, or an I2S amplifier and a speaker."""
    if pins.speaker == "i2s":
        return ("| 20 | MAX98357A I2S amplifier board (3 W class D, mono) | 1 | BCLK GPIO18, LRCLK GPIO19,"
                " DIN GPIO21, VIN 5 V, GND; SD unconnected (on, left+right mix); dtoverlay=max98357a |\n"
                "| 21 | Speaker 4-8 Ω, 3 W, 40 mm | 1 | on the amplifier's + and - (never to GND) |")
    return ("| 20 | USB speaker (USB-powered, e.g. a small USB soundbar) | 1 | the voice; plugs into a"
            " Pi USB port, no pins; `aplay -L` names it for [voice] device |")


def _speaker_power(pins: PinMap) -> str:
    if pins.speaker == "i2s":
        return "| MAX98357A + 4 Ω speaker (voice) | 30-150 mA | 650 mA at 5 V (3 W peaks, Pi supply) |"
    return "| USB speaker (voice) | 100-300 mA | 500 mA (one USB port's limit, Pi supply) |"


def outputs() -> dict[Path, str]:
    pins = load_pins()
    return {HERE / "diagram.svg": svg(pins), HERE / "PARTS.md": parts(pins)}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    stale = [p for p, text in outputs().items()
             if not p.exists() or p.read_text(encoding="utf-8") != text]
    if "--check" in argv:
        for p in stale:
            print(f"{p} is out of date with wiring/pins.toml; run: python -m wiring.generate")
        return 1 if stale else 0
    for p, text in outputs().items():
        p.write_text(text, encoding="utf-8")
        print(f"wrote {p}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
