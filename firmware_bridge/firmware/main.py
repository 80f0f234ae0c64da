# Pico entry point: copied to the Pico's root as main.py by `companion flash`.
from bridgefw import board

board.run()
