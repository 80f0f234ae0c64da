"""Reed-switch grid drivers: the scanning base, a 6x6 diode matrix on the Pi's GPIOs (gpiozero)
and the same matrix on an MCP23017 I/O expander (smbus2).

Electrically (both backends): rows are scan lines, driven LOW one at a time while the others are
driven HIGH; columns are inputs with pull-ups. Each reed sits in series with a 1N4148 whose
cathode points at the row (scan) line, so a closed switch pulls its column low only while its own
row is driven low. A diode blocks the reverse path through other closed switches, which is what
would otherwise create "ghost" squares when three corners of a rectangle are occupied.

Between scans the GPIO backend waits for a change instead of scanning (GpioReedGrid): all rows
driven low at once, edge callbacks on the columns; see there for what an edge can and cannot see.
"""
from __future__ import annotations

import time

from hardware.debounce import Debouncer
from hardware.interfaces import COLS, ROWS, HardwareError, ReedGrid


class ScanningReedGrid(ReedGrid):
    """One raw scan + one debounce step per poll(). ``scan_hz`` is the rate the caller should
    poll at (the driver does not sleep: the service's loop owns time)."""

    def __init__(self, debounce: int = 3, scan_hz: float = 100.0) -> None:
        if scan_hz <= 0:
            raise HardwareError(f"reed scan_hz must be > 0, got {scan_hz!r}; use e.g. 100")
        self.scan_hz = float(scan_hz)
        self._debouncer = Debouncer(n=int(debounce), nbits=ROWS * COLS)
        self._raw = 0
        self._closed = False

    def scan(self) -> int:  # pragma: no cover - abstract
        raise NotImplementedError

    def poll(self) -> int:
        self._raw = raw = self.scan()
        return self._debouncer.update(raw)

    def raw(self) -> int:
        return self._raw

    def poll_interval(self) -> float | None:
        """A diode matrix is scanned: with one row driven no line changes by itself when a reed
        closes elsewhere, so the loop polls it at `scan_hz` (the MCP23017's INT pin is not wired;
        GpioReedGrid waits for column edges instead)."""
        return 1.0 / self.scan_hz

    def settling(self) -> bool:
        """The last scan differs from the debounced bed: the next scans decide it."""
        return self._raw != self._debouncer.stable

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._release()

    def _release(self) -> None:
        pass


# --------------------------------------------------------------------------- gpiozero
_COLUMN = sum(1 << (r * COLS) for r in range(ROWS))  # the bits of column 0 in a scan's mask

PIN_FACTORIES = {
    "lgpio": ("gpiozero.pins.lgpio", "LGPIOFactory", "lgpio",
              "pip install lgpio (the 'pi' extra); it is the default on Raspberry Pi OS Bookworm"),
    "rpigpio": ("gpiozero.pins.rpigpio", "RPiGPIOFactory", "RPi.GPIO",
                "pip install RPi.GPIO (older systems only; never together with rpi-lgpio)"),
    "native": ("gpiozero.pins.native", "NativeFactory", "native", "it ships with gpiozero"),
}


def make_pin_factory(name_or_factory=None):
    """A gpiozero pin factory by name ("lgpio" default, "rpigpio", "native", "mock") or an
    existing factory object passed through. Missing libraries are an error, never a fallback."""
    if name_or_factory is None:
        name_or_factory = "lgpio"
    if not isinstance(name_or_factory, str):
        return name_or_factory
    name = name_or_factory
    if name == "mock":
        from gpiozero.pins.mock import MockFactory
        return MockFactory()
    if name not in PIN_FACTORIES:
        raise HardwareError(f"unknown gpio pin_factory {name!r}; use one of "
                            f"{', '.join([*PIN_FACTORIES, 'mock'])}")
    module, cls, lib, fix = PIN_FACTORIES[name]
    import importlib
    try:
        factory_cls = getattr(importlib.import_module(module), cls)
    except ImportError as e:
        raise HardwareError(f"gpio pin_factory {name!r} needs the {lib} library ({e}); {fix}") from None
    try:
        return factory_cls()
    except FileNotFoundError as e:
        raise HardwareError(f"GPIO chip {e.filename or '/dev/gpiochip0'} not found: this is not a "
                            f"Raspberry Pi, or select pin_factory = \"mock\" for a dry run") from None
    except PermissionError as e:
        raise HardwareError(f"permission denied on {e.filename or '/dev/gpiochip0'}: add the user "
                            f"to the 'gpio' group (sudo adduser $USER gpio) and log in again") from None
    except Exception as e:  # lgpio raises its own error type when the chip cannot be opened
        raise HardwareError(f"gpio pin_factory {name!r} failed to open the GPIO chip "
                            f"(/dev/gpiochip*): {e}; check you are on a Pi with GPIO access") from None


class GpioReedGrid(ScanningReedGrid):
    """The diode matrix on header GPIOs through gpiozero.

    The hot loop talks to the gpiozero *pin* objects (``pin.state``) rather than the device
    objects: the devices still own, reserve and configure the pins, but a scan then costs 6
    writes + 36 reads instead of 42 trips through the device value machinery.

    Waiting instead of scanning (like key-matrix firmware): after each scan ALL rows are driven
    low ("armed") and the columns' edge callbacks watch. A column is then low while ANY reed on
    it is closed, so an edge means a reed somewhere closed or opened: the callback wakes the loop
    and the grid is scanned at `scan_hz` until the debounced bed equals the last scan.
    The rule for what an edge cannot show: while a column is held low by a closed reed, a second
    reed closing in it, or one of two opening, changes nothing on that line. So while any column
    is held the grid asks for a scan at `watch_hz` (a slower rate; a lift or a second piece in a
    held column is seen within 1/watch_hz plus the debounce); with every column free (an empty
    bed) it asks for none (`poll_interval()` None) and `poll()` does not scan until an edge.
    A closed reed with all rows low draws ~66 uA through its column's pull-up: nothing.
    """

    def __init__(self, rows, cols, *, pin_factory=None, debounce: int = 3,
                 scan_hz: float = 100.0, settle_us: float = 20.0, watch_hz: float = 10.0) -> None:
        super().__init__(debounce, scan_hz)
        if watch_hz <= 0:
            raise HardwareError(f"reed watch_hz must be > 0, got {watch_hz!r}; use e.g. 10")
        self.watch_hz = min(float(watch_hz), self.scan_hz)
        self.scans = 0                  # scan() calls (tests and benchmarks count them)
        self._scanning = False          # our own scan toggles the columns: those edges are ours
        self._armed: int | None = None  # column bits low with all rows driven (None: not armed)
        self._edge = False              # a column changed while armed: scan it
        # After a row changes, the columns released by the previous row recharge through the
        # ~50 kOhm internal pull-ups and the wiring capacitance (a few us per tau).
        self._settle_s = max(0.0, settle_us) / 1e6
        if len(rows) != ROWS or len(cols) != COLS:
            raise HardwareError(f"reed grid needs {ROWS} rows and {COLS} cols, got "
                                f"{len(rows)} and {len(cols)}; fix [reed] in wiring/pins.toml")
        from gpiozero import DigitalInputDevice, DigitalOutputDevice

        factory = make_pin_factory(pin_factory)
        self._devices = []
        try:
            self._row_devs = [DigitalOutputDevice(f"GPIO{p}", initial_value=True,
                                                  pin_factory=factory) for p in rows]
            self._devices += self._row_devs
            self._col_devs = [DigitalInputDevice(f"GPIO{p}", pull_up=True, pin_factory=factory)
                              for p in cols]
            self._devices += self._col_devs
        except Exception as e:
            self._release()
            raise HardwareError(f"reed grid: cannot claim GPIOs rows={list(rows)} "
                                f"cols={list(cols)}: {e}; check wiring/pins.toml and that no other "
                                f"program holds these pins") from None
        self._row_pins = [d.pin for d in self._row_devs]
        self._col_pins = [d.pin for d in self._col_devs]
        for d in self._col_devs:  # gpiozero calls them on its own thread (lgpio's callbacks)
            d.when_activated = d.when_deactivated = self._on_edge

    def _columns_low(self) -> int:
        low = 0
        for c, col in enumerate(self._col_pins):
            if not col.state:
                low |= 1 << c
        return low

    def _on_edge(self) -> None:
        """A column changed. Edges of our own scan (during it, or delivered late by the pin
        library's thread) leave the armed columns as they were: only a real change wakes."""
        if self._scanning or self._armed is None or self._edge:
            return
        if self._columns_low() != self._armed:
            self._edge = True
            self._wake()

    def poll(self) -> int:
        if self._armed is not None and not self._edge and not self._armed \
                and not self.settling():
            return self._debouncer.stable  # every column free and still: an edge would say
        self._edge = False
        return super().poll()

    def poll_interval(self) -> float | None:
        if self._armed is None or self._edge or self.settling():
            return 1.0 / self.scan_hz
        if self._armed:
            return 1.0 / self.watch_hz  # a held column hides its other reeds (class docstring)
        return None

    def scan(self) -> int:
        mask = 0
        shift = 0
        cols = self._col_pins
        settle = self._settle_s
        clock = time.perf_counter
        self.scans += 1
        self._scanning = True
        for row in self._row_pins:  # from armed (all low) to none selected
            row.state = 1
        for row in self._row_pins:
            row.state = 0
            if settle:
                until = clock() + settle
                while clock() < until:  # sleep() cannot wait microseconds
                    pass
            bit = 1 << shift
            for col in cols:
                if not col.state:  # pulled low through reed + diode: closed
                    mask |= bit
                bit <<= 1
            row.state = 1
            shift += COLS
        self._arm(mask)
        return mask

    def _arm(self, mask: int) -> None:
        """All rows low; the columns then read what the scan implies, or a reed moved during it
        (after its row was read): then the next poll scans again, as after an edge."""
        for row in self._row_pins:
            row.state = 0
        expected = 0
        for c in range(COLS):
            if mask & (_COLUMN << c):
                expected |= 1 << c
        # Edges count again before the columns are read: a reed moving after this read gives an
        # edge against the new baseline, one moving before it a baseline the scan did not expect.
        self._scanning = False
        self._armed = self._columns_low()
        if self._armed != expected:
            self._edge = True

    def _release(self) -> None:
        for d in self._devices:
            try:
                d.close()
            except Exception:
                pass
        self._devices = []


# --------------------------------------------------------------------------- MCP23017
# Register addresses with IOCON.BANK = 0 (the power-on default).
IODIRA, IODIRB = 0x00, 0x01
GPPUA, GPPUB = 0x0C, 0x0D
GPIOA, GPIOB = 0x12, 0x13
OLATA, OLATB = 0x14, 0x15


def open_smbus(bus_num: int, device: str):
    """smbus2.SMBus(bus_num) with errors that name the device node and the fix."""
    try:
        import smbus2
    except ImportError:
        raise HardwareError(f"{device}: smbus2 is not installed; pip install smbus2 "
                            f"(the 'hw' extra)") from None
    path = f"/dev/i2c-{bus_num}"
    try:
        return smbus2.SMBus(bus_num)
    except FileNotFoundError:
        raise HardwareError(f"{device}: {path} not found; enable I2C (raspi-config, or "
                            f"dtparam=i2c_arm=on in /boot/firmware/config.txt) and reboot") from None
    except PermissionError:
        raise HardwareError(f"{device}: permission denied on {path}; add the user to the 'i2c' "
                            f"group (sudo adduser $USER i2c) and log in again") from None


def i2c_not_answering(device: str, bus_num: int, address: int, err: OSError) -> HardwareError:
    return HardwareError(f"{device} at {address:#04x} on /dev/i2c-{bus_num} is not answering "
                         f"({err}); check power, SDA/SCL wiring and the address "
                         f"(i2cdetect -y {bus_num})")


class Mcp23017ReedGrid(ScanningReedGrid):
    """The diode matrix on an MCP23017: one port drives the six rows, the other reads the six
    columns with the chip's internal 100k pull-ups."""

    def __init__(self, i2c_bus: int = 1, address: int = 0x20, *, rows_port: str = "A",
                 cols_port: str = "B", bus=None, debounce: int = 3, scan_hz: float = 100.0) -> None:
        super().__init__(debounce, scan_hz)
        self._bus_num, self._addr = i2c_bus, address
        self._name = "MCP23017 reed grid"
        self._own_bus = bus is None
        self._bus = open_smbus(i2c_bus, self._name) if bus is None else bus
        r, c = (0, 1) if rows_port == "A" else (1, 0)
        self._iodir_rows, self._iodir_cols = (IODIRA, IODIRB)[r], (IODIRA, IODIRB)[c]
        self._gppu_cols = (GPPUA, GPPUB)[c]
        self._olat_rows, self._gpio_cols = (OLATA, OLATB)[r], (GPIOA, GPIOB)[c]
        try:
            # Rows high before they become outputs, so no row is ever briefly selected.
            self._bus.write_byte_data(address, self._olat_rows, 0xFF)
            self._bus.write_byte_data(address, self._iodir_rows, 0xC0)  # bits 0-5 outputs
            self._bus.write_byte_data(address, self._iodir_cols, 0xFF)  # all inputs
            self._bus.write_byte_data(address, self._gppu_cols, 0x3F)  # pull-ups on 0-5
        except OSError as e:
            self._release()
            raise i2c_not_answering(self._name, i2c_bus, address, e) from None

    def scan(self) -> int:
        bus, addr, olat, gpio = self._bus, self._addr, self._olat_rows, self._gpio_cols
        mask = 0
        try:
            for r in range(ROWS):
                bus.write_byte_data(addr, olat, 0xFF & ~(1 << r))
                closed = ~bus.read_byte_data(addr, gpio) & 0x3F
                mask |= closed << (r * COLS)
            bus.write_byte_data(addr, olat, 0xFF)
        except OSError as e:
            raise i2c_not_answering(self._name, self._bus_num, self._addr, e) from None
        return mask

    def _release(self) -> None:
        if self._own_bus and self._bus is not None:
            try:
                self._bus.close()
            except Exception:
                pass
        self._bus = None
