"""What the OLED shows as the service starts, over the table's screen: what the image's first
boot found wrong on the SD card (companion/image/firstboot.py writes it beside the
configuration), for a while and among the page's notices; and with OK held down, the page's
address and its QR code (address.py)."""
from __future__ import annotations

from pathlib import Path

from companion.service import address
from companion.service.config import CARD_PROBLEM_FILE

CARD_PROBLEM_SECONDS = 120.0  # long enough to read it and fetch the laptop


def show(companion) -> None:
    card_problems(companion)
    if companion.devices.buttons.held("ok"):
        address.show(companion, companion.clock())


def card_problems(companion) -> None:
    config = companion.config
    if not Path(config.source).is_file():
        return  # a configuration not read from a file (the simulator, tests)
    path = Path(config.source).with_name(CARD_PROBLEM_FILE)
    try:
        lines = [line.strip() for line in path.read_text().splitlines() if line.strip()]
    except OSError:
        return
    for line in lines:
        companion.message(line)
    if lines:
        companion.screen.message(("card_problem", lines[0]), companion.clock() + CARD_PROBLEM_SECONDS)
