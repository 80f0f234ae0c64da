"""Katzenjammer's review after a game (issue 36) in words: the summary of the people's choices
against the strongest computer player's (companion/games/katzenjammer/review.py) for the page and
the table's screen, the better turn's "why" worded by the table's own why phrases. Pure."""
from __future__ import annotations

from dataclasses import dataclass

from companion.games.katzenjammer.review import Summary, review
from companion.ui import i18n
from companion.ui.screens import Msg, Screen, msg

PHRASES = {
    "kjreview.title": {"de": "Rückblick", "en": "Review"},
    "kjreview.summary": {"de": "{matched} von {total} Entscheidungen wie der stärkste Computer",
                         "en": "{matched} of {total} choices as the strongest computer chose"},
    "kjreview.costliest": {"de": "Teuerster Unterschied, Zug {n} ({colour}): {played} statt {best}"
                                 " ({difference})",
                           "en": "Costliest difference, move {n} ({colour}): {played} instead of"
                                 " {best} ({difference})"},
    "kjreview.choice": {"de": "Zug {n} ({colour}): {played}, der Computer: {best} ({difference})",
                        "en": "Move {n} ({colour}): {played}, the computer: {best} ({difference})"},
    # what a difference is: points of the strongest player's count, or a game won or handed over
    # (never the engine's win value: players.WIN)
    # one decimal always (a difference of 0.5 is one; "1 Punkte" is none): "0,5 Punkte weniger"
    "kjreview.points": {"de": "{cost:.1f} Punkte weniger", "en": "{cost:.1f} points less"},
    "kjreview.won": {"de": "die bessere Wahl hätte sofort gewonnen",
                     "en": "the better choice would have won at once"},
    "kjreview.lets_win": {"de": "damit konnte {colour} bei {pct} % der Würfe sofort gewinnen",
                          "en": "this choice let {colour} win at once with {pct} % of the rolls"},
    "kjreview.why": {"de": "Warum: {why}", "en": "Why: {why}"},
    "kjreview.none": {"de": "Keine Entscheidungen von Personen", "en": "No choices made by people"},
    "kjreview.ready": {"de": "Rückblick fertig", "en": "Review complete"},
    "kjreview.close": {"de": "Rückblick schließen", "en": "Close the review"},
    "kjreview.keys": {"de": "OK = Ende", "en": "OK = leave"},
}
i18n.register(PHRASES)


@dataclass(frozen=True)
class KjReview:
    summary: Summary
    why: dict   # ply -> the better turn's reasons worded (Msgs), by the table's why phrases


def people_of(table) -> set[int]:
    """The seats no computer plays."""
    return {s for s in range(len(table.players)) if s not in table.session.computers}


def summary_of(table) -> KjReview:
    """The review of the game on `table`, here and now."""
    return worded(table, review(table.game, table.start_position, tuple(table.moves), people_of(table)))


def worded(table, s: Summary) -> KjReview:
    """A review computed elsewhere (the service's thread), its reasons worded by `table`."""
    return KjReview(s, {c.ply: tuple(table.why_msg(r) for r in c.why) for c in s.choices})


def difference(c) -> Msg:
    """What the played turn cost against the better one, in words a player reads."""
    if c.won:
        return msg("kjreview.won")
    if c.lets_win > 0:   # a roll in 216 is under half a per cent: said as 1 %, never as 0 %
        return msg("kjreview.lets_win", colour=msg(f"kj.seat.{c.next_colour}"),
                   pct=max(1, round(100 * c.lets_win)))
    return msg("kjreview.points", cost=c.cost)


def _choice(key: str, c) -> Msg:
    return msg(key, n=c.ply + 1, colour=msg(f"kj.seat.{c.colour}"), played=c.played, best=c.best,
               difference=difference(c))


def lines(r: KjReview) -> tuple[Msg, ...]:
    """The summary: matched of all, the costliest difference and why the better turn was better."""
    s = r.summary
    if not s.choices:
        return (msg("kjreview.none"),)
    out = [msg("kjreview.summary", matched=s.matched, total=len(s.choices))]
    worst = s.costliest
    if worst is not None:
        out.append(_choice("kjreview.costliest", worst))
        out.extend(r.why.get(worst.ply, ())[:3])
    return tuple(out)


def screen(r: KjReview) -> Screen:
    return Screen("review", title=msg("kjreview.title"), lines=lines(r) + (msg("kjreview.keys"),))


def page_block(r: KjReview, language: str) -> dict:
    s = r.summary
    worst = s.costliest
    costliest = None
    if worst is not None:
        why = "; ".join(m.text(language) for m in r.why.get(worst.ply, ()))
        costliest = _choice("kjreview.costliest", worst).text(language) + (
            " — " + msg("kjreview.why", why=why).text(language) if why else "")
    return {"game": "katzenjammer", "done": True, "progress": [1, 1],
            "progress_text": msg("kjreview.ready").text(language),
            "summary": lines(r)[0].text(language), "matched": s.matched, "total": len(s.choices),
            "costliest": costliest,
            "choices": [_choice("kjreview.choice", c).text(language)
                        for c in s.choices if not c.matched],
            "words": {"title": msg("kjreview.title").text(language),
                      "close": msg("kjreview.close").text(language)}}
