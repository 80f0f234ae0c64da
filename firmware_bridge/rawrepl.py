"""Files onto a Pico running MicroPython through its raw REPL over pyserial — what mpremote does,
in-process, so the companion flashes a Pico with no tool installed beside it.

MicroPython's raw REPL (docs.micropython.org, "raw mode and raw-paste mode"): Ctrl-A enters it
("raw REPL; CTRL-B to exit\\r\\n>"), code is sent and ended by Ctrl-D, the board answers "OK",
the code's output, Ctrl-D, its error output, Ctrl-D and ">" again. Ctrl-B leaves it; Ctrl-D at
the normal prompt is a soft reboot, which runs main.py (the bridge firmware) and keeps the USB
serial port open, so the host's HELLO check follows on the same port.
"""
from __future__ import annotations

import time

from .firmware.framing import encode_frame
from .firmware.messages import encode
from .uf2 import FlashError

BANNER = b"raw REPL; CTRL-B to exit\r\n>"
STOP_FRAME = b"\x00" + encode_frame(encode("STOP"))   # the protocol's STOP, after a delimiter
CHUNK = 256          # bytes of code per write, a short pause between (as mpremote's raw mode does)
FILE_CHUNK = 1024    # bytes of a file per w(...) call: small enough for the Pico's RAM


class RawRepl:
    def __init__(self, port: str, timeout: float = 10.0) -> None:
        self.port = port
        self.timeout = timeout
        self.ser = None
        self._buf = bytearray()

    def __enter__(self) -> "RawRepl":
        self.open()
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def open(self) -> None:
        import serial

        try:
            self.ser = serial.Serial(self.port, 115200, timeout=0.05, write_timeout=2, exclusive=True)
        except (serial.SerialException, OSError, ValueError) as exc:
            raise FlashError(f"{self.port}: cannot open it ({exc}); check the cable and that no other"
                             " program (the companion service, a serial monitor) holds it") from None

    def close(self) -> None:
        if self.ser is not None:
            try:
                self.ser.close()
            except OSError:
                pass
            self.ser = None

    # ------------------------------------------------------------------ bytes
    def _write(self, data: bytes) -> None:
        import serial

        try:
            self.ser.write(data)
        except (serial.SerialException, OSError) as exc:
            raise FlashError(f"{self.port}: writing failed ({exc}); was the Pico unplugged? plug it in"
                             " and retry") from None

    def _read_until(self, ending: bytes, what: str, timeout: float | None = None) -> bytes:
        """The bytes up to and including `ending`; what came after it stays for the next read."""
        import serial

        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while ending not in self._buf:
            if time.monotonic() > deadline:
                seen = bytes(self._buf[-40:])
                raise FlashError(f"{self.port}: no {what} from the Pico within {self.timeout:g} s (got"
                                 f" {seen!r}); is it a Pico running MicroPython? hold BOOTSEL, plug it in"
                                 " and run the flash again")
            try:
                self._buf += self.ser.read(max(1, min(self.ser.in_waiting, 4096)))
            except (serial.SerialException, OSError) as exc:
                raise FlashError(f"{self.port}: reading failed ({exc}); was the Pico unplugged?") from None
        end = self._buf.index(ending) + len(ending)
        got, self._buf = bytes(self._buf[:end]), self._buf[end:]
        return got

    # ------------------------------------------------------------------ the raw REPL
    def enter(self) -> None:
        """Stop whatever runs (a running bridge firmware first gets its protocol's STOP, since it
        ignores Ctrl-C while speaking binary), then enter the raw REPL."""
        self._write(STOP_FRAME)
        deadline = time.monotonic() + self.timeout
        wait = 1.0
        while True:   # as mpremote: Ctrl-C, Ctrl-A; again, waiting longer, while a slow board catches up
            time.sleep(0.1)
            self._write(b"\r\x03\x03")
            time.sleep(0.1)
            self.ser.reset_input_buffer()   # the firmware's last frames, a prompt: not ours to read
            self._buf = bytearray()
            self._write(b"\r\x01")
            left = deadline - time.monotonic()
            try:
                self._read_until(BANNER, "raw REPL prompt", timeout=max(0.1, min(wait, left)))
                return
            except FlashError:
                if left <= wait:
                    raise
            wait *= 2

    def exec(self, code: str) -> bytes:
        """Run `code`; its output. A Python error on the Pico is a FlashError with its last line."""
        data = code.encode()
        for i in range(0, len(data), CHUNK):
            self._write(data[i:i + CHUNK])
            time.sleep(0.002)
        self._write(b"\x04")
        self._read_until(b"OK", "answer to the code sent")
        out = self._read_until(b"\x04", "output")[:-1]
        err = self._read_until(b"\x04", "error output")[:-1]
        self._read_until(b">", "raw REPL prompt")
        if err:
            last = err.decode(errors="replace").strip().splitlines()[-1:]
            raise FlashError(f"{self.port}: the Pico refused: {last[0] if last else err!r}")
        return out

    def mkdir(self, path: str) -> None:
        self.exec(f"import os\ntry:\n os.mkdir({path!r})\nexcept OSError:\n pass\n")

    def put(self, data: bytes, path: str) -> None:
        """Write `data` to `path` on the Pico, then check its size there."""
        lines = [f"f=open({path!r},'wb')", "w=f.write"]
        lines += [f"w({data[i:i + FILE_CHUNK]!r})" for i in range(0, len(data), FILE_CHUNK)]
        lines += ["f.close()", "import os", f"print(os.stat({path!r})[6])"]
        out = self.exec("\n".join(lines) + "\n").strip()
        if out != str(len(data)).encode():
            raise FlashError(f"{self.port}: {path} has {out!r} bytes on the Pico, not {len(data)}; run the"
                             " flash again")

    def digests(self, paths: list[str]) -> dict[str, str]:
        """The SHA-256 (hex) of each file on the Pico; "" for one that is not there."""
        code = ("import hashlib,binascii\n"
                f"for p in {paths!r}:\n"
                " try:\n"
                "  f=open(p,'rb');h=hashlib.sha256(f.read());f.close();print(binascii.hexlify(h.digest()).decode())\n"
                " except OSError:\n"
                "  print('-')\n")
        lines = self.exec(code).decode(errors="replace").split()
        if len(lines) != len(paths):
            raise FlashError(f"{self.port}: the Pico's file check answered {len(lines)} lines for {len(paths)}"
                             " files; run the flash again")
        return {p: ("" if line == "-" else line) for p, line in zip(paths, lines)}

    def soft_reboot(self) -> None:
        """Leave the raw REPL and soft-reboot: main.py starts."""
        self._write(b"\x02")
        time.sleep(0.05)
        self._write(b"\x04")
        try:
            self.ser.flush()
        except OSError:
            pass
