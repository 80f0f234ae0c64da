"""The buttons' choices of an event table as a small tree: a table offers a flat list of events
(every one legal or a table action, nothing else) and says for each which groups it belongs to
(`group_of`: outermost first, e.g. `miau:2@3` -> ("miau", "miau:2")). The tree is built from that
list alone, so every offered event stays reachable and nothing else appears; the order is the
list's (first appearance). A group of one item is that item itself, so no level is a detour.

Why groups: the Cats reaction window offers some sixty events; browsed one at a time with CAT,
a choice took dozens of presses. Choosing the kind first, then its argument, keeps every level
short. And opening a group commits nothing, which makes a group the safe first choice where
every single event would change the game (an OK pressed to acknowledge a screen).
Pure: no I/O.
"""
from __future__ import annotations

from typing import Callable, NamedTuple

GroupOf = Callable[[str], tuple]


class Group(NamedTuple):
    """A level below: `path` the group keys from the top, `leaves` every event in it."""

    path: tuple
    leaves: tuple

    @property
    def key(self) -> str:
        return self.path[-1] if self.path else ""


#: The item that leaves a group (one level up); it is last, so BACK from the first item is one press.
UP = Group((), ())


def level(events: list[str], group_of: GroupOf, path: tuple = ()) -> list:
    """The items at `path`: events (str) and Groups, in the order of `events`."""
    items: list = []
    seen: dict = {}
    depth = len(path)
    for event in events:
        groups = tuple(group_of(event))
        if groups[:depth] != path:
            continue
        if len(groups) == depth:
            items.append(event)
            continue
        sub = groups[:depth + 1]
        if sub not in seen:
            seen[sub] = len(items)
            items.append(Group(sub, ()))
        index = seen[sub]
        items[index] = Group(sub, items[index].leaves + (event,))
    return [_collapse(item, events, group_of) for item in items]


def _collapse(item, events: list[str], group_of: GroupOf):
    """A group holding a single item (an event or a subgroup) is that item."""
    while isinstance(item, Group):
        inner = level([e for e in events if e in item.leaves], group_of, item.path)
        if len(inner) != 1:
            return item
        item = inner[0]
    return item


def holds(item, event: str) -> bool:
    """The item is the event or a group with the event in it."""
    return item == event or (isinstance(item, Group) and event in item.leaves)
