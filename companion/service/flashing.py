"""The Pico flashed from the table, no command typed: the flash card (`companion cards add UID
flash`), or — when the table's bed is on a Pico bridge — a Pico plugged in with BOOTSEL held,
which the service notices as a drive with INFO_UF2.TXT. `companion flash`'s own steps
(firmware_bridge/flash.py) run in a thread; the loop shows each step on the OLED (`step`), and
a missing MicroPython UF2 is said there by its file name before anything waits.

The service's own link to the Pico lets go of its port while the flash runs and takes it again
after (BridgeLink.lend), so the bed comes back with the new firmware."""
from __future__ import annotations

import logging
import threading

log = logging.getLogger("companion")

WATCH_SECONDS = 2.0      # how often the mounted drives are looked at for a BOOTSEL Pico
SHOW_SECONDS = 600.0     # a step stays on the OLED until the next (a flash takes under a minute)
RESULT_SECONDS = 30.0    # the end, or why it failed


class TableFlash:
    def __init__(self, companion) -> None:
        self.companion = companion
        reed = companion.config.hardware.get("reed", {}) if isinstance(companion.config.hardware, dict) else {}
        self.bridge = isinstance(reed, dict) and reed.get("backend") == "bridge"
        self.hall = reed.get("bed") == "hall" if self.bridge else False
        self._thread: threading.Thread | None = None
        self._step: tuple | None = None      # (step, detail), written by the flash's thread (_latest)
        self._shown: tuple | None = None
        self._next_watch = 0.0
        self._noticed = None                  # the BOOTSEL drive last noticed (flashed once)
        self.finished: dict | None = None     # the HELLO of the last flash that worked

    @property
    def _latest(self) -> tuple | None:
        return self._step

    @_latest.setter
    def _latest(self, value: tuple | None) -> None:
        self._step = value             # (from the flash's thread) the loop shows it at once
        self.companion.wake()

    def next_deadline(self, now: float) -> float | None:
        """A bridge table looks for a BOOTSEL Pico every WATCH_SECONDS (a drive appearing sends
        the loop no event); any other table has no timer here."""
        return self._next_watch if self.bridge and not self.running else None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self, now: float, drive=None) -> None:
        """Flash the Pico (a card, or a BOOTSEL drive noticed): in a thread, steps on the OLED."""
        from firmware_bridge import flash, uf2

        if self.running:
            return
        try:
            uf2.find_uf2()
        except uf2.FlashError as exc:
            self._latest = ("missing", {"file": uf2.UF2_NAME, "line": str(exc)})
            return
        hall = None
        if self.hall:
            from wiring.pins import PinMapError, load_pins
            try:
                hall = load_pins().hall
            except PinMapError as exc:
                self._latest = ("failed", {"line": str(exc)})
                return
        self._latest = ("wait_drive", {})

        def work() -> None:
            from firmware_bridge.host.backend import open_links

            links = open_links()
            for link in links:
                link.lend(True)
            try:
                hello = flash.flash_pico(drive=drive, hall=hall, progress=lambda step, **kw: setattr(self, "_latest", (step, kw)))
                self.finished = hello
            except uf2.FlashError as exc:
                self._latest = ("failed", {"line": str(exc)})
            except Exception as exc:  # noqa: BLE001 - a flash must never take the service down
                log.exception("the Pico's flash failed")
                self._latest = ("failed", {"line": f"{type(exc).__name__}: {exc}"})
            finally:
                for link in links:
                    link.lend(False)

        self._thread = threading.Thread(target=work, name="pico-flash", daemon=True)
        self._thread.start()

    def step(self, now: float) -> None:
        """From the service's loop: notice a BOOTSEL drive (a bridge table), show the flash's step."""
        if self.bridge and not self.running and now >= self._next_watch:
            self._next_watch = now + WATCH_SECONDS
            from firmware_bridge import uf2

            drives = uf2.find_drives()
            if drives and drives[0] != self._noticed:   # once per drive: a missing UF2 is said once
                log.info("a Pico in BOOTSEL mode at %s: flashing it", drives[0])
                self.start(now, drives[0])
            self._noticed = drives[0] if drives else None
        latest = self._latest
        if latest is None or latest is self._shown:
            return
        self._shown = latest
        step, detail = latest
        c = self.companion
        words = flash_words(step, detail, c.table.language)
        end = step in ("done", "failed", "missing")
        c.screen.message(("flash", words), now + (RESULT_SECONDS if end else SHOW_SECONDS))
        if end:
            c.message(detail["line"] if step != "done" else f"the Pico runs bridge firmware {detail['firmware']}")


def flash_words(step: str, detail: dict, language: str) -> str:
    from companion.ui.i18n import text

    if step == "uf2":
        return text("flash.uf2", language, percent=detail["done"] * 100 // max(1, detail["total"]))
    if step == "files":
        return text("flash.files", language, done=detail["done"], total=detail["total"])
    if step == "missing":
        return text("flash.missing", language, file=detail["file"])
    if step == "done":
        return text("flash.done", language, firmware=detail["firmware"])
    if step == "failed":
        return detail["line"]
    return text(f"flash.{step}", language)


def render_flash(words: str, language: str):
    """The OLED during a flash: a head, then the step in words."""
    from PIL import Image, ImageDraw

    from companion.ui.oled import font as oled_font

    from companion.ui.i18n import text
    from companion.ui.render import wrap

    img = Image.new("1", (128, 64), 0)
    d = ImageDraw.Draw(img)
    d.font = oled_font()  # the OLED's Latin-1 font: Pillow's own default has no umlauts
    d.text((0, 0), text("flash.head", language), fill=1)
    d.line((0, 11, 127, 11), fill=1)
    for n, line in enumerate(wrap(words)[:4]):
        d.text((0, 14 + 12 * n), line, fill=1)
    return img
