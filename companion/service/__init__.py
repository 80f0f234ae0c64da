"""The asyncio companion service: configuration (TOML), device wiring, the SQLite journal, the
game history, control cards, and the `companion run` / `companion sim` commands.

Modules are imported lazily by the CLI so that `companion history` or a restart after a power
loss never pays for what it does not use.
"""
