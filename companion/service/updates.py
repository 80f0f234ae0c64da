"""The family's side of an update found on the SD card or a USB stick (issue 42; root's side is
companion/update/offer.py): "Update to 0.2.0? OK" on the OLED and among the page's notices,
OK (the companion's button, or the page's) writes the family's OK for root to act on, BACK
declines this release; then the update's steps with a progress bar, and its outcome in one line.

It rides on the screen choice (ScreenChoice.choose asks it each tick, ScreenChoice.dismiss_address
hands it a button first), so the service loop has no line of its own for it. While it is on the
OLED, no button reaches the table hidden behind it: a press on the outcome takes the outcome
away; during the steps a press does nothing but say so on the OLED. Its notices are worded by
the phrase registry (companion/ui/i18n.py): English for the log, the table's language on the
page; the outcome is worded from root's fields (outcome_msg), root's own line only in the log.
The files are polled at most every POLL_S seconds (two stats); without the spool (no image, the
simulator) nothing is read at all.
"""
from __future__ import annotations

import errno
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
        self._problem: str | None = None  # the phrase key of why the OK could not be written
        self._seen: float | None = None  # the outcome (its status's mtime) a button took away
        self._pressed: float | None = None  # the step (its status's mtime) a button was pressed in

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
        if offer != self.offer:
            self._problem = None  # another offer (or none): a failed OK was about the old one
        if offer and offer != self.offer and offer.get("sha256") not in self._answered:
            self._note("note.update.ask", version=str(offer.get("version")))
        if status and status != self.status and status.get("outcome"):
            line = outcome_msg(status)
            self.say(f"update: {line.text('en')} ({status['outcome']})", line)
        self.offer, self.status = offer, status

    def _note(self, key: str, detail: str = "", **params) -> None:
        """A notice: English (and `detail`) for the log, the phrase for the page."""
        from companion.ui.screens import msg

        line = msg(key, **params)
        self.say(line.text("en") + detail, line)

    def _outcome_fresh(self) -> bool:
        written = self._stamp[1] if self._stamp else None
        return written is not None and self.wall() - written < OUTCOME_SECONDS

    def message(self) -> tuple | None:
        s = self.status
        written = self._stamp[1] if self._stamp else None
        if s and s.get("outcome") is None and s.get("step") in STEPS and written and self.wall() - written < STALE_S:
            step = ("step", s["step"], str(s.get("version", "")))
            return ("update", step + ("pressed",) if self._pressed == written else step)
        if s and s.get("outcome") and self._outcome_fresh() and self._seen != written:
            return ("update", ("outcome", "ok" if s.get("ok") else "failed", str(s.get("version", "")),
                               outcome_msg(s)))
        if self.offer and self.offer.get("sha256") not in self._answered:
            version = str(self.offer.get("version", "?"))
            if self._problem:
                return ("update", ("problem", self._problem, version, str(self.state_dir)))
            return ("update", ("ask", version))
        return None

    def button(self, name: str) -> bool:
        """A button while the update is on the OLED (True: it was for the update, and goes no
        further: the table behind it cannot be seen). The question takes OK or BACK; the outcome
        goes at any press; during the steps a press does nothing, and the OLED says so."""
        m = self.message()
        if m is None:
            return False
        kind = m[1][0]
        if kind == "step":
            self._pressed = self._stamp[1]
            return True
        if kind == "outcome":
            self._seen = self._stamp[1]
            return True
        if name not in ("ok", "back"):
            return True  # the question waits for OK or BACK; the table behind it is not seen
        sha, version = self.offer.get("sha256", ""), str(self.offer.get("version"))
        if name == "back":
            self._answered.add(sha)
            self._note("note.update.declined", version=version)
            return True
        tmp = self.state_dir / f".{OK_FILE}.new"
        try:
            with open(tmp, "w") as f:
                json.dump({"version": self.offer.get("version"), "sha256": sha}, f)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, self.state_dir / OK_FILE)  # companion-update.path starts the update (root)
        except OSError as exc:
            # a full or read-only state directory: the service goes on; the question stays, with
            # why and the fix, and the next OK tries again
            try:
                tmp.unlink(missing_ok=True)
            except OSError:
                pass
            self._problem = "update.full" if exc.errno in (errno.ENOSPC, errno.EDQUOT) else "update.unwritable"
            from companion.ui.screens import msg

            self._note("note.update.not_started", f" ({exc.strerror or exc})", version=version,
                       why=msg(self._problem, folder=str(self.state_dir)))
            return True
        self._answered.add(sha)
        self._problem = None
        self._note("note.update.installing", version=version)
        return True


HEALTH = ("slow", "crashed")  # unit.py, Health.kind
REFUSED = ("unsigned", "signature", "damaged", "no_key", "no_space", "older")  # signing.py, offer.py


def outcome_msg(status: dict):
    """The outcome in the family's words, from root's fields (offer.Status.outcome): what
    happened, the version, the kind of reason; a kind this does not know (or a status written
    without fields) says "details in the log", where root's own line is."""
    from companion.ui.screens import msg

    what, reason, version = status.get("what"), status.get("reason") or "", str(status.get("version") or "")
    if what == "installed":
        return msg("update.installed", version=version)
    if what == "rolled_back":
        back = str(status.get("back") or "?")
        if reason in HEALTH:
            return msg("update.rolled_back", back=back, version=version, reason=msg(f"update.health.{reason}"))
        return msg("update.rolled_back.unknown", back=back)
    if what in ("not_installed", "not_offered"):
        why = msg(f"update.refused.{reason if reason in REFUSED else 'unknown'}")
        if what == "not_offered":
            return msg("update.not_offered", reason=why)
        return msg("update.not_installed", version=version, reason=why)
    return msg("update.outcome.unknown")


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
        if len(uid) > 3:  # a button was pressed: it does nothing now, and the family is told
            d.text((0, 53), text("update.buttons_wait", language), fill=1)
    elif kind == "problem":  # the OK could not be written: the folder and the fix; OK again
        d.text((0, 0), text("update.failed", language), fill=1)
        d.line((0, 11, 127, 11), fill=1)
        for n, line in enumerate(wrap(text(uid[1], language, folder=uid[3]))[:4]):
            d.text((0, 14 + 12 * n), line, fill=1)
    else:
        d.text((0, 0), text("update.head" if uid[1] == "ok" else "update.failed", language), fill=1)
        d.line((0, 11, 127, 11), fill=1)
        for n, line in enumerate(wrap(uid[3].text(language))[:4]):
            d.text((0, 14 + 12 * n), line, fill=1)
    return img
