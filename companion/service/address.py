"""The page's address on the OLED: the address in words and a QR code a phone's camera opens.

The QR code carries the control token (the page swaps it for a cookie and drops it from the
address bar: web/security.py), so whoever stands at the table and scans it may control the game;
the words show the bare address, which the rest of the house opens to watch. The token is in the
OLED's image only: the service's message tuple holds it in memory, the page's copy of the OLED
is replaced for spectators while it shows (snapshot.py's `private`), it is never logged, and
the voice says nothing of a service message.

Shown for ADDRESS_SECONDS when OK is held at start-up (at_start) and by the address card
(`companion cards add UID address`); a button takes it away sooner (and does nothing else)."""
from __future__ import annotations

import socket
from urllib.parse import urlsplit

ADDRESS_SECONDS = 60.0   # time to fetch a phone and scan
QR_HEIGHT = 64   # the OLED's height: the code is as large as fits, at least 2 pixels a module if it can


def host_name() -> str:
    """This machine's name as the LAN finds it through mDNS (Avahi): `maunz.local`."""
    try:
        name = socket.gethostname().split(".")[0].lower()
    except OSError:
        name = ""
    return f"{name or 'localhost'}.local"


def page_address(web, host: str | None = None) -> str:
    """http://maunz.local/ (with the port when it is not 80)."""
    host = host or host_name()
    port = "" if web.port == 80 else f":{web.port}"
    return f"http://{host}{port}/"


def qr_address(web, host: str | None = None) -> str:
    """The QR code's address: with the token when the page may be controlled with one."""
    bare = page_address(web, host)
    if web.control and web.token:
        return f"{bare}?token={web.token}"
    return bare


def message(web, host: str | None = None) -> tuple[str, str]:
    """The screen choice's message (ScreenChoice.message) for the address."""
    return ("address", qr_address(web, host))


def show(companion, now: float) -> None:
    """On the OLED for ADDRESS_SECONDS; the log says only that it was shown."""
    import logging

    companion.screen.message(message(companion.config.web), now + ADDRESS_SECONDS)
    logging.getLogger("companion").info("the page's address on the OLED: %s", page_address(companion.config.web))


def at_start(companion) -> None:
    """OK held down as the service starts: the address (the button is read, no event needed)."""
    if companion.devices.buttons.held("ok"):
        show(companion, companion.clock())


def shows_address(screen) -> bool:
    return isinstance(screen, tuple) and len(screen) == 2 and screen[0] == "address"


def qr_image(url: str):
    """The QR code as a 1-bit image, light modules lit (phones read dark-on-light codes), with a
    lit quiet zone: the largest whole-pixel scale whose code fits the OLED's height."""
    import segno
    from PIL import Image

    qr = segno.make(url, error="l", micro=False)
    modules = qr.symbol_size(scale=1, border=0)[0]
    for scale in (4, 3, 2, 1):
        border = 1 if scale >= 2 else 2
        if (modules + 2 * border) * scale <= QR_HEIGHT:
            break
    else:
        raise ValueError(f"the address {len(url)} characters long does not fit the OLED as a QR code")
    rows = [[0 if dark else 1 for dark in row] for row in qr.matrix_iter(scale=scale, border=border)]
    img = Image.new("1", (len(rows[0]), len(rows)), 0)
    img.putdata([v for row in rows for v in row])
    return img


def render_address(url: str, language: str):
    """The OLED: the QR code at the left, the bare address and what the code does at the right."""
    from PIL import Image, ImageDraw

    from companion.ui.i18n import text
    from companion.ui.oled import HEIGHT, WIDTH, font

    img = Image.new("1", (WIDTH, HEIGHT), 0)
    code = qr_image(url)
    top = (HEIGHT - code.height) // 2
    img.paste(code, (0, top))
    d = ImageDraw.Draw(img)
    x = code.width + 1
    # the bitmap font's cells are 6 pixels wide, the last column's blank one may fall off the edge
    columns = max(1, (WIDTH - x + 1) // 6)
    parts = urlsplit(url)
    lines = [text("address.page", language)]
    lines += _cut(parts.netloc, columns)
    lines += _words(text("address.control" if "token=" in parts.query else "address.watch", language), columns)
    for n, line in enumerate(lines[:6]):
        d.text((x, 11 * n - 1), line, fill=1, font=font())
    return img


def _cut(word: str, columns: int) -> list[str]:
    """A host name has no spaces to break at: cut it where the column ends."""
    return [word[i:i + columns] for i in range(0, len(word), columns)] or [""]


def _words(phrase: str, columns: int) -> list[str]:
    lines: list[str] = [""]
    for word in phrase.split():
        if lines[-1] and len(lines[-1]) + 1 + len(word) > columns:
            lines.append("")
        lines[-1] = f"{lines[-1]} {word}".strip()
    return lines
