# The beds' sweeps in viper (native Thumb code on the Pico), at the RP2040's registers with no
# Python call per pin or conversion.
# The hall bed: the multiplexers stepped and every ADC conversion taken as the pico-sdk's
# adc_read() does. Through machine.ADC.read_u16() each of a bed's 576 conversions cost ~15 us of
# interpreter (8.7 ms a bed; with the rest, 72 beds/s); here a conversion costs the ADC's own 2 us
# (96 cycles of its 48 MHz clock) and a bed ~1.7 ms, of which 1.15 ms are the conversions.
# The reed matrix: each row driven low, the columns read at once from GPIO_IN (0.1 ms a bed
# instead of 0.9 ms through machine.Pin).
# Runs only on the rp2 port (board.py's import); the WebAssembly port in CI has no native emitter.
import micropython
from micropython import const

SIO_BASE = 0xD0000000     # GPIO_IN +0x04, GPIO_OUT_SET +0x14, GPIO_OUT_CLR +0x18
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


@micropython.viper
def matrix(out, cfg):
    """One scan of the reed matrix into `out` (array 'i' of 2): the closed reeds' bits (square =
    row * ncols + column), squares 0..29 in out[0] and 30.. in out[1]. `cfg`: array 'I' = SIO and
    TIMER bases, settle us, the row count, the column count, then the row pins and the column
    pins. A row is driven low for `settle` us before its columns are read (at once, GPIO_IN)."""
    c = ptr32(cfg)
    o = ptr32(out)
    sio = ptr32(c[0])
    timer = ptr32(c[1])
    settle = c[2]
    nrows = c[3]
    ncols = c[4]
    o[0] = 0
    o[1] = 0
    r = 0
    while r < nrows:
        row = 1 << c[5 + r]
        sio[6] = row                        # GPIO_OUT_CLR: this row low
        t0 = timer[10]
        while timer[10] - t0 <= settle:
            pass
        pins = sio[1]                       # GPIO_IN: every column at once
        sio[5] = row                        # GPIO_OUT_SET: back high
        k = 0
        while k < ncols:
            if not ((pins >> c[5 + nrows + k]) & 1):
                sq = r * ncols + k
                if sq < 30:
                    o[0] = o[0] | (1 << sq)
                else:
                    o[1] = o[1] | (1 << (sq - 30))
            k += 1
        r += 1
