"""Purrtoe on the page: the shared bed view (companion/tables/bed.py), and for the simulated hands
the piece the guidance puts back next ("put"), as maunz. tells its own."""
from companion.tables.bed import page_view as bed_view
from companion.words import square_name


def page_view(table, view) -> dict:
    missing = table.difference().missing if table.bed.stable is not None else {}
    put = next(({"square": square_name(sq), "piece": p} for sq, p in missing.items()), None)
    return {**bed_view(table, view), "put": put}
