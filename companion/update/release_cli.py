"""`companion release keygen|make|sign|verify`: the maintainer's side of signed releases
(docs/UPDATES.md). The secret key is kept outside the repository (a file given with --key; the
release workflow writes it from the repository's secrets); only public keys are committed, in
systemd/release-keys/.

  keygen --out FILE        a new key pair: FILE (secret, 0600) and FILE.pub
  make [--source DIR] [--out DIR] [--key FILE]
                           maunz-companion-<version>.tar.gz of the source tree (git's files when
                           it is a checkout, with a COMMIT file), reproducible (sorted, owner 0,
                           one mtime); signed at once with --key
  sign FILE --key KEY [--version V]
                           write FILE.sig (the version read from an archive's pyproject.toml; an
                           image, IMAGE.img.xz, is signed the same way with --version)
  (make --key and sign refuse, before anything is made, a key whose public half is not among the
  committed keys, --committed DIR, default the source's systemd/release-keys: every companion
  would refuse what it signs)
  verify ARCHIVE [--keys DIR]
                           check it as `companion update` does; exit 1 with one line if bad
"""
from __future__ import annotations

import gzip
import io
import os
import re
import subprocess
import sys
import tarfile
import time
from pathlib import Path

from companion.cliargs import OneLineParser
from companion.update import signing

SOURCE = Path(__file__).resolve().parents[2]
SKIP = {".venv", ".git", "node_modules", "__pycache__", ".pytest_cache", ".hypothesis", "build", "dist"}


def _git(source: Path, *args: str) -> str | None:
    try:
        proc = subprocess.run(["git", "-C", str(source), *args], capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return proc.stdout if proc.returncode == 0 else None


def version_of(pyproject_text: str, shown: str) -> str:
    m = re.search(r'^version\s*=\s*"([^"]+)"', pyproject_text, re.M)
    if not m:
        raise signing.SignatureError(f"{shown}: no version = \"...\" line: is it the companion's pyproject.toml?")
    return m.group(1)


def source_files(source: Path) -> list[str]:
    """The files of a release: git's (tracked, as they are in the tree) or, without git, the tree
    less the venv, caches and build output."""
    listed = _git(source, "ls-files", "-z")
    if listed is not None:
        return sorted(p for p in listed.split("\0") if p and (source / p).is_file())
    out = []
    for root, dirs, files in os.walk(source):
        dirs[:] = sorted(d for d in dirs if d not in SKIP and not d.endswith(".egg-info"))
        out += [os.path.relpath(os.path.join(root, f), source) for f in files]
    return sorted(out)


def make(source: Path, out_dir: Path) -> tuple[Path, str]:
    source = Path(source).resolve()
    pyproject = source / "pyproject.toml"
    if not pyproject.is_file():
        raise signing.SignatureError(f"{source}: no pyproject.toml: give the companion's source tree (--source)")
    version = version_of(pyproject.read_text(), str(pyproject))
    commit = (_git(source, "rev-parse", "HEAD") or "").strip()
    if not commit and (source / "COMMIT").is_file():
        commit = (source / "COMMIT").read_text().split()[0]
    mtime = int(os.environ.get("SOURCE_DATE_EPOCH") or (_git(source, "log", "-1", "--format=%ct") or "").strip()
                or time.time())
    top = f"maunz-companion-{version}"
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    archive = out_dir / f"{top}.tar.gz"

    def entry(name: str, size: int, mode: int) -> tarfile.TarInfo:
        info = tarfile.TarInfo(f"{top}/{name}")
        info.size, info.mode, info.mtime = size, mode, mtime
        info.uid = info.gid = 0
        info.uname = info.gname = ""
        return info

    tmp = archive.with_suffix(".part")
    with open(tmp, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=mtime, filename="") as gz, \
            tarfile.open(fileobj=gz, mode="w", format=tarfile.PAX_FORMAT) as tar:
        for name in source_files(source):
            if name == "COMMIT":
                continue
            path = source / name
            if path.is_symlink():
                continue  # a release is plain files (install.sh makes its own links)
            with open(path, "rb") as f:
                tar.addfile(entry(name, path.stat().st_size, 0o755 if os.access(path, os.X_OK) else 0o644), f)
        if commit:
            data = (commit + "\n").encode()
            tar.addfile(entry("COMMIT", len(data), 0o644), io.BytesIO(data))
    os.replace(tmp, archive)
    return archive, version


def archive_version(archive: Path) -> str:
    """The version in an archive's pyproject.toml (the maintainer's archive: read before signing)."""
    try:
        with tarfile.open(archive) as tar:
            for member in tar:
                if member.isfile() and member.name.count("/") <= 1 and member.name.endswith("pyproject.toml"):
                    return version_of(tar.extractfile(member).read().decode(), f"{archive}:{member.name}")
    except (tarfile.TarError, OSError) as exc:
        raise signing.SignatureError(f"{archive}: not a readable .tar.gz ({exc})") from None
    raise signing.SignatureError(f"{archive}: no pyproject.toml at its top: make it with `companion release make`")


def main(argv: list[str]) -> int:
    p = OneLineParser(prog="companion release", description="make, sign and verify release archives (maintainers)")
    sub = p.add_subparsers(dest="what", required=True)
    k = sub.add_parser("keygen", help="a new release key pair")
    k.add_argument("--out", required=True, metavar="FILE", help="the secret key (kept outside the repository); FILE.pub beside it")
    m = sub.add_parser("make", help="the release archive of a source tree")
    m.add_argument("--source", default=str(SOURCE), metavar="DIR", help="the source tree (default: this checkout)")
    m.add_argument("--out", default="dist", metavar="DIR", help="where the archive goes (default dist)")
    m.add_argument("--key", metavar="FILE", help="sign it with this secret key")
    m.add_argument("--committed", metavar="DIR", help="the committed public keys --key must be among"
                   " (default: the source's systemd/release-keys)")
    s = sub.add_parser("sign", help="write ARCHIVE.sig")
    s.add_argument("archive", metavar="ARCHIVE")
    s.add_argument("--key", required=True, metavar="FILE", help="the secret key")
    s.add_argument("--committed", default=str(SOURCE / "systemd" / "release-keys"), metavar="DIR",
                   help="the committed public keys --key must be among (default: this checkout's systemd/release-keys)")
    s.add_argument("--version", help="the version it is of (read from ARCHIVE's pyproject.toml when not given: give it"
                   " for an image)")
    v = sub.add_parser("verify", help="check an archive as `companion update` does")
    v.add_argument("archive", metavar="ARCHIVE")
    v.add_argument("--keys", default=str(signing.DEFAULT_KEYS), metavar="DIR",
                   help=f"the trusted public keys (default {signing.DEFAULT_KEYS})")
    args = p.parse_args(argv)
    try:
        if args.what == "keygen":
            if Path(args.out).exists():
                raise signing.SignatureError(f"{args.out}: exists already; a key is never overwritten (give another --out)")
            pub, kid = signing.generate(Path(args.out))
            print(f"key {kid}: secret {args.out} (keep it outside the repository), public {pub}"
                  " (commit it to systemd/release-keys/)")
        elif args.what == "make":
            if args.key:  # before the archive: a key no companion trusts must not even start a release
                signing.check_committed(Path(args.key), Path(args.committed or Path(args.source) / "systemd" / "release-keys"))
            archive, version = make(Path(args.source), Path(args.out))
            print(f"made {archive} (version {version})")
            if args.key:
                print(f"signed: {signing.sign(archive, Path(args.key), version)}")
        elif args.what == "sign":
            archive = Path(args.archive)
            signing.check_committed(Path(args.key), Path(args.committed))
            print(f"signed: {signing.sign(archive, Path(args.key), args.version or archive_version(archive))}")
        else:
            ok = signing.verify(Path(args.archive), Path(args.keys))
            print(f"{args.archive}: good signature by key {ok.key}; version {ok.version}, {ok.size} bytes,"
                  f" SHA-256 {ok.sha256}")
    except signing.SignatureError as exc:
        print(f"companion release: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"companion release: {exc.filename}: {exc.strerror}", file=sys.stderr)
        return 1
    return 0
