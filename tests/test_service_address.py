"""The page's address and its QR code on the OLED (OK held at start-up, the address card) read
back from the SSD1306's bytes on a fake I2C bus by a real QR decoder (zxing-cpp): the QR carries
the control token, nothing else does — not a spectator's page, a log line or the voice. And the
Pico flashed from the table: a BOOTSEL drive noticed, each step and the end on the OLED; a
missing MicroPython UF2 named there."""
from __future__ import annotations

import asyncio
import base64
import dataclasses
import io
import json
import logging
import threading

import pytest
from PIL import Image

from companion.service import address
from companion.service.app import Companion
from companion.service.config import Config
from companion.service.devices import build_fakes
from companion.service.screen import render_message
from companion.ui.i18n import text
from companion.web.privacy import for_spectators
from hardware.oled import make_oled
from tests.test_hw_oled import FakeI2C, pages_to_image
from tests.test_service_config import FAKE_HW

zxingcpp = pytest.importorskip("zxingcpp")

TOKEN = "Zq3-v_8kPw1RtX0aLm5NcQ"   # as firstboot makes it: 22 characters, 128 bits


def config(tmp_path, web: str) -> Config:
    path = tmp_path / "companion.toml"
    path.write_text(FAKE_HW + '[game]\nlanguage = "en"\n[web]\n' + web)
    return Config.load(path)


def companion(tmp_path, web: str, monkeypatch) -> tuple[Companion, FakeI2C]:
    monkeypatch.setattr(address.socket, "gethostname", lambda: "maunz")
    bus = FakeI2C()
    devices = dataclasses.replace(build_fakes(), display=make_oled("ssd1306", 1, 0x3C, bus=bus))
    return Companion(config(tmp_path, web), devices, state_dir=tmp_path / "state", ai_mode="off"), bus


def on_the_oled(bus: FakeI2C) -> Image.Image:
    """The last frame the SSD1306 received, as the panel lights it."""
    return pages_to_image(bus.data()[-1024:])


def qr_codes(image: Image.Image) -> list[str]:
    return [r.text for r in zxingcpp.read_barcodes(image.convert("L"))]


def run_until(c: Companion, done) -> None:
    async def go():
        task = asyncio.create_task(c.run())
        for _ in range(500):
            if done():
                break
            await asyncio.sleep(0.01)
        await c.stop()
        await asyncio.wait_for(task, 5.0)
    asyncio.run(go())


def phone_opens(url: str) -> tuple[int, str, str]:
    """The page's server given the QR's address (as the phone asks for it, Host maunz.local):
    the status, where it sends the phone, the control cookie it sets."""
    from urllib.parse import urlsplit

    from aiohttp.test_utils import TestClient, TestServer

    from companion.web import make_app
    from tests.test_web_server import StandIn

    async def go():
        client = TestClient(TestServer(make_app(StandIn(), control=True, token=TOKEN)))
        await client.start_server()
        try:
            parts = urlsplit(url)
            r = await client.get(f"{parts.path}?{parts.query}", allow_redirects=False, headers={"Host": parts.netloc})
            return r.status, r.headers.get("Location"), r.cookies["companion_token"].value
        finally:
            await client.close()
    return asyncio.run(go())


def test_ok_held_at_start_up_shows_the_qr_with_the_token_and_only_the_table_gets_it(tmp_path, monkeypatch, caplog):
    caplog.set_level(logging.DEBUG)
    c, bus = companion(tmp_path, f'enabled = true\nhost = "0.0.0.0"\nport = 80\ncontrol = true\ntoken = "{TOKEN}"\n',
                       monkeypatch)
    c.devices.buttons.hold("ok")
    seen = {}

    def shown():
        if address.shows_address(c.screen.screen) and bus.data():
            seen["oled"], seen["snapshot"] = on_the_oled(bus), c.snapshot()
            return True
        return False

    run_until(c, shown)
    assert qr_codes(seen["oled"]) == [f"http://maunz.local/?token={TOKEN}"]   # a phone's camera reads it
    snap = seen["snapshot"]
    # the controlling page mirrors the OLED; every other page gets the stand-in, and no token
    png = Image.open(io.BytesIO(base64.b64decode(snap["oled"])))
    assert qr_codes(png) == [f"http://maunz.local/?token={TOKEN}"]
    spectator = for_spectators(snap)
    assert TOKEN not in json.dumps(spectator)
    assert qr_codes(Image.open(io.BytesIO(base64.b64decode(spectator["oled"])))) == []
    # the log says where the page is, never the token; the voice says nothing of it
    assert "the page's address on the OLED: http://maunz.local/" in caplog.text
    assert TOKEN not in caplog.text
    assert TOKEN not in json.dumps(c.speech.recent_lines()) and TOKEN not in json.dumps(snap["spoken"])
    # a phone that scans it gets control: the server swaps the token for a cookie and sends it to
    # the bare address (after the log check: the test server keeps an access log, which
    # start_web switches off)
    assert phone_opens(qr_codes(seen["oled"])[0]) == (303, "/", TOKEN)


def test_the_address_card_shows_the_bare_address_where_the_page_needs_no_token(tmp_path, monkeypatch):
    c, bus = companion(tmp_path, 'enabled = true\nport = 8123\n', monkeypatch)
    c.cards.add("04:A1:B2:C3", "address")
    c.step(0.0)
    assert not address.shows_address(c.screen.screen)    # nothing held at start-up: the table's screen
    c.switching.open_menu()
    c.devices.cards.tap("04a1b2c3")                       # over the game menu: the menu closes
    c.step(1.0)
    assert not c.switching.menu.is_open
    image = on_the_oled(bus)
    assert qr_codes(image) == ["http://maunz.local:8123/"]
    assert image.tobytes() == address.render_address("http://maunz.local:8123/", "en").tobytes()
    c.step(1.0 + address.ADDRESS_SECONDS + 0.1)
    assert not address.shows_address(c.screen.screen)    # gone after its time
    # sooner with a button (letting go of OK held at start-up sends a press): the table's screen
    # is back and the table did not get the press
    c.devices.cards.tap("04a1b2c3")
    c.step(100.0)
    pressed = []
    monkeypatch.setattr(c.table, "on_button", lambda *a: pressed.append(a))
    c.devices.buttons.press("ok")
    c.step(100.5)
    assert not address.shows_address(c.screen.screen) and pressed == []
    assert c.screen.screen == c.table.view().screen
    c.devices.buttons.press("ok")
    c.step(101.0)
    assert pressed == [("ok", "press", 101.0)]            # the next press is the table's
    c.close()


def test_a_long_host_name_still_fits_as_a_smaller_code():
    url = "http://a-rather-long-table-name.local:8080/?token=" + "x" * 32
    assert qr_codes(address.render_address(url, "de")) == [url]


def test_the_flash_card_says_on_the_oled_which_file_is_missing(tmp_path, monkeypatch):
    from firmware_bridge import uf2

    monkeypatch.delenv(uf2.UF2_ENV, raising=False)
    monkeypatch.setattr(uf2, "UF2_PLACES", (tmp_path / "boot-firmware",))
    c, bus = companion(tmp_path, "enabled = false\n", monkeypatch)
    c.cards.add("04:A1:B2:C4", "flash")
    c.devices.cards.tap("04a1b2c4")
    c.step(0.0)
    words = text("flash.missing", "en", file="micropython-rp2-pico.uf2")
    assert on_the_oled(bus).tobytes() == render_message(("flash", words), "en").tobytes()
    assert sum("micropython-rp2-pico.uf2 is missing" in m for m in c.notices.messages) == 1
    assert not c.flashing.running
    # a bridge table noticing a BOOTSEL drive says it once, not at every look at the drives
    from tests.test_bridge_flash import bootsel_drive
    drive = bootsel_drive(tmp_path)
    monkeypatch.setattr(uf2, "find_drives", lambda: [drive])
    c.flashing.bridge = True
    for n in range(1, 40):
        c.step(n * 0.5)
    assert sum("micropython-rp2-pico.uf2 is missing" in m for m in c.notices.messages) == 2
    assert on_the_oled(bus).tobytes() == render_message(("flash", words), "en").tobytes()
    c.close()


def test_a_bootsel_pico_at_a_bridge_table_is_flashed_with_each_step_on_the_oled(tmp_path, monkeypatch):
    from firmware_bridge import flash, fwinfo, uf2
    from firmware_bridge.emulator import FakePico
    from tests.test_bridge_flash import bootsel_drive, make_uf2

    drive = bootsel_drive(tmp_path)
    image = make_uf2(tmp_path / "micropython-rp2-pico.uf2")
    monkeypatch.setenv(uf2.UF2_ENV, str(tmp_path / "micropython-rp2-pico.uf2"))
    picos: list[FakePico] = []
    monkeypatch.setattr(uf2, "find_drives", lambda: [drive] if (drive / uf2.INFO_FILE).exists() else [])
    monkeypatch.setattr(flash, "find_picos", lambda: [p.port for p in picos])

    def pico_restarts() -> None:   # the drive goes, a Pico with a fresh MicroPython comes
        target = drive / "micropython-rp2-pico.uf2"
        from firmware_bridge.polling import until
        until(lambda: target.exists() and target.stat().st_size == len(image), 10)
        (drive / uf2.INFO_FILE).unlink()
        (tmp_path / "flash").mkdir()
        picos.append(FakePico(flash_dir=tmp_path / "flash"))

    c, bus = companion(tmp_path, "enabled = false\n", monkeypatch)
    c.flashing.bridge = True    # a table whose bed is on a Pico bridge watches for BOOTSEL drives
    steps = []
    t = threading.Thread(target=pico_restarts)
    t.start()
    try:
        now = 0.0
        while now < 30 and not (steps and steps[-1][1].startswith("Done")):
            c.step(now)
            if c.screen.screen and c.screen.screen[0] == "flash" and c.screen.screen not in steps:
                steps.append(c.screen.screen)
            now += 0.01
            c.flashing._thread and c.flashing._thread.join(0.01)
    finally:
        t.join()
    try:
        digest = fwinfo.firmware_hash().hex()
        assert (drive / "micropython-rp2-pico.uf2").read_bytes() == image
        assert on_the_oled(bus).tobytes() == render_message(
            ("flash", text("flash.done", "en", firmware=digest)), "en").tobytes()
        # the OLED shows the newest step at each turn of the loop (a fast step may be passed by),
        # in the flash's order, and ends with the HELLO's firmware
        files = len(fwinfo.PACKAGE_FILES) + 3   # the package, main.py, fwhash.py and bedcfg.py
        order = [text("flash.wait_drive", "en"), *(text("flash.uf2", "en", percent=p) for p in range(101)),
                 text("flash.wait_port", "en"), *(text("flash.files", "en", done=n, total=files) for n in range(1, files + 1)),
                 text("flash.hello", "en"), text("flash.done", "en", firmware=digest)]
        at = [order.index(s[1]) for s in steps]
        assert at == sorted(at) and at[-1] == len(order) - 1 and len(at) >= 3, [s[1] for s in steps]
        assert any(f"bridge firmware {digest}" in m for m in c.notices.messages)
        c.step(now + 5)   # the drive is gone: no second flash starts
        assert not c.flashing.running
    finally:
        c.close()
        for p in picos:
            p.close()
