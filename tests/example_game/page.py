"""Fischnapf on the page: the fish left, drawn by `fischnapf.js` (the view "fischnapf")."""


def page_view(table, view) -> dict:
    seat, fish = table.position
    return {"view": "fischnapf", "fish": fish, "to_move": str(seat + 1)}
