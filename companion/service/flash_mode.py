"""`companion run` when the table's bed is on a Pico bridge that does not answer — a new Pico
never flashed, one without MicroPython, one with another protocol's firmware: instead of
stopping, the service shows on the OLED that the Pico is wanted and flashes it as soon as it is
plugged in with BOOTSEL held (or found running MicroPython), each step on the OLED as at the
table (flashing.py). Then it exits with EXIT_AGAIN, and systemd (Restart=on-failure) starts
the service again, now with its bed. The maker types no command."""
from __future__ import annotations

import logging
import os
import threading
import time

log = logging.getLogger("companion")

EXIT_AGAIN = 75        # EX_TEMPFAIL: flashed; systemd starts the service again
RETRY_SECONDS = 5.0    # after a failed attempt (a missing UF2 is said, then looked for again)


def wanted(config, problem: str) -> bool:
    """The devices could not be built because the bridge did not answer."""
    hw = config.hardware if isinstance(config.hardware, dict) else {}
    bridge = [k for k in ("reed", "leds") if isinstance(hw.get(k), dict) and hw[k].get("backend") == "bridge"]
    return any(f"[hardware.{k}]" in problem for k in bridge)


def run(config, problem: str, rounds: int | None = None, wait_s: float = 3600.0) -> int:
    """Wait for the Pico and flash it; EXIT_AGAIN when it answers at the configured port, 2 when
    it answers elsewhere (the config is what to fix; a restart would not). `rounds`: attempts (tests)."""
    from firmware_bridge import flash, uf2
    from hardware import build_devices

    from companion.service.devices import ALL_FAKE
    from companion.service.flashing import flash_words, render_flash
    from companion.ui.i18n import text

    hw = {k: dict(v) for k, v in ALL_FAKE.items()}
    hw["display"] = dict(config.hardware.get("display", {"backend": "fake"}))
    display = build_devices(hw, source=config.source).display   # the OLED alone (absent: a null one)
    language = config.game.language
    reed = config.hardware.get("reed", {})
    hall = None
    if reed.get("bed") == "hall":
        from wiring.pins import load_pins

        hall = load_pins().hall
    log.warning("%s; waiting for the Pico to flash it: hold BOOTSEL while plugging it in", problem)

    def show(words: str) -> None:
        display.show(render_flash(words, language))

    show(text("flash.wanted", language))
    # systemd (Type=notify, WatchdogSec) waits for READY and pings: the wait for the maker's hands
    # is the service's work now, so it says so, and a thread pings while it lasts
    from companion.service.notify import Notifier

    notifier = Notifier()
    notifier.ready("no Pico answers: waiting to flash it (hold BOOTSEL while plugging it in)")
    done = threading.Event()
    if notifier.watchdog_interval:
        threading.Thread(target=_ping, args=(notifier, done), name="flash-watchdog", daemon=True).start()
    try:
        n = 0
        while rounds is None or n < rounds:
            n += 1
            try:
                hello = flash.flash_pico(hall=hall, wait_s=wait_s,
                                         progress=lambda step, **kw: show(flash_words(step, kw, language)))
            except uf2.FlashError as exc:
                log.warning("flashing the Pico: %s", exc)
                show(str(exc) if uf2.UF2_NAME not in str(exc) else text("flash.missing", language, file=uf2.UF2_NAME))
                time.sleep(RETRY_SECONDS)
                continue
            firmware = bytes(hello["fw_hash"]).hex()
            show(text("flash.done", language, firmware=firmware))
            configured = reed.get("port") or config.hardware.get("leds", {}).get("port")
            if configured and os.path.realpath(str(configured)) != os.path.realpath(hello["port"]):
                show(f"the Pico is at {hello['port']}; set [hardware.reed] port to it")
                log.error("the Pico answers at %s with bridge firmware %s, but the config names %s: set"
                          " [hardware.reed] port = \"%s\"", hello["port"], firmware, configured, hello["port"])
                return 2
            log.info("the Pico at %s runs bridge firmware %s: starting again", hello["port"], firmware)
            return EXIT_AGAIN
        return 2
    finally:
        done.set()
        notifier.close()
        display.close()


def _ping(notifier, done: threading.Event) -> None:
    while not done.wait(notifier.watchdog_interval):
        notifier.watchdog()
