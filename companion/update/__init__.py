"""Updates that roll back (`companion update`) and what is running (`companion version`).

A release is a directory with its own venv under PREFIX/releases (systemd/install.sh builds it,
the one way a release is made); PREFIX/current names the release the unit starts. An update
tries the new release through a runtime drop-in in /run (a tmpfs: a power loss forgets the
trial, and the old release starts) and moves `current` only once the service said READY and
stayed up for longer than its watchdog interval. See docs/UPDATES.md.
"""
