"""The service's screen choice: what the OLED shows — the table's screen, or over it the game
menu, a remote game's screen, or a service message for a while (an unknown card, a storage
problem) — and the pages of a long instruction, turned every PAGE_SECONDS so every word reaches
the OLED. It renders and shows the image and keeps it; the page's PNG of it is encoded on the
first read and kept with that image (a cache of a pure function: reading the service's state,
Companion.state(), changes nothing the service does, and a table without a page never pays for
the encoding in its loop)."""
from __future__ import annotations

import base64
import io

PAGE_SECONDS = 3.0  # each page of a long instruction on the OLED (companion.ui.render.pages)


class ScreenChoice:
    def __init__(self, display, updates=None) -> None:
        self.display = display
        self.updates = updates        # an update's question, steps and outcome (service/updates.py)
        self.screen = None            # a ui Screen, or a service message (a tuple: kind, detail)
        self.language: str | None = None
        self.image = None
        self._png: tuple[object, str] | None = None   # (image, its base64 PNG)
        self.shown = 0                # images shown (a count for tests and benchmarks)
        self._overlay = None          # (message, until): a service message over the table's
        self._page, self._pages, self._page_since = 0, 1, 0.0

    @classmethod
    def with_updates(cls, display, state_dir, say) -> "ScreenChoice":
        """With an update's question, steps and outcome over the table's screen (service/updates.py)."""
        from companion.service.updates import Updates

        return cls(display, Updates(state_dir, say))

    def message(self, message: tuple, until: float) -> None:
        """Show `message` over the table's screen until `until`."""
        self._overlay = (message, until)

    def clear_message(self) -> None:
        self._overlay = None

    def dismiss_address(self, button: str | None = None) -> bool:
        """The page's address is over the table's screen: take it away (True). The button that
        does it does nothing else: letting go of OK held at start-up is no move at the table.
        An update on the OLED (its question, steps or outcome) takes every button the same way:
        the table behind it cannot be seen (service/updates.py, Updates.button)."""
        if (self.updates is not None and isinstance(self.screen, tuple) and self.screen[0] == "update"
                and button is not None and self.updates.button(button)):
            return True
        if self._overlay is not None and self._overlay[0][0] == "address" and self.screen == self._overlay[0]:
            self._overlay = None
            return True
        return False

    def choose(self, table_screen, over, now: float):
        """The screen to show: `over` (the menu's or a remote game's, or None), else a service
        message while it lasts, else the table's."""
        if over is not None:
            return over
        if self._overlay is not None:
            if now < self._overlay[1]:
                return self._overlay[0]
            self._overlay = None
        shown = self.updates.poll(now) if self.updates is not None else None
        return shown if shown is not None else table_screen

    def next_deadline(self, now: float) -> float | None:
        """When the OLED changes by itself: a service message's end, a long instruction's next
        page (the loop sleeps till then)."""
        due = [self._overlay[1]] if self._overlay is not None else []
        if self._pages > 1:
            due.append(self._page_since + PAGE_SECONDS)
        if self.updates is not None:
            due.append(self.updates.next_deadline(now))
        return min((t for t in due if t is not None and t > now), default=None)

    def update(self, screen, language: str, now: float) -> str | None:
        """Show `screen` if it is not what is shown ("screen"), or turn a long instruction's page
        when due ("page"); None when the OLED stays as it is."""
        if screen != self.screen or language != self.language:
            self.show(screen, language, 0, now)
            return "screen"
        if self._pages > 1 and now - self._page_since >= PAGE_SECONDS:
            self.show(screen, language, (self._page + 1) % self._pages, now)
            return "page"
        return None

    def show(self, screen, language: str, page: int = 0, now: float = 0.0) -> None:
        if isinstance(screen, tuple):
            image = render_message(screen, language)
            self._pages = 1
        else:
            from companion.ui.render import page_count, render

            self._pages = page_count(screen, language)
            image = render(screen, language=language, page=page)
        self._page, self._page_since = page, now
        self.display.show(image)
        self.screen, self.language, self.image = screen, language, image
        self.shown += 1

    @property
    def png(self) -> str:
        """The image shown, as base64 PNG for the page ("" before the first)."""
        if self.image is None:
            return ""
        if self._png is None or self._png[0] is not self.image:
            buf = io.BytesIO()
            self.image.save(buf, format="PNG")
            self._png = (self.image, base64.b64encode(buf.getvalue()).decode("ascii"))
        return self._png[1]


def render_message(message: tuple, language: str):
    """The service's own OLED messages (beside the table's screens): an unknown card, a storage
    problem, a problem on the SD card, the page's address, the Pico's flash."""
    from PIL import Image, ImageDraw

    from companion.ui.oled import font as oled_font

    kind, uid = message
    if kind == "address":   # uid: the address the QR code carries (service/address.py)
        from companion.service.address import render_address

        return render_address(uid, language)
    if kind == "flash":     # uid: the flash's step in words (service/flashing.py)
        from companion.service.flashing import render_flash

        return render_flash(uid, language)
    if kind == "update":    # uid: the question, a step or the outcome (service/updates.py)
        from companion.service.updates import render_update

        return render_update(uid, language)
    if kind == "storage":
        from companion.service.storage import render_problem

        return render_problem(language)
    img = Image.new("1", (128, 64), 0)
    d = ImageDraw.Draw(img)
    d.font = oled_font()  # the OLED's Latin-1 font: Pillow's own default has no umlauts
    from companion.ui.i18n import text

    if kind == "card_problem":  # uid: the line naming the file and key, as firstboot wrote it
        from companion.ui.render import wrap

        d.text((0, 0), text("card_problem.head", language), fill=1)
        d.line((0, 11, 127, 11), fill=1)
        for n, line in enumerate(wrap(uid)[:4]):
            d.text((0, 14 + 12 * n), line, fill=1)
        return img

    head, how = text("unknown_card.head", language), text("unknown_card.how", language)
    d.text((0, 0), head, fill=1)
    d.line((0, 11, 127, 11), fill=1)
    d.text((0, 14), uid[:21], fill=1)
    d.text((0, 26), uid[21:], fill=1) if len(uid) > 21 else None
    d.text((0, 40), how, fill=1)
    d.text((0, 52), "companion cards add", fill=1)
    return img
