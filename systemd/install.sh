#!/bin/sh
# Install the maunz. companion as a systemd service on Raspberry Pi OS (run as root from the
# project checkout: sudo sh systemd/install.sh). Idempotent: run it again after an update.
set -eu
SRC=$(cd "$(dirname "$0")/.." && pwd)
PREFIX=/opt/maunz-companion
CONF=/etc/maunz-companion

[ "$(id -u)" = 0 ] || { echo "install.sh: run as root (sudo sh systemd/install.sh)" >&2; exit 2; }

# Buses used by the hardware (see wiring/pins.toml): I2C (OLED, PN532/MCP23017), SPI (LEDs),
# the UART (PN532 in HSU mode) without the serial console.
if command -v raspi-config >/dev/null 2>&1; then
    raspi-config nonint do_i2c 0
    raspi-config nonint do_spi 0
    raspi-config nonint do_serial_hw 0
    raspi-config nonint do_serial_cons 1
fi

apt-get install -y python3-venv python3-dev swig liblgpio-dev

getent group gpio >/dev/null || groupadd --system gpio
for g in i2c spi dialout; do getent group "$g" >/dev/null || groupadd --system "$g"; done
id companion >/dev/null 2>&1 || useradd --system --home-dir /var/lib/maunz-companion --no-create-home \
    --shell /usr/sbin/nologin --user-group companion
usermod -a -G gpio,i2c,spi,dialout companion

mkdir -p "$PREFIX" "$CONF"
cp -a "$SRC"/. "$PREFIX"/
python3 -m venv "$PREFIX/.venv"
"$PREFIX/.venv/bin/pip" install --upgrade pip
"$PREFIX/.venv/bin/pip" install "$PREFIX[pi]"

[ -f "$CONF/companion.toml" ] || cp "$SRC/systemd/companion.toml.example" "$CONF/companion.toml"
chmod 0644 "$CONF/companion.toml"
install -m 0644 "$SRC/systemd/companion.service" /etc/systemd/system/companion.service
systemctl daemon-reload
systemctl enable companion.service
systemctl restart companion.service
echo "installed; status: systemctl status companion; log: journalctl -u companion -f"
