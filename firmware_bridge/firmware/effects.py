# LED effects rendered on the device, so blinking needs no serial traffic. Integer maths only,
# so CPython and MicroPython give identical pixels.
# Pure module: runs under CPython and MicroPython.
from .messages import SQUARES, CELL_BYTES, OFF, STEADY, BLINK, PULSE

BLINK_PERIOD_MS = 500   # 2 Hz: on for the first half
PULSE_PERIOD_MS = 1000  # 1 Hz breathing
PULSE_FLOOR = 24        # a pulsing LED never goes fully dark

OFFLINE_SQUARES = (0, 5, 30, 35)  # the four corners
OFFLINE_COLOR = (255, 40, 0)      # amber-red, pulsing: "the Pi is not talking to me"


def pulse_level(now_ms):
    """0..255 triangle wave with a floor."""
    t = now_ms % PULSE_PERIOD_MS
    half = PULSE_PERIOD_MS // 2
    tri = (t * 255) // half if t < half else ((PULSE_PERIOD_MS - t) * 255) // half
    return PULSE_FLOOR + (tri * (255 - PULSE_FLOOR)) // 255


def level(effect, now_ms):
    if effect == STEADY:
        return 255
    if effect == BLINK:
        return 255 if (now_ms % BLINK_PERIOD_MS) < BLINK_PERIOD_MS // 2 else 0
    if effect == PULSE:
        return pulse_level(now_ms)
    return 0


def render(cells, now_ms, brightness, out=None):
    """RGB bytes (3 per square) for the LEDS cells at now_ms, capped at brightness (0..255)."""
    if out is None:
        out = bytearray(SQUARES * 3)
    lv_blink = level(BLINK, now_ms)
    lv_pulse = level(PULSE, now_ms)
    for sq in range(SQUARES):
        i = sq * CELL_BYTES
        e = cells[i + 3]
        if e == STEADY:
            lv = 255
        elif e == BLINK:
            lv = lv_blink
        elif e == PULSE:
            lv = lv_pulse
        else:
            lv = 0
        scale = lv * brightness
        o = sq * 3
        out[o] = (cells[i] * scale) // 65025
        out[o + 1] = (cells[i + 1] * scale) // 65025
        out[o + 2] = (cells[i + 2] * scale) // 65025
    return out


def offline_cells():
    cells = bytearray(SQUARES * CELL_BYTES)
    for sq in OFFLINE_SQUARES:
        i = sq * CELL_BYTES
        cells[i] = OFFLINE_COLOR[0]
        cells[i + 1] = OFFLINE_COLOR[1]
        cells[i + 2] = OFFLINE_COLOR[2]
        cells[i + 3] = PULSE
    return bytes(cells)


OFFLINE_CELLS = offline_cells()
