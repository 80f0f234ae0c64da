"""`companion bench bridge`: the serial bridge end to end, host link <-> emulator over a pty.

- change_to_host: from the fake device queuing a SNAPSHOT for a debounced change to the host's
  reader thread decoding it (framing, pty, pyserial, decode).
- scan_debounce: from a reed closing (set on the fake board) to the device's debounced change -
  scan period + debounce time on the device, reported separately (default 250 Hz, 20 ms).
- led_to_device: from LedGrid.show() to the device applying the frame; ack_rtt: to the ack.
- link_fps: acknowledged LED frames per second, one at a time; stream_fps: frames the device
  decodes per second when the host sends LED frames back to back.
"""
from __future__ import annotations

import statistics
import threading
import time

from firmware_bridge.emulator import FakePico
from firmware_bridge.firmware import messages as M
from firmware_bridge.host.link import BridgeLink
from companion.cliargs import OneLineParser


def pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


def ms(x: float) -> str:
    return f"{x * 1000:.3f}"


def main(argv: list[str]) -> int:
    ap = OneLineParser(prog="companion bench bridge")
    ap.add_argument("--n", type=int, default=200, help="changes and LED frames to time")
    args = ap.parse_args(argv)

    pico = FakePico()
    link = BridgeLink(pico.port, ack_timeout=0.5).open()
    try:
        # ---- sensed change -> host
        dev_t: dict[int, float] = {}
        host_t: dict[int, float] = {}
        seen = threading.Condition()

        def on_dev(occ: int, t: float) -> None:
            dev_t.setdefault(occ, t)

        def on_host(occ: int, t: float) -> None:
            with seen:
                host_t.setdefault(occ, t)
                seen.notify_all()

        pico.on_snapshot = on_dev
        link.on_snapshot = on_host
        placed: dict[int, float] = {}
        for i in range(args.n):
            occ = ((i + 1) * 0x9E3779B1) % ((1 << 36) - 1)
            while occ in placed or occ == 0:  # every change a new, non-empty bed
                occ = (occ * 3 + 1) % ((1 << 36) - 1)
            placed[occ] = time.perf_counter()
            pico.set_occupancy(occ)
            with seen:
                if not seen.wait_for(lambda: occ in host_t, timeout=2):
                    print(f"change {i} never reached the host")
                    return 1
        to_host = [host_t[o] - dev_t[o] for o in placed]
        debounce = [dev_t[o] - placed[o] for o in placed]
        sensed = [host_t[o] - placed[o] for o in placed]

        # ---- LED frame -> device applies it; ack back
        applied: dict[int, float] = {}
        acked: dict[int, float] = {}
        ev = threading.Event()
        pico.on_applied = lambda seq, t: applied.setdefault(seq, t)

        def on_ack(seq: int, t: float) -> None:
            acked[seq] = t
            ev.set()
        link.on_ack = on_ack
        sent: dict[int, float] = {}
        t_start = time.perf_counter()
        for i in range(args.n):
            cells = M.pack_cells([((i * 7 + sq) & 0xFF, i & 0xFF, sq, M.BLINK) for sq in range(36)])
            ev.clear()
            t0 = time.perf_counter()
            link.send_leds(cells)
            sent[link._led_seq] = t0
            if not ev.wait(2):
                print(f"LED frame {i} never acknowledged")
                return 1
        link_fps = args.n / (time.perf_counter() - t_start)
        to_dev = [applied[s] - sent[s] for s in sent if s in applied]
        rtt = [acked[s] - sent[s] for s in sent if s in acked]

        # ---- streaming: host writes frames back to back
        before = pico.device.leds_applied
        t0 = time.perf_counter()
        burst = args.n * 5
        for i in range(burst):
            link.send_leds(M.pack_cells([(i & 0xFF, 1, 2, M.STEADY)] * 36))
        pico.wait_for(lambda: pico.device.leds_applied - before >= burst, timeout=10)
        stream_fps = (pico.device.leds_applied - before) / (time.perf_counter() - t0)
        stats = link.stats.as_dict()
    finally:
        link.close()
        pico.close()

    print(f"changes {len(to_host)}, LED frames {len(to_dev)}, link errors: crc {stats['crc_errors']} "
          f"cobs {stats['cobs_errors']} retransmits {stats['retransmits']}")
    print(f"scan_debounce_p50_ms {ms(pct(debounce, 50))}")
    print(f"scan_debounce_p99_ms {ms(pct(debounce, 99))}")
    print(f"sensed_to_host_p50_ms {ms(pct(sensed, 50))}")
    print(f"sensed_to_host_p99_ms {ms(pct(sensed, 99))}")
    print(f"led_ack_rtt_p50_ms {ms(pct(rtt, 50))}")
    print(f"stream_fps {stream_fps:.0f}")
    print(f"change_to_host_mean_ms {ms(statistics.fmean(to_host))}")
    print(f"change_to_host_p50_ms {ms(pct(to_host, 50))}")
    print(f"change_to_host_p99_ms {ms(pct(to_host, 99))}")
    print(f"led_to_device_p50_ms {ms(pct(to_dev, 50))}")
    print(f"led_to_device_p99_ms {ms(pct(to_dev, 99))}")
    print(f"link_fps {link_fps:.0f}")
    return 0
