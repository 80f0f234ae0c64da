"""One representative Screen per kind the service and the shared controls show (the game menu,
its confirmation, a card game's composed lines), for `companion screens` and the golden tests;
each game's own samples are its table package's (`samples.py`: maunz.'s, Katzenjammer's),
gathered with these by companion/tables/samples.py."""
from __future__ import annotations

from companion.ui.screens import Screen, msg


def sample_screens() -> dict[str, Screen]:
    """The shared samples: keys and values only, worded in a language when rendered."""
    return {
        "game_question": Screen("confirm_new_game", lines=(msg("menu_confirm", title="maunz."),
                                                           msg("confirm_keys"), msg("menu_other"))),
        "cards": Screen("cards", title=msg("text", text="Oben: Plus-Vier"),
                        lines=(msg("text", text="Wunsch: Zickzack"), msg("text", text="Am Zug: Anna"),
                               msg("text", text="4 Karten ziehen (OK)"),
                               msg("text", text=">1:6 2:11 3:7 4:7"),
                               msg("text", text="Ben: Mau!"))),
        "game_menu": Screen("menu", lines=(msg("menu_item", mark=">", title="maunz."),
                                           msg("menu_item", mark=" ", title="Katzenjammer"),
                                           msg("menu_item", mark=" ", title="Monster Mau Mau"),
                                           msg("menu_keys"))),
        "game_confirm": Screen("confirm_new_game", title=msg("head.menu_confirm"),
                               lines=(msg("menu_confirm", title="Katzenjammer"),
                                      msg("menu_abandon"), msg("confirm_keys"))),
    }
