"""What a page that does not control the companion may see while a seat's secret is on the OLED
(the snapshot's `private`, from TableView.private: Cats' "your cat: 3, lazy").

On the Pi the page is a spectator view that anyone at the table may open on a phone, so while a
secret is on the OLED the OLED image and the instruction (its lines as text) are replaced by a
neutral "secret on the companion's display" picture and caption. The controlling page keeps the
real image: in `companion sim` on a laptop one person plays every seat and has to read it. The
other fields carry no secret (position and text: observation for seat None; moves: `deal:??`;
LEDs: the reveal does not light them)."""
from __future__ import annotations

import base64
import io

from companion.ui.i18n import LANGUAGES, text

_private_png: dict[str, str] = {}


#: What a spectator's page learns of a remote game: that it is on, who plays whom, and how it
#: goes. Never the pairing code or its QR (whoever has the code can play in our name) or the
#: brokers' addresses (they may carry a password).
REMOTE_PUBLIC = ("side", "name", "peer", "peer_seat", "connected", "peer_online", "stopped", "undo",
                 "entries", "labels")


def for_spectators(state: dict) -> dict:
    """The snapshot as a page that does not control the companion may see it: no pairing code,
    no simulator's hand (the person's own cards) and no line said only for the table; while a
    secret is on the OLED, a neutral image and caption replace the OLED image and the
    instruction."""
    out = dict(state)
    out.pop("virtual", None)
    if out.get("remote"):
        out["remote"] = {k: v for k, v in out["remote"].items() if k in REMOTE_PUBLIC}
    if out.get("spoken"):
        out["spoken"] = [line for line in out["spoken"] if not line.get("secret")]
    if not state.get("private"):
        return out
    language = state["language"] if state.get("language") in LANGUAGES else "en"
    if language not in _private_png:
        buf = io.BytesIO()
        render_private(language).save(buf, format="PNG")
        _private_png[language] = base64.b64encode(buf.getvalue()).decode("ascii")
    out["oled"] = _private_png[language]
    out["instruction"] = text("private.caption", language)
    return out


def render_private(language: str):
    """The page's stand-in for the OLED while it shows a seat's secrets."""
    from PIL import Image, ImageDraw

    from companion.ui.oled import font as oled_font

    img = Image.new("1", (128, 64), 0)
    d = ImageDraw.Draw(img)
    d.font = oled_font()  # the OLED's Latin-1 font: Pillow's own default has no umlauts
    lines = [text(f"private.{part}", language) for part in ("head", 1, 2, 3)]
    d.text((0, 0), lines[0], fill=1)
    d.line((0, 11, 127, 11), fill=1)
    for i, line in enumerate(lines[1:]):
        d.text((0, 16 + 12 * i), line, fill=1)
    return img
