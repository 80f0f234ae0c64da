"""Device wiring: the [hardware] section of the config -> hardware.build_devices.

In the config file every device is a sub-table of [hardware]:

    [hardware.reed]
    backend = "gpio"        # "mcp23017", "bridge", "fake"
    [hardware.leds]
    backend = "spi"         # "bridge", "fake"
    [hardware.display]
    backend = "ssd1306"     # "sh1106", "fake", "none"
    [hardware.cards]
    backend = "pn532_uart"  # "pn532_i2c", "fake", "none"
    [hardware.buttons]
    backend = "gpio"        # "fake"

The hardware factory defaults every backend to "fake"; the service does not: each device must
name its backend, so a Pi never silently plays on simulated devices.
"""
from __future__ import annotations

from pathlib import Path

from companion.service.config import ConfigError

DEVICES = ("reed", "leds", "display", "cards", "buttons")
PI_DEFAULTS = {
    "reed": {"backend": "gpio"},
    "leds": {"backend": "spi"},
    "display": {"backend": "ssd1306"},
    "cards": {"backend": "pn532_uart"},
    "buttons": {"backend": "gpio"},
}
ALL_FAKE = {name: {"backend": "fake"} for name in DEVICES}
ALL_FAKE["reed"] = {"backend": "fake", "debounce": 1}  # fakes do not chatter unless told to
#: The [hardware.*] sections of a config file whose every device is a fake, as a maker writes
#: them: a machine without the Pi's hardware (the image booted in a VM, the service's tests).
ALL_FAKE_TOML = "".join(f'\n[hardware.{name}]\nbackend = "fake"' for name in DEVICES) + "\n"


def validate_hardware(hw: dict, source: str) -> None:
    """Check [hardware.*] against the factory's keys and backends without touching a device."""
    from hardware.factory import BACKENDS, KEYS

    for name, table in hw.items():
        section = f"hardware.{name}"
        if name not in KEYS:
            raise ConfigError(source, section, None, "unknown device",
                              f"use one of [hardware.{'], [hardware.'.join(KEYS)}]")
        if not isinstance(table, dict):
            raise ConfigError(source, "hardware", name, "must be a table",
                              f"write it as a [hardware.{name}] header with keys below it")
        for key, value in table.items():
            if key not in KEYS[name]:
                raise ConfigError(source, section, key, "unknown key",
                                  f"remove it or use one of: {', '.join(sorted(KEYS[name]))}")
        if name in BACKENDS and "backend" in table and table["backend"] not in BACKENDS[name]:
            raise ConfigError(source, section, "backend", f"bad value {table['backend']!r}",
                              f"use one of: {', '.join(repr(b) for b in BACKENDS[name])}")
    for name in DEVICES:
        if "backend" not in hw.get(name, {}):
            from hardware.factory import BACKENDS as B

            raise ConfigError(source, f"hardware.{name}", "backend", "missing",
                              f"name the device, e.g. backend = {B[name][0]!r} (or \"fake\" for a simulated one)")


def build(hw: dict, source: str, state_dir: Path | None = None):
    """hardware.factory.Devices for the config; a missing device is a ConfigError naming the
    section and key. A hall-effect bed on the bridge reads its calibration from the state
    directory unless the section names the file."""
    from hardware.interfaces import HardwareError

    validate_hardware(hw, source)
    hw = with_calibration(hw, state_dir)
    from hardware import build_devices

    try:
        return build_devices(hw, source=source)
    except HardwareError as exc:
        msg = str(exc)
        culprit = _culprit(hw, source)
        section = f"hardware.{culprit}" if culprit else "hardware"
        backend = hw.get(culprit, {}).get("backend") if culprit else None
        problem = f"{backend!r} not available: {msg}" if backend else msg
        raise ConfigError(source, section, "backend" if culprit else None, problem,
                          "connect it, fix wiring/pins.toml, or select another backend") from None


def with_calibration(hw: dict, state_dir: Path | None) -> dict:
    reed = hw.get("reed", {})
    if (state_dir is None or reed.get("backend") != "bridge" or reed.get("bed") != "hall"
            or "calibration" in reed or "port" not in reed):
        return hw
    from firmware_bridge.host.hall_link import calibration_path

    hw = dict(hw)
    hw["reed"] = dict(reed, calibration=str(calibration_path(state_dir, str(reed["port"]))))
    return hw


def _culprit(hw: dict, source: str) -> str | None:
    """Which device failed: build each real one alone, the others fake (only on the error path)."""
    from hardware import build_devices
    from hardware.interfaces import HardwareError

    for name in DEVICES:
        if hw.get(name, {}).get("backend") in ("fake", "none", None):
            continue
        trial = {k: dict(v) for k, v in hw.items() if k not in DEVICES}
        trial.update({n: {"backend": "fake"} for n in DEVICES})
        trial[name] = dict(hw[name])
        try:
            build_devices(trial, source=source).close()
        except HardwareError:
            return name
    return None


def build_fakes(bed: str = "reed"):
    """The simulator's devices; `bed` "hall": the simulated bed reads each piece's kind."""
    from hardware import build_devices

    hw = {k: dict(v) for k, v in ALL_FAKE.items()}
    if bed == "hall":
        hw["reed"]["backend"] = "fake_hall"
    return build_devices(hw, source="companion sim")


def is_raspberry_pi() -> bool:
    try:
        return "raspberry pi" in Path("/proc/device-tree/model").read_text(errors="replace").lower()
    except OSError:
        return False
