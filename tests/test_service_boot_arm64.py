"""The install on the Pi's architecture: an arm64 Debian bookworm root booted with systemd-nspawn
under qemu's user-mode emulation, the project installed by the real systemd/install.sh, whose
live ARM branch runs (apt installs python3-dev and gcc, pip builds spidev from source with them,
lgpio comes as an aarch64 wheel, the `pi` extra is installed, and the compiled maunz. kernel
is built there and used by the service), then the service: READY, a
watchdog restart, a whole maunz. game driven through the page's API, a clean stop.

Wheels for aarch64 are downloaded outside (pip inside the container cannot verify TLS here);
spidev, which has no wheel, goes in as source and is compiled inside by the root's own gcc. The
root is cached like the amd64 one (tests/boot_container.py); the tests share one container and
run in file order. It skips, saying why, where binfmt_misc cannot be mounted or the tools are
missing. Everything in the container runs about 9x slower than native here, hence the bounds
below; the timings are printed at the end (`pytest -s` shows them).
"""
from __future__ import annotations

import json
import time
import urllib.request

import pytest

from tests import boot_container as bc
from tests.test_service_config import FAKE_HW

ARCH = "arm64"
WHY = bc.unavailable(ARCH)
pytestmark = pytest.mark.skipif(WHY is not None, reason=f"arm64 boot test: {WHY}")

# The unit's TimeoutStartSec is 60 s; under emulation exec -> READY=1 took 3.6 s here.
READY_BOUND_S = 45.0
STOP_BOUND_S = 10.0  # TimeoutStopSec=10 s would SIGKILL (and fail the Result check below)
MOVE_TIMEOUT_S = 60.0

CONFIG = FAKE_HW + """
[game]
settle = 0.05
language = "en"
[web]
enabled = true
host = "127.0.0.1"
port = {port}
control = true
"""

# A whole game (the browser test's, tests/test_web_browser.py): pushes, pushes off the bed, a
# graduation with a choice of lines, cats (the kind question) and orange's three cats in a row.
GAME = ["kd2", "kc4", "kc6", "kd6", "kf5", "kc1", "kf4", "ka4", "ka5", "kd4", "kb1", "ke3/b4c5d6",
        "ka1/a1b1c1", "cd5", "cd3", "kf5", "cb2", "ca2", "cb1"]

TIMINGS: dict[str, float] = {}


def _log(message: str) -> None:
    print(f"arm64 boot test: {message}", flush=True)


@pytest.fixture(scope="module")
def box():
    t0 = time.monotonic()
    root = bc.base_root(_log, ARCH)
    house = bc.wheelhouse(_log, ARCH)
    TIMINGS["root_and_wheelhouse_s"] = time.monotonic() - t0
    t1 = time.monotonic()
    c = bc.Container(root, {"/src": bc.REPO, "/wheelhouse": house}, _log)
    TIMINGS["boot_s"] = time.monotonic() - t1
    try:
        c.port = bc.free_port()
        c.write("/etc/maunz-companion/companion.toml", CONFIG.format(port=c.port))
        t2 = time.monotonic()
        c.install = c.run("sh", "/src/systemd/install.sh", check=False, timeout=1800,
                          env={"PIP_NO_INDEX": "1", "PIP_FIND_LINKS": "/wheelhouse",
                               "PIP_DISABLE_PIP_VERSION_CHECK": "1", "DEBIAN_FRONTEND": "noninteractive"})
        TIMINGS["install_s"] = time.monotonic() - t2
        yield c
    finally:
        c.close()
        TIMINGS["total_s"] = time.monotonic() - t0
        _log("timings " + ", ".join(f"{k}={v:.1f}" for k, v in TIMINGS.items()))


# ------------------------------------------------------------------------------- the service
def show(c, *props: str) -> dict[str, str]:
    out = c.run("systemctl", "show", "companion.service", *(f"--property={p}" for p in props)).stdout
    return dict(line.split("=", 1) for line in out.splitlines() if "=" in line)


def wait_for(what: str, predicate, timeout: float, detail=None):
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}"
                                 + (f"; {detail()}" if detail else ""))
        time.sleep(0.2)  # a polling interval: every poll costs the emulated service CPU


def active_pid(c) -> int | None:
    s = show(c, "ActiveState", "SubState", "MainPID")
    return int(s["MainPID"]) if s["ActiveState"] == "active" and s["SubState"] == "running" else None


def ensure_running(c) -> int:
    if active_pid(c) is None:
        c.run("systemctl", "start", "companion.service", timeout=120)
    return wait_for("the service to run", lambda: active_pid(c), 60)


def web(c, path: str, body: dict | None = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if getattr(c, "token", None):  # from outside the Pi (the image under qemu), control needs the token
        headers["X-Companion-Token"] = c.token
    req = urllib.request.Request(f"http://127.0.0.1:{c.port}{path}", data=data, headers=headers)
    with urllib.request.urlopen(req, timeout=30) as resp:
        reply = json.loads(resp.read())
    assert reply.get("type") != "error", reply
    return reply


def snapshot(c) -> dict:
    return web(c, "/api/snapshot")["state"]


def journal(c) -> str:
    return c.run("journalctl", "-u", "companion.service", "--no-pager", "-o", "cat").stdout


# ------------------------------------------------------------- a person at the page, over HTTP
def _hex(rgb) -> str:
    return "#%02x%02x%02x" % tuple(rgb)


def settled(c, physical: set[str], timeout: float = MOVE_TIMEOUT_S) -> dict:
    """The referee has seen the bed the hands left (sensed == physical) and its advice stands
    (two snapshots in a row agree)."""
    last = None

    def still():
        nonlocal last
        st = snapshot(c)
        same = st == last and set(st["sensed"]) == physical
        last = st
        return st if same else None

    return wait_for(f"the referee to see {sorted(physical)}", still, timeout, detail=lambda: last)


def next_action(st: dict, physical: set[str], choice: list[str]):
    """What a person does next, read from the LEDs (as the browser test reads the page)."""
    from companion.ui import palette

    leds = {d["square"]: d for d in st["leds"]}

    def lit(effect, colour, piece):
        return [s for s, d in leds.items() if d["effect"] == effect and d["color"] == colour
                and (s in physical) == piece]

    for hue in map(_hex, palette.PAIR_HUES):
        src, dst = lit("blink", hue, True), lit("steady", hue, False)
        if src and dst:
            return ("move", src[0], dst[0])
    off = lit("blink", _hex(palette.RED), True)
    if off:
        return ("lift", off[0])
    candidates = lit("pulse", _hex(palette.WHITE), True)
    for name in choice:  # lift the chosen line, one piece after the other
        if name in candidates:
            return ("lift", name)
    return None


def reed(c, physical: set[str], **change) -> None:
    changes = change.get("changes") or [change]
    web(c, "/api/control", {"type": "reed", **change})
    for ch in changes:
        (physical.add if ch["occupied"] else physical.discard)(ch["square"])


def play_move(c, physical: set[str], text: str, kind: str, square: str, choice: list[str]) -> dict:
    before = len(settled(c, physical)["moves"])
    reed(c, physical, square=square, occupied=True)
    deadline = time.monotonic() + MOVE_TIMEOUT_S
    while time.monotonic() < deadline:
        st = settled(c, physical)
        if len(st["moves"]) > before:
            return st
        if st["phase"] == "ask_kind":  # OK = kitten, CAT = cat
            web(c, "/api/control", {"type": "button", "name": "cat" if kind == "c" else "ok", "kind": "press"})
            wait_for("the kind question to be answered", lambda: snapshot(c)["phase"] != "ask_kind", MOVE_TIMEOUT_S)
            continue
        action = next_action(st, physical, choice)
        if action is None:  # on a slow emulated machine the LEDs may not show the step yet: wait for the next state
            try:
                wait_for("the LEDs to show what to do", lambda: (s := snapshot(c)) != st and s, 15)
            except AssertionError:
                raise AssertionError(f"{text}: nothing to do from the LEDs in phase {st['phase']!r}:"
                                     f" {st['instruction']!r}; LEDs {st['leds']}") from None
            continue
        if action[0] == "move":
            reed(c, physical, changes=[{"square": action[1], "occupied": False},
                                       {"square": action[2], "occupied": True}])
        else:
            reed(c, physical, square=action[1], occupied=False)
    raise AssertionError(f"{text} was not committed within {MOVE_TIMEOUT_S:.0f} s")


def plan_of(texts: list[str]) -> list[tuple]:
    from companion.games import get
    from companion.words import square_name

    game = get("maunz")
    pos, plan = game.initial_position(), []
    for text in texts:
        move = game.parse_move(pos, text)
        squares = [square_name(i) for i in range(36) if move.choice >> i & 1]
        plan.append((game.format_move(pos, move), move.kind, text[1:3], squares))
        pos = game.apply(pos, move)
    assert pos.winner == 0  # orange wins on the last move
    return plan


# ------------------------------------------------------------------------------------- tests
def test_install_sh_runs_its_live_arm_branch(box):
    out = box.install.stdout + box.install.stderr
    assert box.install.returncode == 0, out[-3000:]
    assert "installed; status: systemctl status companion" in box.install.stdout
    py = "/opt/maunz-companion/.venv/bin/python"
    assert box.run(py, "-c", "import platform; print(platform.machine())").stdout.strip() == "aarch64"
    # apt installed the compiler and headers (they are not in the root), ...
    for pkg in ("python3-dev", "gcc", "libc6-dev"):
        assert "Status: install ok installed" in box.run("dpkg", "-s", pkg).stdout, pkg
    # ... pip compiled spidev with them: an AArch64 ELF object (e_machine 183) built here, ...
    where = box.run(py, "-c", "import spidev; print(spidev.__file__)").stdout.strip()
    elf = (box.root / where.lstrip("/")).read_bytes()[:20]
    assert elf[:4] == b"\x7fELF" and int.from_bytes(elf[18:20], "little") == 183, where
    # ... lgpio came as an aarch64 wheel and loads, and so does the companion's pi extra
    freeze = box.run(py, "-m", "pip", "list", "--format=freeze").stdout
    for name in ("lgpio", "spidev", "gpiozero", "luma.oled", "pyserial", "smbus2"):
        assert f"{name}==" in freeze.replace("luma_oled", "luma.oled"), (name, freeze)
    box.run(py, "-c", "import lgpio, gpiozero, luma.oled.device, serial, smbus2, companion")
    assert box.run("systemctl", "is-enabled", "companion.service").stdout.strip() == "enabled"


def test_the_compiled_kernels_are_built_there_and_used(box):
    # setup.py's optional extensions, compiled by the root's own gcc during the install (issue 37):
    # AArch64 ELF objects (e_machine 183) in the installed package, imported by the service
    py = "/opt/maunz-companion/.venv/bin/python"
    line = box.run(py, "-c", "from companion.games import native; print(native.describe())").stdout.strip()
    assert line.startswith("kernels: maunz compiled (") and "; katzenjammer compiled (" in line, line
    for game in ("maunz", "katzenjammer"):
        where = line.split(f"{game} compiled (", 1)[1].split(")", 1)[0]
        elf = (box.root / where.lstrip("/")).read_bytes()[:20]
        assert "aarch64" in where and elf[:4] == b"\x7fELF" and int.from_bytes(elf[18:20], "little") == 183, where
    _log(f"the native kernels were built inside the arm64 root (AArch64 ELF): {line}")
    ensure_running(box)
    logged = wait_for("the service to log its kernels",
                      lambda: next((l for l in journal(box).splitlines() if "kernels: maunz compiled (" in l), None), 60)
    assert "katzenjammer compiled (" in logged, logged
    _log(f"the service logged it uses them: {logged.split('kernels: ', 1)[1]}")


def test_ready_within_bound(box):
    box.run("systemctl", "restart", "companion.service", timeout=120)  # Type=notify: returns at READY=1
    s = show(box, "ActiveState", "StatusText", "ExecMainStartTimestampMonotonic", "ActiveEnterTimestampMonotonic",
             "WatchdogUSec")
    assert s["ActiveState"] == "active"
    ready_s = (int(s["ActiveEnterTimestampMonotonic"]) - int(s["ExecMainStartTimestampMonotonic"])) / 1e6
    TIMINGS["exec_to_ready_s"] = ready_s
    assert 0 < ready_s < READY_BOUND_S
    assert s["StatusText"] in ("playing", "resumed a game") and s["WatchdogUSec"] == "10s"
    assert snapshot(box)["game"] == "maunz"


def test_watchdog_restarts_a_hung_service(box):
    pid = ensure_running(box)
    before = int(show(box, "NRestarts")["NRestarts"])
    box.run("kill", "-STOP", str(pid))
    t0 = time.monotonic()
    new = wait_for("the watchdog to restart the stopped service",
                   lambda: (p := active_pid(box)) not in (None, pid) and p, 120)
    TIMINGS["watchdog_restart_s"] = time.monotonic() - t0
    assert int(show(box, "NRestarts")["NRestarts"]) == before + 1
    assert "Watchdog timeout" in journal(box)
    wait_for("the restarted service to answer", lambda: snapshot(box)["phase"], 60)


def test_a_whole_maunz_game_through_the_page(box):
    ensure_running(box)
    plan = plan_of(GAME)
    physical: set[str] = set()
    st = settled(box, physical)
    assert st["moves"] == [] and st["phase"] == "await_placement", st
    t0 = time.monotonic()
    for text, kind, square, choice in plan:
        st = play_move(box, physical, text, kind, square, choice)
    TIMINGS["game_s"] = time.monotonic() - t0
    st = wait_for("the win", lambda: (s := snapshot(box))["phase"] == "won" and s, 30)
    assert st["winner"] == "o" and st["moves"] == [p[0] for p in plan]
    assert "Three cats in a row!" in st["instruction"], st["instruction"]


def test_stop_is_clean(box):
    ensure_running(box)
    t0 = time.monotonic()
    box.run("systemctl", "stop", "companion.service", timeout=60)
    TIMINGS["stop_s"] = time.monotonic() - t0
    s = show(box, "ActiveState", "Result", "ExecMainStatus")
    assert (s["ActiveState"], s["Result"], s["ExecMainStatus"]) == ("inactive", "success", "0"), s
    assert TIMINGS["stop_s"] < STOP_BOUND_S
    # the finished game is in the journal, with its result and every move (read by the
    # installed command line, as the companion user, while the service is stopped)
    out = box.run("runuser", "-u", "companion", "--", "/opt/maunz-companion/.venv/bin/companion", "history",
                  "--config", "/etc/maunz-companion/companion.toml", "--state", "/var/lib/maunz-companion",
                  "--json", "--moves").stdout
    played = [json.loads(line) for line in out.splitlines() if line.strip()]
    assert any(g.get("moves") == [p[0] for p in plan_of(GAME)] for g in played), out[-2000:]
    box.run("systemctl", "start", "companion.service", timeout=120)
    assert snapshot(box)["game"] == "maunz"
