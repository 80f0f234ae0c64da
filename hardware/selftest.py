"""`companion selftest`: a walk test of every device.

Place a piece on every square in turn (and lift it): each reed that closes lights its LED and
shows its square on the OLED with a flip counter. A square that flips more than twice for one
place-and-lift is chattering: a marginal magnet or reed. Each card read shows its UID (and
text), each button echoes. Ctrl-C (or --seconds N) ends it with a summary of what responded
and what did not; the exit status is 1 if anything did not respond.

    companion selftest                    # real devices (gpio, spi, ssd1306, pn532_uart, gpio)
    companion selftest --fake             # scripted demo on the fakes (c3 chatters on purpose)
    companion selftest --config /etc/maunz/companion.toml --seconds 120

On the hall-effect bed each placement also shows the square's field (mT, + north down: a kitten,
- south down: a cat); the summary lists each square's strongest field and flags weak magnets
(under 1.5 x the 8 mT register threshold). With `--pieces kittens` (or `cats`) every piece of the
walk is of that kind, and a square that reads the other pole names a reversed magnet.
"""
from __future__ import annotations

import sys
import threading
import time
import tomllib

from hardware.interfaces import SQUARES, DeviceEvent, Effect, HardwareError, LedCell, LedFrame
from hardware.interfaces import square_name
from companion.cliargs import OneLineParser

WEAK_MT = 1.5 * 8.0   # 1.5 x the default register threshold: less margin than the model allows
DEMO_FAULT = ("demo on fake devices: the reed on c3 chatters on purpose (a simulated marginal"
              " magnet), so the summary shows what a fault looks like")

FAKE_CONFIG = {name: {"backend": "fake"} for name in ("reed", "leds", "display", "cards", "buttons")}
FAKE_CONFIG["reed"].update(debounce=2, scan_hz=400)
# Without --fake a section that names no backend gets the real one: never a silent fake.
REAL_BACKENDS = {"reed": "gpio", "leds": "spi", "display": "ssd1306", "cards": "pn532_uart",
                 "buttons": "gpio"}


def with_real_backends(config: dict) -> dict:
    out = {k: (dict(v) if isinstance(v, dict) else v) for k, v in config.items()}
    for name, backend in REAL_BACKENDS.items():
        section = out.setdefault(name, {})
        if isinstance(section, dict):
            section.setdefault("backend", backend)
    return out


def load_config(path: str | None) -> dict:
    if path is None:
        return {}
    try:
        with open(path, "rb") as f:
            data = tomllib.load(f)
    except OSError as e:
        raise HardwareError(f"selftest: cannot read config {path}: {e.strerror}") from None
    except tomllib.TOMLDecodeError as e:
        raise HardwareError(f"selftest: {path} is not valid TOML: {e}") from None
    return data.get("hardware", data)


def _font(size: int):
    from PIL import ImageFont
    try:
        return ImageFont.load_default(size=size)
    except TypeError:  # Pillow without FreeType sizing
        return ImageFont.load_default()


def screen(title: str, line: str = ""):
    from PIL import Image, ImageDraw
    img = Image.new("1", (128, 64))
    d = ImageDraw.Draw(img)
    d.text((2, 2), title, fill=255, font=_font(30))
    d.text((2, 44), line, fill=255, font=_font(12))
    return img


class Walk:
    """What the walk test has seen so far."""

    def __init__(self, button_names) -> None:
        self.flips = [0] * SQUARES
        self.closed_once = [False] * SQUARES
        self.closures = [0] * SQUARES
        self.cards: list = []
        self.buttons = {name: 0 for name in button_names}
        self.events: list[DeviceEvent] = []
        self.frames = 0
        self.field: list[float | None] = [None] * SQUARES   # the hall bed: strongest field, mT
        self.pieces: str | None = None                       # "kittens" / "cats": the walk's kind

    def placements(self, sq: int) -> int:
        """How often the square was (debounced) closed: a clean reed flips twice per placement."""
        return max(1, self.closures[sq])

    def summary(self) -> tuple[list[str], bool]:
        never = [square_name(s) for s in range(SQUARES) if not self.closed_once[s]]
        marginal = [f"{square_name(s)} ({self.flips[s]} flips)" for s in range(SQUARES)
                    if self.flips[s] > 2 * self.placements(s)]
        silent = [n for n, c in self.buttons.items() if c == 0]
        lines = ["--- selftest summary ---",
                 f"reeds responded: {SQUARES - len(never)}/{SQUARES}",
                 f"reeds that never closed: {', '.join(never) or 'none'}",
                 f"reeds that chattered (more than 2 raw flips per placement; marginal magnet or reed): "
                 f"{', '.join(marginal) or 'none'}",
                 f"LED frames sent: {self.frames} (check by eye that each square lit)",
                 f"cards read: {len(self.cards)}"
                 + (f" ({', '.join(sorted({c.uid_hex for c in self.cards}))})" if self.cards else
                    " (none: tap a card to test the reader)"),
                 f"buttons responded: {', '.join(n for n, c in self.buttons.items() if c) or 'none'}",
                 f"buttons that did not respond: {', '.join(silent) or 'none'}"]
        hall_lines, hall_ok = self._fields()
        lines += hall_lines
        for e in self.events:
            lines.append(f"device {e.kind}: {e.device}: {e.detail}")
        ok = not never and not silent and bool(self.cards) and hall_ok
        return lines, ok

    def _fields(self) -> tuple[list[str], bool]:
        seen = [(s, f) for s, f in enumerate(self.field) if f is not None]
        if not seen:
            return [], True
        weak = [f"{square_name(s)} ({f:+.1f} mT)" for s, f in seen if abs(f) < WEAK_MT]
        lines = ["hall fields (mT, + north down): " + " ".join(f"{square_name(s)} {f:+.1f}" for s, f in seen),
                 f"weak magnets (under {WEAK_MT:.0f} mT: a thinner quilt or a stronger magnet): "
                 f"{', '.join(weak) or 'none'}"]
        reversed_ = []
        if self.pieces is not None:
            want = 1 if self.pieces == "kittens" else -1
            reversed_ = [square_name(s) for s, f in seen if f * want < 0]
            lines.append(f"reversed magnets (the walk used {self.pieces}; kittens north down, cats "
                         f"south down): {', '.join(reversed_) or 'none'}")
        return lines, not weak and not reversed_


def run(devices, seconds: float | None, out=print, script_done: threading.Event | None = None,
        button_names=("ok", "back", "cat"), pieces: str | None = None) -> tuple[Walk, bool]:
    walk = Walk(getattr(devices.buttons, "names", button_names))
    walk.pieces = pieces
    period = 1.0 / getattr(devices.reed, "scan_hz", 100.0)
    start = time.monotonic()
    last = last_raw = 0
    for ev in devices.drain_events():
        walk.events.append(ev)
        out(f"! {ev.kind} {ev.device}: {ev.detail}")
    devices.display.show(screen("walk", "place a piece on a1"))
    try:
        while seconds is None or time.monotonic() - start < seconds:
            mask = devices.reed.poll()
            raw = devices.reed.raw()
            flipped = raw ^ last_raw  # raw flips: chatter shorter than the debounce shows too
            while flipped:
                low = flipped & -flipped
                walk.flips[low.bit_length() - 1] += 1
                flipped ^= low
            last_raw = raw
            changed = mask ^ last
            fields = devices.reed.fields_mt() if changed & mask else None
            if changed:
                for sq in range(SQUARES):
                    if changed >> sq & 1:
                        closed = bool(mask >> sq & 1)
                        walk.closed_once[sq] |= closed
                        walk.closures[sq] += closed
                        state = "closed" if closed else "open"
                        extra = ""
                        if closed and fields is not None:
                            f = fields[sq]
                            if walk.field[sq] is None or abs(f) > abs(walk.field[sq]):
                                walk.field[sq] = f
                            extra = f" {f:+.1f} mT"
                        out(f"reed {square_name(sq)} {state} (flips {walk.flips[sq]}){extra}")
                        devices.display.show(screen(square_name(sq),
                                                    f"{state}  flips {walk.flips[sq]}{extra}"))
                cells = {sq: LedCell((0, 160, 0), Effect.STEADY) for sq in range(SQUARES)
                         if mask >> sq & 1}
                devices.leds.show(LedFrame.from_dict(cells))
                walk.frames += 1
                last = mask
            for card in devices.cards.poll():
                walk.cards.append(card)
                out(f"card {card.uid_hex}" + (f" text {card.text!r}" if card.text else ""))
                devices.display.show(screen("card", card.uid_hex))
            for b in devices.buttons.poll():
                walk.buttons[b.name] = walk.buttons.get(b.name, 0) + 1
                out(f"button {b.name} {b.kind}")
                devices.display.show(screen(b.name, b.kind))
            for ev in devices.drain_events():
                walk.events.append(ev)
                out(f"! {ev.kind} {ev.device}: {ev.detail}")
            if script_done is not None and script_done.is_set() and not changed:
                script_done = None
                seconds = min(seconds or 1e9, time.monotonic() - start + 0.2)
            time.sleep(period)
    except KeyboardInterrupt:
        pass
    lines, ok = walk.summary()
    for line in lines:
        out(line)
    return walk, ok


def demo_script(devices, done: threading.Event) -> threading.Thread:
    """Walks every square on the fakes (one with a chattering reed), taps two cards and presses
    every button. Steps are counted in scans, so the demo is the same at any speed."""
    reed = devices.reed

    def wait_scans(n: int) -> None:
        target = reed.scans + n
        while reed.scans < target and not done.is_set():
            time.sleep(0.001)

    def go() -> None:
        n = reed._debouncer.n + 1
        for sq in range(SQUARES):
            if sq == 14:
                reed.bounce(sq, scans=2 * n + 2)  # c3: a marginal magnet chatters
            reed.set(sq)
            wait_scans(n + (2 * n + 2 if sq == 14 else 0))
            reed.lift(sq)
            wait_scans(n)
        devices.cards.tap("04a1b2c3d4e5f6", "maunz:cat")
        devices.cards.tap("deadbeef")
        for name in devices.buttons.names:
            devices.buttons.press(name)
        devices.buttons.long("back")
        wait_scans(4)
        done.set()

    t = threading.Thread(target=go, name="selftest-demo", daemon=True)
    t.start()
    return t


def main(argv: list[str]) -> int:
    p = OneLineParser(prog="companion selftest", description=__doc__.split("\n")[0])
    p.add_argument("--fake", action="store_true", help="scripted demo on fake devices")
    p.add_argument("--config", help="TOML config; its [hardware] table (or the whole file) is "
                                    "passed to hardware.build_devices")
    p.add_argument("--seconds", type=float, help="stop after N seconds (default: Ctrl-C; "
                                                  "--fake: when the demo is done)")
    p.add_argument("--pieces", choices=("kittens", "cats"),
                   help="the hall bed: every piece of the walk is of this kind (flags reversed magnets)")
    args = p.parse_args(argv)
    from hardware.factory import build_devices
    try:
        config = FAKE_CONFIG if args.fake else with_real_backends(load_config(args.config))
        devices = build_devices(config, source=args.config or "selftest")
    except HardwareError as e:
        print(f"selftest: {e}", file=sys.stderr)
        return 2
    done = threading.Event() if args.fake else None
    try:
        if args.fake:
            print(DEMO_FAULT)
            demo_script(devices, done)
        else:
            print("walk test: place a piece on every square, tap a card, press every button; "
                  "Ctrl-C to finish")
        _, ok = run(devices, args.seconds if args.seconds else (60.0 if args.fake else None),
                    script_done=done, pieces=args.pieces)
        if args.fake:
            print("(c3 above is the demo's deliberate fault, not a problem with this machine)")
    finally:
        if done is not None:
            done.set()
        devices.close()
    return 0 if ok else 1
