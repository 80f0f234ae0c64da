"""PN532 NFC reader: the frame format, UART (HSU) and I2C transports, and the commands the card
reader needs (GetFirmwareVersion, SAMConfiguration, RFConfiguration, InListPassiveTarget,
InDataExchange with the Type 2 READ and WRITE commands, InCommunicateThru for GET_VERSION).

Frame (host -> PN532 and back):
    00 00 FF LEN LCS TFI DATA... DCS 00
    LEN = len(TFI + DATA), LCS = -LEN & 0xFF, TFI = D4 (to PN532) / D5 (from PN532),
    DCS = -(TFI + sum(DATA)) & 0xFF.
ACK = 00 00 FF 00 FF 00, NACK = 00 00 FF FF 00 00, error frame body = 7F.

Why not an RDM6300: it reads 125 kHz EM4100 tags only; the cards are NTAG21x stickers
(13.56 MHz, ISO 14443A), which only a 13.56 MHz reader such as the PN532 can see.
"""
from __future__ import annotations

import time
from typing import NamedTuple

from hardware.interfaces import HardwareError

ACK = bytes.fromhex("0000ff00ff00")
NACK = bytes.fromhex("0000ffff0000")
HOST_TFI, PN532_TFI = 0xD4, 0xD5

CMD_GET_FIRMWARE_VERSION = 0x02
CMD_SAM_CONFIGURATION = 0x14
CMD_RF_CONFIGURATION = 0x32
CMD_IN_DATA_EXCHANGE = 0x40
CMD_IN_COMMUNICATE_THRU = 0x42
CMD_IN_LIST_PASSIVE_TARGET = 0x4A
NTAG_READ = 0x30  # Type 2 tag READ: 4 pages = 16 bytes
NTAG_WRITE = 0xA2  # Type 2 tag WRITE: one page = 4 bytes
NTAG_GET_VERSION = 0x60  # NTAG21x: vendor, product type, storage size (8 bytes)
HSU_WAKEUP = b"\x55\x55" + bytes(14)


class PN532Error(HardwareError):
    """A PN532 exchange failed (timeout, corrupted frame, error status)."""


class PN532FrameError(PN532Error):
    """A frame arrived corrupted (bad checksum or framing). Retrying the command is safe."""


def build_frame(data: bytes, tfi: int = HOST_TFI) -> bytes:
    body = bytes([tfi]) + bytes(data)
    n = len(body)
    if n > 254:
        raise ValueError("PN532 normal frames carry at most 254 bytes")
    return bytes([0x00, 0x00, 0xFF, n, (-n) & 0xFF]) + body + bytes([(-sum(body)) & 0xFF, 0x00])


class FrameReader:
    """Reads frames byte-wise from ``read(n) -> bytes`` (which may return short on timeout)."""

    def __init__(self, read, name: str) -> None:
        self._read = read
        self.name = name

    def _exact(self, n: int, deadline: float) -> bytes:
        buf = b""
        while len(buf) < n:
            chunk = self._read(n - len(buf))
            if chunk:
                buf += chunk
            elif time.monotonic() > deadline:
                raise PN532Error(f"PN532 on {self.name}: no answer (timeout); check wiring, the "
                                 f"HSU/I2C mode switches and the port")
        return buf

    def read_frame(self, timeout: float) -> bytes | str:
        """Returns "ACK", "NACK" or the frame body (TFI + data)."""
        deadline = time.monotonic() + timeout
        prev = -1
        while True:
            b = self._exact(1, deadline)[0]
            if prev == 0x00 and b == 0xFF:
                break
            prev = b
        ln, lcs = self._exact(2, deadline)
        if ln == 0x00 and lcs == 0xFF:
            self._exact(1, deadline)
            return "ACK"
        if ln == 0xFF and lcs == 0x00:
            self._exact(1, deadline)
            return "NACK"
        if (ln + lcs) & 0xFF:
            raise PN532FrameError(f"PN532 on {self.name}: corrupted frame (length checksum "
                                  f"{ln:#04x}/{lcs:#04x})")
        body = self._exact(ln, deadline)
        dcs, _post = self._exact(2, deadline)
        if (sum(body) + dcs) & 0xFF:
            raise PN532FrameError(f"PN532 on {self.name}: corrupted frame (data checksum)")
        return body


class UartTransport:
    """PN532 in HSU mode on a serial port (default 115200 8N1)."""

    def __init__(self, port: str = "/dev/serial0", baudrate: int = 115200, *, serial=None) -> None:
        self.name = port
        if serial is None:
            try:
                import serial as pyserial
            except ImportError:
                raise HardwareError(f"PN532 on {port}: pyserial is not installed; pip install "
                                    f"pyserial (the 'hw' extra)") from None
            try:
                serial = pyserial.Serial(port, baudrate, timeout=0.05)
            except pyserial.SerialException as e:
                cause = e.__context__ or e
                if isinstance(cause, FileNotFoundError) or "No such file" in str(e):
                    raise HardwareError(f"PN532: serial port {port} not found; enable the UART "
                                        f"(enable_uart=1, serial console off in raspi-config) or "
                                        f"fix [cards] uart in wiring/pins.toml") from None
                if isinstance(cause, PermissionError) or "ermission" in str(e):
                    raise HardwareError(f"PN532: permission denied on {port}; add the user to the "
                                        f"'dialout' group (sudo adduser $USER dialout)") from None
                raise HardwareError(f"PN532: cannot open {port}: {e}") from None
        self._serial = serial
        self._reader = FrameReader(serial.read, port)
        self._woken = False

    def write(self, frame: bytes) -> None:
        if not self._woken:  # HSU: the PN532 sleeps until it sees a long preamble
            frame = HSU_WAKEUP + frame
            self._woken = True
        self._serial.write(frame)
        self._serial.flush()

    def read_frame(self, timeout: float):
        return self._reader.read_frame(timeout)

    def discard_input(self) -> None:
        self._serial.reset_input_buffer()

    def close(self) -> None:
        try:
            self._serial.close()
        except Exception:
            pass


class I2cTransport:
    """PN532 on I2C (address 0x24): every read starts with a ready byte (0x01 = ready)."""

    CHUNK = 64

    def __init__(self, i2c_bus: int = 1, address: int = 0x24, *, bus=None) -> None:
        from hardware.reed import open_smbus
        self.name = f"/dev/i2c-{i2c_bus}@{address:#04x}"
        self._addr = address
        self._own = bus is None
        self._bus = open_smbus(i2c_bus, "PN532") if bus is None else bus
        self._buf = b""

    def write(self, frame: bytes) -> None:
        from smbus2 import i2c_msg
        try:
            self._bus.i2c_rdwr(i2c_msg.write(self._addr, frame))
        except OSError as e:
            raise PN532Error(f"PN532 on {self.name} is not answering ({e}); check wiring, the "
                             f"I2C mode switches and i2cdetect") from None

    def _read_ready(self, deadline: float) -> bytes:
        from smbus2 import i2c_msg
        while True:
            msg = i2c_msg.read(self._addr, self.CHUNK + 1)
            try:
                self._bus.i2c_rdwr(msg)
            except OSError as e:
                raise PN532Error(f"PN532 on {self.name} is not answering ({e})") from None
            data = bytes(msg)
            if data[0] & 0x01:
                return data[1:]
            if time.monotonic() > deadline:
                return b""
            time.sleep(0.002)

    def read_frame(self, timeout: float):
        deadline = time.monotonic() + timeout
        self._buf = self._read_ready(deadline)

        def read(n: int) -> bytes:
            out, self._buf = self._buf[:n], self._buf[n:]
            return out

        return FrameReader(read, self.name).read_frame(0)

    def discard_input(self) -> None:
        self._buf = b""

    def close(self) -> None:
        if self._own:
            try:
                self._bus.close()
            except Exception:
                pass


class Target(NamedTuple):
    """An ISO 14443A target as InListPassiveTarget reports it."""

    tg: int          # the PN532's number for it (InDataExchange addresses it so)
    uid: bytes
    sens_res: int    # ATQA; 0x0044 for NTAG21x / Ultralight
    sel_res: int     # SAK; 0x00 for a Type 2 tag, 0x08 MIFARE Classic 1K, 0x20 ISO-DEP


class PN532:
    def __init__(self, transport, timeout: float = 0.5) -> None:
        self.transport = transport
        self.timeout = timeout

    @property
    def name(self) -> str:
        return self.transport.name

    def call(self, cmd: int, params: bytes = b"", timeout: float | None = None) -> bytes:
        """Send a command, wait for ACK and the response; return the response data after the
        response code. Corrupted frames raise PN532FrameError after flushing the input."""
        timeout = self.timeout if timeout is None else timeout
        self.transport.write(build_frame(bytes([cmd]) + bytes(params)))
        try:
            ack = self.transport.read_frame(timeout)
            if ack != "ACK":
                raise PN532FrameError(f"PN532 on {self.name}: expected ACK for command "
                                      f"{cmd:#04x}, got {ack!r}")
            body = self.transport.read_frame(timeout)
        except PN532FrameError:
            self.transport.discard_input()
            raise
        if isinstance(body, str):
            raise PN532FrameError(f"PN532 on {self.name}: expected a response, got {body}")
        if body[:1] == b"\x7f":
            raise PN532Error(f"PN532 on {self.name}: application error frame for command {cmd:#04x}")
        if len(body) < 2 or body[0] != PN532_TFI or body[1] != cmd + 1:
            self.transport.discard_input()
            raise PN532FrameError(f"PN532 on {self.name}: unexpected response "
                                  f"{body[:2].hex()} to command {cmd:#04x}")
        return body[2:]

    def firmware_version(self) -> tuple[int, int, int, int]:
        d = self.call(CMD_GET_FIRMWARE_VERSION)
        if len(d) < 4:
            raise PN532FrameError(f"PN532 on {self.name}: short firmware version {d.hex()}")
        return d[0], d[1], d[2], d[3]

    def setup(self) -> None:
        self.call(CMD_SAM_CONFIGURATION, b"\x01\x14\x01")  # normal mode, no SAM
        # MxRtyATR=0xFF, MxRtyPSL=0x01, MxRtyPassiveActivation=0x01: InListPassiveTarget
        # returns after one try instead of blocking until a card shows up.
        self.call(CMD_RF_CONFIGURATION, b"\x05\xff\x01\x01")

    def list_target(self) -> tuple[int, bytes] | None:
        """One ISO 14443A target in the field: (target number, UID) or None."""
        target = self.target()
        return None if target is None else (target.tg, target.uid)

    def target(self) -> Target | None:
        """One ISO 14443A target in the field with its ATQA and SAK, or None."""
        d = self.call(CMD_IN_LIST_PASSIVE_TARGET, b"\x01\x00")
        if not d or d[0] == 0:
            return None
        # Tg, SENS_RES(2), SEL_RES, NFCIDLength, NFCID1...
        if len(d) < 6 or len(d) < 6 + d[5]:
            raise PN532FrameError(f"PN532 on {self.name}: short target data {d.hex()}")
        return Target(d[1], bytes(d[6:6 + d[5]]), int.from_bytes(d[2:4], "big"), d[4])

    def read_pages(self, tg: int, page: int) -> bytes:
        d = self.call(CMD_IN_DATA_EXCHANGE, bytes([tg, NTAG_READ, page]))
        if not d or d[0] != 0x00 or len(d) < 17:
            raise PN532Error(f"PN532 on {self.name}: READ page {page} failed "
                             f"(status {d[:1].hex() or 'none'})")
        return bytes(d[1:17])

    def write_page(self, tg: int, page: int, data: bytes) -> None:
        """Type 2 WRITE of one 4-byte page. The tag's ACK/NAK comes back as the status byte."""
        if len(data) != 4:
            raise ValueError(f"a page is 4 bytes, not {len(data)}")
        d = self.call(CMD_IN_DATA_EXCHANGE, bytes([tg, NTAG_WRITE, page]) + bytes(data))
        if not d or d[0] != 0x00:
            raise PN532Error(f"PN532 on {self.name}: WRITE page {page} failed "
                             f"(status {d[:1].hex() or 'none'})")

    def get_version(self) -> bytes | None:
        """The NTAG21x GET_VERSION answer (8 bytes), or None if the tag does not know it. Sent with
        InCommunicateThru because InDataExchange takes 0x60 for a MIFARE Classic authentication."""
        d = self.call(CMD_IN_COMMUNICATE_THRU, bytes([NTAG_GET_VERSION]))
        if not d or d[0] != 0x00 or len(d) < 9:
            return None
        return bytes(d[1:9])

    def read_ndef_text(self, tg: int, max_pages: int = 64) -> str | None:
        from hardware.ndef import bytes_needed, text_from_memory
        mem = b""
        page = 4
        while page < 4 + max_pages:
            try:
                mem += self.read_pages(tg, page)
            except PN532FrameError:
                raise
            except PN532Error:
                if not mem:
                    raise
                break  # read past the end of a small tag: use what we have
            page += 4
            need = bytes_needed(mem)
            if need == 0 or mem[:1] == b"\xfe":
                break
        return text_from_memory(mem)

    def close(self) -> None:
        self.transport.close()
