"""Signed releases (issue 42): `companion release keygen|make|sign|verify`, and `companion update
FILE` refusing an unsigned, tampered or wrongly-signed archive in one line naming the file and
the reason, before anything of it is unpacked or run (its install.sh would leave a mark). The
keys are made here; the update runs against the drill's fake systemd (benchmarks/update_drill.py)."""
from __future__ import annotations

import json
import os
import re
import shutil
import tarfile
from pathlib import Path

import pytest

from benchmarks import update_drill as drill
from companion.cli import main as cli
from companion.update import release_cli, signing
from companion.update import update as upd

REPO = Path(__file__).resolve().parents[1]

MARK_SH = drill.INSTALL_SH.replace("set -eu\n", 'set -eu\ntouch "$MAUNZ_DRILL_PREFIX/../install-sh-ran"\n', 1)


@pytest.fixture(scope="module")
def d(tmp_path_factory) -> drill.Drill:
    return drill.Drill(tmp_path_factory.mktemp("signing"), seed=3)


def _source(root: Path, version: str = "0.2.0") -> Path:
    src = root / f"src-{version}"
    (src / "systemd").mkdir(parents=True)
    (src / "pyproject.toml").write_text(f'[project]\nname = "maunz-companion"\nversion = "{version}"\n')
    (src / "COMMIT").write_text("d" * 40 + "\n")
    (src / "drill.json").write_text(json.dumps({"schema": 2, "health": "ok"}))
    (src / "systemd" / "install.sh").write_text(MARK_SH)
    return src


def update(d: drill.Drill, run: int, archive: Path, *extra: str, keys: Path | None = None):
    prefix, state, systemd, _ = d.fresh(run)
    os.environ["MAUNZ_DRILL_PREFIX"] = str(prefix)
    code = upd.main([str(archive), "--keys", str(keys or d.keys), "--prefix", str(prefix), "--state", str(state),
                     *extra], unit_factory=lambda name: drill.LocalUnit(name, systemd))
    return code, prefix, systemd


def refused(capsys, d, run, archive, **kw) -> str:
    code, prefix, systemd = update(d, run, archive, **kw)
    err = capsys.readouterr().err.strip()
    assert code == 1 and "\n" not in err and "Traceback" not in err, err
    assert not (prefix.parent / "install-sh-ran").exists(), "a line of the archive ran"
    assert not list(prefix.glob(".unpack-*")), "left an unpacked copy"
    assert sorted(p.name for p in (prefix / "releases").iterdir()) == ["0.1.0-aaaaaaaaaaaa"]
    assert systemd.starts == 1 and systemd.cmd.startswith(str(prefix / "releases/0.1.0-aaaaaaaaaaaa"))
    assert err.startswith(f"companion update: {archive}: "), err
    return err


def test_keygen_make_sign_verify(tmp_path, capsys):
    key = tmp_path / "secret" / "release.key"
    key.parent.mkdir()
    assert cli(["release", "keygen", "--out", str(key)]) == 0
    assert key.stat().st_mode & 0o777 == 0o600
    assert cli(["release", "keygen", "--out", str(key)]) == 1  # never overwritten
    assert "exists already" in capsys.readouterr().err
    src = _source(tmp_path)
    keys = src / "systemd" / "release-keys"  # committed, as docs/UPDATES.md's first release says
    keys.mkdir()
    (key.parent / "release.key.pub").rename(keys / "project.pub")
    assert cli(["release", "make", "--source", str(src), "--out", str(tmp_path / "dist"), "--key", str(key)]) == 0
    archive = tmp_path / "dist" / "maunz-companion-0.2.0.tar.gz"
    with tarfile.open(archive) as tar:
        names = tar.getnames()
        assert {m.uid for m in tar} == {0} and len({m.mtime for m in tar}) == 1  # reproducible
    assert "maunz-companion-0.2.0/systemd/install.sh" in names and "maunz-companion-0.2.0/COMMIT" in names
    first = archive.read_bytes()
    release_cli.make(src, tmp_path / "dist")
    assert archive.read_bytes() == first  # the same tree makes the same bytes
    capsys.readouterr()
    assert cli(["release", "verify", str(archive), "--keys", str(keys)]) == 0
    out = capsys.readouterr().out
    assert "good signature" in out and "version 0.2.0" in out
    # sign separately (the workflow's way): the same signature file
    sig = json.loads(signing.signature_path(archive).read_text())
    assert cli(["release", "sign", str(archive), "--key", str(key), "--committed", str(keys)]) == 0
    assert json.loads(signing.signature_path(archive).read_text()) == sig
    assert "BEGIN" not in key.read_text() and str(key) not in sig.values()


def test_a_signed_release_installs_and_says_its_steps(d, capsys):
    code, prefix, systemd = update(d, 100, d.archives["B"])
    out = capsys.readouterr().out
    assert code == 0, out
    steps = [line.split()[1] for line in out.splitlines() if line.startswith("update: ")]
    assert steps == ["verify", "stage", "breadcrumb", "trial", "health", "switch", "done"], out
    assert "version 0.2.0, signed by key" in out
    assert os.readlink(prefix / "current") == "releases/0.2.0-bbbbbbbbbbbb"
    assert systemd.cmd.startswith(str(prefix / "releases/0.2.0-bbbbbbbbbbbb")) and systemd.guard is None


def test_unsigned_is_refused(d, capsys, tmp_path):
    archive, _ = release_cli.make(_source(tmp_path), tmp_path / "dist")
    err = refused(capsys, d, 101, archive)
    assert "unsigned (no maunz-companion-0.2.0.tar.gz.sig beside it)" in err


def test_tampered_is_refused(d, capsys, tmp_path):
    archive, version = release_cli.make(_source(tmp_path), tmp_path / "dist")
    signing.sign(archive, d.root / "release.key", version)
    data = bytearray(archive.read_bytes())
    data[len(data) // 2] ^= 0x01
    archive.write_bytes(bytes(data))
    err = refused(capsys, d, 102, archive)
    assert "tampered or damaged: its SHA-256 is" in err


def test_a_key_it_does_not_know_is_refused(d, capsys, tmp_path):
    archive, version = release_cli.make(_source(tmp_path), tmp_path / "dist")
    _, other = signing.generate(tmp_path / "other.key")
    signing.sign(archive, tmp_path / "other.key", version)
    err = refused(capsys, d, 103, archive)
    assert f"signed by key {other}, which is not one of the release keys in {d.keys}" in err


def test_a_signature_made_with_another_key_under_ours_is_refused(d, capsys, tmp_path):
    """The .sig names our key but was made by another (or its version edited): the check fails."""
    archive, version = release_cli.make(_source(tmp_path), tmp_path / "dist")
    signing.generate(tmp_path / "other.key")
    signing.sign(archive, tmp_path / "other.key", version)
    sig_path = signing.signature_path(archive)
    sig = json.loads(sig_path.read_text())
    sig["key"] = signing.key_id(signing.public_keys(d.keys)[next(iter(signing.public_keys(d.keys)))])
    sig_path.write_text(json.dumps(sig))
    assert "the signature does not match key" in refused(capsys, d, 104, archive)
    signing.sign(archive, d.root / "release.key", version)
    sig = json.loads(sig_path.read_text())
    sig["version"] = "9.9.9"  # an old release passed off as a new one
    sig_path.write_text(json.dumps(sig))
    assert "the signature does not match key" in refused(capsys, d, 105, archive)


def test_a_signed_archive_whose_contents_say_another_version_is_refused_before_it_runs(d, capsys, tmp_path):
    archive, _ = release_cli.make(_source(tmp_path), tmp_path / "dist")
    signing.sign(archive, d.root / "release.key", "0.3.0")
    err = refused(capsys, d, 106, archive)
    assert "its pyproject.toml says version 0.2.0, its signature 0.3.0" in err


def test_no_keys_and_a_broken_signature_file_are_one_line_each(d, capsys, tmp_path):
    archive, version = release_cli.make(_source(tmp_path), tmp_path / "dist")
    signing.sign(archive, d.root / "release.key", version)
    empty = tmp_path / "nokeys"
    empty.mkdir()
    assert refused(capsys, d, 107, archive, keys=empty) == (f"companion update: {archive}: {signing.NO_KEY}"
                                                           f" (none in {empty})")
    signing.signature_path(archive).write_text("not json")
    assert "is not a release signature" in refused(capsys, d, 108, archive)


def test_install_keys_adds_new_keys_and_drops_revoked_ones(tmp_path):
    release = tmp_path / "release-keys"
    release.mkdir()
    _, old = signing.generate(tmp_path / "old.key")
    _, new = signing.generate(tmp_path / "new.key")
    (tmp_path / "old.key.pub").rename(release / "2026.pub")
    installed = tmp_path / "etc"
    assert signing.install_keys(release, installed) == [old]
    (tmp_path / "new.key.pub").rename(release / "2027.pub")
    (release / "2026.pub").unlink()
    (release / "revoked").write_text(f"{old}  # lost in 2027\n")
    assert signing.install_keys(release, installed) == [new]
    assert list(signing.public_keys(installed)) == [new]


def test_without_tarfiles_data_filter_as_on_bookworms_python(d, capsys, tmp_path, monkeypatch):
    """Debian bookworm's Python 3.11.2 has no extractall(filter=...) (found by the boot test's
    family update): the same rules are checked by hand, a good release installs, a link is refused."""
    import io

    monkeypatch.delattr(tarfile, "data_filter", raising=False)
    code, prefix, _ = update(d, 110, d.archives["B"])
    assert code == 0 and os.readlink(prefix / "current") == "releases/0.2.0-bbbbbbbbbbbb", capsys.readouterr()
    archive = tmp_path / "maunz-companion-0.2.0.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        info = tarfile.TarInfo("maunz-companion-0.2.0/systemd/install.sh")
        info.type, info.linkname = tarfile.SYMTYPE, "/etc/shadow"
        tar.addfile(info)
    signing.sign(archive, d.root / "release.key", "0.2.0")
    capsys.readouterr()
    assert "is not a plain file inside the archive" in refused(capsys, d, 111, archive)


def test_a_key_that_is_not_committed_signs_nothing(tmp_path, capsys):
    """The project's first release: a maintainer who signs with a key whose .pub is not in
    systemd/release-keys would publish a release every companion refuses. `make --key` refuses
    before it makes anything, `sign` before it writes the .sig, in one line; a revoked key too."""
    key = tmp_path / "release.key"
    _, kid = signing.generate(key)
    src = _source(tmp_path)
    committed = src / "systemd" / "release-keys"
    committed.mkdir()
    dist = tmp_path / "dist"
    argv = ["release", "make", "--source", str(src), "--out", str(dist), "--key", str(key)]
    capsys.readouterr()
    assert cli(argv) == 1
    err = capsys.readouterr().err.strip()
    assert err == (f"companion release: {key}: its key {kid} is not among the committed keys in {committed} (none yet),"
                   " so no companion would trust a release signed with it: commit its .pub there first"
                   ' (docs/UPDATES.md, "The first release")'), err
    assert not dist.exists()  # nothing made
    archive, version = release_cli.make(src, dist)
    assert cli(["release", "sign", str(archive), "--key", str(key), "--committed", str(committed)]) == 1
    assert f"is not among the committed keys in {committed} (none yet)" in capsys.readouterr().err
    assert not signing.signature_path(archive).exists()
    # another key committed: still not this one
    _, other = signing.generate(tmp_path / "other.key")
    (tmp_path / "other.key.pub").rename(committed / "other.pub")
    assert cli(argv) == 1 and f"in {committed} ({other})" in capsys.readouterr().err
    # committed: it signs
    (tmp_path / "release.key.pub").rename(committed / "2026.pub")
    assert cli(argv) == 0 and signing.signature_path(archive).exists()
    signing.verify(archive, committed)
    # revoked (listed in revoked, its .pub still there): refused again
    (committed / "revoked").write_text(f"{kid}  # lost on a laptop\n")
    assert cli(["release", "sign", str(archive), "--key", str(key), "--committed", str(committed)]) == 1
    assert f"its key {kid} is revoked in {committed}" in capsys.readouterr().err
    # the default for `sign` is this checkout's systemd/release-keys (the workflow's)
    assert cli(["release", "sign", str(archive), "--key", str(key)]) == 1
    assert str(release_cli.SOURCE / "systemd" / "release-keys") in capsys.readouterr().err


def test_a_release_never_swaps_a_trusted_key_under_the_same_file_name(tmp_path):
    """docs/UPDATES.md, Rotation: a new key comes in a .pub of its own name. A release whose
    2026.pub holds another key than the installed 2026.pub is refused in one line (install.sh's
    own call: no traceback), nothing changed; once the release revokes the old key it may."""
    import subprocess
    import sys

    release, installed = tmp_path / "release-keys", tmp_path / "etc"
    release.mkdir()
    _, old = signing.generate(tmp_path / "old.key")
    _, new = signing.generate(tmp_path / "new.key")
    shutil.copy(tmp_path / "old.key.pub", release / "2026.pub")
    assert signing.install_keys(release, installed) == [old]
    shutil.copy(tmp_path / "new.key.pub", release / "2026.pub")
    with pytest.raises(signing.SignatureError) as exc:
        signing.install_keys(release, installed)
    line = str(exc.value)
    assert f"key {new} would replace the trusted key {old}" in line and "Rotation" in line and "\n" not in line
    assert list(signing.public_keys(installed)) == [old]
    # as systemd/install.sh calls it: its one line on stderr and a failure, no traceback
    script = (REPO / "systemd" / "install.sh").read_text()
    code = re.search(r"python3\" -c '([^']*install_keys[^']*)'", script).group(1)
    proc = subprocess.run([sys.executable, "-c", code, str(release), str(installed)], capture_output=True,
                          text=True, cwd=REPO)
    assert proc.returncode == 1 and proc.stderr.strip() == line and "Traceback" not in proc.stderr
    assert list(signing.public_keys(installed)) == [old]
    # the release revokes the old key: the new one takes its file
    (release / "revoked").write_text(f"{old}  # stolen\n")
    assert signing.install_keys(release, installed) == [new]
    assert list(signing.public_keys(installed)) == [new]
