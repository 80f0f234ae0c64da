# The hall bed's sweep in viper (native Thumb code on the Pico): the multiplexers stepped and every
# ADC conversion taken straight at the RP2040's registers, as the pico-sdk's adc_read() does, with
# no Python call per conversion. Through machine.ADC.read_u16() each of a bed's 576 conversions
# cost ~24 us of interpreter (13.8 ms a bed, 72 beds/s); here a conversion costs the ADC's own
# 2 us (96 cycles of its 48 MHz clock) and a bed ~1.3 ms.
# Runs only under MicroPython with the native emitter (the rp2 port); board.py falls back to the
# machine.ADC loop where this module does not compile (the WebAssembly port has no viper).
import micropython
from micropython import const

SIO_BASE = 0xD0000000     # GPIO_OUT_SET +0x14, GPIO_OUT_CLR +0x18
ADC_BASE = 0x4004C000     # CS +0x00, RESULT +0x04
TIMER_BASE = 0x40054000   # TIMERAWL +0x28: the free-running microsecond counter
CS_EN = const(1)
CS_TS_EN = const(2)
CS_START_ONCE = const(4)
CS_READY = const(0x100)


@micropython.viper
def sweep(out, sets, cfg):
    """One whole bed into `out` (array 'H', square = mux * 16 + channel): each square's `samples`
    conversions averaged (12-bit counts). `sets`: array 'I' of the 16 channels' select-line bits;
    `cfg`: array 'I' = SIO, ADC, TIMER bases, all select bits, settle us, samples, squares, the
    number of ADC inputs, then their ADC channel numbers (pin - 26)."""
    o = ptr16(out)
    s = ptr32(sets)
    c = ptr32(cfg)
    sio = ptr32(c[0])
    adc = ptr32(c[1])
    timer = ptr32(c[2])
    allbits = c[3]
    settle = c[4]
    samples = c[5]
    squares = c[6]
    nadc = c[7]
    keep = (adc[0] & CS_TS_EN) | CS_EN     # the temperature sensor's enable stays as it was
    ch = 0
    while ch < 16:
        bits = s[ch]
        sio[5] = bits                       # GPIO_OUT_SET: this channel's select lines high
        sio[6] = allbits ^ bits             # GPIO_OUT_CLR: the others low
        t0 = timer[10]
        while timer[10] - t0 <= settle:     # <=: a whole `settle` us, whatever the phase of t0
            pass
        mux = 0
        while mux < nadc:
            sq = mux * 16 + ch
            if sq < squares:
                start = keep | (c[8 + mux] << 12) | CS_START_ONCE
                total = 0
                k = 0
                while k < samples:
                    adc[0] = start
                    while not (adc[0] & CS_READY):
                        pass
                    total += adc[1] & 0xFFF
                    k += 1
                o[sq] = total // samples
            mux += 1
        ch += 1
