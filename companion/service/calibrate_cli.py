"""`companion calibrate`: the hall-effect bed's calibration walk, stored per board.

    companion calibrate [--config FILE] [--state DIR] [--squares a1,b1,...]

The bed must be the hall-effect bed on the Pico ([hardware.reed] backend = "bridge", bed = "hall");
stop the service first (`sudo systemctl stop companion`): it holds the Pico's port. First the bed
is cleared and its empty-bed zero taken (refused while a piece lies on it: the squares are named);
then each square lights in turn: blue, set a kitten on its centre; amber, a cat; green, lift it.
The OLED and this terminal say the same; OK skips a square (it keeps the defaults), BACK ends the
walk without storing anything. The thresholds go to <state>/hall-calibration/<the Pico's port
name>.json, which the service sends to the Pico at every start, and to the Pico at once.
"""
from __future__ import annotations

import sys
import time

from companion.cliargs import OneLineParser
from companion.service import statedir
from companion.service.config import DEFAULT_CONFIG, Config, ConfigError


def _config(args) -> Config:
    path = args.config or (str(DEFAULT_CONFIG) if DEFAULT_CONFIG.exists() else None)
    if path is None:
        raise ConfigError(str(DEFAULT_CONFIG), None, None, "file not found",
                          "pass --config FILE whose [hardware.reed] is the hall bed on the bridge")
    config = Config.load(path)
    reed = config.hardware.get("reed", {})
    if reed.get("backend") != "bridge" or reed.get("bed") != "hall":
        raise ConfigError(config.source, "hardware.reed", "bed", "not the hall-effect bed",
                          "calibration is for backend = \"bridge\" with bed = \"hall\"")
    return config


def _parse_squares(text: str | None) -> list[int]:
    from hardware.interfaces import SQUARES, parse_square

    if not text:
        return list(range(SQUARES))
    try:
        return [parse_square(s.strip()) for s in text.split(",") if s.strip()]
    except ValueError as exc:
        raise ConfigError("--squares", None, None, str(exc), "give squares like a1,b1,f6") from None


def _zero(hall, limit: int, out) -> None:
    """The empty-bed zero, asked again every half second until the bed is clear."""
    from hardware.interfaces import square_name

    said = None
    while True:
        busy = hall.zero_bed(limit)
        if not busy:
            out("empty-bed zero taken")
            return
        squares = ", ".join(square_name(s) for s in range(36) if busy >> s & 1)
        if squares != said:
            said = squares
            out(f"something lies on {squares} (a piece, or a magnet under the quilt): clear the bed")
        time.sleep(0.5)


def calibrate(devices, squares, state_dir, port: str, defaults: tuple[int, int], out=print,
              timeout: float | None = None) -> int:
    from firmware_bridge.host.hall_link import calibration_path, save_calibration
    from hardware.hall_walk import HallWalk, run_walk

    hall = devices.reed.link.hall
    _zero(hall, defaults[0], out)
    walk = HallWalk(squares, register=defaults[0], clear=defaults[1])
    zero = run_walk(devices, walk, out=out, timeout=timeout)
    if zero is None:
        return 1
    cal, lines = walk.result(zero)
    for line in lines:
        out(line)
    path = calibration_path(state_dir, port)
    save_calibration(path, cal)
    hall.set_calibration(cal)
    if not hall.cal_acked.wait(2.0):
        out(f"stored in {path}, but the Pico did not confirm it; the service sends it at its start")
        return 1
    out(f"stored in {path}; the Pico uses it now")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = OneLineParser(prog="companion calibrate", description=__doc__.splitlines()[0])
    statedir.add_arguments(p)
    p.add_argument("--squares", help="only these squares, e.g. a1,b1 (default: all 36)")
    args = p.parse_args(argv)
    from hardware.interfaces import HardwareError
    from wiring.pins import load_pins
    from firmware_bridge.firmware.hall import COUNTS_PER_MT

    from companion.service.devices import build

    try:
        config = _config(args)
        squares = _parse_squares(args.squares)
        state_dir = statedir.resolve(args)
        wiring = config.hardware.get("wiring", {})
        hall_pins = load_pins(wiring.get("pins_file")).hall
        register = max(2, round(hall_pins["register_mt"] * COUNTS_PER_MT))
        clear = max(1, min(register - 1, round(hall_pins["clear_mt"] * COUNTS_PER_MT)))
        hw = dict(config.hardware)
        hw["reed"] = {k: v for k, v in hw["reed"].items() if k != "calibration"}
        devices = build(hw, config.source)    # fresh defaults: the old calibration is not sent
    except (ConfigError, HardwareError) as exc:
        print(f"companion calibrate: {exc}", file=sys.stderr)
        return 2
    try:
        return calibrate(devices, squares, state_dir, str(config.hardware["reed"]["port"]),
                         (register, clear))
    except (HardwareError, TimeoutError) as exc:
        print(f"companion calibrate: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("companion calibrate: interrupted; nothing stored", file=sys.stderr)
        return 1
    finally:
        devices.close()
