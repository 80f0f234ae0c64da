"""The C sources of the compiled maunz. kernel; `pip install` builds them into `_native` here
(setup.py). Only companion/games/native.py imports it."""
