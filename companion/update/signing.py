"""Signed releases: an archive (`maunz-companion-<version>.tar.gz`) and beside it a detached
Ed25519 signature (`<archive>.sig`) over the archive's SHA-256, its size and its version.

The install carries the project's public keys in /etc/maunz-companion/release-keys/ (one
`<name>.pub` each: install.sh copies systemd/release-keys/ there); the secret key stays with the
maintainer, never in the repository. An update checks the signature against the bytes it will
unpack (a private copy: the file it was given can change under it) before anything of the
archive is read, so an unsigned, tampered or wrongly-signed archive never runs a line.

Files (text, one line each):
  key.pub   maunz-companion-release-key ed25519 <base64 of the 32-byte public key>
  key       maunz-companion-release-secret ed25519 <base64 of the 32-byte seed>     (0600)
  X.sig     JSON {format, file, version, size, sha256, key (the key's id), signature (base64)}
The key's id is the first 16 hex digits of the SHA-256 of the public key.
"""
from __future__ import annotations

import base64
import errno
import hashlib
import json
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

DEFAULT_KEYS = Path("/etc/maunz-companion/release-keys")
FORMAT = "maunz-companion-release-1"
PUB_TAG, SECRET_TAG = "maunz-companion-release-key ed25519", "maunz-companion-release-secret ed25519"
CHUNK = 1 << 20


#: why every update is refused where no key is installed (an image made before the project had
#: its key): the CLI's line after the file's name, and the whole line on the OLED and the page
NO_KEY = ("no release key installed: no update can be checked, so none installs; a card written with a"
          " newer image has the key (docs/UPDATES.md)")


class SignatureError(RuntimeError):
    """One line: the file, what is wrong with it, what to do; `kind` names the reason for the
    family's words (companion/update/offer.py, Status.outcome): unsigned, signature, damaged,
    no_key, no_space, or "" (the line alone says it: the log)."""

    def __init__(self, line: str = "", kind: str = "") -> None:
        super().__init__(line)
        self.kind = kind


@dataclass(frozen=True)
class Signed:
    """What a good signature vouches for."""
    file: str
    version: str
    size: int
    sha256: str
    key: str


def key_id(public: bytes) -> str:
    return hashlib.sha256(public).hexdigest()[:16]


def statement(sha256: str, size: int, version: str) -> bytes:
    """The bytes signed: the archive's digest, size and version, and what they are of."""
    return f"{FORMAT}\nsha256 {sha256}\nsize {size}\nversion {version}\n".encode()


def _b64(text: str, what: Path, n: int) -> bytes:
    try:
        raw = base64.b64decode(text, validate=True)
    except ValueError:
        raw = b""
    if len(raw) != n:
        raise SignatureError(f"{what}: not a release key file (expected base64 of {n} bytes)")
    return raw


# ---------------------------------------------------------------------- keys
def generate(secret_path: Path) -> tuple[Path, str]:
    """A new key pair: the secret at `secret_path` (0600, never overwritten), the public key
    beside it as `<secret_path>.pub`. Returns the public file and the key's id."""
    from nacl.signing import SigningKey

    secret_path = Path(secret_path)
    key = SigningKey.generate()
    fd = os.open(secret_path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as f:
        f.write(f"{SECRET_TAG} {base64.b64encode(bytes(key)).decode()}\n")
    public = bytes(key.verify_key)
    pub_path = secret_path.with_name(secret_path.name + ".pub")
    pub_path.write_text(f"{PUB_TAG} {base64.b64encode(public).decode()}\n")
    return pub_path, key_id(public)


def _read_tagged(path: Path, tag: str) -> bytes:
    try:
        text = Path(path).read_text().strip()
    except (OSError, UnicodeDecodeError) as exc:
        raise SignatureError(f"{path}: cannot read the key ({getattr(exc, 'strerror', None) or exc})") from None
    if not text.startswith(tag + " "):
        raise SignatureError(f"{path}: not a release key file (it does not start with '{tag}')")
    return _b64(text[len(tag) + 1:].strip(), path, 32)


def load_secret(path: Path):
    from nacl.signing import SigningKey

    return SigningKey(_read_tagged(path, SECRET_TAG))


def public_keys(keys_dir: Path) -> dict[str, bytes]:
    """The trusted keys, by id: every *.pub in `keys_dir` (one that cannot be read is an error:
    a key file someone broke should be noticed, not skipped)."""
    keys_dir = Path(keys_dir)
    found = sorted(keys_dir.glob("*.pub")) if keys_dir.is_dir() else []
    keys = {}
    for path in found:
        public = _read_tagged(path, PUB_TAG)
        keys[key_id(public)] = public
    return keys


def revoked_ids(keys_dir: Path) -> set[str]:
    """The key ids listed in `keys_dir`/revoked (a line each, # comments)."""
    path = Path(keys_dir) / "revoked"
    if not path.exists():
        return set()
    return {line.split("#")[0].strip() for line in path.read_text().splitlines()} - {""}


def check_committed(secret_path: Path, keys_dir: Path) -> str:
    """The id of the secret key at `secret_path` when its public half is one of the committed
    keys in `keys_dir` (the repository's systemd/release-keys, which every install trusts) and
    not revoked there; else SignatureError: a release signed with it would be refused by every
    companion, so it must never be published."""
    kid = key_id(bytes(load_secret(secret_path).verify_key))
    committed = public_keys(keys_dir)
    if kid in committed and kid not in revoked_ids(keys_dir):
        return kid
    why = f"is revoked in {keys_dir}" if kid in committed else (f"is not among the committed keys in {keys_dir}"
                                                              f" ({', '.join(sorted(committed)) or 'none yet'})")
    raise SignatureError(f"{secret_path}: its key {kid} {why}, so no companion would trust a release signed with it:"
                         " commit its .pub there first (docs/UPDATES.md, \"The first release\")")


# ---------------------------------------------------------------------- archives
def digest(path: Path, copy_to: Path | None = None) -> tuple[str, int]:
    """SHA-256 and size of `path`, read once; with `copy_to`, the bytes read are written there
    too, so what is checked is exactly what is used afterwards."""
    h, size = hashlib.sha256(), 0
    with open(path, "rb") as src:
        out = open(copy_to, "wb") if copy_to else None
        try:
            while chunk := src.read(CHUNK):
                h.update(chunk)
                size += len(chunk)
                if out:
                    out.write(chunk)
        finally:
            if out:
                out.close()
    return h.hexdigest(), size


def sign(archive: Path, secret_path: Path, version: str) -> Path:
    """Write `<archive>.sig`."""
    archive = Path(archive)
    key = load_secret(secret_path)
    sha, size = digest(archive)
    signature = key.sign(statement(sha, size, version)).signature
    sig = {"format": FORMAT, "file": archive.name, "version": version, "size": size, "sha256": sha,
           "key": key_id(bytes(key.verify_key)), "signature": base64.b64encode(signature).decode()}
    out = signature_path(archive)
    out.write_text(json.dumps(sig, indent=1) + "\n")
    return out


def signature_path(archive: Path) -> Path:
    return Path(archive).with_name(Path(archive).name + ".sig")


def read_signature(archive: Path, sig_path: Path | None = None) -> dict:
    """The signature file's fields, checked for form (not yet for truth)."""
    archive = Path(archive)
    sig_path = Path(sig_path) if sig_path else signature_path(archive)
    if not sig_path.exists():
        raise SignatureError(f"{archive}: unsigned (no {sig_path.name} beside it): only a signed release"
                             " installs; take both files from the project's release", "unsigned")
    try:
        sig = json.loads(sig_path.read_text())
        ok = (isinstance(sig, dict) and sig.get("format") == FORMAT and isinstance(sig.get("size"), int)
              and all(isinstance(sig.get(k), str) for k in ("version", "sha256", "key", "signature")))
    except (OSError, ValueError, UnicodeDecodeError):
        ok = False
    if not ok:
        raise SignatureError(f"{archive}: {sig_path.name} is not a release signature ({FORMAT}); take both"
                             " files from the project's release", "signature")
    return sig


def verify(archive: Path, keys_dir: Path = DEFAULT_KEYS, sig_path: Path | None = None,
           copy_to: Path | None = None) -> Signed:
    """Check `archive` against its signature and the trusted keys; raise SignatureError with
    one line naming the file and the reason. With `copy_to`, the checked bytes are copied there
    (use the copy afterwards, never the original)."""
    from nacl.exceptions import BadSignatureError
    from nacl.signing import VerifyKey

    archive = Path(archive)
    sig = read_signature(archive, sig_path)
    keys = public_keys(keys_dir)
    if not keys:
        raise SignatureError(f"{archive}: {NO_KEY} (none in {keys_dir})", "no_key")
    public = keys.get(sig["key"])
    if public is None:
        raise SignatureError(f"{archive}: signed by key {sig['key']}, which is not one of the release keys in"
                             f" {keys_dir} ({', '.join(sorted(keys))}): not a release of this project, or one"
                             " signed with a key this install does not know yet", "signature")
    try:
        raw = base64.b64decode(sig["signature"], validate=True)
        VerifyKey(public).verify(statement(sig["sha256"], sig["size"], sig["version"]), raw)
    except (ValueError, BadSignatureError):
        raise SignatureError(f"{archive}: the signature does not match key {sig['key']} (the .sig was"
                             " altered or made with another key): take both files from the project's release",
                             "signature") from None
    try:
        sha, size = digest(archive, copy_to)
    except OSError as exc:
        raise SignatureError(f"{archive}: cannot read it ({exc.strerror or exc})",
                             "no_space" if exc.errno in (errno.ENOSPC, errno.EDQUOT) else "") from None
    if (sha, size) != (sig["sha256"], sig["size"]):
        if copy_to:
            Path(copy_to).unlink(missing_ok=True)
        raise SignatureError(f"{archive}: tampered or damaged: its SHA-256 is {sha[:16]}..., {size} bytes; the"
                             f" signature is for {sig['sha256'][:16]}..., {sig['size']} bytes: download it again",
                             "damaged")
    return Signed(archive.name, sig["version"], size, sha, sig["key"])


def install_keys(source_dir: Path, keys_dir: Path) -> list[str]:
    """Copy the *.pub of a (verified) release into the install's key directory; a key once
    trusted stays until a release removes it by name in `revoked` (a line per key id).

    A release never swaps a trusted key silently: a *.pub of the same file name as an installed
    one but with another key is refused (SignatureError, one line, nothing changed) unless the
    installed key is listed in the release's `revoked` (docs/UPDATES.md, Rotation: a new key
    comes in a file of its own name). The release was checked against the trusted keys before
    this runs, so its `revoked` is the project's word."""
    keys_dir = Path(keys_dir)
    gone = revoked_ids(source_dir)
    wanted = []
    for path in sorted(Path(source_dir).glob("*.pub")):
        public = _read_tagged(path, PUB_TAG)
        dest = keys_dir / path.name
        if key_id(public) in gone or (dest.exists() and dest.read_bytes() == path.read_bytes()):
            continue
        if dest.exists():
            old = key_id(_read_tagged(dest, PUB_TAG))
            if old != key_id(public) and old not in gone:
                raise SignatureError(
                    f"{path}: key {key_id(public)} would replace the trusted key {old} in {dest}, which this"
                    f" release does not revoke: refused; a new key comes in a .pub of its own name, and"
                    f" {old} goes only by its id in {Path(source_dir) / 'revoked'} (docs/UPDATES.md, Rotation)")
        wanted.append((path, dest, key_id(public)))
    keys_dir.mkdir(parents=True, exist_ok=True)
    added = []
    for path, dest, kid in wanted:
        shutil.copyfile(path, dest)
        added.append(kid)
    if gone:
        for path in sorted(keys_dir.glob("*.pub")):
            if key_id(_read_tagged(path, PUB_TAG)) in gone:
                path.unlink()
    return added
