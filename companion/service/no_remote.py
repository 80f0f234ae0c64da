"""The service's remote hooks while no remote game is on: the loop calls them at every step and
each does nothing. A remote game (companion/service/remote.py, imported when the remote card
starts one, so the MQTT link and the pairing's crypto load only then) replaces them."""
from __future__ import annotations


class NoRemote:
    """Not a remote game: every hook of the service loop does nothing."""

    stopped = None
    active = False

    def step(self, view, now: float) -> None:
        """Nothing arrives."""

    def committed(self, commits) -> None:
        """Nothing is sent."""

    def button(self, name: str, kind: str, now: float) -> bool:
        return False

    def card(self, function: str) -> bool:
        return False

    def screen(self):
        return None

    def secret(self, screen) -> bool:
        return False

    def snapshot(self):
        return None

    def start(self) -> None:
        """No broker."""

    def next_deadline(self, now: float) -> None:
        """No timer."""

    def close(self) -> None:
        """Nothing to close."""
