"""Screens to 128x64 one-bit images.

The font is Pillow's built-in bitmap font (companion/ui/oled.py: 6x11 cells, Latin-1, so German
umlauts and ß render); it ships inside Pillow, nothing is downloaded. Two glyphs outside Latin-1
are drawn by hand: the arrow "→" and the ellipsis "…".

Layout: an inverted header bar (whose turn / winner / title), a pools row with kitten and cat
icons per colour, then up to four lines of instruction, word-wrapped. A longer instruction is
never cut off: it is split into pages of whole lines, each marked "1/2" at the right of the
header bar (unless the title needs the whole bar: a title is never cut to make room for it); the
service turns the pages (`companion.service.screen.PAGE_SECONDS`), so every word reaches the OLED.
"""
from __future__ import annotations

from PIL import Image, ImageDraw

from companion.ui import i18n
# The display's size and font live below this module and katzenjammer_board (companion/ui/oled.py);
# imported from here as before.
from companion.ui.oled import HEIGHT, WIDTH, font
from companion.ui.screens import LISTS, Pool, Screen

CHAR_W = 6
ARROW_W = 7
LINE_H = 10
BODY_TOP = 22
BODY_LINES = 4


def _clean(text: str) -> str:
    text = text.replace("…", "...")
    return "".join(ch if ch == "→" or ord(ch) < 256 else "?" for ch in text)


def text_width(text: str) -> int:
    text = _clean(text)
    return sum(ARROW_W if ch == "→" else CHAR_W for ch in text)


def _draw_text(draw: ImageDraw.ImageDraw, x: int, y: int, text: str, fill: int = 1) -> int:
    """Draw text with the hand-made arrow; returns the x after the text."""
    for i, part in enumerate(_clean(text).split("→")):
        if i:
            mid = y + 5
            draw.line((x + 1, mid, x + 6, mid), fill=fill)
            draw.line((x + 4, mid - 2, x + 6, mid), fill=fill)
            draw.line((x + 4, mid + 2, x + 6, mid), fill=fill)
            x += ARROW_W
        if part:
            draw.text((x, y), part, font=font(), fill=fill)
            x += CHAR_W * len(part)
    return x


def wrap(text: str, width: int = WIDTH - 1) -> list[str]:
    lines: list[str] = []
    current = ""
    for word in text.split(" "):
        candidate = word if not current else current + " " + word
        if text_width(candidate) <= width:
            current = candidate
            continue
        if current:
            lines.append(current)
        while text_width(word) > width:  # a word longer than a line: hard break
            n = max(1, width // CHAR_W)
            lines.append(word[:n])
            word = word[n:]
        current = word
    if current:
        lines.append(current)
    return lines


def pack(phrases: list[str], width: int = WIDTH - 1) -> list[str]:
    """Short phrases share a line, separated by " · "; long ones wrap onto their own lines."""
    lines: list[str] = []
    for phrase in phrases:
        if lines and text_width(lines[-1] + " · " + phrase) <= width:
            lines[-1] += " · " + phrase
        else:
            lines.extend(wrap(phrase, width))
    return lines


def _icon(draw: ImageDraw.ImageDraw, x: int, y: int, cat: bool) -> None:
    """A 7x8 cat head: hollow for a kitten, filled for a cat."""
    draw.polygon([(x, y), (x + 2, y + 2), (x, y + 3)], fill=1)          # left ear
    draw.polygon([(x + 6, y), (x + 4, y + 2), (x + 6, y + 3)], fill=1)  # right ear
    draw.ellipse((x, y + 2, x + 6, y + 8), outline=1, fill=1 if cat else 0)


def _pools_row(draw: ImageDraw.ImageDraw, pools: tuple[Pool, ...], to_move: int | None) -> None:
    y = 11
    for seat, pool in enumerate(pools[:2]):
        x = seat * 66
        if seat == to_move:  # the player to move is marked with a small triangle
            draw.polygon([(x, y + 2), (x + 3, y + 5), (x, y + 8)], fill=1)
        x = _draw_text(draw, x + 5, y, pool.label or str(seat + 1))
        _icon(draw, x + 2, y + 1, cat=False)
        x = _draw_text(draw, x + 10, y, str(pool.kittens))
        if pool.kinds > 1:
            _icon(draw, x + 3, y + 1, cat=True)
            _draw_text(draw, x + 11, y, str(pool.cats))


def _body_top(screen: Screen) -> int:
    return BODY_TOP if screen.pools else 13


def _header_room(pages_: int) -> int:
    """The header bar's width for text: less the "1/2" page marker when there are pages."""
    return WIDTH - 4 - (text_width(f"{pages_}/{pages_}") + 4 if pages_ > 1 else 0)


def pages(screen: Screen, language: str = i18n.DEFAULT) -> list[list[str]]:
    """The instruction's lines, split into pages that fit under the header (at least one). A
    title too long for the bar (a long player name, the bar shared with the page marker) is
    wrapped as a body line is: the bar shows its first line (`title_line`), the body begins
    with the rest. Every word reaches the OLED, none is cut, none is shown twice."""
    return _layout(screen, language)[1]


def title_line(screen: Screen, language: str = i18n.DEFAULT) -> str:
    """What the header bar shows of the title: all of it, or its first line in whole words."""
    return _layout(screen, language)[0]


def _layout(screen: Screen, language: str) -> tuple[str, list[list[str]]]:
    phrases = [m.text(language) for m in screen.lines]
    body = _paginate(screen, phrases)
    head = screen.header(language)
    if text_width(head) <= _header_room(len(body)):
        return head, body
    if text_width(head) <= _header_room(1):
        # it fits the bar alone: whole, with no page marker beside it ("Spieler 3 ist" above
        # "dran" cut a sentence in two; the pages still turn, so every word is read)
        return head, body
    # the page marker may come with the title's rest in the body: wrap to the room it leaves
    for room in sorted({_header_room(1), _header_room(len(body)), _header_room(9), _header_room(99)},
                       reverse=True):
        first = wrap(head, room)[0]
        rest = head[len(first):].strip()
        body = _paginate(screen, ([rest] if rest else []) + phrases)
        if text_width(first) <= _header_room(len(body)):
            return first, body
    return first, body


def _paginate(screen: Screen, phrases: list[str]) -> list[list[str]]:
    per_page = (HEIGHT - _body_top(screen)) // LINE_H
    out: list[list[str]] = [[]]
    listing = screen.kind in LISTS  # a menu: one entry a line, as written (its marks indent)
    for phrase in phrases:
        page = out[-1]
        if page and not listing and text_width(page[-1] + " · " + phrase) <= WIDTH - 1:
            page[-1] += " · " + phrase  # short phrases share a line, as in pack()
            continue
        lines = [phrase] if listing and text_width(phrase) < WIDTH else wrap(phrase)
        if page and len(page) + len(lines) > per_page and len(lines) <= per_page:
            out.append([])  # a phrase that fits on one page is not torn across two
        for line in lines:
            if len(out[-1]) == per_page:
                out.append([])
            out[-1].append(line)
    return out


def page_count(screen: Screen, language: str = i18n.DEFAULT) -> int:
    return len(pages(screen, language))


def render(screen: Screen, language: str = i18n.DEFAULT, page: int = 0) -> Image.Image:
    """Page `page` (modulo the number of pages) of the screen as a 128x64 image."""
    if screen.kind == "kj_board":  # the whole display is the Katzenjammer board
        # Imported when that screen is drawn: the Katzenjammer engine loads only for its board.
        from companion.games.katzenjammer.notation import parse_position
        from companion.ui.katzenjammer_board import board_image

        return board_image(parse_position(dict(screen.extra)["position"]))
    img = Image.new("1", (WIDTH, HEIGHT), 0)
    draw = ImageDraw.Draw(img)
    draw.fontmode = "1"
    header, body = _layout(screen, language)
    page %= len(body)
    marker = f"{page + 1}/{len(body)}" if len(body) > 1 else ""
    if text_width(header) > _header_room(len(body)):
        marker = ""   # a title that needs the whole bar (_layout)
    draw.rectangle((0, 0, WIDTH - 1, 10), fill=1)
    _draw_text(draw, 2, 0, header, fill=0)
    if marker:  # more to read: the page number, right-aligned in the header bar
        _draw_text(draw, WIDTH - 2 - text_width(marker), 0, marker, fill=0)
    body_top = _body_top(screen)
    if screen.pools:
        _pools_row(draw, screen.pools, screen.to_move)
    for i, line in enumerate(body[page]):
        _draw_text(draw, 1, body_top + i * LINE_H, line)
    if screen.kind == "won":  # a dotted frame around the body: the celebration
        for x in range(0, WIDTH, 4):
            draw.point((x, HEIGHT - 1), fill=1)
        for y in range(12, HEIGHT, 4):
            draw.point((0, y), fill=1)
            draw.point((WIDTH - 1, y), fill=1)
    return img

