#!/bin/sh
# Install the maunz. companion as a systemd service (run as root from the project checkout:
# sudo sh systemd/install.sh). Idempotent: run it again after an update.
#
# Works on Raspberry Pi OS (bookworm, 64- and 32-bit) and on plain Debian (any board, any
# architecture). The native packages are only needed on ARM, where the `pi` extra adds lgpio and
# spidev: spidev is a source package everywhere (python3-dev and gcc build it); lgpio comes as a
# self-contained wheel for CPython 3.9-3.12, and only where no wheel fits (e.g. Python 3.13) is it
# built against liblgpio-dev, which exists only in Raspberry Pi OS's own repository.
#
#   sh systemd/install.sh --plan   print what would be installed on this system and change nothing
#   sh systemd/install.sh --stage  install this checkout as a release beside the running one and
#                                  stop there (`companion update` switches to it and checks it)
#   sh systemd/install.sh --image  install into a root that is not running (the SD-card image:
#                                  companion image build): the unit enabled, nothing started
#   sh systemd/install.sh --voice  also install the voice's packages (espeak-ng, alsa-utils) even
#                                  before the config switches the voice on ([voice] enabled = true:
#                                  then they are installed anyway; with the voice off, none is)
#
# Every failure is one line on stderr, "install.sh: <what is missing>: <the fix>", exit status 1
# (2 for wrong usage). pip honours PIP_INDEX_URL / PIP_FIND_LINKS / PIP_NO_INDEX, so an offline
# install can come from a wheelhouse (see systemd/INSTALL.md).
set -eu
SRC=$(cd "$(dirname "$0")/.." && pwd)
PREFIX=/opt/maunz-companion
CONF=${MAUNZ_COMPANION_CONF:-/etc/maunz-companion}  # (another directory: tests of --plan)
# The first lgpio with self-contained wheels; PyPI also holds an empty 0.0.0.2 placeholder that a
# resolver finding no compatible wheel would otherwise fall back to.
LGPIO='lgpio>=0.2.2.0'

die() { echo "install.sh: $*" >&2; exit 1; }

PLAN=no
VOICE=no
STAGE=no
IMAGE=no
for arg in "$@"; do
    case "$arg" in
    --plan) PLAN=yes ;;
    --stage) STAGE=yes ;;
    --image) IMAGE=yes ;;
    --voice) VOICE=yes ;;
    *) echo "install.sh: unknown argument '$arg': run it without arguments, or with --plan, --stage, --image and/or --voice" >&2; exit 2 ;;
    esac
done
if [ "$PLAN" = no ]; then
    [ "$(id -u)" = 0 ] || { echo "install.sh: run as root (sudo sh systemd/install.sh)" >&2; exit 2; }
    # Fresh package lists, so that the checks below see what can really be installed.
    command -v apt-get >/dev/null 2>&1 && { apt-get update -q || die "apt-get update failed: check the network and /etc/apt/sources.list*"; }
fi

# ---------------------------------------------------------------- facts about this system
command -v apt-get >/dev/null 2>&1 && command -v apt-cache >/dev/null 2>&1 ||
    die "no apt-get: this script installs on Debian or Raspberry Pi OS; elsewhere follow systemd/INSTALL.md by hand"
command -v python3 >/dev/null 2>&1 ||
    die "no python3: apt-get install python3 (Debian bookworm or later has 3.11)"
# platform.machine() is what the pi extra's markers test (a 32-bit userland on a 64-bit kernel
# still says aarch64 here; pip then picks the armv7l wheels).
set -- $(python3 -c 'import platform, sys; print(platform.machine(), "%d.%d" % sys.version_info[:2])')
MACHINE=$1 PYVER=$2
case "$PYVER" in
3.[0-9]|3.10) die "Python $PYVER is too old: the companion needs 3.11 or later (Raspberry Pi OS or Debian bookworm or later)" ;;
esac

# apt_has PACKAGE: the package can be installed from the configured apt sources.
apt_has() {
    apt-cache policy "$1" 2>/dev/null | awk '/Candidate:/ { ok = ($2 != "(none)") } END { exit !ok }'
}

PACKAGES="python3-venv"
# The compiler and Python's headers: pip builds the compiled game kernels with them on every
# machine (setup.py's optional extensions, issue 37). Where apt has no compiler the install goes
# on: the pure-Python kernels run, much slower, as this line and the service's log say.
COMPILER="python3-dev gcc libc6-dev"
KERNELS=compiled
NATIVE=no
case "$MACHINE" in
aarch64|armv7l)
    NATIVE=yes
    # spidev has no wheel: it is compiled against the Python headers, so here they are required.
    PACKAGES="$PACKAGES $COMPILER"
    # lgpio's sdist builds against the C library (only when no wheel fits this Python).
    if apt_has liblgpio-dev; then PACKAGES="$PACKAGES liblgpio-dev swig"; LIBLGPIO=yes; else LIBLGPIO=no; fi
    ;;
*)
    for p in $COMPILER; do apt_has "$p" || dpkg -s "$p" >/dev/null 2>&1 || KERNELS=pure; done
    if [ "$KERNELS" = compiled ]; then
        PACKAGES="$PACKAGES $COMPILER"
    else
        echo "install.sh: apt offers no C compiler ($COMPILER): the games' pure-Python kernels will run (much slower); install them and run this again for the compiled ones" >&2
    fi
    ;;
esac
# The voice: espeak-ng renders the phrases, aplay (alsa-utils) plays them; installed when the
# config switches it on ([voice] enabled = true) or --voice asks. With the voice off none is needed.
if [ "$VOICE" = no ] && [ -f "$CONF/companion.toml" ] && awk '
    /^[[:space:]]*\[/ { voice = ($0 ~ /^[[:space:]]*\[voice\][[:space:]]*(#.*)?$/) }
    voice && /^[[:space:]]*enabled[[:space:]]*=[[:space:]]*true[[:space:]]*(#.*)?$/ { on = 1 }
    END { exit !on }' "$CONF/companion.toml"; then
    VOICE=yes
fi
[ "$VOICE" = no ] || PACKAGES="$PACKAGES espeak-ng alsa-utils"
for p in $PACKAGES; do
    apt_has "$p" || dpkg -s "$p" >/dev/null 2>&1 ||
        die "Debian package $p is not available from the apt sources: run apt-get update (and enable the 'main' component), then run this again"
done

if [ "$PLAN" = yes ]; then
    echo "machine: $MACHINE  python: $PYVER"
    echo "apt: $PACKAGES"
    echo "voice: $VOICE"
    echo "kernels: $KERNELS"
    if [ "$NATIVE" = yes ]; then
        echo "pip: $PREFIX[pi] $LGPIO (lgpio from a wheel if one fits Python $PYVER, else built against liblgpio-dev: $LIBLGPIO)"
    else
        echo "pip: $PREFIX[pi] (no native packages on $MACHINE)"
    fi
    exit 0
fi

# ---------------------------------------------------------------- system packages and buses
# Buses used by the hardware (see wiring/pins.toml): I2C (OLED, PN532/MCP23017), SPI (LEDs),
# the UART (PN532 in HSU mode) without the serial console.
if command -v raspi-config >/dev/null 2>&1; then
    raspi-config nonint do_i2c 0
    raspi-config nonint do_spi 0
    raspi-config nonint do_serial_hw 0
    raspi-config nonint do_serial_cons 1
fi

# shellcheck disable=SC2086  # PACKAGES is a list of words
DEBIAN_FRONTEND=noninteractive apt-get install -y -q $PACKAGES ||
    die "apt-get could not install $PACKAGES: see apt's message above (apt-get update first?)"

getent group gpio >/dev/null || groupadd --system gpio
for g in i2c spi dialout audio; do getent group "$g" >/dev/null || groupadd --system "$g"; done
id companion >/dev/null 2>&1 || useradd --system --home-dir /var/lib/maunz-companion --no-create-home \
    --shell /usr/sbin/nologin --user-group companion
usermod -a -G gpio,i2c,spi,dialout,audio companion  # audio: the voice's ALSA device

# ---------------------------------------------------------------- the code: a release with its own venv
# Each version goes into releases/<version>-<commit> beside the others; `current` names the one
# the unit starts (ExecStart goes through it), and `.venv` is `current/.venv` for commands typed
# by hand. A venv cannot be moved, so a release is built where it stays and counts only once
# its `.installed` stamp is written: a release cut short by a power loss is rebuilt, never used.
VERSION=$(sed -n 's/^version *= *"\(.*\)"/\1/p' "$SRC/pyproject.toml" | head -n 1)
[ -n "$VERSION" ] || die "no version in $SRC/pyproject.toml: is $SRC a maunz. companion source tree?"
COMMIT=$(git -C "$SRC" rev-parse HEAD 2>/dev/null || sed -n 1p "$SRC/COMMIT" 2>/dev/null || true)
if [ -n "$COMMIT" ]; then NAME="$VERSION-$(echo "$COMMIT" | cut -c1-12)"; else NAME="$VERSION-$(date -u +%Y%m%dT%H%M%S)"; fi
REL="$PREFIX/releases/$NAME"
mkdir -p "$PREFIX/releases" "$CONF"
if [ -f "$REL/.installed" ]; then
    echo "release $NAME is installed already"
else
    rm -rf "$REL"
    mkdir -p "$REL"
    # The checkout's own venv, git data and Node modules stay behind.
    (cd "$SRC" && tar -c --exclude=./.venv --exclude=./.git --exclude=node_modules --exclude=__pycache__ .) |
        (cd "$REL" && tar -x --no-same-owner)
    python3 -m venv "$REL/.venv" || die "python3 -m venv failed: apt-get install python3-venv"
    PIP="$REL/.venv/bin/pip"
    "$PIP" install -q --upgrade pip || die "pip could not upgrade itself: is PyPI reachable (or PIP_FIND_LINKS set)?"
    if [ "$NATIVE" = yes ]; then
        # Ask the index (PyPI, and piwheels where pip.conf names it) for a wheel of this Python.
        WHEELS=$(mktemp -d)
        if "$PIP" download -q --no-deps --only-binary=:all: --dest "$WHEELS" "$LGPIO" >"$WHEELS/log" 2>&1; then
            LGPIO_FROM=--only-binary=lgpio
        elif ! grep -q "No matching distribution" "$WHEELS/log"; then
            rm -rf "$WHEELS"
            die "pip could not ask the package index for lgpio: is PyPI reachable (or PIP_FIND_LINKS set)?"
        elif [ "$LIBLGPIO" = yes ]; then
            LGPIO_FROM=--no-binary=lgpio
        else
            rm -rf "$WHEELS"
            die "no lgpio wheel for Python $PYVER on $MACHINE, and liblgpio-dev (to build one) exists only in Raspberry Pi OS's repository: use Raspberry Pi OS, or a Python with a wheel (3.9-3.12)"
        fi
        rm -rf "$WHEELS"
        "$PIP" install "$LGPIO_FROM" "$REL[pi]" "$LGPIO" ||
            die "pip could not install $REL[pi] (see its message above; spidev needs python3-dev and gcc)"
    else
        "$PIP" install "$REL[pi]" || die "pip could not install $REL[pi] (see its message above)"
    fi
    printf '{"name": "%s", "version": "%s", "commit": "%s"}\n' "$NAME" "$VERSION" "${COMMIT:-unknown}" >"$REL/release.json"
    sync
    touch "$REL/.installed"
    sync
fi
# The public keys updates are checked with (docs/UPDATES.md): this release's own list, added to
# the ones trusted already, less the ones it revokes. A release is verified before it is staged.
# A key file of the same name with another key is refused (its one line, no traceback).
"$REL/.venv/bin/python3" -c 'import sys; from companion.update.signing import SignatureError, install_keys
try: install_keys(sys.argv[1], sys.argv[2])
except SignatureError as exc: sys.exit(str(exc))' \
    "$SRC/systemd/release-keys" "$CONF/release-keys" || die "could not install the release keys into $CONF/release-keys"
if [ "$STAGE" = yes ]; then
    echo "staged: $NAME"
    exit 0
fi
# The switch is one rename of a symlink: a power loss leaves the old name or the new one.
OLD=$(readlink "$PREFIX/current" 2>/dev/null || true)
if [ -n "$OLD" ] && [ "$OLD" != "releases/$NAME" ]; then
    ln -sfn "$OLD" "$PREFIX/.previous.new"
    mv -Tf "$PREFIX/.previous.new" "$PREFIX/previous"
fi
ln -sfn "releases/$NAME" "$PREFIX/.current.new"
mv -Tf "$PREFIX/.current.new" "$PREFIX/current"
# An install of the layout before releases (the code and .venv straight in $PREFIX) is cleared.
if [ -d "$PREFIX/.venv" ] && [ ! -L "$PREFIX/.venv" ]; then
    find "$PREFIX" -mindepth 1 -maxdepth 1 ! -name releases ! -name current ! -name previous -exec rm -rf {} +
fi
ln -sfn current/.venv "$PREFIX/.venv"
# Keep the release now current and the one before it (a way back); older ones go.
PREV=$(readlink "$PREFIX/previous" 2>/dev/null || true)
for old in "$PREFIX"/releases/*; do
    [ -d "$old" ] || continue
    case "releases/${old##*/}" in "releases/$NAME"|"$PREV") ;; *) rm -rf "$old" ;; esac
done
sync

# ---------------------------------------------------------------- configuration and unit
[ -f "$CONF/companion.toml" ] || cp "$SRC/systemd/companion.toml.example" "$CONF/companion.toml"
# readable by the service's user, not by every local user (a broker's password may be in it)
chown root:companion "$CONF/companion.toml"
chmod 0640 "$CONF/companion.toml"
install -m 0644 "$SRC/systemd/companion.service" /etc/systemd/system/companion.service
# updates a family starts (docs/UPDATES.md): the OK from the OLED or the page starts the install
# as root; a USB stick is looked at for a signed release when it is plugged in
for u in companion-update.path companion-update.service companion-update-usb@.service \
         companion-update-upload.path companion-update-upload.service; do
    install -m 0644 "$SRC/systemd/$u" "/etc/systemd/system/$u"
done
mkdir -p /var/lib/maunz-companion-update
chmod 0755 /var/lib/maunz-companion-update
# a Pico plugged in with BOOTSEL held: its drive mounted for the service to flash it
mkdir -p /etc/udev/rules.d
install -m 0644 "$SRC/systemd/60-maunz-pico-bootsel.rules" /etc/udev/rules.d/60-maunz-pico-bootsel.rules
install -m 0644 "$SRC/systemd/61-maunz-update-usb.rules" /etc/udev/rules.d/61-maunz-update-usb.rules
if [ "$IMAGE" = yes ]; then
    # no systemd runs in the image's root while it is made: enable by the files alone
    systemctl --root=/ enable companion.service companion-update.path companion-update-upload.path
    echo "installed into the image; it starts at the image's first boot"
    exit 0
fi
systemctl daemon-reload
systemctl enable companion.service
systemctl enable --now companion-update.path companion-update-upload.path
systemctl restart companion.service ||
    die "installed, but the service did not start: journalctl -u companion -n 20 says why (check the config with the command in systemd/INSTALL.md)"
echo "installed; status: systemctl status companion; log: journalctl -u companion -f"
