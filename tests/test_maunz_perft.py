"""Perft regression table. The values were cross-checked against the naive reference
implementation in tests/maunz_reference.py (see test_perft_matches_reference)."""
from __future__ import annotations

import pytest

from companion.games import get
from tests import maunz_reference as ref

G = get("maunz")

TABLE = [
    ("6/6/6/6/6/6 o 8k0c 8k0c", 1, 36),
    ("6/6/6/6/6/6 o 8k0c 8k0c", 2, 1260),
    ("6/6/6/6/6/6 o 8k0c 8k0c", 3, 42900),
    # mid-game: lines about to form, cats in the pools, pieces on edges
    ("6/2o3/2gO2/6/6/6 g 5k1c 7k0c", 1, 33),
    ("6/2o3/2gO2/6/6/6 g 5k1c 7k0c", 2, 2112),
    ("6/6/6/6/6/oo1oo1 o 4k0c 8k0c", 1, 34),
    ("o1o1o1/6/o2o2/6/6/oo4 o 1k0c 8k0c", 1, 149),
    ("6/G5/G5/6/1G4/3OO1 o 5k1c 5k0c", 2, 1945),
]


def _ref_perft(text: str, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for _, (after, winner) in ref.moves(text).items():
        total += 1 if depth == 1 else (0 if winner else _ref_perft(after, depth - 1))
    return total


@pytest.mark.parametrize("text,depth,nodes", TABLE)
def test_perft(text, depth, nodes, kernel):
    assert G.perft(G.parse_position(text), depth) == nodes


@pytest.mark.parametrize("text,depth", [(t, d) for t, d, _ in TABLE])
def test_perft_matches_reference(text, depth):
    assert G.perft(G.parse_position(text), depth) == _ref_perft(text, depth)
