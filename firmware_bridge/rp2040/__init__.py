"""The bridge firmware on an emulated RP2040 (rp2040js in Node): see pico.py."""
