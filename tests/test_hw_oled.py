"""luma.oled's real SSD1306/SH1106 drivers on a fake I2C bus; the fake display; errors."""
from __future__ import annotations

import errno

import pytest
from PIL import Image, ImageDraw

from hardware.fakes import FakeDisplay
from hardware.interfaces import HardwareError
from hardware.oled import make_oled


class FakeI2C:
    """smbus2-like: records (control byte, payload) per write; can refuse like a missing chip."""

    def __init__(self, address=0x3C, answer=True):
        self.address, self.answer = address, answer
        self.writes: list[tuple[int, list[int]]] = []

    def write_i2c_block_data(self, addr, control, data):
        if not self.answer or addr != self.address:
            raise OSError(errno.EREMOTEIO, "Remote I/O error")
        assert len(data) <= 32
        self.writes.append((control, list(data)))

    def commands(self):
        return [b for c, d in self.writes if c == 0x00 for b in d]

    def data(self):
        return [b for c, d in self.writes if c == 0x40 for b in d]


def pages_to_image(data: list[int]) -> Image.Image:
    img = Image.new("1", (128, 64))
    px = img.load()
    for page in range(8):
        for x in range(128):
            byte = data[page * 128 + x]
            for bit in range(8):
                px[x, page * 8 + bit] = 255 if (byte >> bit) & 1 else 0
    return img


def sample_image():
    img = Image.new("1", (128, 64))
    d = ImageDraw.Draw(img)
    d.rectangle((0, 0, 127, 63), outline=255)
    d.text((10, 20), "c3 x2", fill=255)
    return img


def test_ssd1306_init_and_image_reach_the_bus():
    bus = FakeI2C()
    oled = make_oled("ssd1306", 1, 0x3C, bus=bus)
    cmds = bus.commands()
    assert cmds[0] == 0xAE and 0xAF in cmds  # display off first, on at the end of init
    assert 0x8D in cmds  # charge pump
    bus.writes.clear()
    img = sample_image()
    oled.show(img)
    assert 0x21 in bus.commands() and 0x22 in bus.commands()  # column/page address window
    data = bus.data()
    assert len(data) == 1024
    assert pages_to_image(data).tobytes() == img.tobytes()
    bus.writes.clear()
    oled.close()
    oled.close()
    assert 0xAE in bus.commands()  # cleanup turns the panel off
    assert bus.data() and set(bus.data()) == {0}  # and blanks it


def test_sh1106_pages_reach_the_bus():
    bus = FakeI2C()
    oled = make_oled("sh1106", 1, 0x3C, bus=bus)
    bus.writes.clear()
    img = sample_image()
    oled.show(img)
    cmds = bus.commands()
    assert [c for c in cmds if 0xB0 <= c <= 0xB7] == list(range(0xB0, 0xB8))  # one per page
    assert pages_to_image(bus.data()).tobytes() == img.tobytes()
    oled.close()


def test_rgb_image_is_converted_and_wrong_size_rejected():
    bus = FakeI2C()
    oled = make_oled("ssd1306", 1, 0x3C, bus=bus)
    bus.writes.clear()
    oled.show(Image.new("RGB", (128, 64), "white"))
    assert set(bus.data()) == {0xFF}
    with pytest.raises(ValueError, match=r"must be \(128, 64\)"):
        oled.show(Image.new("1", (64, 32)))


def test_not_answering_names_path_and_address():
    with pytest.raises(HardwareError, match=r"ssd1306 OLED at 0x3c on /dev/i2c-1 is not "
                                            r"answering.*i2cdetect -y 1"):
        make_oled("ssd1306", 1, 0x3C, bus=FakeI2C(answer=False))


def test_missing_and_forbidden_bus_name_path(monkeypatch):
    import smbus2

    def missing(port):
        raise FileNotFoundError(errno.ENOENT, "No such file or directory", f"/dev/i2c-{port}")

    monkeypatch.setattr(smbus2, "SMBus", missing)
    with pytest.raises(HardwareError, match=r"/dev/i2c-1 not found; enable I2C"):
        make_oled("sh1106", 1, 0x3C)

    def denied(port):
        raise PermissionError(errno.EACCES, "Permission denied", f"/dev/i2c-{port}")

    monkeypatch.setattr(smbus2, "SMBus", denied)
    with pytest.raises(HardwareError, match=r"permission denied on /dev/i2c-1"):
        make_oled("ssd1306", 1, 0x3C)


def test_unknown_controller():
    with pytest.raises(HardwareError, match="controller 'ssd1309' unknown"):
        make_oled("ssd1309", 1, 0x3C, bus=FakeI2C())


def test_fake_display_keeps_last_image_through_luma():
    fake = FakeDisplay()
    img = sample_image()
    fake.show(img.convert("L"))
    assert fake.image.mode == "1" and fake.image.size == (128, 64)
    assert fake.image.tobytes() == img.tobytes()
    assert fake.shown == 1
    fake.close()
    fake.close()
    assert fake.image is not None
