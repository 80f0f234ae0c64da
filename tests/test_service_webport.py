"""Issue 10, the service unit: a web port that is taken must not stop the referee (`companion
run` warns and plays on without the page); the simulator names `--port` as the fix; the unit
file orders every target it wants."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys

from tests.test_service_config import FAKE_HW
from tests.test_service_systemd import unit_settings

CONFIG = FAKE_HW + """
[state]
dir = "{state}"
[web]
enabled = true
host = "127.0.0.1"
port = {port}
"""


def _taken_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen(1)
    return s, s.getsockname()[1]


def _env():
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    env.pop("NOTIFY_SOCKET", None)
    return env


def test_run_plays_on_without_the_page_when_the_port_is_taken(tmp_path):
    holder, port = _taken_port()
    try:
        cfg = tmp_path / "companion.toml"
        cfg.write_text(CONFIG.format(state=tmp_path / "state", port=port))
        p = subprocess.Popen([sys.executable, "-m", "companion", "run", "--config", str(cfg)],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env())
        seen = []
        for line in p.stderr:   # (waits on the service's own words, not a guessed time)
            seen.append(line)
            if "cannot listen" in line:
                break
        alive = p.poll() is None
        p.send_signal(signal.SIGTERM)
        out, err = p.communicate(timeout=20)
        err = "".join(seen) + err
        assert alive, err
        assert p.returncode == 0, err
        warning = [line for line in err.splitlines() if "cannot listen" in line]
        assert len(warning) == 1 and f"127.0.0.1:{port}" in warning[0]
        assert "without the web page" in warning[0] and "Traceback" not in err
        assert "Errno" not in warning[0] and "is in use" in warning[0], warning[0]
    finally:
        holder.close()


def test_sim_names_the_port_option(tmp_path):
    holder, port = _taken_port()
    try:
        p = subprocess.run([sys.executable, "-m", "companion", "sim", "--state", str(tmp_path),
                            "--port", str(port)], capture_output=True, text=True, timeout=60, env=_env())
    finally:
        holder.close()
    assert p.returncode == 2
    lines = [line for line in p.stderr.splitlines() if "cannot listen" in line]
    assert len(lines) == 1 and "--port" in lines[0] and "[web] port" not in lines[0]
    assert "Traceback" not in p.stderr
    # in words (issue 32 item 17): not "[Errno 98] ..."
    assert "Errno" not in p.stderr and "is in use" in lines[0], lines[0]


def test_a_port_out_of_range_is_refused_on_the_command_line(tmp_path):
    """Issue 32 item 17: `--port 99999` was taken (and failed later, elsewhere): a port is
    0..65535 (0: any free port), said in one line before anything starts."""
    for bad in ("99999", "-1", "65536"):
        p = subprocess.run([sys.executable, "-m", "companion", "sim", "--state", str(tmp_path), "--port", bad],
                           capture_output=True, text=True, timeout=60, env=_env())
        assert p.returncode == 2, (bad, p.stderr)
        lines = p.stderr.strip().splitlines()
        assert len(lines) == 1 and f"--port {bad}" in lines[0] and "0..65535" in lines[0], lines


def test_unit_orders_every_target_it_wants():
    s = unit_settings()
    wanted = " ".join(s.get(("Unit", "Wants"), []) + s.get(("Unit", "Requires"), [])).split()
    after = " ".join(s.get(("Unit", "After"), [])).split()
    assert [w for w in wanted if w not in after] == []
    assert "network-online.target" not in after  # the referee never waits for the network


def test_start_up_line_never_prints_the_token(tmp_path):
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    cfg = tmp_path / "companion.toml"
    cfg.write_text(CONFIG.format(state=tmp_path / "state", port=port)
                   + 'control = true\ntoken = "s3cret-drill-token"\n')
    p = subprocess.Popen([sys.executable, "-m", "companion", "run", "--config", str(cfg)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env())
    line = p.stdout.readline()
    p.send_signal(signal.SIGTERM)
    out, err = p.communicate(timeout=20)
    assert f"web page on http://127.0.0.1:{port}/" in line, err
    assert "s3cret-drill-token" not in line + out + err
