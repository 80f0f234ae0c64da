"""LED palette conventions."""
from companion.ui import palette
from hardware.interfaces import Effect


def test_palette_conventions():
    assert palette.leaves_bed().color == palette.RED
    assert palette.win_line().color == palette.GREEN
    assert palette.placed(1).color == palette.GREY_BLUE != palette.WHITE
    assert palette.push_from(2).color == palette.push_to(2).color
    assert palette.push_from(0).effect is Effect.BLINK and palette.push_to(0).effect is Effect.STEADY
    hues = set(palette.PAIR_HUES)
    assert len(hues) == 8
    assert not hues & {palette.ORANGE, palette.GREY_BLUE, palette.RED, palette.GREEN}
    assert palette.place_here(0, "k").effect != palette.place_here(0, "c").effect
    assert palette.hex_colour(palette.leaves_bed()) == "#ff0000"
