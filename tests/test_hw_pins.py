"""wiring/pins.toml: the shipped file loads, generated files are current, and every kind of
mistake is rejected with the file, the key and a fix."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from wiring import generate
from wiring.pins import DEFAULT_PATH, PinMapError, load_pins

GOOD = DEFAULT_PATH.read_text()


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "pins.toml"
    p.write_text(text)
    return p


def test_shipped_pins_load():
    pins = load_pins()
    assert len(pins.reed_rows) == 6 and len(pins.reed_cols) == 6
    assert set(pins.buttons) >= {"ok", "back", "cat"}
    used = list(pins.plain_pins().values())
    assert len(used) == len(set(used))


def test_generated_files_are_up_to_date():
    for path, text in generate.outputs().items():
        assert path.read_text(encoding="utf-8") == text, \
            f"{path.name} is stale: run python -m wiring.generate"
    assert generate.main(["--check"]) == 0


def test_diagram_and_parts_follow_the_pin_file():
    pins = load_pins()
    svg = generate.svg(pins)
    for g in (*pins.reed_rows, *pins.reed_cols, *pins.buttons.values()):
        assert f"GPIO{g}:" in svg
    parts = generate.parts(pins)
    assert "1N4148" in parts and "cathode (black band) toward the row" in parts
    assert re.search(r"\| 36 \|", parts)
    assert "separate from the Pi" in parts


def test_serpentine_chain_order():
    pins = load_pins()
    assert [pins.led_index(s) for s in (0, 5, 6, 11, 12)] == [0, 5, 11, 6, 12]
    assert sorted(pins.led_index(s) for s in range(36)) == list(range(36))


def test_duplicate_pin(tmp_path):
    p = write(tmp_path, GOOD.replace("cat = 22", "cat = 17"))
    with pytest.raises(PinMapError) as e:
        load_pins(p)
    msg = str(e.value)
    assert str(p) in msg and "buttons.cat" in msg and "already used by buttons.ok" in msg
    assert "pick a free GPIO such as GPIO4" in msg


def test_bus_conflict(tmp_path):
    p = write(tmp_path, GOOD.replace("ok = 17", "ok = 2"))
    with pytest.raises(PinMapError) as e:
        load_pins(p)
    msg = str(e.value)
    assert str(p) in msg and "buttons.ok" in msg and "SDA1 of i2c1" in msg
    assert "set i2c1 = false" in msg
    # the same pin is fine once the bus is disabled... but then the OLED has no bus
    p = write(tmp_path, GOOD.replace("ok = 17", "ok = 2").replace("i2c1 = true", "i2c1 = false"))
    with pytest.raises(PinMapError, match=r"display\.i2c_bus: I2C bus 1 is not enabled"):
        load_pins(p)


def test_spi_pins_conflict_with_leds_bus(tmp_path):
    p = write(tmp_path, GOOD.replace("cols = [12, 16, 20, 23, 24, 25]",
                                     "cols = [12, 16, 20, 23, 24, 9]"))
    with pytest.raises(PinMapError, match=r"reed\.cols\[5\]: GPIO9 is MISO of spi0"):
        load_pins(p)


def test_unknown_key_and_section(tmp_path):
    p = write(tmp_path, GOOD.replace("count = 36", "count = 36\ncolour = 1"))
    with pytest.raises(PinMapError) as e:
        load_pins(p)
    assert str(p) in str(e.value) and "leds.colour: unknown key" in str(e.value)
    p = write(tmp_path, GOOD + "\n[leds2]\ncount = 1\n")
    with pytest.raises(PinMapError, match=r"unknown section \[leds2\]"):
        load_pins(p)


def test_nonexistent_pin(tmp_path):
    p = write(tmp_path, GOOD.replace("back = 27", "back = 40"))
    with pytest.raises(PinMapError) as e:
        load_pins(p)
    msg = str(e.value)
    assert str(p) in msg and "buttons.back" in msg and "GPIO40 does not exist" in msg
    assert "not physical pin numbers" in msg


def test_reserved_and_malformed(tmp_path):
    with pytest.raises(PinMapError, match="HAT EEPROM"):
        load_pins(write(tmp_path, GOOD.replace("back = 27", "back = 0")))
    with pytest.raises(PinMapError, match=r"reed\.rows: must list 6"):
        load_pins(write(tmp_path, GOOD.replace("rows = [5, 6, 13, 19, 26, 21]", "rows = [5]")))
    with pytest.raises(PinMapError, match=r"buttons\.cat: missing"):
        load_pins(write(tmp_path, GOOD.replace("cat = 22", "")))
    with pytest.raises(PinMapError, match="not valid TOML"):
        load_pins(write(tmp_path, "[buses"))
    with pytest.raises(PinMapError, match="wiring file not found"):
        load_pins(tmp_path / "nope.toml")


def test_i2c_address_clash(tmp_path):
    p = write(tmp_path, GOOD.replace("address = 0x20", "address = 0x3C"))
    with pytest.raises(PinMapError, match=r"mcp23017\.address: I2C address 0x3c on bus 1 is "
                                          r"already used by display\.address"):
        load_pins(p)


def test_an_i2s_amplifier_clashes_with_the_reed_matrix_on_the_header(tmp_path):
    # the voice's I2S amplifier needs GPIO18/19/21; the header reed matrix scans rows on 19 and 21
    on = GOOD.replace("i2s = false", "i2s = true").replace('output = "usb"', 'output = "i2s"')
    with pytest.raises(PinMapError, match=r"\[reed\] reed\.rows\[3\]: GPIO19 is PCM_FS \(LRCLK\) of i2s,"
                                          r" which is enabled in \[buses\]; move it .* or set i2s = false"):
        load_pins(write(tmp_path, on))
    # the header has no two other free GPIOs: with the card reader on I2C (uart0 off), its UART
    # pins take the rows (the reed backend mcp23017 or bridge leaves the header pins unused anyway)
    ok = on.replace("rows = [5, 6, 13, 19, 26, 21]", "rows = [5, 6, 13, 14, 26, 15]").replace(
        "uart0 = true", "uart0 = false").replace('uart = "/dev/serial0"', 'uart = "none"')
    pins = load_pins(write(tmp_path, ok))
    assert pins.speaker == "i2s" and "MAX98357A" in generate.parts(pins)
    assert "GPIO19: I2S PCM_FS (LRCLK) - MAX98357A (voice)" in generate.svg(pins)


def test_the_speaker_output_is_checked(tmp_path):
    with pytest.raises(PinMapError, match=r"\[speaker\] speaker\.output: the I2S amplifier needs i2s = true"):
        load_pins(write(tmp_path, GOOD.replace('output = "usb"', 'output = "i2s"')))
    with pytest.raises(PinMapError, match=r"\[speaker\] speaker\.output: must be \"usb\" or \"i2s\""):
        load_pins(write(tmp_path, GOOD.replace('output = "usb"', 'output = "hdmi"')))
    assert "USB speaker" in generate.parts(load_pins())


def test_the_hall_beds_pico_wiring_is_checked_and_its_parts_generated(tmp_path):
    pins = load_pins()
    assert pins.hall["adc"] == [26, 27, 28] and len(pins.hall["select"]) == 4
    parts = generate.parts(pins)
    assert "DRV5055A3" in parts and "kittens: north face down, cats: south face down" in parts
    assert "Bench one square through the real quilt first" in parts
    bad = GOOD.replace("adc = [26, 27, 28]", "adc = [26, 27, 25]")
    with pytest.raises(PinMapError, match=r"\[hall\] hall\.adc: must list the Pico's three ADC inputs"):
        load_pins(write(tmp_path, bad))
    led = GOOD.replace("select = [17, 18, 19, 20]", "select = [16, 18, 19, 20]")
    with pytest.raises(PinMapError, match=r"\[hall\] hall\.select: GP16 is the Pico's LED data"):
        load_pins(write(tmp_path, led))
    band = GOOD.replace("clear_mt = 4.0", "clear_mt = 9.0")
    with pytest.raises(PinMapError, match=r"need 0 < clear_mt < register_mt"):
        load_pins(write(tmp_path, band))
