# THE message table of the bridge protocol, shared by the firmware and the host (the host imports
# this very module). PROTOCOL.md documents it; tests check the two agree.
# A payload is: type byte, then the fields packed little-endian with struct.
# Pure module: runs under CPython and MicroPython (plain tuples: MicroPython dicts are unordered).
import struct

PROTOCOL_VERSION = 2  # 2: the hall-effect bed's messages (HALL_*)

TO_HOST = "device->host"
TO_DEVICE = "host->device"

ROWS = 6
COLS = 6
SQUARES = ROWS * COLS
CELL_BYTES = 4  # r, g, b, effect

# LED effects as they travel in LEDS frames.
OFF = 0
STEADY = 1
BLINK = 2
PULSE = 3

# reset causes in HELLO
RESET_UNKNOWN = 0
RESET_POWER_ON = 1
RESET_WATCHDOG = 2
RESET_HARD = 3
RESET_SOFT = 4

# SNAPSHOT.reason
REASON_HEARTBEAT = 0
REASON_CHANGE = 1
REASON_REQUEST = 2

# CONFIG_ECHO.status
CONFIG_OK = 0
CONFIG_CLAMPED = 1

# HALL_CAL_ECHO.status
CAL_OK = 0
CAL_REFUSED = 1   # a square's thresholds were not 0 < clear < register: nothing applied

CONFIG_FIELDS = (
    ("debounce_ms", "B"),   # a square changes after this long of agreeing scans
    ("scan_hz", "H"),       # matrix scans per second
    ("brightness", "B"),    # LED brightness cap, 0..255
    ("heartbeat_ms", "H"),  # SNAPSHOT at least this often
    ("offline_ms", "H"),    # host silent this long -> offline LED pattern
    ("raw_ms", "H"),        # RAW every this often, 0 = only on RAW_REQ
)

# (name, type id, direction, fields); a field is (name, struct code). "36H" is a list of 36.
TABLE = (
    ("HELLO", 0x01, TO_HOST, (
        ("version", "B"), ("fw_hash", "8s"), ("boot_id", "I"), ("reset_cause", "B"),
        ("rows", "B"), ("cols", "B"))),
    ("SNAPSHOT", 0x02, TO_HOST, (("seq", "H"), ("occupancy", "Q"), ("reason", "B"))),
    ("RAW", 0x03, TO_HOST, (("raw", "Q"), ("scans", "I"), ("flips", "36H"))),
    ("LEDS_ACK", 0x04, TO_HOST, (("seq", "H"),)),
    ("PONG", 0x05, TO_HOST, (("nonce", "H"), ("uptime_ms", "I"))),
    ("CONFIG_ECHO", 0x06, TO_HOST, CONFIG_FIELDS + (("status", "B"),)),
    # The hall-effect bed (firmware flashed with a hall bed): a typed bed instead of SNAPSHOT.
    ("HALL_SNAPSHOT", 0x07, TO_HOST, (
        ("seq", "H"), ("occupancy", "Q"), ("south", "Q"), ("ambiguous", "Q"), ("reason", "B"))),
    ("HALL_RAW", 0x08, TO_HOST, (("counts", "36H"), ("zero", "36H"), ("scans", "I"))),
    ("HALL_ZERO_DONE", 0x09, TO_HOST, (("busy", "Q"),)),
    ("HALL_CAL_ECHO", 0x0A, TO_HOST, (("crc", "H"), ("status", "B"))),
    ("SYNC", 0x40, TO_DEVICE, ()),
    ("LEDS", 0x41, TO_DEVICE, (("seq", "H"), ("cells", "144s"))),
    ("PING", 0x42, TO_DEVICE, (("nonce", "H"),)),
    ("CONFIG", 0x43, TO_DEVICE, CONFIG_FIELDS),
    ("RAW_REQ", 0x44, TO_DEVICE, ()),
    ("STOP", 0x45, TO_DEVICE, ()),
    ("HALL_ZERO", 0x46, TO_DEVICE, (("limit", "H"),)),
    ("HALL_CAL", 0x47, TO_DEVICE, (("zero", "36H"), ("register", "36H"), ("clear", "36H"))),
)

DEFAULT_CONFIG = {
    "debounce_ms": 20, "scan_hz": 250, "brightness": 160,
    "heartbeat_ms": 250, "offline_ms": 2000, "raw_ms": 0,
}
CONFIG_LIMITS = {
    "debounce_ms": (0, 255), "scan_hz": (50, 2000), "brightness": (0, 255),
    "heartbeat_ms": (20, 10000), "offline_ms": (100, 60000), "raw_ms": (0, 60000),
}


def _is_list(code):
    return code[-1] != "s" and len(code) > 1


class Message:
    def __init__(self, name, type_id, direction, fields):
        self.name = name
        self.type_id = type_id
        self.direction = direction
        self.fields = fields
        self.fmt = "<" + "".join([code for _, code in fields])
        self.size = 1 + struct.calcsize(self.fmt)


BY_NAME = {}
BY_ID = {}
for _entry in TABLE:
    _m = Message(_entry[0], _entry[1], _entry[2], _entry[3])
    BY_NAME[_m.name] = _m
    BY_ID[_m.type_id] = _m


def encode(name, values=None):
    """Payload bytes for message ``name`` with field ``values`` (a dict)."""
    m = BY_NAME[name]
    args = []
    for fname, code in m.fields:
        v = values[fname]
        if _is_list(code):
            n = int(code[:-1])
            if len(v) != n:
                raise ValueError(name + "." + fname + " needs " + str(n) + " values")
            args.extend(v)
        else:
            args.append(v)
    return bytes((m.type_id,)) + struct.pack(m.fmt, *args)


def decode(payload):
    """(name, values dict) for a payload. ValueError for an unknown type or a wrong length."""
    if not payload:
        raise ValueError("empty payload")
    m = BY_ID.get(payload[0])
    if m is None:
        raise ValueError("unknown message type " + str(payload[0]))
    if len(payload) != m.size:
        raise ValueError(m.name + " must be " + str(m.size) + " bytes, got " + str(len(payload)))
    flat = struct.unpack(m.fmt, payload[1:])
    values = {}
    i = 0
    for fname, code in m.fields:
        if _is_list(code):
            n = int(code[:-1])
            values[fname] = list(flat[i:i + n])
            i += n
        else:
            values[fname] = flat[i]
            i += 1
    return m.name, values


def pack_cells(cells):
    """LEDS.cells from 36 (r, g, b, effect) tuples."""
    out = bytearray(SQUARES * CELL_BYTES)
    for sq in range(SQUARES):
        r, g, b, e = cells[sq]
        i = sq * CELL_BYTES
        out[i] = r
        out[i + 1] = g
        out[i + 2] = b
        out[i + 3] = e
    return bytes(out)


def unpack_cells(data):
    return [tuple(data[i:i + CELL_BYTES]) for i in range(0, SQUARES * CELL_BYTES, CELL_BYTES)]


def clamp_config(values):
    """(applied config dict, status) for a CONFIG request: out-of-range values are clamped."""
    applied = {}
    status = CONFIG_OK
    for fname, _ in CONFIG_FIELDS:
        lo, hi = CONFIG_LIMITS[fname]
        v = values[fname]
        if v < lo or v > hi:
            v = lo if v < lo else hi
            status = CONFIG_CLAMPED
        applied[fname] = v
    return applied, status
