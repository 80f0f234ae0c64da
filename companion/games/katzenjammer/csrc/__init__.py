"""The C source of Katzenjammer's compiled successor generation; `pip install` builds it into
`_native` here (setup.py). Only companion/games/native.py imports it."""
