# The Pico firmware. The pure modules (crc, cobs, framing, messages, debounce, effects, device)
# run unchanged under CPython (host, emulator, tests) and MicroPython (the Pico); board.py and
# main.py are the thin layer over machine/rp2 and only ever run on the Pico.
