# Test vectors for the firmware's pure modules. This file runs unchanged under CPython and under
# MicroPython (WebAssembly, in Node); the test compares the two outputs line by line.
import binascii

try:
    from bridgefw import crc, cobs, framing, messages as M, debounce, effects, device, hall
except ImportError:
    from firmware_bridge.firmware import crc, cobs, framing, messages as M, debounce, effects, device, hall


def hx(b):
    return binascii.hexlify(bytes(b)).decode()


def show(values):
    parts = []
    for k in sorted(values):
        v = values[k]
        if isinstance(v, (bytes, bytearray)):
            v = hx(v)
        parts.append(k + "=" + str(v))
    return ",".join(parts)


def sample_values(m):
    vals = {}
    n = 1
    for fname, code in m.fields:
        if code[-1] == "s":
            size = int(code[:-1])
            vals[fname] = bytes([(n * 7 + i * 13) & 0xFF for i in range(size)])
        elif len(code) > 1:
            count = int(code[:-1])
            vals[fname] = [(n * 1000 + i * 37) & 0xFFFF for i in range(count)]
        else:
            big = {"B": 0xFF, "H": 0xFFFF, "I": 0xFFFFFFFF, "Q": (1 << 36) - 1}[code]
            vals[fname] = (n * 0x9E3779B1) & big
        n += 1
    return vals


def lines():
    out = []
    p = out.append
    # CRC
    for data in (b"123456789", b"", bytes(range(256)), b"\x00\x00\x00"):
        p("crc " + hx(data[:12]) + " " + hex(crc.crc16(data)))
    # COBS
    vecs = (b"", b"\x00", b"\x00\x00", b"\x11\x22\x00\x33", b"\x11\x00\x00\x00",
            bytes(range(1, 255)), bytes(range(1, 256)), bytes(range(256)) * 2)
    for v in vecs:
        e = cobs.encode(v)
        p("cobs " + str(len(v)) + " " + hx(e[:40]) + " len=" + str(len(e)) + " rt=" + str(cobs.decode(e) == v))
    for bad in (b"\x05\x11\x22", b"\x02\x00", b"\x00"):
        try:
            r = hx(cobs.decode(bad))
        except ValueError:
            r = "ValueError"
        p("cobs-bad " + hx(bad) + " " + r)
    # every message: payload, frame, decode
    for entry in M.TABLE:
        m = M.BY_NAME[entry[0]]
        vals = sample_values(m)
        payload = M.encode(m.name, vals)
        frame = framing.encode_frame(payload)
        name, back = M.decode(payload)
        p("msg " + m.name + " " + hx(payload) + " " + hx(frame))
        p("dec " + name + " " + show(back) + " same=" + str(show(back) == show(vals)))
    for bad in (b"", b"\x7f", b"\x01\x01", bytes([M.BY_NAME["LEDS_ACK"].type_id, 1, 2, 3])):
        try:
            r = str(M.decode(bad))
        except ValueError as e:
            r = "ValueError " + str(e)
        p("dec-bad " + hx(bad) + " " + r)
    # deframer over garbage, corruption and chunking
    f1 = framing.encode_frame(M.encode("PING", {"nonce": 0x1234}))
    f2 = framing.encode_frame(M.encode("SYNC"))
    corrupt = bytearray(f1)
    corrupt[2] ^= 0x40
    stream = b"\x13\x37garbage" + f1 + bytes(corrupt) + b"\x00\x00" + f2 + b"\xff" * 300 + b"\x00" + f1
    d = framing.Deframer()
    got = []
    for i in range(0, len(stream), 7):
        for pl in d.feed(stream[i:i + 7]):
            got.append(hx(pl))
    p("deframe " + " ".join(got) + " crc=" + str(d.crc_errors) + " cobs=" + str(d.cobs_errors)
      + " over=" + str(d.oversize) + " ok=" + str(d.frames))
    # the hall bed's classifier: zero, walk, hysteresis, dead band (firmware/hall.py)
    hs = hall.HallSquares(3, 149, 74)
    p("hall zero " + str(hs.set_zero([2050, 2300, 2040], 40)) + " " + str(hs.set_zero([2050, 2046, 2040], 40)))
    p("hall walk " + str(hs.calibrate(0, 2950, 1250, 150)) + " " + str(hs.calibrate(1, 1346, 2746, 150))
      + " " + str(hs.calibrate(2, 2940, 1940, 150)) + " " + str(hs.register) + " " + str(hs.clear))
    states = [hs.classify(0, c) for c in (2060, 2200, 2500, 2300, 2100, 1500, 2600)]
    p("hall states " + " ".join(str(s) for s in states) + " scan " + str(hs.scan([1700, 2046, 2140])))
    # debounce
    db = debounce.Debouncer(36, 3)
    seq = (0, 1, 0, 1, 1, 1, 1, 3, 3, 2, 3, 3, 3, 1 << 35, 1 << 35, 1 << 35, 0, 0, 0)
    states = []
    for raw in seq:
        ch = db.step(raw)
        states.append(str(db.state) + ("*" if ch else ""))
    p("debounce " + " ".join(states) + " flips=" + str(db.flips[:3]) + "," + str(db.flips[35]))
    p("need " + str(debounce.scans_needed(20, 250)) + " " + str(debounce.scans_needed(0, 250))
      + " " + str(debounce.scans_needed(10, 1000)))
    # effects
    cells = [(0, 0, 0, M.OFF)] * M.SQUARES
    cells[0] = (255, 128, 1, M.STEADY)
    cells[1] = (200, 100, 50, M.BLINK)
    cells[2] = (255, 255, 255, M.PULSE)
    cb = M.pack_cells(cells)
    for t in (0, 100, 249, 250, 499, 500, 750, 999, 123456789):
        p("fx " + str(t) + " " + hx(effects.render(cb, t, 200)[:9]))
    p("offline " + hx(effects.render(effects.OFFLINE_CELLS, 250, 255)))
    # the device state machine, scripted
    dev = device.Device(0x01020304, b"12345678", M.RESET_POWER_ON, 1000)
    script = (
        (1000, "scan", 0), (1004, "scan", 1 << 7), (1008, "scan", 1 << 7),
        (1010, "feed", framing.encode_frame(M.encode("PING", {"nonce": 7}))),
        (1012, "scan", 1 << 7), (1016, "scan", 1 << 7), (1020, "scan", 1 << 7),
        (1024, "scan", 1 << 7), (1028, "scan", 1 << 7),
        (1030, "feed", framing.encode_frame(M.encode("CONFIG", {
            "debounce_ms": 8, "scan_hz": 5000, "brightness": 100, "heartbeat_ms": 100,
            "offline_ms": 500, "raw_ms": 0}))),
        (1031, "feed", framing.encode_frame(M.encode("LEDS", {"seq": 5, "cells": cb}))),
        (1032, "feed", framing.encode_frame(M.encode("LEDS", {"seq": 5, "cells": cb}))),
        (1040, "feed", b"\x01\x02\x03" + framing.encode_frame(M.encode("RAW_REQ"))),
        (1045, "feed", framing.encode_frame(M.encode("RAW_REQ"))),
        (1050, "feed", framing.encode_frame(M.encode("SYNC"))),
        (1100, "tick", 0), (1200, "tick", 0), (1250, "tick", 0),
        (1300, "feed", framing.encode_frame(M.encode("HELLO", sample_values(M.BY_NAME["HELLO"])))),
        (1400, "feed", framing.encode_frame(M.encode("STOP"))),
    )
    for t, what, arg in script:
        if what == "scan":
            dev.scan(arg, t)
        elif what == "feed":
            dev.feed(arg, t)
        else:
            dev.tick(t)
        for name, fr in dev.take():
            p("dev " + str(t) + " " + what + " " + name + " " + hx(fr))
        p("dev-state " + str(t) + " online=" + str(dev.host_online(t)) + " applied="
          + str(dev.leds_applied) + " bad=" + str(dev.bad_frames) + " stop=" + str(dev.stop_requested))
    for t in (1410, 1900, 1950):
        p("dev-px " + str(t) + " online=" + str(dev.host_online(t)) + " " + hx(dev.pixels(t)))
    # the hall-effect bed's device: boot zero, a kitten and a cat, the dead band, HALL_ZERO refused
    # and taken, HALL_CAL applied and refused, HALL_RAW
    hdev = device.Device(0x0A0B0C0D, b"12345678", M.RESET_POWER_ON, 2000, hall=(149, 74))
    empty = [2048 + (sq % 5) - 2 for sq in range(M.SQUARES)]
    kit = list(empty)
    kit[14] += 700          # c3: a kitten, north down
    both = list(kit)
    both[20] -= 600         # c4: a cat, south down
    weak = list(both)
    weak[35] += 100         # f6: in the dead band
    cal = {"zero": empty, "register": [200] * M.SQUARES, "clear": [100] * M.SQUARES}
    bad_cal = {"zero": empty, "register": [100] * M.SQUARES, "clear": [100] * M.SQUARES}
    hscript = (
        (2000, "scan", empty), (2004, "scan", kit), (2008, "scan", kit), (2012, "scan", kit),
        (2016, "scan", kit), (2020, "scan", kit), (2024, "scan", both), (2028, "scan", both),
        (2032, "scan", both), (2036, "scan", both), (2040, "scan", both), (2044, "scan", weak),
        (2048, "scan", weak), (2052, "scan", weak), (2056, "scan", weak), (2060, "scan", weak),
        (2070, "feed", framing.encode_frame(M.encode("HALL_ZERO", {"limit": 149}))),
        (2080, "feed", framing.encode_frame(M.encode("HALL_CAL", bad_cal))),
        (2090, "feed", framing.encode_frame(M.encode("HALL_CAL", cal))),
        (2100, "scan", empty),
        (2110, "feed", framing.encode_frame(M.encode("HALL_ZERO", {"limit": 149}))),
        (2120, "feed", framing.encode_frame(M.encode("RAW_REQ"))),
    )
    for t, what, arg in hscript:
        if what == "scan":
            hdev.scan_hall(arg, t)
        else:
            hdev.feed(arg, t)
        for name, fr in hdev.take():
            p("hall-dev " + str(t) + " " + what + " " + name + " " + hx(fr))
        p("hall-state " + str(t) + " " + str(hdev.hall.state[14]) + str(hdev.hall.state[20])
          + str(hdev.hall.state[35]) + " zero=" + str(hdev.hall.zero[:3]) + " reg=" + str(hdev.hall.register[0]))
    return out


if __name__ == "__main__":
    for line in lines():
        print(line)
