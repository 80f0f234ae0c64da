"""The fake Pico's MicroPython REPL and flash filesystem (emulator.py): what a Pico shows once the
bridge firmware stops (STOP) or before it is installed (a freshly flashed MicroPython).

It speaks the REPL's bytes as MicroPython does — the prompt, Ctrl-C, the raw REPL of rawrepl.py
(Ctrl-A, code, Ctrl-D, "OK" output \\x04 errors \\x04 ">"), Ctrl-B, Ctrl-D's soft reboot — and
runs the code sent in CPython with `open` and `os` confined to a folder standing in for the
Pico's flash. After a soft reboot, main.py there decides: the bridge firmware starts with the
FW_HASH of bridgefw/fwhash.py (so HELLO reports what was copied), or the prompt stays."""
from __future__ import annotations

import ast
import io
import os
from pathlib import Path

FRIENDLY = (b"\r\nMicroPython v1.27.0 on fake; Raspberry Pi Pico with RP2040\r\n"
            b"Type \"help()\" for more information.\r\n>>> ")
RAW_BANNER = b"raw REPL; CTRL-B to exit\r\n>"


class _FlashOs:
    """The part of MicroPython's `os` the flash uses, inside the folder."""

    def __init__(self, root: Path) -> None:
        self._root = root

    def _path(self, path: str) -> Path:
        full = (self._root / path.lstrip("/")).resolve()
        if full != self._root and self._root not in full.parents:
            raise OSError(2, "ENOENT")
        return full

    def mkdir(self, path: str) -> None:
        self._path(path).mkdir()

    def listdir(self, path: str = "") -> list[str]:
        return sorted(os.listdir(self._path(path)))

    def remove(self, path: str) -> None:
        self._path(path).unlink()

    def stat(self, path: str):
        return tuple(os.stat(self._path(path)))


class FakeRepl:
    def __init__(self, root: Path) -> None:
        self.root = Path(root).resolve()
        self.raw = False
        self._code = bytearray()
        self.execs = 0   # code blocks run (a count for tests)

    # ------------------------------------------------------------------ the flash
    def firmware(self) -> bytes | None:
        """The bridge firmware's hash if main.py and bridgefw/fwhash.py are on the flash."""
        if not (self.root / "main.py").is_file():
            return None
        try:
            tree = ast.parse((self.root / "bridgefw" / "fwhash.py").read_text())
        except (OSError, SyntaxError):
            return None
        for node in tree.body:
            if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "FW_HASH":
                return ast.literal_eval(node.value)
        return None

    # ------------------------------------------------------------------ the REPL
    def prompt(self) -> bytes:
        """What the board prints when the firmware returns to the REPL."""
        self.raw = False
        return FRIENDLY

    def feed(self, data: bytes) -> tuple[bytes, bool]:
        """Bytes from the host -> (the board's answer, whether it soft-rebooted into main.py)."""
        out = bytearray()
        for byte in data:
            ch = bytes([byte])
            if ch == b"\x01":
                self.raw, self._code = True, bytearray()
                out += b"\r\n" + RAW_BANNER
            elif ch == b"\x02":
                self.raw = False
                out += FRIENDLY
            elif ch == b"\x03":
                self._code = bytearray()
                out += b"\r\n" + (b">" if self.raw else b">>> ")
            elif ch == b"\x04":
                if not self.raw:
                    out += b"MPY: soft reboot\r\n"
                    return bytes(out), True
                if not self._code:   # Ctrl-D on an empty raw line: a soft reboot staying in raw mode
                    out += b"OK\x04\x04>" + b"MPY: soft reboot\r\n" + RAW_BANNER
                    continue
                out += b"OK" + self._run(bytes(self._code)) + b">"
                self._code = bytearray()
            elif self.raw:
                self._code += ch
            # the friendly prompt's echo and line editing are not modelled: the flash never types there
        return bytes(out), False

    def _run(self, code: bytes) -> bytes:
        self.execs += 1
        flash_os = _FlashOs(self.root)
        stdout = io.StringIO()

        def _open(path, mode="r"):
            return open(flash_os._path(path), mode)

        def _import(name, *args, **kwargs):
            if name == "os":
                return flash_os
            if name in ("hashlib", "binascii"):   # as MicroPython's, for what the flash asks of them
                return __import__(name)
            raise ImportError(f"no module named '{name}'")

        def _print(*args, **kwargs):
            print(*args, **kwargs, file=stdout)

        names = {"__builtins__": {"open": _open, "__import__": _import, "print": _print, "OSError": OSError,
                                  "len": len, "str": str, "bytes": bytes}}
        err = b""
        try:
            exec(compile(code.decode(), "<stdin>", "exec"), names)
        except Exception as exc:  # the board prints the traceback's last line on the error channel
            err = f"Traceback (most recent call last):\r\n{type(exc).__name__}: {exc}\r\n".encode()
        return stdout.getvalue().replace("\n", "\r\n").encode() + b"\x04" + err + b"\x04"
