"""The physical event stream as JSON lines: `--record FILE` writes it, `--replay FILE` plays it
back through the real referee on fake devices in virtual time, and `--feed FILE` follows a file
that another process appends to (scripted play, the power-loss test).

    {"type": "header", "version": 1, "game": "maunz", "rules": null, "start": "<position>",
     "moves": [...], "language": "de", "ai": null, "players": {...}, "settle": 0.25,
     "correction_delay": 3.0, "scan_hz": 100.0}
    {"t": 0.51, "type": "scan", "mask": 4096}            debounced occupancy, when it changed
    {"t": 1.20, "type": "card", "uid": "04:A1:B2:C3", "text": null}
    {"t": 2.00, "type": "button", "name": "ok", "kind": "press"}
    {"t": 2.10, "type": "device", "kind": "reset", "device": "reed", "detail": ""}
    {"t": 3.00, "type": "ai", "move": "kc3"}             the AI's answer (replayed, not recomputed)
    {"t": 3.50, "type": "chance", "move": "r3"}          a die, shuffle or deal the service drew
    {"t": 9.00, "type": "end", "position": "<position>", "moves": [...]}

`t` is seconds since the recording started (monotonic clock).
"""
from __future__ import annotations

import json
import os
from pathlib import Path

VERSION = 1


class EventFileError(ValueError):
    pass


class Recorder:
    def __init__(self, path: str | os.PathLike, header: dict, t0: float) -> None:
        self.path = Path(path)
        try:
            self._f = open(self.path, "w", encoding="utf-8")
        except OSError as exc:
            raise EventFileError(f"{self.path}: cannot write the recording ({exc.strerror});"
                                 " pick a writable --record FILE") from None
        self.t0 = t0
        self._write({"type": "header", "version": VERSION, **header})

    def _write(self, obj: dict) -> None:
        if self._f is not None:
            self._f.write(json.dumps(obj, separators=(",", ":")) + "\n")
            self._f.flush()

    def event(self, now: float, type_: str, **fields) -> None:
        self._write({"t": round(now - self.t0, 4), "type": type_, **fields})

    def close(self, now: float | None = None, **end) -> None:
        if self._f is None:
            return
        if now is not None:
            self.event(now, "end", **end)
        self._f.close()
        self._f = None


def read_events(path: str | os.PathLike) -> tuple[dict, list[dict]]:
    """(header, events) of a recording; errors name the file and line."""
    path = Path(path)
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise EventFileError(f"{path}: cannot read the recording ({exc.strerror})") from None
    header = None
    events = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise EventFileError(f"{path}:{n}: not JSON ({exc.msg}); each line must be one JSON object") from None
        if not isinstance(obj, dict) or "type" not in obj:
            raise EventFileError(f"{path}:{n}: expected an object with a \"type\"")
        if obj["type"] == "header":
            if obj.get("version") != VERSION:
                raise EventFileError(f"{path}:{n}: recording version {obj.get('version')!r}, this companion"
                                     f" reads version {VERSION}")
            header = obj
            continue
        if obj["type"] not in ("scan", "card", "button", "device", "ai", "chance", "end"):
            raise EventFileError(f"{path}:{n}: unknown event type {obj['type']!r}")
        if obj["type"] != "end" and not isinstance(obj.get("t"), (int, float)):
            raise EventFileError(f"{path}:{n}: event without a time \"t\"")
        events.append(obj)
    if header is None:
        raise EventFileError(f"{path}: no header line; record with `companion run --record FILE`")
    return header, events


def apply_to_fakes(devices, event: dict) -> None:
    """Make a recorded physical event happen on fake devices."""
    kind = event["type"]
    if kind == "scan":
        devices.reed.set_mask(int(event["mask"]))
    elif kind == "card":
        devices.cards.tap(event["uid"], event.get("text"))
    elif kind == "button":
        if event.get("kind") == "long":
            devices.buttons.long(event["name"])
        else:
            devices.buttons.press(event["name"])
    elif kind == "device":
        devices.reed.inject_event(event["kind"], event.get("detail", ""))


class Feed:
    """Follows a JSON-lines file that another process appends to, applying each new event to the
    fake devices. At start the file's past is not replayed: only its last scan counts (the bed
    is where the magnets are), taps and presses that happened before are history."""

    def __init__(self, path: str | os.PathLike, devices) -> None:
        self.path = Path(path)
        self.devices = devices
        try:
            self._f = open(self.path, "a+", encoding="utf-8")
        except OSError as exc:
            raise EventFileError(f"{self.path}: cannot open the feed ({exc.strerror})") from None
        self._f.seek(0)
        self._buf = ""
        last_scan = None
        for line in self._lines():
            if line.get("type") == "scan":
                last_scan = line
        if last_scan is not None:
            apply_to_fakes(devices, last_scan)

    def _lines(self):
        chunk = self._f.read()
        if not chunk:
            return
        self._buf += chunk
        *complete, self._buf = self._buf.split("\n")
        for text in complete:
            if text.strip():
                try:
                    yield json.loads(text)
                except json.JSONDecodeError:
                    continue  # a torn line from a writer that was killed mid-write

    def poll(self) -> int:
        n = 0
        for event in self._lines():
            if event.get("type") in ("scan", "card", "button", "device"):
                apply_to_fakes(self.devices, event)
                n += 1
        return n

    def close(self) -> None:
        if self._f is not None:
            self._f.close()
            self._f = None
