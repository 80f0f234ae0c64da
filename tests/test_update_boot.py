"""`companion update` under a real systemd: the amd64 bookworm container of the boot test (the
session's `amd64_box`, tests/conftest.py: booted and installed once, by the real install.sh),
going on after tests/test_service_boot.py. The releases:

  A  what the boot test installed from this checkout (install.sh's full install)
  B  a copy of this checkout, version 0.1.1, commit bbbb...: built by `companion update --from`
     (install.sh --stage), a healthy update
  C  a release whose `companion` hangs before READY (as one stuck opening a device would): put
     together by hand — its venv's `companion` a script that sleeps — because building a real
     one costs a minute and the updater sees exactly the same (a process of releases/C that
     never says READY)

and a SIGKILL of the whole update (its process group, as a power cut would end it) at each of
its steps, after which `--recover` and a restart must leave the service running `current`, an
installed release. The unit's watchdog is shortened to 4 s by a test drop-in, so that the health
check's hold (1.5 watchdog intervals) is 6 s. The tests run in file order.
"""
from __future__ import annotations

import json
import re
import subprocess
import time

import pytest

from tests import boot_container as bc
from tests.test_service_boot import web  # the page's API, as the boot test calls it
from tests.test_service_config import FAKE_HW

WHY = bc.unavailable()
pytestmark = pytest.mark.skipif(WHY is not None, reason=f"update test: {WHY}")

PREFIX = "/opt/maunz-companion"
COMPANION = f"{PREFIX}/.venv/bin/companion"
PIP_ENV = {"PIP_NO_INDEX": "1", "PIP_FIND_LINKS": "/wheelhouse", "PIP_DISABLE_PIP_VERSION_CHECK": "1",
           "DEBIAN_FRONTEND": "noninteractive"}
B, C = "0.1.1-bbbbbbbbbbbb", "0.1.0-cccccccccccc"
TRIAL = "run/systemd/system/companion.service.d/50-update-trial.conf"
TIMINGS: dict[str, float] = {}


def _log(message: str) -> None:
    print(f"update test: {message}", flush=True)


@pytest.fixture(scope="module")
def box(amd64_box):
    c = amd64_box
    c.A = current(c)
    dest = bc.release_source(c.root, "srcB", "b", "0.1.1")
    c.write("/etc/systemd/system/companion.service.d/test-watchdog.conf", "[Service]\nWatchdogSec=4s\n")
    c.run("systemctl", "daemon-reload")
    c.run("systemctl", "restart", "companion.service", timeout=120)
    yield c
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
    key = f"update {' '.join(args)}"
    TIMINGS[key] = TIMINGS.get(key, 0.0) + time.monotonic() - t0
    return proc


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
def test_install_sh_installed_a_release_and_points_current_at_it(box):
    assert (box.root / "opt/maunz-companion/releases" / box.A / ".installed").exists()
    assert (box.root / "opt/maunz-companion/.venv").readlink().as_posix() == "current/.venv"
    assert json.loads(box.read(f"{PREFIX}/releases/{box.A}/release.json"))["version"] == "0.1.0"
    assert running_release(box) == box.A
    out = box.run(COMPANION, "version").stdout
    assert "version: 0.1.0" in out and f"current {box.A}" in out
    assert "Pico firmware: none (no bridge configured)" in out
    # a move, journaled by A (the boot test may have left one): every update below must keep it
    web(box, "/api/control", {"type": "reed", "square": "a1", "occupied": True})
    assert wait_for("the move", lambda: moves(box), 10)


def test_update_a_to_b_and_back(box):
    before = moves(box)
    proc = update(box, "--from", "/srcB")
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-3000:]
    steps = [line.split()[1] for line in proc.stdout.splitlines() if line.startswith("update: ")]
    assert steps == ["stage", "breadcrumb", "trial", "health", "switch", "done"], proc.stdout
    assert current(box) == B and running_release(box) == B
    assert (box.root / "opt/maunz-companion/previous").readlink().name == box.A
    assert trial_gone(box) and not (box.root / "opt/maunz-companion/update.json").exists()
    out = box.run(COMPANION, "version").stdout
    assert "version: 0.1.1" in out and "commit: " + "b" * 40 in out
    assert moves(box) == before
    assert list((box.root / "var/lib/maunz-companion/backups").glob("*pre-update.db"))
    proc = update(box, "--release", box.A)  # and back: A is still installed, nothing is built
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-3000:]
    assert current(box) == box.A and running_release(box) == box.A and moves(box) == before


def test_an_update_that_never_reaches_ready_is_rolled_back(box):
    before = moves(box)
    hung = box.root / "opt/maunz-companion/releases" / C  # (made here: an update prunes all but two)
    (hung / ".venv/bin").mkdir(parents=True)
    (hung / ".venv/bin/companion").write_text(
        f"#!{PREFIX}/releases/{box.A}/.venv/bin/python3\nimport time\ntime.sleep(3600)\n")
    (hung / ".venv/bin/companion").chmod(0o755)
    (hung / "release.json").write_text(json.dumps({"name": C, "version": "0.1.0", "commit": "c" * 40}))
    (hung / ".installed").touch()
    proc = update(box, "--release", C, "--timeout", "15")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    line = proc.stderr.strip().splitlines()[-1]
    assert line.startswith(f"update: rolled back to {box.A}: {C} was not healthy: it did not reach READY within 15 s"), line
    assert current(box) == box.A and running_release(box) == box.A
    assert trial_gone(box) and not (box.root / "opt/maunz-companion/update.json").exists()
    assert moves(box) == before


def kill_update_at(box, step: str, what: str) -> None:
    """`companion update WHAT`, its whole process group SIGKILLed when it announces `step`."""
    env = " ".join(f"{k}={v}" for k, v in PIP_ENV.items())
    # setsid: the update leads its own process group, so the kill takes install.sh with it
    cmd = ["nsenter", "-t", str(box.pid), "-a", "env", "-i", "PATH=/usr/sbin:/usr/bin:/sbin:/bin", *env.split(),
           "setsid", "sh", "-c", f'echo "pid $$"; exec {COMPANION} update {what}']
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


@pytest.mark.parametrize("step", ["stage", "breadcrumb", "trial", "health", "switch"])
def test_a_sigkill_at_each_step_leaves_a_version_that_starts(box, step):
    old = current(box)
    new = B if old == box.A else box.A
    kill_update_at(box, step, "--from /srcB" if step == "stage" else f"--release {new}")
    assert current(box) in (old, new)
    # the next update (or a boot, which forgets /run) puts it in order; then the unit starts `current`
    rec = update(box, "--recover")
    assert rec.returncode == 0, rec.stdout + rec.stderr
    box.run("systemctl", "restart", "companion.service", timeout=120)
    assert running_release(box) == current(box)
    assert trial_gone(box) and not (box.root / "opt/maunz-companion/update.json").exists()
    assert moves(box)  # the journal is intact and the page answers
    if step == "switch":  # the health check had passed: the new release stays
        assert current(box) == new
    else:  # never confirmed healthy: the old one
        assert current(box) == old


def trial_gone(box) -> bool:
    return not box.run("test", "-e", f"/{TRIAL}", check=False).returncode == 0


@pytest.mark.parametrize("step", ["trial", "health"])
def test_a_killed_trial_is_undone_by_the_next_start_with_nothing_typed(box, step):
    """Issue 42: no `--recover` — the unit's ExecStartPre undoes the trial (the drop-in removed and
    systemd reloaded inside the start, which then runs `current`)."""
    old = current(box)
    new = B if old == box.A else box.A
    kill_update_at(box, step, f"--release {new}")
    box.run("systemctl", "restart", "companion.service", timeout=120)  # a watchdog's, a crash's restart
    assert running_release(box) == current(box) == old
    assert trial_gone(box) and not (box.root / "opt/maunz-companion/update.json").exists()
    assert moves(box)
    box.run("systemctl", "stop", "companion-update-guard.timer", check=False)


def test_a_killed_trial_is_undone_by_its_guard_with_nothing_restarted(box):
    """The update killed while the tried release runs on happily: its guard timer (--timeout
    5 s + 30 s) runs `--recover --guard`, which restarts the unit to be undone."""
    old = current(box)
    new = B if old == box.A else box.A
    kill_update_at(box, "health", f"--release {new} --timeout 5")
    wait_for("the guard's undo", lambda: running_release(box) == old and trial_gone(box), 120)
    assert current(box) == old and not (box.root / "opt/maunz-companion/update.json").exists()
    assert moves(box)


def test_a_family_update_from_the_card_with_nothing_typed(box, tmp_path):
    """Issue 42 on the real systemd: a signed release on the card is offered (`--find`, as
    companion-update-find.service runs it at boot); the family's OK (the file the service writes
    as its user) starts companion-update.path -> companion-update.service, which installs it;
    its steps and outcome land in status.json for the OLED and the page."""
    from companion.update import release_cli, signing

    if current(box) != box.A:
        assert update(box, "--release", box.A).returncode == 0
    before = moves(box)
    signing.generate(tmp_path / "release.key")
    box.write("/etc/maunz-companion/release-keys/test.pub", (tmp_path / "release.key.pub").read_text())
    archive, version = release_cli.make(box.root / "srcB", box.root / "srv/card")
    signing.sign(archive, tmp_path / "release.key", version)
    # the installing unit gets the test's offline wheelhouse, as the test's own updates do
    box.write("/etc/systemd/system/companion-update.service.d/wheelhouse.conf",
              "[Service]\nEnvironment=PIP_NO_INDEX=1 PIP_FIND_LINKS=/wheelhouse PIP_DISABLE_PIP_VERSION_CHECK=1\n")
    box.run("systemctl", "daemon-reload")
    assert box.run("systemctl", "is-enabled", "companion-update.path").stdout.strip() == "enabled"
    found = box.run(COMPANION, "update", "--find", "/srv/card", env=PIP_ENV)
    assert f"offered {version}" in found.stdout, found.stdout + found.stderr
    offer = json.loads(box.read("/var/lib/maunz-companion-update/offer.json"))
    assert current(box) == box.A  # nothing installs without the OK
    box.write("/var/lib/maunz-companion/update-ok.json", json.dumps({"version": version, "sha256": offer["sha256"]}))
    box.run("chown", "companion:companion", "/var/lib/maunz-companion/update-ok.json")

    def outcome():
        try:
            status = json.loads(box.read("/var/lib/maunz-companion-update/status.json"))
        except (OSError, ValueError):
            return None
        return status if status.get("outcome") else None

    status = wait_for("the family's update", outcome, 600)
    assert status["ok"] and status["outcome"] == f"updated {box.A} -> {B}", status
    assert current(box) == B and running_release(box) == B
    assert not (box.root / "var/lib/maunz-companion/update-ok.json").exists()
    assert moves(box) == before
    assert update(box, "--release", box.A).returncode == 0  # (back, for what follows)
