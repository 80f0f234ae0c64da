"""Healing by itself (issue 42): every start of the service finishes or undoes an update that
was cut short, before the companion opens its journal (the unit's ExecStartPre); an update
killed during its trial is undone by its guard timer even when nothing restarts the unit. The
drill (benchmarks/update_drill.py: the real `companion update` and the real unit file, a fake
systemd as a thread of the test) SIGKILLs the update at a random moment of each step, with and
without a power cut, to a healthy release that upgrades the journal's schema (B) and to one that
hangs before READY after upgrading it (C): the release running must be the one `current` names,
the companion up, no move lost (one kept aside with the journal the tried release upgraded counts
as kept), no breadcrumb or trial left. Before this, 37 of 60 kills left the new release running
with `current` naming the old one, and a power cut during a schema-changing trial left the
companion down (the old release refuses the newer journal)."""
from __future__ import annotations

import re
import sqlite3

import pytest

from benchmarks import update_drill as drill
from companion.service.journal import DB_NAME

REPO = drill.REPO


def test_the_unit_heals_before_it_starts_the_companion():
    text = (REPO / "systemd" / "companion.service").read_text()
    pre = re.findall(r"^ExecStartPre=(.*)$", text, re.M)
    assert pre == ["-+/opt/maunz-companion/current/.venv/bin/companion update --recover --at-start"]
    assert text.index("ExecStartPre=") < text.index("ExecStart=/")


@pytest.fixture(scope="module")
def d(tmp_path_factory) -> drill.Drill:
    return drill.Drill(tmp_path_factory.mktemp("heal"), seed=42)


CASES = [(step, cut, target) for step in drill.STEPS for cut in (True, False) for target in ("B", "C")]


def test_a_kill_at_any_step_leaves_current_running_and_every_move(d):
    bad = []
    for i, (step, cut, target) in enumerate(CASES):
        o = d.once(i, step=step, power_cut=cut, target=target)
        if o.mismatch or not o.up or o.lost or o.note:
            bad.append(o)
    assert not bad, "\n".join(map(str, bad))


def test_random_kills(d):
    outcomes = [d.once(1000 + i) for i in range(16)]
    bad = [o for o in outcomes if o.mismatch or not o.up or o.lost or o.note]
    assert not bad, "\n".join(map(str, bad))


def test_a_power_cut_during_a_schema_changing_trial_puts_the_copy_back(d):
    o = d.once(2000, step="health", power_cut=True, target="B")
    assert o.up and o.running == o.current == "0.1.0-aaaaaaaaaaaa" and not o.lost
    state = d.root / "run2000" / "state"
    conn = sqlite3.connect(state / DB_NAME)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 2  # A's schema: A reads it
    conn.close()
    assert (state / f"{DB_NAME}.from-0.2.0-bbbbbbbbbbbb").exists()


def test_an_update_under_way_is_left_alone_by_a_start(d):
    """The trial's own restart runs ExecStartPre too: while the update holds its lock (and has
    not asked for an undo), that start must not undo the trial it is part of."""
    o = d.once(3000, step="never", power_cut=False, target="B")
    assert o.step == "none" and o.running == o.current == "0.2.0-bbbbbbbbbbbb"
    assert d.last.said == [] and d.last.guard is None


def test_the_bench_prints_its_figures(capsys):
    from companion.cli import main

    assert main(["bench", "update", "--runs", "3", "--repeat", "1"]) == 0
    lines = dict(line.split() for line in capsys.readouterr().out.splitlines() if line.startswith("update_"))
    assert set(lines) == {"update_verify_ms", "update_apply_s", "update_rollback_s", "update_kill_runs",
                          "update_kill_mismatch", "update_kill_down", "update_kill_lost"}
    assert lines["update_kill_runs"] == "3" and lines["update_kill_mismatch"] == lines["update_kill_down"] == "0"


def test_a_rollback_under_a_unit_file_from_before_the_execstartpre(d, capsys):
    """An install whose unit file predates ExecStartPre (the first update of an older install):
    the rollback does by hand what the start would (the trial ended, the journal copy back)."""
    import os

    prefix, state, systemd, _ = d.fresh(4000)
    text = systemd.unit_path.read_text()
    systemd.unit_path.write_text(re.sub(r"^ExecStartPre=.*\n", "", text, flags=re.M))
    systemd.reload()
    assert systemd.exec_start_pre == []
    os.environ["MAUNZ_DRILL_PREFIX"] = str(prefix)
    code = drill.upd.main([str(d.archives["C"]), "--keys", str(d.keys), "--prefix", str(prefix), "--state", str(state)],
                          unit_factory=lambda name: drill.LocalUnit(name, systemd))
    assert code == 1 and "restored" in capsys.readouterr().err
    assert systemd.active == "active" and systemd.cmd.startswith(str(prefix / "releases/0.1.0-aaaaaaaaaaaa"))
    conn = sqlite3.connect(state / DB_NAME)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == 2
    conn.close()
    assert not (prefix / "update.json").exists()
