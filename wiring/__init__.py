"""The wiring: `pins.toml` is the single source of truth for every pin and bus number.

`load_pins(path=None)` reads and validates it; `python -m wiring.generate` regenerates the
diagram (diagram.svg) and the parts list (PARTS.md) from it.
"""
from wiring.pins import PinMap, PinMapError, load_pins

__all__ = ["PinMap", "PinMapError", "load_pins"]
