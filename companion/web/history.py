"""The history view's routes (issue 36, item 4): the past games, one drawn at a ply, its record
and (maunz.) its animation. Read-only GETs for every page — control and spectator alike get the
same frames, which hold only what the whole table saw (companion/tables/replay.py), and
security.py's Host check and headers apply as to every request.

    GET /api/history                     {"games": [{id, game, title, date, players, result,
                                          winner, plies, duration, animation}, ...],
                                          "ratings": [{name, points: [{at, rating, rd, level,
                                          score, game}]}]} newest first; the ratings against
                                          the computer oldest first (service/ratings.py)
    GET /api/history/<id>[?ply=N]        the game drawn at ply N (default: its last), as the
                                          live snapshot's game part, with "past" (its summary)
    GET /api/history/<id>/record         its record as a text file (`companion export`'s)
    GET /api/history/<id>/animation      a maunz. game as an animated SVG

A bad id or ply is a 400, an unknown game a 404, each one line of JSON naming the input. The
service (companion.past_games, service/past_games.py) reads the journal; the work runs off the
event loop, so a long record never stalls the referee."""
from __future__ import annotations

import asyncio
import json

from aiohttp import web

from companion.web.privacy import for_spectators


def _error(status: int, message: str, input_: str) -> web.Response:
    return web.Response(text=json.dumps({"type": "error", "error": message, "input": input_}),
                        status=status, content_type="application/json")


def _number(text: str, what: str, fix: str) -> int:
    if not text.isdigit() or len(text) > 9:
        raise _Bad(f"{what} {text[:20]!r} is not a number: {fix}", what)
    return int(text)


class _Bad(Exception):
    def __init__(self, message: str, input_: str) -> None:
        super().__init__(message)
        self.input = input_


def add_routes(app: web.Application, companion, may_control, dumps) -> None:
    """The routes on `app`; `may_control(request)`: the page is the controlling one (else a
    spectator's, given what a spectator's live snapshot is given)."""

    async def run(request, fn, *args):
        try:
            return await asyncio.to_thread(fn, *args)
        except ValueError as exc:   # the service's PastGameError: status and one line
            raise _Served(_error(getattr(exc, "status", 400), str(exc), request.path)) from None

    def game_id(request) -> int:
        return _number(request.match_info["id"], "game id", "GET /api/history lists the games' ids")

    async def listing(request):
        games = await run(request, companion.past_games.listing)
        ratings = await run(request, companion.past_games.ratings)
        return web.Response(text=dumps({"games": games, "ratings": ratings}), content_type="application/json")

    async def one(request):
        ply = request.query.get("ply")
        ply = None if ply is None else _number(ply, "ply", "give ?ply=N, 0 up to the game's plies")
        out = await run(request, companion.past_games.frame, game_id(request), ply)
        if not may_control(request):
            out = for_spectators(out)
        return web.Response(text=dumps(out), content_type="application/json")

    async def record(request):
        name, text = await run(request, companion.past_games.record, game_id(request))
        return web.Response(text=text, content_type="text/plain", charset="utf-8",
                            headers={"Content-Disposition": f'attachment; filename="{name}"'})

    async def animation(request):
        name, svg = await run(request, companion.past_games.animation, game_id(request))
        return web.Response(text=svg, content_type="image/svg+xml", charset="utf-8",
                            headers={"Content-Disposition": f'attachment; filename="{name}"'})

    def guarded(handler):
        async def wrapped(request):
            try:
                return await handler(request)
            except _Bad as exc:
                return _error(400, str(exc), exc.input)
            except _Served as served:
                return served.response
        return wrapped

    app.router.add_get("/api/history", guarded(listing))
    app.router.add_get("/api/history/{id}", guarded(one))
    app.router.add_get("/api/history/{id}/record", guarded(record))
    app.router.add_get("/api/history/{id}/animation", guarded(animation))


class _Served(Exception):
    def __init__(self, response: web.Response) -> None:
        super().__init__(response.status)
        self.response = response
