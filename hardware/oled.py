"""128x64 OLED (SSD1306 or SH1106) over I2C through luma.oled."""
from __future__ import annotations

from hardware.interfaces import DISPLAY_SIZE, Display, HardwareError

CONTROLLERS = ("ssd1306", "sh1106")


class LumaDisplay(Display):
    """Any luma device (real controller, or luma's ``dummy`` for the fake)."""

    def __init__(self, device, name: str = "OLED") -> None:
        self.device = device
        self.name = name
        self._closed = False

    def show(self, image) -> None:
        if self._closed:
            return
        if image.size != DISPLAY_SIZE:
            raise ValueError(f"{self.name}: image must be {DISPLAY_SIZE}, got {image.size}")
        if image.mode != self.device.mode:
            image = image.convert(self.device.mode)
        try:
            self.device.display(image)
        except OSError as e:
            raise HardwareError(f"{self.name}: write failed: {e}") from None
        except Exception as e:
            if type(e).__module__.startswith("luma"):
                raise HardwareError(f"{self.name}: {e}") from None
            raise

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        try:
            self.device.clear()
            self.device.cleanup()
        except Exception:
            pass  # the display may already be gone; closing must not fail


def make_oled(controller: str = "ssd1306", i2c_bus: int = 1, address: int = 0x3C, *,
              rotate: int = 0, bus=None) -> LumaDisplay:
    """Open the OLED. ``bus`` is an already-open smbus-like object (tests pass a fake)."""
    if controller not in CONTROLLERS:
        raise HardwareError(f"display controller {controller!r} unknown; use one of "
                            f"{', '.join(CONTROLLERS)}")
    try:
        import luma.core.error as lerr
        from luma.core.interface.serial import i2c
        from luma.oled import device as oled_devices
    except ImportError:
        raise HardwareError("display: luma.oled is not installed; pip install luma.oled "
                            "(the 'hw' extra)") from None
    path = f"/dev/i2c-{i2c_bus}"
    name = f"{controller} OLED at {address:#04x} on {path}"
    try:
        serial = i2c(bus=bus, address=address) if bus is not None else i2c(port=i2c_bus,
                                                                            address=address)
    except lerr.DeviceNotFoundError:
        raise HardwareError(f"{name}: {path} not found; enable I2C (raspi-config, or "
                            f"dtparam=i2c_arm=on in /boot/firmware/config.txt) and reboot") from None
    except lerr.DevicePermissionError:
        raise HardwareError(f"{name}: permission denied on {path}; add the user to the 'i2c' "
                            f"group (sudo adduser $USER i2c) and log in again") from None
    try:
        dev = getattr(oled_devices, controller)(serial, width=DISPLAY_SIZE[0],
                                                height=DISPLAY_SIZE[1], rotate=rotate)
    except (lerr.DeviceNotFoundError, OSError) as e:
        try:
            serial.cleanup()
        except Exception:
            pass
        raise HardwareError(f"{name} is not answering ({e}); check power, SDA/SCL wiring and "
                            f"the address (i2cdetect -y {i2c_bus}; 0x3C or 0x3D)") from None
    return LumaDisplay(dev, name)
