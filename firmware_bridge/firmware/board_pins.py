# The Pico-side pin table (RP2040 GPIO numbers). The Pi-side pins live in wiring/pins.toml; this
# file is only the Pico's own wiring of the matrix and the LED chain.
#
# Reed matrix: each reed switch sits in series with a diode (anode at the row, cathode... see
# firmware_bridge/README.md). Rows are driven low one at a time; columns have pull-ups and read
# low where a closed reed connects them to the driven row.
ROW_PINS = (2, 3, 4, 5, 6, 7)       # rank 1..6 (a1 row first), outputs, idle high
COL_PINS = (8, 9, 10, 11, 12, 13)   # file a..f, inputs with pull-up
LED_PIN = 16                        # WS2812 data in (through a 74AHCT125 level shifter to 5 V)
LED_ORDER = None                    # None: LED i is square i (a1, b1, .. f1, a2, ..); or a tuple
                                    # of 36 squares in chain order (serpentine wiring)
STATUS_LED = 25                     # the Pico's on-board LED: toggles on every host frame
ROW_SETTLE_US = 10                  # after driving a row low, before reading the columns
