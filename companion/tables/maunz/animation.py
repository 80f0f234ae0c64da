"""A maunz. game as an animated SVG to share (issue 36, item 4): the bed drawn ply by ply, one
frame a ply (the empty bed first), each frame shown in turn by SMIL (a discrete opacity
animation), looping. Self-contained: no script, no external file or font, so it plays in any
browser, a chat app's preview or an <img>. Pure text from the game record."""
from __future__ import annotations

import textwrap
from xml.sax.saxutils import escape

from companion.words import square_name

CELL = 48            # one square, in SVG units
MARGIN = 24          # the files and ranks around the bed
CAPTION = 3          # lines of the move in words under the bed (a long boop chain wraps)
WRAP = 52            # characters a caption line
SECONDS = 1.2        # one ply on screen
FILES = "abcdef"


def animated_svg(game, start, moves: list[str], words: list[str], title: str) -> str:
    """The SVG of the record: `words` the moves in words (the page's move list), `title` its
    heading (game, players, result)."""
    pos = game.parse_position(start) if isinstance(start, str) else start
    seats = game.info.bed.seats
    positions = [pos]
    for text in moves:
        pos = game.apply(pos, game.parse_move(pos, text))
        positions.append(pos)
    n = len(positions)
    side = 6 * CELL
    width, height = side + 2 * MARGIN, side + 2 * MARGIN + 14 * CAPTION + 24
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}"'
           f' height="{height}" font-family="sans-serif" data-frames="{n}">',
           f"<title>{escape(title)}</title>",
           f'<rect width="{width}" height="{height}" fill="#fbf6ee"/>',
           f'<text x="{width / 2}" y="16" text-anchor="middle" font-size="12">{escape(title)}</text>']
    top = MARGIN + 12
    for f in range(6):
        for r in range(6):
            shade = "#f1e3cc" if (f + r) % 2 else "#e9d6b8"
            out.append(f'<rect x="{MARGIN + f * CELL}" y="{top + (5 - r) * CELL}" width="{CELL}"'
                       f' height="{CELL}" fill="{shade}"/>')
    for i in range(6):
        out.append(f'<text x="{MARGIN + i * CELL + CELL / 2}" y="{top + side + 14}" text-anchor="middle"'
                   f' font-size="11">{FILES[i]}</text>')
        out.append(f'<text x="{MARGIN - 10}" y="{top + (5 - i) * CELL + CELL / 2 + 4}" text-anchor="middle"'
                   f' font-size="11">{i + 1}</text>')
    looks = {s.key: s.look for s in seats}
    for i, p in enumerate(positions):
        caption = "" if i == 0 else f"{i}. {words[i - 1] if i - 1 < len(words) else moves[i - 1]}"
        out.append(f'<g class="frame" data-ply="{i}" opacity="{1 if i == 0 else 0}">')
        out.append(_show(i, n))
        for sq, piece in sorted(game.bed_pieces(p).items()):
            f, r = sq % 6, sq // 6
            cx, cy = MARGIN + f * CELL + CELL / 2, top + (5 - r) * CELL + CELL / 2
            big = piece.isupper()
            out.append(f'<circle cx="{cx}" cy="{cy}" r="{CELL * (0.4 if big else 0.27):.1f}"'
                       f' fill="{looks.get(piece.lower(), "#888")}" stroke="#333" stroke-width="1.5">'
                       f"<title>{square_name(sq)}</title></circle>")
        lines = textwrap.wrap(caption, WRAP)[:CAPTION]
        out.append(f'<text x="{width / 2}" y="{top + side + 34}" text-anchor="middle" font-size="11">'
                   + "".join(f'<tspan x="{width / 2}" dy="{0 if j == 0 else 14}">{escape(line)}</tspan>'
                             for j, line in enumerate(lines)) + "</text></g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _show(i: int, n: int) -> str:
    """Frame i of n on screen during its slot of the loop, hidden the rest of it."""
    values = ";".join("1" if j == i else "0" for j in range(n))
    times = ";".join(f"{j / n:.4f}" for j in range(n))
    return (f'<animate attributeName="opacity" calcMode="discrete" values="{values}" keyTimes="{times}"'
            f' dur="{n * SECONDS:.1f}s" repeatCount="indefinite"/>')
