"""`companion version`: the running release (version, commit, its name among the releases),
the journal's schema, and the firmware on the Pico as its HELLO says (when a bridge is
configured; else it says there is none)."""
from __future__ import annotations

import json
import subprocess
import sys
from importlib import metadata
from pathlib import Path

from companion.cliargs import OneLineParser
from companion.service.journal import SCHEMA_VERSION
from companion.update.releases import DEFAULT_PREFIX, Releases

DEFAULT_CONFIG = Path("/etc/maunz-companion/companion.toml")


def release_info() -> dict:
    """This interpreter's release: release.json beside its venv (install.sh writes it), else a
    checkout's git commit."""
    here = Path(sys.prefix).parent
    try:
        info = json.loads((here / "release.json").read_text())
    except (OSError, ValueError):
        info = {}
    try:
        info.setdefault("version", metadata.version("maunz-companion"))
    except metadata.PackageNotFoundError:
        info.setdefault("version", "unknown")
    if not info.get("commit") or info["commit"] == "unknown":
        info["commit"] = _git_commit(Path(__file__).resolve().parents[2])
    return info


def _git_commit(source: Path) -> str:
    """A checkout's commit; "unknown" for a release built from a tree without git data (or a
    system without git, as a Pi often is)."""
    try:
        proc = subprocess.run(["git", "-C", str(source), "rev-parse", "HEAD"], capture_output=True, text=True,
                              timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return "unknown"
    return proc.stdout.strip() if proc.returncode == 0 else "unknown"


def pico_firmware(config_path: Path, timeout: float = 3.0) -> str:
    """The Pico's protocol version and firmware hash from its HELLO, or why there is none."""
    if not config_path.exists():
        return f"none (no {config_path})"
    from companion.service.config import Config
    from companion.service.config_check import ConfigError

    try:
        config = Config.load(config_path)
    except ConfigError as exc:
        return f"unknown ({exc})"
    ports = [dev.get("port") for dev in config.hardware.values()
             if isinstance(dev, dict) and dev.get("backend") == "bridge"]
    if not ports:
        return "none (no bridge configured)"
    from firmware_bridge.host.link import BridgeLink
    from hardware.interfaces import HardwareError

    link = BridgeLink(ports[0], handshake_timeout=timeout)
    try:
        link.open()
        hello = dict(link.hello)
    except HardwareError as exc:
        return f"unknown ({exc})"
    finally:
        link.close()
    from firmware_bridge.fwinfo import firmware_hash

    on_pico, ours = bytes(hello["fw_hash"]).hex(), firmware_hash().hex()
    differs = "" if on_pico == ours else f"; this version's is {ours}: run `companion flash`"
    return f"protocol v{hello['version']}, firmware {on_pico}, on {ports[0]}{differs}"


def main(argv: list[str]) -> int:
    p = OneLineParser(prog="companion version", description="the running version, its commit and the Pico's firmware")
    p.add_argument("--config", default=str(DEFAULT_CONFIG), help=f"service configuration (default {DEFAULT_CONFIG})")
    p.add_argument("--prefix", default=str(DEFAULT_PREFIX), help=f"where the releases are (default {DEFAULT_PREFIX})")
    args = p.parse_args(argv)
    info = release_info()
    print(f"version: {info['version']}")
    print(f"commit: {info['commit']}")
    releases = Releases(Path(args.prefix))
    if releases.dir.is_dir():
        current, previous = releases.current(), releases.previous()
        print(f"release: {info.get('name', '(not from a release)')}; current {current}"
              + (f", previous {previous} (back: companion update --release {previous})" if previous else ""))
        crumb = releases.breadcrumb()
        if crumb is not None:
            print(f"update under way or cut short: {crumb.get('from')} -> {crumb.get('to')}"
                  " (companion update --recover)")
    print(f"journal schema: {SCHEMA_VERSION}")
    print(f"Pico firmware: {pico_firmware(Path(args.config))}")
    return 0
