"""The review after a game (issue 36), run by the service: when a maunz. game ends (or for a game
of the journal, `open(game_id)`: the history's entry point, also `POST /api/review`), the AI
judges every position in the background, one small task at a time (companion/ai/review.py), so
the loop stays responsive and leaving stops the work between two tasks. A Katzenjammer game's
review (games/katzenjammer/review.py: each person's choice against the strongest computer
player's) is made at once, in the loop, when its game ends (milliseconds a choice).

The tasks run where the AI's searches run (ai_handoff.py): in its worker process (one search at
a time: an AI move waits for at most one task), in a thread, or inline (tests: one task a loop
step). On the table, the end screen offers the review ("Review: press CAT", `offer`) and CAT
opens the review mode: CAT the next move, BACK the one before, OK (or a new game) leaves; the OLED shows the step (tables/maunz/review.py), the LEDs
its move and the better one. The page reads `block(language)`."""
from __future__ import annotations

import logging

from companion.service.waking import wake_when_done

log = logging.getLogger("companion")


class ReviewRunner:
    def __init__(self, service) -> None:
        self.service = service
        self.review = None      # companion.ai.review.Review, or a Katzenjammer summary
        self.key = None         # what is reviewed: ("table", start, moves) or ("journal", id)
        self.future = None
        self.task = None
        self.stepping: int | None = None   # the table's review mode: the ply shown (None: off)
        self.threads = None
        self.left = None        # the review last left: a game's end is not reviewed again
        self.harvest = None     # the proofs of its mistakes as puzzles (a future), see _harvest
        self.harvested = None   # the review whose mistakes were looked at
        self.played = None      # the journal's (id, started) of the table's game under review

    # what is reviewed ------------------------------------------------------------------------
    def watch(self, view) -> None:
        """A game that just ended is reviewed; a new game ends its review."""
        if self.key is None and view.winner is None:
            return  # the common step: nothing under review, no game just ended
        table, name = self.service.table, self.service.game.info.name
        if table.puzzle is not None:
            return  # a puzzle's moves are no game to review (tables/maunz/puzzle.py)
        key = ("table", name, tuple(table.moves))
        if self.key is not None and self.key[0] == "table" and self.key != key:
            self.close()
        if view.winner is None or self.key is not None or not table.moves or key == self.left:
            return
        if name == "maunz":
            # the game as the journal knows it, taken now: the harvest may end after the next game
            # has begun, and its puzzles are dated by the day this one was played
            cur = self.service.journal.current
            self.played = (cur.id, cur.started) if cur is not None and cur.game == name else None
            self._begin(key, self.service.game, table.start_position, table.moves,
                        table.ai_seats[0] if table.ai_seats else None)   # the computer's colour
        elif name == "katzenjammer":   # pure Python: a thread, so the loop goes on between its steps
            from companion.games.katzenjammer.review import review
            from companion.tables.katzenjammer.review import people_of

            self.key = key
            self.future = self._threads().submit(review, self.service.game, table.start_position,
                                                 tuple(table.moves), people_of(table))
            wake_when_done(self.future, self.service.waker)

    @property
    def stepwise(self):
        """The maunz. review (None: none, or a Katzenjammer summary, which is made at once)."""
        if self.review is None:
            return None  # each loop step asks: no import, no isinstance, while nothing is reviewed
        from companion.ai.review import Review

        return self.review if isinstance(self.review, Review) else None

    def open(self, game_id: int) -> None:
        """Review game `game_id` of the journal (a finished or abandoned maunz. or Katzenjammer
        game: a game ended early has no end screen to offer it, its history entry does)."""
        from companion.games import get
        from companion.service.history import load_game

        row = load_game(self.service.journal.conn, game_id)
        if row is None or row.game not in REVIEWED or not row.moves:
            raise ValueError(f"game {game_id}: no maunz. or Katzenjammer game with moves in the"
                             " journal; give the id of one (companion history lists them)")
        game = get(row.game, rules=row.rules, players=row.seats)
        self.close()
        if row.game == "katzenjammer":
            from companion.games.katzenjammer.review import review

            self.key = ("journal", game_id)
            self.future = self._threads().submit(review, game, game.parse_position(row.start),
                                                 tuple(row.moves), self._people(game, row))
            wake_when_done(self.future, self.service.waker)   # the sleeping loop collects it at once
            self.service.notify()
            return
        self._begin(("journal", game_id), game, game.parse_position(row.start), row.moves)

    def _people(self, game, row) -> set[int]:
        """The seats of a journal's Katzenjammer game that people played: not named Computer, not
        a computer seat of the kept setting (which seats it names now: the journal keeps no
        setting per game)."""
        from companion import tables
        from companion.tables.protocol import is_computer_name

        service = self.service
        kept = service.journal.setting(service.settings.ai_key(game)) or service.config.game.ai or "off"
        named = {name.strip() for name in kept.split(",")}
        names = tables.seat_names(row.game, row.seats)
        return {seat for seat in range(row.seats)
                if names[seat] not in named and not is_computer_name(row.players[seat])}

    def _begin(self, key, game, start, moves, computer: int | None = None) -> None:
        from companion.ai.review import Review

        self.key, self.review = key, Review(game, start, tuple(moves), computer=computer,
                                            **self.settings)
        self.service.notify()

    #: the review's own settings (tests: a small node budget)
    settings: dict = {}

    def close(self) -> None:
        """Leave the review: the work stops (the task under way is dropped), the page's block goes."""
        if self.future is not None:
            self.future.cancel()
        self.left = self.key
        self.future = self.task = self.review = self.key = self.stepping = self.harvest = None
        self.service.notify()

    # the work --------------------------------------------------------------------------------
    def step(self, view) -> bool:
        """Each loop step: a game that just ended is reviewed (`watch`); a finished task is
        collected and the next one started. True when something new is known."""
        self.watch(view)
        if self.key is not None and self.review is None and self.future is not None:
            return self._summary()
        review = self.stepwise
        if review is None:
            return False
        news = False
        if self.future is not None and self.future.done():
            future, self.future = self.future, None
            try:
                review.add(_result(future.result()))
                news = True
            except Exception as exc:   # a failed task: the review stops, the game is not touched
                log.warning("review failed: %r", exc)
                self.close()
                return True
        if self.future is None:
            task = review.next_task()
            if task is None:
                self._harvest(review)
            if task is not None:
                self.future = self._start(review, *task)
                wake_when_done(self.future, self.service.waker)  # the loop collects it at once
                if self.future is None:   # inline: computed here
                    review.add(review.run_task(*task))
                    news = True
        return news

    def _harvest(self, review) -> None:
        """A game at the table reviewed to the end: each confirmed mistake that forms a proven
        puzzle (a win missed, or the win it allowed) becomes a personal puzzle of the player who
        made it, offered first next time (companion/service/puzzle_store.py). The proofs run in
        the review's thread; the loop only writes what they found."""
        if self.key is None or self.key[0] != "table" or self.harvested == self.key:
            return
        if self.harvest is None:
            from companion.ai.puzzles import from_mistakes

            self.harvest = self._threads().submit(from_mistakes, list(review.positions), review.mistakes())
            wake_when_done(self.harvest, self.service.waker)  # a sleeping loop writes them at once
            return
        if not self.harvest.done():
            return
        future, self.harvest, self.harvested = self.harvest, None, self.key
        try:
            found = future.result()
        except Exception as exc:   # a failed proof: no personal puzzle, the review stands
            log.warning("puzzles from the review failed: %r", exc)
            return
        if found:
            from companion.service.puzzle_store import PuzzleStore

            conn = self.service.journal.conn
            row = self.played or conn.execute(
                "SELECT id, started FROM games WHERE game='maunz' ORDER BY id DESC LIMIT 1").fetchone()
            names = self.service.table.players
            store = PuzzleStore(conn, [])
            for mover, pz in found:  # dated by the game's own start ("from your game on 14 Nov")
                store.add_personal(names[mover] if mover < len(names) else "", pz, row and row[0],
                                   row[1] if row else self.service.journal.clock())

    def _start(self, review, ply: int, deep: int):
        ai = self.service.ai
        if ai.mode == "process":
            from companion.service import ai_process

            game, pos = review.game, review.positions[ply]
            return ai.worker().submit(ai_process.review_ply, game.info.name, game.rules,
                                      tuple(sorted(game.parameters.items())), game.format_position(pos),
                                      review.moves[ply], ply, deep, review.task_args(ply, deep))
        if ai.mode == "thread":
            return self._threads().submit(review.run_task, ply, deep)
        return None

    def _threads(self):
        if self.threads is None:
            from concurrent.futures import ThreadPoolExecutor

            self.threads = ThreadPoolExecutor(max_workers=1, thread_name_prefix="companion-review")
        return self.threads

    def _summary(self) -> bool:
        """Katzenjammer's review, once its thread is done: worded by the table."""
        if not self.future.done():
            return False
        from companion.tables.katzenjammer.review import worded

        future, self.future = self.future, None
        table = self.service.table
        if self.key[0] == "journal":   # a past game: worded by a Katzenjammer table of its own
            from companion.tables.katzenjammer import KatzenjammerTable

            table = KatzenjammerTable(_katzenjammer(), language=table.language)
        try:
            self.review = worded(table, future.result())
        except Exception as exc:
            log.warning("review failed: %r", exc)
            self.close()
        return True

    def stop(self) -> None:
        self.close()
        if self.threads is not None:
            self.threads.shutdown(wait=False, cancel_futures=True)
            self.threads = None

    # the table's review mode -----------------------------------------------------------------
    def offered(self, view) -> bool:
        """The table shows its end screen and a review is there to open: the screen says so
        (`offer`) and CAT opens it. Not on the "new game?" question: there CAT is "other game"."""
        return (self.review is not None and self.stepping is None and view.winner is not None
                and view.screen.kind == "won")

    def offer(self, view):
        """The table's end screen with the review offered on it ("Review: press CAT"), or None.
        Its other lines stay as they were, so the voice says only the offer, never the win again."""
        if not self.offered(view):
            return None
        from dataclasses import replace

        from companion.ui.screens import msg

        return replace(view.screen, lines=view.screen.lines + (msg("review.offer"),))

    def button(self, name: str, kind: str, view) -> bool:
        """A button while a review can be stepped: True when it was the review's. A
        Katzenjammer review is one screen: CAT opens it, OK leaves."""
        if self.review is None or view.winner is None:
            return False
        if self.stepping is None:
            if (name, kind) != ("cat", "press") or not self.offered(view):
                return False
            self.stepping = 0
        elif name == "ok":
            self.close()
        elif self.stepwise is None:
            pass
        elif name == "cat":
            self.stepping = min(self.stepping + 1, len(self.review.moves) - 1)
        elif name == "back":
            self.stepping = max(self.stepping - 1, 0)
        return True

    def screen(self):
        if self.stepping is None or self.review is None:
            return None
        if self.stepwise is None:
            from companion.tables.katzenjammer.review import screen

            return screen(self.review)
        from companion.tables.maunz.review import step_screen

        return step_screen(self.review, self.stepping)

    def leds(self):
        if self.stepping is None or self.stepwise is None:
            return None
        from companion.tables.maunz.review import step_leds

        return step_leds(self.review, self.stepping)

    def block(self, language: str) -> dict | None:
        """The page's review block, worded in `language` (None: no review)."""
        if self.review is None:
            return None
        if self.stepwise is not None:
            from companion.tables.maunz.review import page_block

            out = page_block(self.review, language)
            out["stepping"] = self.stepping
        else:
            from companion.tables.katzenjammer.review import page_block as kj_block

            out = kj_block(self.review, language)
        out["source"] = self.key[1] if self.key[0] == "journal" else None
        return out


#: The games whose past games the history's Review opens.
REVIEWED = ("maunz", "katzenjammer")


def _katzenjammer():
    from companion.games import get

    return get("katzenjammer")


def _result(value):
    """A task's answer: a PlyResult (thread, inline) or its dict (from the worker process)."""
    from companion.ai.review import PlyResult

    if isinstance(value, dict):
        return PlyResult(**{k: (tuple(v) if k == "line" else v) for k, v in value.items() if k != "loss"})
    return value
