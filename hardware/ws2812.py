"""WS2812 LEDs over SPI (spidev): no root, no PWM/DMA tricks, works on a Pi 5.

Each WS2812 data bit becomes 4 SPI bits at 3.2 MHz (312.5 ns each): 0 -> 1000, 1 -> 1110.

    bit  high      low       datasheet (WS2812B classic)       datasheet (WS2812B-V5)
    0    T0H 312   T0L 938   T0H 400+-150, T0L 850+-150         T0H 220-380, T0L 580-1000
    1    T1H 938   T1L 312   T1H 800+-150, T1L 450+-150         T1H 580-1000, T1L 220-420

so the waveform satisfies both generations at the nominal clock (+-1 %, e.g. a Pi 4 with
core_freq_min=500: 3.205 MHz). A Pi 5 (RP1, even divisors of 200 MHz) runs 3.125 MHz, where
T1H = 960 ns: inside the V5 range and the chips' real sampling limits (T0H <= ~500 ns,
T1H >= ~625 ns, any low time TLL up to ~5 us is not a reset), 10 ns over the classic one. A frame is followed by >= 300 us of low (the V5
parts latch after 280 us, older ones after 50 us) and preceded by one zero byte, because some Pi
SPI controllers leave MOSI high between transfers. Bytes go out in GRB order. The Pi's 3.3 V
MOSI needs a 74AHCT125 level shifter to reach the 0.7*VDD input-high of a 5 V WS2812.
"""
from __future__ import annotations

from hardware.interfaces import SQUARES, HardwareError
from hardware.leds import AnimatedLedGrid

SPI_HZ = 3_200_000
BITS_PER_BIT = 4
RESET_US = 300
_PATTERN = {0: 0b1000, 1: 0b1110}
# one data byte -> 4 SPI bytes (two WS2812 bits per SPI byte)
_BYTE_TABLE = []
for _v in range(256):
    _out = 0
    for _i in range(7, -1, -1):
        _out = (_out << 4) | _PATTERN[(_v >> _i) & 1]
    _BYTE_TABLE.append(_out.to_bytes(4, "big"))
del _v, _out, _i
LEAD = bytes(1)
LATCH = bytes((RESET_US * SPI_HZ // 1_000_000 + 7) // 8)


def encode(pixels_grb_order) -> bytes:
    """Encode LED colours (in chain order, each (r, g, b)) to the SPI byte stream."""
    table = _BYTE_TABLE
    parts = [LEAD]
    for r, g, b in pixels_grb_order:
        parts += (table[g], table[r], table[b])
    parts.append(LATCH)
    return b"".join(parts)


def decode(stream: bytes) -> list[tuple[int, int, int]]:
    """Inverse of encode (tests and diagnostics): SPI bytes -> (r, g, b) per LED."""
    body = stream[len(LEAD):len(stream) - len(LATCH)]
    bits = []
    for byte in body:
        for nib in (byte >> 4, byte & 0xF):
            bits.append({0b1000: 0, 0b1110: 1}[nib])
    out = []
    for i in range(0, len(bits), 24):
        vals = [int("".join(map(str, bits[i + k:i + k + 8])), 2) for k in (0, 8, 16)]
        g, r, b = vals
        out.append((r, g, b))
    return out


class SpiWs2812Grid(AnimatedLedGrid):
    """36 WS2812 on /dev/spidev<bus>.<device>. ``chain_index(square)`` maps a square to its
    position on the LED chain (serpentine wiring is common)."""

    def __init__(self, spi_bus: int = 0, spi_device: int = 0, *, chain_index=None, spi=None,
                 **kw) -> None:
        super().__init__(**kw)
        self.path = f"/dev/spidev{spi_bus}.{spi_device}"
        self._chain_index = chain_index or (lambda sq: sq)
        order = [0] * SQUARES
        for sq in range(SQUARES):
            order[self._chain_index(sq)] = sq
        self._order = order  # chain position -> square
        if spi is None:
            spi = self._open(spi_bus, spi_device)
        self._spi = spi
        try:
            self._spi.max_speed_hz = SPI_HZ
            self._spi.mode = 0
        except OSError as e:
            raise HardwareError(f"WS2812 LEDs: cannot configure {self.path}: {e}") from None

    def _open(self, bus: int, device: int):
        try:
            import spidev
        except ImportError:
            raise HardwareError(f"WS2812 LEDs on {self.path}: the spidev package is missing; "
                                f"pip install spidev (the 'pi' extra)") from None
        spi = spidev.SpiDev()
        try:
            spi.open(bus, device)
        except FileNotFoundError:
            raise HardwareError(f"WS2812 LEDs: {self.path} not found; enable SPI (raspi-config, "
                                f"or dtparam=spi=on in /boot/firmware/config.txt) and reboot") from None
        except PermissionError:
            raise HardwareError(f"WS2812 LEDs: permission denied on {self.path}; add the user to "
                                f"the 'spi' group (sudo adduser $USER spi)") from None
        return spi

    def _write(self, pixels) -> None:
        data = encode([pixels[sq] for sq in self._order])
        try:
            self._spi.writebytes2(data)
        except OSError as e:
            raise HardwareError(f"WS2812 LEDs: write to {self.path} failed: {e}") from None

    def _release(self) -> None:
        try:
            self._spi.close()
        except Exception:
            pass
