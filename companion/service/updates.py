"""The family's side of an update found on the SD card or a USB stick (issue 42; root's side is
companion/update/offer.py): "Update to 0.2.0? OK" on the OLED and among the page's notices,
OK (the companion's button, or the page's) writes the family's OK for root to act on, BACK
declines this release; then the update's steps with a progress bar, and its outcome in one line.

It rides on the screen choice (ScreenChoice.choose asks it each tick, ScreenChoice.dismiss_address
hands it a button first), so the service loop has no line of its own for it. The files are
polled at most every POLL_S seconds (two stats); without the spool (no image, the simulator)
nothing is read at all.
"""
from __future__ import annotations

import json
import os
import time
from pathlib import Path

SPOOL = Path("/var/lib/maunz-companion-update")
OK_FILE, OFFER, STATUS = "update-ok.json", "offer.json", "status.json"
STEPS = ("verify", "stage", "breadcrumb", "trial", "health", "switch", "done")
POLL_S = 2.0
OUTCOME_SECONDS = 120.0  # the outcome stays on the OLED this long after it was written
STALE_S = 1800.0  # a step older than this is from an update that was cut short (healed at start)


def read_json(path: Path) -> dict | None:
    try:
        data = json.loads(Path(path).read_text())
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def _mtime(path: Path) -> float | None:
    try:
        return path.stat().st_mtime
    except OSError:
        return None


class Updates:
    def __init__(self, state_dir: Path, say, spool: Path = SPOOL, wall=time.time) -> None:
        self.state_dir, self.say, self.spool, self.wall = Path(state_dir), say, Path(spool), wall
        self.offer: dict | None = None
        self.status: dict | None = None
        self._stamp = None
        self._next = 0.0
        self._answered: set[str] = set()  # offers (their SHA-256) said OK or BACK to

    def poll(self, now: float) -> tuple | None:
        """The OLED message now: the question, a step, the outcome; None when there is none."""
        if now >= self._next:
            self._next = now + POLL_S
            if self.spool.is_dir():
                self._read()
        return self.message()

    def next_deadline(self, now: float) -> float | None:
        """The next poll, while there is a spool to read (an image; the sleeping loop wakes for it:
        root writes the files, nothing else tells the service)."""
        return self._next if self.spool.is_dir() else None

    def _read(self) -> None:
        stamp = (_mtime(self.spool / OFFER), _mtime(self.spool / STATUS))
        if stamp == self._stamp:
            return
        self._stamp = stamp
        offer, status = read_json(self.spool / OFFER), read_json(self.spool / STATUS)
        if offer and offer != self.offer and offer.get("sha256") not in self._answered:
            self.say(f"Update to {offer.get('version')}? OK on the companion (or OK here) installs it; BACK does not")
        if status and status != self.status and status.get("outcome"):
            self.say(f"update: {status['outcome']}")
        self.offer, self.status = offer, status

    def _outcome_fresh(self) -> bool:
        written = self._stamp[1] if self._stamp else None
        return written is not None and self.wall() - written < OUTCOME_SECONDS

    def message(self) -> tuple | None:
        s = self.status
        written = self._stamp[1] if self._stamp else None
        if s and s.get("outcome") is None and s.get("step") in STEPS and written and self.wall() - written < STALE_S:
            return ("update", ("step", s["step"], str(s.get("version", ""))))
        if s and s.get("outcome") and self._outcome_fresh():
            return ("update", ("outcome", "ok" if s.get("ok") else "failed", str(s.get("version", "")),
                               str(s["outcome"])))
        if self.offer and self.offer.get("sha256") not in self._answered:
            return ("update", ("ask", str(self.offer.get("version", "?"))))
        return None

    def button(self, name: str) -> bool:
        """OK or BACK to the question (True: the button was for it)."""
        m = self.message()
        if m is None or m[1][0] != "ask" or name not in ("ok", "back"):
            return False
        sha = self.offer.get("sha256", "")
        self._answered.add(sha)
        if name == "back":
            self.say(f"update to {self.offer.get('version')}: not now (it is offered again at the next start)")
            return True
        tmp = self.state_dir / f".{OK_FILE}.new"
        with open(tmp, "w") as f:
            json.dump({"version": self.offer.get("version"), "sha256": sha}, f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, self.state_dir / OK_FILE)  # companion-update.path starts the update (root)
        self.say(f"update to {self.offer.get('version')}: OK, installing")
        return True


def render_update(uid: tuple, language: str):
    """The OLED: the question, a step with its progress bar, or the outcome."""
    from PIL import Image, ImageDraw

    from companion.ui.oled import font as oled_font

    from companion.ui.i18n import text
    from companion.ui.render import wrap

    img = Image.new("1", (128, 64), 0)
    d = ImageDraw.Draw(img)
    d.font = oled_font()  # the OLED's Latin-1 font: Pillow's own default has no umlauts
    kind = uid[0]
    if kind == "ask":
        d.text((0, 0), text("update.head", language), fill=1)
        d.line((0, 11, 127, 11), fill=1)
        for n, line in enumerate(wrap(text("update.ask", language, version=uid[1]))[:2]):
            d.text((0, 16 + 12 * n), line, fill=1)
        d.text((0, 52), text("update.keys", language), fill=1)
    elif kind == "step":
        d.text((0, 0), text("update.to", language, version=uid[2]), fill=1)
        d.line((0, 11, 127, 11), fill=1)
        d.text((0, 18), text(f"update.step.{uid[1]}", language), fill=1)
        done = STEPS.index(uid[1]) + 1
        d.rectangle((0, 40, 127, 50), outline=1)
        d.rectangle((2, 42, 2 + (123 * done) // len(STEPS), 48), fill=1)
    else:
        ok = uid[1] == "ok"
        d.text((0, 0), text("update.done" if ok else "update.failed", language, version=uid[2]), fill=1)
        d.line((0, 11, 127, 11), fill=1)
        for n, line in enumerate(wrap(uid[3])[:4]):
            d.text((0, 14 + 12 * n), line, fill=1)
    return img
