"""A magnetic and electrical model of the hall-effect bed (issue "The bed that knows a kitten from
a cat"), for tests, `companion bench hall` and, later, the simulator.

Each piece carries an N42 disc magnet (10 x 3 mm); kittens north face down, cats south face down.
Under each square a ratiometric linear hall sensor (DRV5055A3 at 3.3 V: 15 mV/mT around VCC/2,
+-85 mT) is read through a 16-channel multiplexer by the Pico's 12-bit ADC (about 8.7 effective
bits; its differential non-linearity jumps at codes 512, 1536, 2560 and 3584).

The field: the magnet as two uniformly charged faces (the magnetic-charge model), the axial
component integrated numerically over each face once into a table of (lateral offset, depth),
then looked up; beyond the table the far field of a dipole. What a square reads is its own
piece's field (offset in the square, tilt, the magnet's remanence, the depth through the quilt)
plus every neighbour's, through the sensor's sensitivity and offset tolerances, noise and the
ADC — `Spread` holds the tolerances, `Bed.read` gives ADC counts per square, averaged as the
firmware averages them. Signs: positive millitesla is north face down (a kitten).
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

from firmware_bridge.firmware.hall import COUNTS_PER_MT

RADIUS, THICKNESS = 5.0, 3.0          # mm: N42 10 x 3 mm disc
BR = 1.30                              # T: N42 remanence (1.29-1.32)
VCC, SENSITIVITY = 3.3, 15.0           # V; mV/mT: DRV5055A3 at 3.3 V
ADC_BITS, ADC_ENOB = 12, 8.7
DNL_CODES = (512, 1536, 2560, 3584)    # the RP2040 ADC's known DNL spikes
PITCH = 50.0                           # mm between square centres (the quilted 6x6 bed)
_R_STEP, _R_MAX, _Z_STEP, _Z_MIN, _Z_MAX = 0.5, 25.0, 0.25, 3.0, 16.0


def _face(r: float, z: float, rings: int = 16, spokes: int = 48) -> float:
    """Integral of z / |p - q|^3 over a unit-charge disc of RADIUS at depth z, lateral offset r."""
    total = 0.0
    dphi = math.pi / spokes
    for i in range(rings):
        rho = (i + 0.5) * RADIUS / rings
        for j in range(spokes):
            phi = (j + 0.5) * dphi
            d2 = rho * rho + r * r - 2 * rho * r * math.cos(phi) + z * z
            total += z / (d2 * math.sqrt(d2)) * rho
    return 2 * total * dphi * RADIUS / rings


class FieldTable:
    """B_z in mT below a magnet (north face down), by lateral offset r and depth z (mm)."""

    def __init__(self) -> None:
        self.nr = int(_R_MAX / _R_STEP) + 1
        self.nz = int((_Z_MAX - _Z_MIN) / _Z_STEP) + 1
        self.table = [[BR * 1000 / (4 * math.pi) * (_face(ir * _R_STEP, _Z_MIN + iz * _Z_STEP)
                                                      - _face(ir * _R_STEP, _Z_MIN + iz * _Z_STEP + THICKNESS))
                       for iz in range(self.nz)] for ir in range(self.nr)]

    def bz(self, r: float, z: float, br: float = BR) -> float:
        z = min(max(z, _Z_MIN), _Z_MAX)
        if r >= _R_MAX:   # far: a dipole at the magnet's centre
            zc = z + THICKNESS / 2
            d = math.hypot(r, zc)
            volume = math.pi * RADIUS ** 2 * THICKNESS
            return br * 1000 * volume / (4 * math.pi) * (3 * zc * zc / (d * d) - 1) / d ** 3
        fr, fz = r / _R_STEP, (z - _Z_MIN) / _Z_STEP
        ir, iz = min(int(fr), self.nr - 2), min(int(fz), self.nz - 2)
        tr, tz = fr - ir, fz - iz
        t = self.table
        v = (t[ir][iz] * (1 - tr) * (1 - tz) + t[ir + 1][iz] * tr * (1 - tz)
             + t[ir][iz + 1] * (1 - tr) * tz + t[ir + 1][iz + 1] * tr * tz)
        return v * br / BR


@dataclass(frozen=True)
class Spread:
    """The tolerances a bed is built and played with (the issue's worst realistic spread)."""

    offset_mm: float = 5.0         # a piece put down up to this far from the square's centre
    tilt_deg: float = 5.0          # and tilted this much (it rests on the quilt's ridges)
    depth_mm: float = 7.0          # magnet face to sensor: quilt and board
    depth_tol_mm: float = 1.0      # the quilt compresses unevenly
    br_tol: float = 0.05           # magnet remanence and size
    sens_tol: float = 0.08         # sensor sensitivity
    offset_drift_mt: float = 0.5   # what the empty-bed zero leaves (temperature, ageing)
    noise_mt: float = 0.2          # sensor output noise, rms per sample
    samples: int = 16              # ADC samples averaged per square


def counts_per_mt() -> float:
    return COUNTS_PER_MT   # SENSITIVITY / 1000 / VCC * (1 << ADC_BITS): the firmware's own figure


class Bed:
    """One built bed: each square's own sensor (its sensitivity and depth drawn once)."""

    def __init__(self, rng: random.Random, spread: Spread = Spread(), table: FieldTable | None = None) -> None:
        self.rng, self.spread = rng, spread
        self.table = table or FieldTable()
        self.sens = [1 + rng.uniform(-spread.sens_tol, spread.sens_tol) for _ in range(36)]
        self.depth = [spread.depth_mm + rng.uniform(-spread.depth_tol_mm, spread.depth_tol_mm) for _ in range(36)]
        self.drift = [rng.uniform(-spread.offset_drift_mt, spread.offset_drift_mt) for _ in range(36)]
        self.zero = (1 << ADC_BITS) // 2                # VCC/2: the empty-bed zero the firmware measures
        self.adc_noise = VCC / (2 ** ADC_ENOB) / math.sqrt(12) / VCC * (1 << ADC_BITS)   # counts rms
        self.stray: dict[int, float] = {}               # a magnet left under the quilt: square -> mT
        self.pieces: dict[int, int] = {}                # on the bed now: square -> +1 kitten, -1 cat
        self.placed: dict[int, tuple] = {}              # and where in its square each was put

    def put(self, sq: int, kind: str) -> None:
        """A kitten ("k") or a cat ("c") set down on `sq` by hand (see place())."""
        if kind not in ("k", "c"):
            raise ValueError(f"piece kind {kind!r}: use 'k' (kitten, north down) or 'c' (cat)")
        self.pieces[sq] = 1 if kind == "k" else -1
        self.placed[sq] = self.place(sq)

    def lift(self, sq: int) -> None:
        self.pieces.pop(sq, None)
        self.placed.pop(sq, None)

    def readings(self) -> list[float]:
        """One scan of the whole bed as the firmware gets it: averaged counts per square."""
        return [self.read(sq, self.field(sq, self.pieces, self.placed)) for sq in range(36)]

    def piece_field(self, sq: int, piece: int, at: tuple) -> float:
        """The field at square `sq`'s sensor of a piece (+1 kitten, -1 cat) on square `at[0]`
        placed (dx, dy) off its centre with remanence factor at[3]; a placement from place()
        also carries its tilt and lean (at[4], at[5]), else a tilt is drawn for this reading."""
        other, dx, dy, br = at[:4]
        fx = (other % 6 - sq % 6) * PITCH + dx
        fy = (other // 6 - sq // 6) * PITCH + dy
        if len(at) == 6:
            tilt, lean = at[4], at[5]
        else:
            tilt, lean = math.radians(self.rng.uniform(0, self.spread.tilt_deg)), self.rng.uniform(-1, 1)
        depth = self.depth[sq] + RADIUS * math.sin(tilt) * lean
        return piece * self.table.bz(math.hypot(fx, fy), depth, BR * br) * math.cos(tilt)

    def place(self, sq: int) -> tuple[int, float, float, float, float, float]:
        """Where a hand puts a piece on `sq`: up to offset_mm off the centre, any direction, tilted
        up to tilt_deg on the quilt's ridges (it stays so until lifted)."""
        s = self.spread
        r, a = s.offset_mm * math.sqrt(self.rng.random()), self.rng.uniform(0, 2 * math.pi)
        return (sq, r * math.cos(a), r * math.sin(a), 1 + self.rng.uniform(-s.br_tol, s.br_tol),
                math.radians(self.rng.uniform(0, s.tilt_deg)), self.rng.uniform(-1, 1))

    def field(self, sq: int, pieces: dict[int, int], placed: dict[int, tuple]) -> float:
        """mT at `sq`'s sensor: every piece on the bed (kitten +1, cat -1) and a stray magnet."""
        total = self.stray.get(sq, 0.0)
        for other, piece in pieces.items():
            if abs(other % 6 - sq % 6) <= 1 and abs(other // 6 - sq // 6) <= 1:
                total += self.piece_field(sq, piece, placed[other])
        return total

    def read(self, sq: int, mt: float) -> float:
        """The firmware's averaged ADC counts for a true field `mt` at square `sq`'s sensor."""
        s, rng = self.spread, self.rng
        cpm = counts_per_mt() * self.sens[sq]
        total = 0.0
        for _ in range(s.samples):
            v = self.zero + (mt + self.drift[sq] + rng.gauss(0, s.noise_mt)) * cpm + rng.gauss(0, self.adc_noise)
            code = max(0, min((1 << ADC_BITS) - 1, int(round(v))))
            for spike in DNL_CODES:   # codes just below a spike come out several counts high
                if spike - 8 <= code < spike:
                    code = spike
            total += code
        return total / s.samples
