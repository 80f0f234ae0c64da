"""`companion update` under a real systemd: the amd64 bookworm container of the boot test
(tests/boot_container.py, its cached root and wheelhouse), the first release installed by the
real systemd/install.sh, then updates between releases made from copies of this checkout:

  A  the checkout as it is (commit aaaa...), installed by install.sh
  B  the same code, version 0.1.1 (commit bbbb...): a healthy update
  C  a version whose service hangs before READY (commit cccc...): must be rolled back by itself

and a SIGKILL of the whole update (its process group, as a power cut would end it) at each of
its steps, after which the service must start on a release that is installed and `current`.
The unit's watchdog is shortened to 4 s by a test drop-in, so that the health check's hold
(1.5 watchdog intervals) is 6 s. The tests share one container and run in file order.
"""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import time
import urllib.request

import pytest

from tests import boot_container as bc
from tests.test_service_config import FAKE_HW

WHY = bc.unavailable()
pytestmark = pytest.mark.skipif(WHY is not None, reason=f"update test: {WHY}")

PREFIX = "/opt/maunz-companion"
COMPANION = f"{PREFIX}/.venv/bin/companion"
PIP_ENV = {"PIP_NO_INDEX": "1", "PIP_FIND_LINKS": "/wheelhouse", "PIP_DISABLE_PIP_VERSION_CHECK": "1",
           "DEBIAN_FRONTEND": "noninteractive"}
A, B, C = "0.1.0-aaaaaaaaaaaa", "0.1.1-bbbbbbbbbbbb", "0.1.0-cccccccccccc"
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
TIMINGS: dict[str, float] = {}


def _log(message: str) -> None:
    print(f"update test: {message}", flush=True)


def _source(c, where: str, commit: str, version: str | None = None, hang: bool = False) -> None:
    """A copy of this checkout inside the container, as a release's source."""
    dest = c.root / where.lstrip("/")
    shutil.copytree(bc.REPO, dest, ignore=shutil.ignore_patterns(
        ".venv", ".git", "node_modules", "__pycache__", "*.egg-info", ".hypothesis", ".pytest_cache", "build"))
    (dest / "COMMIT").write_text(commit * 40 + "\n")
    if version:
        py = dest / "pyproject.toml"
        py.write_text(re.sub(r'^version = ".*"', f'version = "{version}"', py.read_text(), count=1, flags=re.M))
    if hang:  # a release whose service never says READY (as one stuck opening a device would)
        main = dest / "companion/service/main.py"
        main.write_text(main.read_text().replace(
            "    args = _parser(\"companion run\", sim=False).parse_args(argv)\n",
            "    args = _parser(\"companion run\", sim=False).parse_args(argv)\n    import time; time.sleep(3600)\n", 1))
        assert "time.sleep(3600)" in main.read_text()


@pytest.fixture(scope="module")
def box():
    t0 = time.monotonic()
    root, house = bc.base_root(_log), bc.wheelhouse(_log)
    c = bc.Container(root, {"/wheelhouse": house}, _log)
    try:
        c.port = bc.free_port()
        c.write("/etc/maunz-companion/companion.toml", CONFIG.format(port=c.port))
        c.write("/etc/systemd/system/companion.service.d/test-watchdog.conf", "[Service]\nWatchdogSec=4s\n")
        _source(c, "/srcA", "a")
        _source(c, "/srcB", "b", version="0.1.1")
        _source(c, "/srcC", "c", hang=True)
        t1 = time.monotonic()
        c.install = c.run("sh", "/srcA/systemd/install.sh", check=False, timeout=600, env=PIP_ENV)
        TIMINGS["install_s"] = time.monotonic() - t1
        yield c
    finally:
        c.close()
        TIMINGS["total_s"] = time.monotonic() - t0
        _log("timings " + ", ".join(f"{k}={v:.1f}" for k, v in TIMINGS.items()))


def show(c, *props: str) -> dict[str, str]:
    out = c.run("systemctl", "show", "companion.service", *(f"--property={p}" for p in props)).stdout
    return dict(line.split("=", 1) for line in out.splitlines() if "=" in line)


def running_release(c) -> str | None:
    """The release the service's main process runs from (None: not active)."""
    s = show(c, "ActiveState", "MainPID")
    if s["ActiveState"] != "active" or s["MainPID"] == "0":
        return None
    cmd = c.run("cat", f"/proc/{s['MainPID']}/cmdline", check=False).stdout.replace("\0", " ")
    m = re.search(re.escape(PREFIX) + r"/releases/([^/]+)/", cmd)
    return m.group(1) if m else cmd


def current(c) -> str:
    return (c.root / "opt/maunz-companion/current").readlink().name


def update(c, *args: str, timeout: float = 600) -> subprocess.CompletedProcess:
    t0 = time.monotonic()
    proc = c.run(COMPANION, "update", *args, check=False, timeout=timeout, env=PIP_ENV)
    TIMINGS[f"update {' '.join(args)}"[:40]] = time.monotonic() - t0
    return proc


def web(c, path: str, body: dict | None = None) -> dict:
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(f"http://127.0.0.1:{c.port}{path}", data=data,
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.loads(resp.read())


def wait_for(what: str, predicate, timeout: float):
    deadline = time.monotonic() + timeout
    while not (value := predicate()):
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(0.2)
    return value


def moves(c) -> list:
    def answer():
        try:
            return web(c, "/api/snapshot")["state"]
        except OSError:
            return None
    return wait_for("the page", answer, 30)["moves"]


# ------------------------------------------------------------------------------------------ tests
def test_install_sh_installs_a_release_and_points_current_at_it(box):
    assert box.install.returncode == 0, (box.install.stdout + box.install.stderr)[-3000:]
    assert current(box) == A
    assert (box.root / "opt/maunz-companion/.venv").readlink().as_posix() == "current/.venv"
    assert json.loads(box.read(f"{PREFIX}/releases/{A}/release.json"))["commit"] == "a" * 40
    assert running_release(box) == A
    out = box.run(COMPANION, "version").stdout
    assert "version: 0.1.0" in out and "commit: " + "a" * 40 in out and f"current {A}" in out
    assert "Pico firmware: none (no bridge configured)" in out
    # a move, journaled by A: every update below must keep it
    web(box, "/api/control", {"type": "reed", "square": "c3", "occupied": True})
    assert wait_for("the move", lambda: moves(box), 10)


def test_update_a_to_b_and_back(box):
    before = moves(box)
    proc = update(box, "--from", "/srcB")
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-3000:]
    steps = [line.split()[1] for line in proc.stdout.splitlines() if line.startswith("update: ")]
    assert steps == ["stage", "breadcrumb", "trial", "health", "switch", "done"], proc.stdout
    assert current(box) == B and running_release(box) == B
    assert (box.root / "opt/maunz-companion/previous").readlink().name == A
    assert not (box.root / "run/systemd/system/companion.service.d/50-update-trial.conf").exists()
    assert not (box.root / "opt/maunz-companion/update.json").exists()
    assert "version: 0.1.1" in box.run(COMPANION, "version").stdout
    assert moves(box) == before
    assert list((box.root / "var/lib/maunz-companion/backups").glob("*pre-update.db"))
    proc = update(box, "--release", A)  # and back: A is still installed, nothing is built
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-3000:]
    assert current(box) == A and running_release(box) == A and moves(box) == before


def test_an_update_that_never_reaches_ready_is_rolled_back(box):
    before = moves(box)
    proc = update(box, "--from", "/srcC", "--timeout", "20")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    line = proc.stderr.strip().splitlines()[-1]
    assert line.startswith(f"update: rolled back to {A}: {C} was not healthy: it did not reach READY within 20 s"), line
    assert current(box) == A and running_release(box) == A
    assert not (box.root / "run/systemd/system/companion.service.d/50-update-trial.conf").exists()
    assert not (box.root / "opt/maunz-companion/update.json").exists()
    assert moves(box) == before


@pytest.mark.parametrize("step", ["stage", "breadcrumb", "trial", "health", "switch"])
def test_a_sigkill_at_each_step_leaves_a_version_that_starts(box, step):
    target = "/srcB" if current(box) == A else "/srcA"
    env = " ".join(f"{k}={v}" for k, v in PIP_ENV.items())
    # setsid: the update leads its own process group, so the kill takes install.sh with it
    cmd = ["nsenter", "-t", str(box.pid), "-a", "env", "-i", "PATH=/usr/sbin:/usr/bin:/sbin:/bin", *env.split(),
           "setsid", "sh", "-c", f'echo "pid $$"; exec {COMPANION} update --from {target}']
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    pid = proc.stdout.readline().split()[1]
    seen = []
    for line in proc.stdout:
        seen.append(line)
        if line.startswith(f"update: {step} "):
            box.run("kill", "-9", "--", f"-{pid}")
            break
    proc.wait(timeout=60)
    assert any(line.startswith(f"update: {step} ") for line in seen), "".join(seen)
    # The service runs a release (the old, or the new once it was switched) ...
    names = {A, B}
    assert current(box) in names
    # ... the next update (or boot) puts it in order: recover, then the unit starts `current`
    rec = update(box, "--recover")
    assert rec.returncode == 0, rec.stdout + rec.stderr
    box.run("systemctl", "restart", "companion.service", timeout=120)
    assert running_release(box) == current(box) in names
    assert not (box.root / "opt/maunz-companion/update.json").exists()
    assert moves(box)  # the journal is intact and the page answers
    if step == "switch":  # the health check had passed: the new release stays
        assert current(box) == target.replace("/srcA", A).replace("/srcB", B)
    elif step in ("breadcrumb", "trial", "health"):  # not confirmed healthy: back to the old
        assert current(box) != target.replace("/srcA", A).replace("/srcB", B)
