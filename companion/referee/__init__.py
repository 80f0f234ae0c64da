"""The physical-game referee: sensed bed -> guidance (LEDs, OLED) and commits. Pure."""
from companion.referee.referee import Commit, Referee, RefereeView

__all__ = ["Commit", "Referee", "RefereeView"]
