"""Katzenjammer's words on the page's board (static/kj.js draws them, page.py words them in the
table's language), keyed German/English phrases registered beside the shared ones (the OLED's
kj.* phrases live in companion/ui/i18n.py, which its sample screens need without a table)."""
from companion.ui import i18n

PHRASES = {
    "kj.page.to_move": {"de": "am Zug", "en": "to move"},
    "kj.page.wins": {"de": "gewinnt!", "en": "wins!"},
    "kj.page.last": {"de": "zuletzt", "en": "last"},
    "kj.page.rolling": {"de": "würfelt …", "en": "rolls …"},
}
i18n.register(PHRASES)
