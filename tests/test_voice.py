"""The companion speaks (issue "The companion speaks"): what it says and when a line goes stale.

Pure parts here (companion/voice): the OLED's shorthand read as words, every phrase sayable in
both languages, the announcer saying what changed and nothing private, the queue dropping
guidance whose screen has gone. The engine, the WAVs and the service: test_voice_render.py and
test_voice_service.py."""
from __future__ import annotations

import pytest

from companion.ui.screens import Screen, msg
from companion.voice.announcer import EVENT, GUIDANCE, Announcer, Line, SpeechQueue
from companion.voice.coverage import coverage, sample
from companion.voice.spoken import say, sayable, words
from companion.tables.maunz import phrases as _maunz_phrases  # noqa: F401  (cats_in, below)
from companion.tables.katzenjammer import phrases as _kj_phrases  # noqa: F401  (head.kj.*: alone too)


@pytest.mark.parametrize("text, language, count, said", [
    ("d4 → e5", "de", None, "d4 nach e5"),
    ("d4 → e5", "en", None, "d4 to e5"),
    ("OK = Kätzchen · Katze = Katze", "de", None, "OK für Kätzchen. Katze für Katze"),
    ("OK = yes · BACK = no", "en", None, "OK for yes. back for no"),
    ("+2 Katzen aus der Reserve", "de", None, "2 Katzen aus der Reserve"),
    ("> Mog card: cat 1 (option 1 of 7)", "en", None, "Mog card: cat 1, option 1 of 7"),
    ("Rot: 1-4-7", "de", None, "Rot: 1, 4, 7"),
    ("KI denkt nach …", "de", None, "KI denkt nach"),
    ("Karte „Eigene Würfel“ tut nichts", "de", None, "Karte Eigene Würfel tut nichts"),
])
def test_the_oled_shorthand_is_read_as_words(text, language, count, said):
    assert words(text, language) == said
    assert sayable(said)


def test_a_phrase_with_a_count_picks_singular_or_plural():
    assert say(msg("cats_in", n=1), "de") == "1 Katze aus der Reserve"
    assert say(msg("cats_in", n=3), "en") == "3 cats from the reserve"


def test_dice_side_by_side_are_said_one_by_one():
    # Katzenjammer's header shows a Miwin roll as "246": said as a roll, die by die in words
    # (issue 32 item 6), not two hundred ...
    assert say(msg("head.kj.0", dice="246"), "de") == "Rot würfelt zwei, vier, sechs"
    assert say(msg("head.kj.2", dice="933"), "en") == "Green rolls nine, three, three"


def test_a_pairing_code_is_spelled():
    assert say(msg("remote.code", code="K7QM-2XPD"), "en") == "Code: K 7 Q M, 2 X P D"


def test_every_oled_phrase_can_be_said_in_both_languages():
    covered, total, failures = coverage()
    assert failures == []
    assert covered == total and total > 500   # the shared phrases and every table's own


def test_a_sample_of_phrases_as_they_are_said():
    assert sample("boop", "de") == "d4 nach e5"
    assert sample("ask_keys", "en") == "OK for kitten. cat for cat"
    assert sample("on_from_box", "de") == "Setz das orange Kätzchen aus der Schachtel auf c3"


def _screen(kind="await_placement", to_move=0, lines=(), **kw):
    """A maunz. screen: its seats worded as its table words them (the bed's seat words)."""
    from companion.tables.maunz.screens import SEATS

    return Screen(kind=kind, to_move=to_move, lines=tuple(lines), seats=SEATS, **kw)


def test_a_screen_says_its_header_and_the_lines_that_are_new():
    a = Announcer()
    first = a.screen(_screen(lines=[msg("place")]), "de")
    assert [x.text for x in first] == ["Orange ist dran", "Setz ein Kätzchen oder eine Katze"]
    # the same header and line again (a redraw): nothing more to say
    assert a.screen(_screen(lines=[msg("place")]), "de") == []
    # a boop to carry out: only the new line
    boops = a.screen(_screen(kind="boops", lines=[msg("place"), msg("boop", src="d4", dst="e5")]), "de")
    assert [x.text for x in boops] == ["d4 nach e5"]
    turn = a.screen(_screen(to_move=1, lines=[msg("place")]), "en")
    assert [x.text for x in turn] == ["Grey to move", "Place a kitten or a cat"]  # a new language: all of it
    assert all(x.kind == GUIDANCE for x in first + boops + turn)
    assert [x.seq for x in a.recent] == sorted(x.seq for x in a.recent)


def test_a_private_screen_says_nothing_and_the_next_says_everything():
    a = Announcer()
    a.screen(_screen(lines=[msg("text", text="Anna ist dran")]), "de")
    assert a.screen(_screen(lines=[msg("text", text="deine Katze: 3, faul")]), "de", private=True) == []
    again = a.screen(_screen(lines=[msg("text", text="Anna ist dran")]), "de")
    assert [x.text for x in again] == ["Orange ist dran", "Anna ist dran"]
    assert not any("faul" in x.text for x in a.recent)


def test_a_win_is_an_event_and_a_move_is_said_as_one_line():
    a = Announcer()
    won = a.screen(_screen(kind="won", to_move=None, winner=1, lines=[msg("won")]), "en")
    assert [(x.text, x.kind) for x in won] == [("Grey wins!", EVENT), ("Three cats in a row!", EVENT)]
    move = a.events([msg("say.move", colour=msg("colour.0"), kind=msg("kind.k"), square="c3"),
                     msg("say.boop", src="d4", dst="e5"), msg("say.boop_off", src="f6")], "de")
    assert [(x.text, x.kind) for x in move] == [
        ("Orange: Kätzchen auf c3, stupst d4 nach e5, stupst f6 vom Bett", EVENT)]


def test_an_end_screen_that_comes_back_says_nothing_until_the_next_game():
    """The win is said once a game: the review or a menu over the ended game and the end screen
    back say nothing again; a line new for this game still is; the next game's win is news."""
    from companion.tables.maunz import review as _review  # noqa: F401  (its phrases)

    a = Announcer()
    end = _screen(kind="won", to_move=None, winner=1, lines=[msg("won"), msg("review.offer")])
    assert [x.text for x in a.screen(end, "en", over=True)] == [
        "Grey wins!", "Three cats in a row!", "Review: press cat"]
    assert [x.text for x in a.screen(Screen("review", title=msg("review.title")), "en", over=True)] == ["Review"]
    assert a.screen(end, "en", over=True) == []
    back = _screen(kind="won", to_move=None, winner=1, lines=[msg("won"), msg("new_game_keys")])
    assert [x.text for x in a.screen(back, "en", over=True)] == ["New game: press OK"]
    # without the service's word, an end screen is what says the game has ended
    assert a.screen(end, "en") == []
    a.screen(_screen(lines=[msg("place")]), "en", over=False)   # a new game
    assert [x.text for x in a.screen(end, "en", over=True)][0] == "Grey wins!"


def _line(seq, generation, kind=GUIDANCE):
    return Line(seq, f"line {seq}", "de", kind, generation)


def test_the_queue_drops_guidance_of_a_screen_that_has_gone_and_keeps_events():
    q = SpeechQueue(max_events=2)
    q.put([_line(1, 1), _line(2, 1)], 1)
    q.put([_line(3, 2, EVENT)], 2)       # the player moved on: screen 1's guidance is stale
    q.put([_line(4, 3)], 3)
    assert [q.take().seq for _ in range(len(q))] == [3, 4]
    assert q.dropped == 2
    # a new screen that says nothing still makes the waiting guidance stale
    q.put([_line(5, 4)], 4)
    q.put([], 5)
    assert len(q) == 0 and q.stale(_line(5, 4)) and not q.stale(_line(6, 5, EVENT))
    # events pile up at most max_events: the oldest go first
    q.put([_line(7, 6, EVENT), _line(8, 6, EVENT), _line(9, 6, EVENT)], 6)
    assert [q.take().seq for _ in range(len(q))] == [8, 9]


def test_the_buttons_help_is_said_when_it_changes_not_every_turn():
    a = Announcer()
    first = a.screen(_screen(lines=[msg("place"), msg("ask_keys")]), "en")
    assert [x.text for x in first][-1] == "OK for kitten. cat for cat"
    a.screen(_screen(to_move=1, lines=[msg("place")]), "en")
    again = a.screen(_screen(to_move=0, lines=[msg("place"), msg("ask_keys")]), "en")
    assert [x.text for x in again] == ["Orange to move"]   # the help again: not said again
    other = a.screen(_screen(kind="confirm_new_game", lines=[msg("confirm_keys")]), "en")
    assert [x.text for x in other] == ["New game?", "OK for yes. back for no"]
