"""The companion's voice, its pure part: what to say (the OLED's lines read as words, what a
new screen changed, a table's announcements) and which waiting lines a newer screen makes
stale. Rendering and playing are I/O: hardware/speech.py, driven by companion/service/speech.py."""
