// The bridge firmware's board, emulated: MicroPython's RP2040 firmware runs in rp2040js, and this
// harness is everything soldered to the Pico. It closes reeds of the diode matrix (a column reads
// low while the firmware drives the row of a closed reed low), answers the hall bed's ADC reads
// from the multiplexer channel the select lines pick, decodes the WS2812 data pin's waveform back
// into colours and checks its timing, and carries the USB CDC serial to the Python side.
//
// Python <-> harness: one JSON object a line on stdin/stdout (the Python side owns the pty that
// BridgeLink opens). Times are emulated nanoseconds since boot ("t").
//   in : {op:"boot"} {op:"usb", data:hex, id?} {op:"reeds", mask:hexstr, id?}
//        {op:"flips", sq, at_us: [...]} {op:"hall", counts:[36]} {op:"pace", on}
//   out: {ev:"ready"} {ev:"connected"} {ev:"usb", data:hex, t} {ev:"usb_in", n, t} {ev:"ack", id, t}
//        {ev:"leds", grb:hex, bits, t_first, t_last, timing:{t0h,t1h,t0l,t1l: [min,max] ns}}
//        {ev:"stats", t, clk_sys, row_scans, mux_scans, adc_reads}
import { readFileSync } from 'node:fs';
import { Simulator, USBCDC } from 'rp2040js';

console.log = (...a) => process.stderr.write(a.join(' ') + '\n'); // stdout carries the protocol

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const PINS = JSON.parse(args.pins); // {rows, cols, led, select, adc}
const FLASH_START = 0x10000000;
const RESET_NS = 50_000; // WS2812B: data low for more than 50 us latches the frame

const send = (obj) => process.stdout.write(JSON.stringify(obj) + '\n');
const hex = (bytes) => Buffer.from(bytes).toString('hex');

// The flash keeps its contents across reboots (the filesystem with main.py lives there).
const flash = new Uint8Array(2 * 1024 * 1024).fill(0xff);
(function loadUF2(path) {
  const uf2 = readFileSync(path);
  for (let off = 0; off + 512 <= uf2.length; off += 512) {
    const block = uf2.subarray(off, off + 512);
    if (block.readUInt32LE(0) !== 0x0a324655 || block.readUInt32LE(4) !== 0x9e5d5157) continue;
    const addr = block.readUInt32LE(12);
    const size = block.readUInt32LE(16);
    flash.set(block.subarray(32, 32 + size), addr - FLASH_START);
  }
})(args.uf2);
const bootrom = new Uint32Array(readFileSync(args.bootrom).buffer.slice(0));
// The filesystem `companion flash` leaves (littlefs, made by the Python side) where MicroPython's
// RPI_PICO board keeps it: rp2040js does not emulate programming the flash chip, so it is put
// there before boot, as a flash image would be.
if (args.fs) flash.set(readFileSync(args.fs), Number(args.fs_offset || 0xa0000));

// The board outside the chip.
let closed = 0n; // reeds closed, bit = square (rank-major: a1..f1, a2..)
let hallCounts = new Array(36).fill(2048);
let sim, mcu, cdc;
let pace = true; // keep emulated time from running ahead of wall time (the host's timeouts)
let stats;
let lastChannel = -1;
let pendingRead = null; // the Pico's OUT transfer, waiting for host bytes
const hostBytes = []; // host -> Pico bytes waiting for room in the CDC's FIFO (USB flow control)

function rowDrivenLow(r) {
  const pin = mcu.gpio[PINS.rows[r]];
  return pin.outputEnable && !pin.outputValue;
}

function updateColumns() {
  if (!mcu) return;
  const ncols = PINS.cols.length;
  for (let c = 0; c < ncols; c++) {
    let low = false;
    for (let r = 0; r < PINS.rows.length && !low; r++) {
      low = rowDrivenLow(r) && ((closed >> BigInt(r * ncols + c)) & 1n) === 1n;
    }
    mcu.gpio[PINS.cols[c]].setInputValue(!low); // the pull-up, unless a reed pulls it to the row
  }
}

// WS2812 decoding, from the data pin's edges in PIO time.
let ws;
function wsReset() {
  ws = { level: false, rise: 0, fall: 0, bits: [], tFirst: 0, timing: null };
}
function wsEdge(level, t) {
  if (level === ws.level) return;
  ws.level = level;
  if (level) {
    if (ws.bits.length) {
      const low = t - ws.fall;
      const key = ws.bits[ws.bits.length - 1] ? 't1l' : 't0l';
      if (low < RESET_NS) widen(key, low);
    } else {
      ws.tFirst = t;
      ws.timing = { t0h: null, t1h: null, t0l: null, t1l: null };
    }
    ws.rise = t;
  } else {
    const high = t - ws.rise;
    const bit = high > 625 ? 1 : 0; // between T0H (400 ns) and T1H (800 ns)
    widen(bit ? 't1h' : 't0h', high);
    ws.bits.push(bit);
    ws.fall = t;
  }
}
function widen(key, v) {
  const w = ws.timing[key];
  ws.timing[key] = w ? [Math.min(w[0], v), Math.max(w[1], v)] : [v, v];
}
function wsFlush(now) {
  if (!ws.bits.length || ws.level || now - ws.fall < RESET_NS) return;
  const bytes = new Uint8Array(Math.ceil(ws.bits.length / 8));
  ws.bits.forEach((b, i) => { bytes[i >> 3] |= b << (7 - (i & 7)); });
  send({ ev: 'leds', grb: hex(bytes), bits: ws.bits.length, t_first: ws.tFirst, t_last: ws.fall,
         timing: ws.timing });
  wsReset();
}

// The PIO, stepped in lockstep with the CPU's clock (rp2040js would otherwise run it in its own
// timer slices, unrelated to emulated time): each state machine instruction takes 1 + delay cycles
// of clk_sys / CLKDIV.
let pioDue = []; // per state machine of PIO0: emulated ns of its next instruction
function pioPeriodNs(m) {
  const div = (m.clockDivInt || 65536) + m.clockDivFrac / 256;
  return (div * 1e9) / mcu.clkSys;
}
function stepPio(now) {
  const pio = mcu.pio[0];
  for (let i = 0; i < 4; i++) {
    const m = pio.machines[i];
    if (!m.enabled) { pioDue[i] = Infinity; continue; }
    while (pioDue[i] <= now) {
      const start = pioDue[i];
      const before = m.cycles;
      m.step();
      pioDue[i] += Math.max(1, m.cycles - before) * pioPeriodNs(m);
      const level = !!(pio.pinValues & (1 << PINS.led));
      if (level !== ws.level) wsEdge(level, start);
    }
  }
  pio.checkChangedPins();
}

function boot() {
  if (sim) { sim.stop(); flash.set(mcu.flash.subarray(0, flash.length)); } // a reboot keeps the flash
  sim = new Simulator();
  mcu = sim.rp2040;
  mcu.logger = { debug() {}, info() {}, warn() {}, error(c, m) { process.stderr.write(`${c}: ${m}\n`); } };
  mcu.loadBootrom(bootrom);
  mcu.flash.set(flash);
  for (const p of mcu.pio) p.run = () => {}; // stepped below, against the CPU's clock
  pioDue = [Infinity, Infinity, Infinity, Infinity];
  wsReset();
  stats = { row_scans: 0, mux_scans: 0, adc_reads: 0 };
  mcu.gpio[PINS.rows[0]].addListener(() => { if (rowDrivenLow(0)) stats.row_scans++; });
  for (const r of PINS.rows) mcu.gpio[r].addListener(updateColumns);
  updateColumns();
  const adc = mcu.adc;
  const adcDefault = adc.onADCRead;
  adc.onADCRead = (channel) => {
    const mux = PINS.adc.map((p) => p - 26).indexOf(channel);
    if (mux >= 0) {
      let ch = 0;
      PINS.select.forEach((p, bit) => { if (mcu.gpio[p].outputValue) ch |= 1 << bit; });
      if (mux === 0) {
        if (ch === 0 && lastChannel !== 0) stats.mux_scans++; // the select lines back at channel 0
        lastChannel = ch;
      }
      const sq = mux * 16 + ch;
      adc.channelValues[channel] = sq < 36 ? hallCounts[sq] : 2048;
      stats.adc_reads++;
    }
    adcDefault(channel);
  };
  cdc = new USBCDC(mcu.usbCtrl);
  // USBCDC answers the Pico's OUT transfer at once, with zero bytes when the host has sent
  // nothing: TinyUSB re-arms, and the CPU spends its time in USB interrupts. A real host NAKs
  // until it has data, so the read is held until there is some.
  const cdcRead = mcu.usbCtrl.onEndpointRead;
  pendingRead = null;
  mcu.usbCtrl.onEndpointRead = (endpoint, size) => {
    if (endpoint === cdc.outEndpoint && cdc.txFIFO.itemCount === 0) {
      pendingRead = () => cdcRead(endpoint, size);
    } else {
      cdcRead(endpoint, size);
    }
  };
  cdc.onDeviceConnected = () => send({ ev: 'connected', t: sim.clock.nanos });
  cdc.onSerialData = (data) => send({ ev: 'usb', data: hex(data), t: sim.clock.nanos });
  hostBytes.length = 0;
  mcu.core.PC = FLASH_START; // boot2, then MicroPython (as the bootrom would after its checks)
  wallStart = performance.now();
  nanosStart = 0;
}

let wallStart = 0;
let nanosStart = 0;
let running = false;
function slice() {
  const { clock } = sim;
  const core = mcu.core;
  const end = performance.now() + 15;
  do {
    const cycleNs = 1e9 / mcu.clkSys;
    const machines = mcu.pio[0].machines;
    for (let i = 0; i < 4; i++) {
      if (machines[i].enabled && pioDue[i] === Infinity) pioDue[i] = clock.nanos; // just started
    }
    for (let i = 0; i < 20000; i++) {
      if (core.waiting) {
        const dt = Math.min(clock.nanosToNextAlarm, 100_000);
        clock.tick(dt > 0 ? dt : cycleNs);
      } else {
        clock.tick(core.executeInstruction() * cycleNs);
      }
      const now = clock.nanos;
      if (now >= pioDue[0] || now >= pioDue[1] || now >= pioDue[2] || now >= pioDue[3]) stepPio(now);
    }
    wsFlush(clock.nanos);
    while (hostBytes.length && !cdc.txFIFO.full) cdc.sendSerialByte(hostBytes.shift());
    if (pendingRead && cdc.txFIFO.itemCount) {
      const read = pendingRead;
      pendingRead = null;
      read();
    }
    if (pace && clock.nanos - nanosStart > (performance.now() - wallStart) * 1e6) break;
  } while (performance.now() < end);
  setImmediate(slice);
}

const handlers = {
  boot() {
    boot();
    if (!running) { running = true; setImmediate(slice); }
  },
  usb(msg) {
    for (const b of Buffer.from(msg.data, 'hex')) hostBytes.push(b);
    send({ ev: 'usb_in', n: msg.data.length / 2, t: sim.clock.nanos });
  },
  reeds(msg) {
    closed = BigInt('0x' + (msg.mask || '0'));
    updateColumns();
  },
  flips(msg) {
    // A chattering contact: the reed changes state at each of `at_us` (emulated us from now).
    const bit = 1n << BigInt(msg.sq);
    for (const us of msg.at_us) {
      const alarm = sim.clock.createAlarm(() => { closed ^= bit; updateColumns(); });
      alarm.schedule(Math.max(1, us * 1000));
    }
  },
  hall(msg) {
    hallCounts = msg.counts;
  },
  pace(msg) {
    pace = !!msg.on;
    wallStart = performance.now();
    nanosStart = sim.clock.nanos;
  },
  stats() {
    send({ ev: 'stats', t: sim.clock.nanos, clk_sys: mcu.clkSys, ...stats });
  },
};

let pending = '';
process.stdin.on('data', (chunk) => {
  pending += chunk.toString();
  let nl;
  while ((nl = pending.indexOf('\n')) >= 0) {
    const line = pending.slice(0, nl);
    pending = pending.slice(nl + 1);
    if (!line.trim()) continue;
    const msg = JSON.parse(line);
    handlers[msg.op](msg);
    if (msg.id !== undefined) send({ ev: 'ack', id: msg.id, t: sim ? sim.clock.nanos : 0 });
  }
});
process.stdin.on('end', () => process.exit(0));
send({ ev: 'ready' });
