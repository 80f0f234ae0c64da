"""Remote play: a maunz. game against a friend at another companion, through public MQTT brokers.

The other player's seat is the AI's seat, and their moves arrive as the AI's would: the table
guides the local player to put each one on the real bed (boops included) and commits it once
the sensed bed shows it. Each side referees with its own engine; the move log
(companion/remote/chain.py) is hash-chained and both sides check every entry, so a replayed,
reordered, forged or dropped message is seen, and a disagreement stops the game naming the move.

    remote = RemoteGame(companion, code, brokers=["wss://..."], name="Anna", host=True)
    remote.step(view, now)        # from Companion.step: messages in, the other side's moves to the table
    remote.committed(commits)     # after the journal: our moves out
    remote.button(...)/card(...)  # an undo is asked of the other side, never done alone
    remote.screen()               # the OLED's remote messages (code, asked undo, lost link, stop)

Who hosts (made the code) plays orange and starts. The log is kept in the journal's settings
(`remote`) after every change, so a power cut on either side resumes the game: the journal's
moves and the log must agree, and the brokers' retained logs bring each side up to date.
"""
from __future__ import annotations

import asyncio
import json
import logging
import time

from companion.remote import chain as ch
from companion.remote.inbox import SIZE as INBOX_MAX, Inbox
from companion.remote.messages import RemoteMessageError, seal, unseal
from companion.remote.pairing import derive
from companion.remote.presence import GONE, HERE, Presence
from companion.remote.refusals import Refusals
from companion.service.mqtt_link import BrokerLink
from companion.ui.i18n import STRINGS, text
from companion.ui.screens import Screen, msg

log = logging.getLogger("companion.remote")
SIDES = ch.SIDES


class RemoteSetupError(ValueError):
    """Remote play cannot start as asked; one line with the fix."""


class RemoteGame:
    active = True

    def __init__(self, companion, code: str, *, brokers, name: str = "", host: bool,
                 ca_file: str | None = None, now: float = 0.0) -> None:
        self.c = companion
        if companion.game.info.name != "maunz":
            raise RemoteSetupError(f"remote play is for maunz.; the game in play is {companion.game.info.title}:"
                                   f" switch with the game card first")
        if not brokers:
            raise RemoteSetupError("remote play needs a broker: [remote] brokers = [\"wss://...\"] or --broker URL")
        self.pairing = derive(code)
        self.side = 0 if host else 1
        self.peer = 1 - self.side
        self.name = name or SIDES[self.side]
        self.peer_name = ""
        self.presence = Presence()    # the other side there or gone, from fresh messages only
        self.inbox = Inbox(INBOX_MAX)  # between two steps; a flood's rest dropped and refused
        self.held: dict[int, ch.Entry] = {}
        self.stopped = None          # a Msg: why the game stopped (a disagreement)
        self.undo_asked: str | None = None   # "me" (waiting for the answer) | "peer" (asking us)
        self.undoing = False          # an agreed undo the table is carrying out
        # messages refused (tampered, foreign, not of this log, stale): counted, logged within bounds
        self.refusals = Refusals(lambda why: companion.note("note.remote", why=why), log.warning)
        # when each of our moves went out, and when each of the other side's was shown on our
        # table (monotonic seconds, by the move's number): `companion bench remote` reads them
        self.sent_at: dict[int, float] = {}
        self.shown_at: dict[int, float] = {}
        self._tasks: set = set()
        self._started = False
        self._qr_uri: str | None = None
        self._connection = 0          # our connections to brokers in this start (the marks' middle)
        self.links = [BrokerLink(url, self.pairing.room, SIDES[self.side], SIDES[self.peer],
                                 self._received, self._link_changed, ca_file, will=self._will)
                      for url in brokers]
        self.chain = self._restore() or self._begin(now)
        self.epoch = self._next_epoch()
        companion.settings.ai_seats = (self.peer,)  # the other seat is played from elsewhere
        companion.table.ai_colour = self.peer
        companion.table.remote_name = self.peer_label()
        # the names on the OLED ("Orange: Anna") and in the history ("Ben (remote)")
        companion.table.set_name(self.side, self.name)
        companion.journal.set_player(self.side, self.name)
        if self.peer_name:
            companion.table.set_name(self.peer, self.peer_name)

    # ------------------------------------------------------------------ kept in the journal
    def _restore(self):
        kept = self.c.journal.setting("remote")
        try:
            data = json.loads(kept) if kept else None
        except ValueError:
            data = None
        game = self.c.journal.current
        if not data or data.get("room") != self.pairing.room or data.get("game_id") != game.id:
            return None
        if data.get("side") != self.side:
            raise RemoteSetupError("this companion joined that code; start it with --remote CODE, not new")
        j = self.c.journal
        chain = ch.Chain.from_list(self.c.game, j.start_position(), data.get("entries", []))
        self.peer_name = data.get("peer", "")
        self.presence = Presence(data.get("peer_mark"))  # an older "offline" stays refused after a restart
        moves, logged = j.moves(), chain.moves
        if moves == logged[:len(moves)]:
            return chain            # (the other side's moves not yet on our bed come back too)
        if moves[:-1] == logged and self.c.game.to_move(chain.position) == self.side:
            chain.add(chain.move_entry(self.side, moves[-1]))   # our move, journaled just before a power cut
            return chain
        raise RemoteSetupError(f"the journal's moves ({len(moves)}) and the remote log ({len(logged)}) differ:"
                               f" `companion recover --abandon` ends this game")

    def _begin(self, now: float):
        if self.c.journal.moves():
            self.c.table.new_game(now)  # a remote game starts from the empty bed
            self.c.journal_commits(self.c.table.drain_commits())
        chain = ch.Chain(self.c.game, self.c.journal.start_position() or self.c.game.initial_position())
        self.chain = chain
        self._save()
        return chain

    def _save(self) -> None:
        game_id = self.c.journal.current.id
        # the code too: a restarted service resumes the same room (the state dir is the
        # companion's own; `companion history` and the page never show this setting)
        self.c.journal.set_setting("remote", json.dumps({
            "code": self.pairing.code, "room": self.pairing.room, "side": self.side, "game_id": game_id, "peer": self.peer_name,
            "peer_mark": None if self.presence.mark is None else list(self.presence.mark),
            "entries": self.chain.to_list()}))
        # what `companion history` shows of it: the other side's name (never the code)
        self.c.journal.set_setting(f"remote.game.{game_id}", json.dumps(
            {"peer": self.peer_name, "side": SIDES[self.side]}))

    # ------------------------------------------------------------------ the brokers
    def start(self) -> None:
        """Connect to every broker, once (on the running asyncio loop: attach, Companion.run)."""
        if self._started:
            return
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return                      # not yet: Companion.run starts it
        self._started = True
        for link in self.links:
            self._spawn(link.run())

    def _spawn(self, coro) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            coro.close()
            return
        task = loop.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _next_epoch(self) -> int:
        """This start's epoch (companion/remote/presence.py): the wall clock in milliseconds, and
        always above the last start's, kept in the journal (a clock set back cannot undercut it)."""
        last = self.c.journal.setting("remote.epoch")
        epoch = max(int(time.time() * 1000), int(last) + 1 if last and last.isdigit() else 0)
        self.c.journal.set_setting("remote.epoch", str(epoch))
        return epoch

    def _seal(self, kind: str, rank: int = HERE, connection: int | None = None, **payload) -> bytes:
        mark = [self.epoch, self._connection if connection is None else connection, rank]
        return seal(self.pairing, dict(payload, kind=kind, mark=mark, **{"from": SIDES[self.side]}))

    def _will(self, link) -> bytes:
        """The "offline" the broker publishes for us if this connection drops, sealed for it (a
        connection about to be made: the marks after it are newer)."""
        self._connection += 1
        return self._seal("presence", rank=GONE, connection=self._connection, online=False)

    def _publish(self, topic: str, kind: str, retain: bool = False, **payload) -> None:
        data = self._seal(kind, **payload)
        for link in self.links:
            self._spawn(link.publish(topic, data, retain))

    def _publish_state(self) -> None:
        self._publish("state", "state", retain=True, entries=self.chain.to_list(), name=self.name)

    def _received(self, data: bytes, retained: bool, link) -> None:
        if self.inbox.put((data, retained)):
            self.c.wake()               # the loop's next step takes it

    def next_deadline(self, now: float) -> float | None:
        return self.refusals.due

    def _link_changed(self, link) -> None:
        if link.connected:
            data = self._seal("presence", online=True)
            self._spawn(link.publish("presence", data, True))
            self._spawn(link.publish("msg", self._seal("hello", name=self.name)))
            self._spawn(link.publish("state", self._seal("state", entries=self.chain.to_list(), name=self.name), True))
        self.c.wake()   # the OLED follows the link ("No connection to the broker"): a step now
        self.c.notify()

    @property
    def peer_online(self) -> bool | None:
        return self.presence.online

    @property
    def refused(self) -> int:
        return self.refusals.count

    @property
    def connected(self) -> bool:
        return any(link.connected for link in self.links)

    # ------------------------------------------------------------------ from the service loop
    def step(self, view, now: float) -> None:
        messages, dropped = self.inbox.take()
        for data, retained in messages:
            self._handle(data, retained, now)
        if dropped:
            self.refusals.refused(f"{dropped} messages dropped unread: more than {INBOX_MAX} came"
                                  " between two steps of the loop", now, n=dropped)
        self.refusals.tick(now)
        if self.stopped is not None:
            return
        t = self.c.table
        if self.undoing is False and len(t.moves) > len(self.chain.moves) and \
                list(t.moves[:len(self.chain.moves)]) == self.chain.moves and self.chain.entries and \
                self.chain.entries[-1].kind == "undo":
            self.undoing = True
            t.on_card("undo", now)     # the agreed undo: the table guides the bed back
            self.c.wake()              # (late in the step: the next one shows it)
            return
        n = len(t.moves)
        if view.wants_ai and len(self.chain.moves) > n and self.chain.moves[:n] == list(t.moves):
            t.on_ai_move(self.chain.moves[n])   # the other player's move: onto our bed
            self.c.wake()
            self.shown_at.setdefault(n, time.monotonic())

    def committed(self, commits) -> None:
        for c in commits:
            if self.stopped is not None:
                return
            if c.kind == "move":
                n = len(self.c.table.moves)
                if n <= len(self.chain.moves):
                    if self.chain.moves[n - 1] != c.move:
                        self._stop(msg("remote.differs", n=n, here=c.move, there=self.chain.moves[n - 1]))
                    continue
                try:
                    entry = self.chain.move_entry(self.side, c.move)
                    self.chain.add(entry)
                except ch.ChainError as exc:
                    self._stop(msg("text", text=str(exc)))
                    continue
                self._save()
                self._publish("msg", "entry", entry=entry.__dict__)
                self.sent_at[len(self.chain.moves) - 1] = time.monotonic()
                self._publish_state()
            elif c.kind == "undo":
                self.undoing = False
                if list(self.c.table.moves) != self.chain.moves:
                    self._stop(msg("remote.undo_alone"))
            elif c.kind in ("new_game", "abandon") and self.chain.entries:
                self._stop(msg("remote.ended_here"))

    def _handle(self, data: bytes, retained: bool, now: float) -> None:
        try:
            body = unseal(self.pairing, data)
            if body.get("from") != SIDES[self.peer]:
                raise RemoteMessageError(f"a message from {body.get('from')!r}, not from {SIDES[self.peer]}"
                                         f" (our own, replayed?): ignored")
        except RemoteMessageError as exc:
            self.refusals.refused(str(exc), now)
            return
        kind = body["kind"]
        fresh = self.presence.heard(body.get("mark"))   # the newest word: there, or gone
        if kind == "presence" and not fresh:
            if self.presence.repeated(body.get("mark")):
                return
            self.refusals.refused("a presence message older than the last one heard (replayed, or left"
                                  " on the broker): ignored", now)
            return
        if fresh:
            self._save()
        if body.get("name") and kind in ("hello", "state"):
            self._peer_named(str(body["name"])[:24])
        if kind == "hello" and fresh:
            # they (re)started: tell them we are here, newer than whatever the broker kept for us
            self._publish("presence", "presence", retain=True, online=True)
        elif kind == "entry":
            self._take(body.get("entry") or {}, now, live=not retained)
        elif kind == "state":
            for d in body.get("entries") or []:
                self._take(d, now)
        elif kind == "undo_ask":
            if body.get("seq") == len(self.chain.entries) and self.chain.moves:
                self.undo_asked = "peer"
        elif kind == "undo_no" and self.undo_asked == "me":
            self.undo_asked = None
            self.c.note("note.remote_undo_declined", name=self.peer_label())
        self.c.notify()

    def _take(self, d, now: float, live: bool = False) -> None:
        try:
            entry = ch.Entry.from_dict(d)
            self.chain.add(entry)
        except ch.Duplicate:
            return
        except ch.Gap:
            self.held[entry.seq] = entry      # a message went missing: the retained log fills it
            return
        except ch.NotOurs as exc:
            self.refusals.refused(str(exc), now)
            return
        except ch.Disagreement as exc:
            self._stop(msg("text", text=str(exc)))
            return
        if entry.kind == "undo":
            self.undo_asked = None
        if live and entry.side == self.peer:
            self.presence.live()              # a new move of theirs, just sent: they are there
        while len(self.chain.entries) in self.held:
            self._take(self.held.pop(len(self.chain.entries)).__dict__, now)
        self._save()

    def _stop(self, why) -> None:
        self.stopped = why
        log.warning("remote: the game stops: %s", why.text("en"))
        self.c.notify()

    def _peer_named(self, name: str) -> None:
        if name != self.peer_name:
            self.peer_name = name
            self.c.table.remote_name = self.peer_label()
            self.c.table.set_name(self.peer, name)
            self.c.journal.set_player(self.peer, name)   # `companion history` adds "(remote)"
            self._save()

    def peer_label(self):
        """The other player: their name, else their colour as a keyed phrase ("Orange", "Grau"),
        worded in the language of the line it stands in, whenever that line is worded."""
        return self.peer_name or msg(self.c.game.info.bed.seats[self.peer].word)

    # ------------------------------------------------------------------ undo, asked of the other side
    def button(self, name: str, kind: str, now: float) -> bool:
        """True when the remote game takes the press (an undo question, or an undo asked)."""
        if self.undo_asked == "peer":
            if kind == "press" and name in ("ok", "back"):
                self._answer_undo(name == "ok")
            return True
        if self.undo_asked == "me" and name == "back" and kind == "press":
            self.undo_asked = None          # we no longer ask
            return True
        if name == "back" and kind == "long":
            self._ask_undo()
            return True
        return False

    def card(self, function: str) -> bool:
        if function == "undo":
            self._ask_undo()
            return True
        if function in ("ai_orange", "ai_grey", "ai_off", "hint"):
            self.c.note("note.remote_not_now", card=msg(f"card.{function}"))
            return True
        return False

    def _ask_undo(self) -> None:
        if self.stopped is not None or not self.chain.moves:
            return
        if list(self.c.table.moves) != self.chain.moves:
            self.c.note("note.remote_undo_later", name=self.peer_label())
            return
        self.undo_asked = "me"
        self._publish("msg", "undo_ask", seq=len(self.chain.entries))

    def _answer_undo(self, yes: bool) -> None:
        self.undo_asked = None
        if not yes:
            self._publish("msg", "undo_no", seq=len(self.chain.entries))
            return
        entry = self.chain.undo_entry(self.side)
        self.chain.add(entry)
        self._save()
        self._publish("msg", "entry", entry=entry.__dict__)
        self._publish_state()

    # ------------------------------------------------------------------ what the table shows
    def screen(self):
        """The OLED's remote message over the table's screen, or None."""
        head = msg("remote.head", name=self.peer_label())
        if self.stopped is not None:
            return Screen("paused", title=head, lines=(self.stopped, msg("remote.stopped_how")))
        if self.undo_asked == "peer":
            return Screen("paused", title=head, lines=(msg("remote.undo_asked", name=self.peer_label()),
                                                      msg("confirm_keys")))
        if self.undo_asked == "me":
            return Screen("paused", title=head, lines=(msg("remote.undo_waiting", name=self.peer_label()),
                                                      msg("remote.undo_cancel")))
        peer_to_move = self.c.game.to_move(self.chain.position) == self.peer
        if not self.connected and peer_to_move:
            return Screen("paused", title=head, lines=(msg("remote.no_broker"),))
        if not self.peer_name and not self.chain.entries:
            return Screen("paused", title=head, lines=(msg("remote.code", code=self.pairing.code),
                                                      msg("remote.waiting_for_join")))
        if self.peer_online is False and peer_to_move:
            return Screen("paused", title=head, lines=(msg("remote.peer_away", name=self.peer_label()),))
        return None

    @staticmethod
    def secret(screen) -> bool:
        """The screen shows the pairing code: the OLED and the controlling page may, no
        spectator's page (web/privacy.py: a stand-in OLED image, the spoken code left out)."""
        return isinstance(screen, Screen) and any(m.key == "remote.code" for m in screen.lines)

    def snapshot(self) -> dict:
        # the code, its QR and the broker addresses go to the controlling page only (a
        # spectator's is web/privacy.py's): whoever has the code can play in our name
        return {"code": self.pairing.code, "side": SIDES[self.side], "name": self.name, "peer_seat": self.peer,
                "code_on_oled": self.secret(self.c.screen.screen),
                "peer": self.peer_name, "connected": self.connected, "peer_online": self.peer_online,
                "stopped": None if self.stopped is None else self.stopped.text(self.c.table.language),
                "undo": self.undo_asked, "refused": self.refused, "entries": len(self.chain.entries),
                "brokers": [{"url": link.url, "connected": link.connected} for link in self.links],
                "qr": self._qr(), "labels": self._labels()}

    def _labels(self) -> dict:
        """The page's words for this game (static/remote.js writes only these), in the table's
        language, the other player already named."""
        language = self.c.table.language
        peer = self.peer_name or self.peer_label().text(language)
        out = {key.removeprefix("remote.page."): text(key, language, name=peer)
               for key in STRINGS if key.startswith("remote.page.") and key != "remote.page.match"}
        # who plays whom, for a spectator's page (it has no "you")
        names = {self.side: self.name, self.peer: peer}
        out["match"] = text("remote.page.match", language, orange=names[0], grey=names[1])
        return out

    def _qr(self) -> str:
        """The code as a QR code for the page (made once: the snapshot is taken on every change)."""
        if self._qr_uri is None:
            import segno

            self._qr_uri = segno.make(self.pairing.code, error="m").svg_data_uri(scale=4)
        return self._qr_uri

    def close(self) -> None:
        for link in self.links:
            link.stop()
        for task in list(self._tasks):
            task.cancel()


def kept(companion) -> dict | None:
    """The remote game the journal keeps for the game in play (to resume it), or None."""
    try:
        data = json.loads(companion.journal.setting("remote") or "null")
    except ValueError:
        return None
    current = companion.journal.current
    if not isinstance(data, dict) or current is None or data.get("game_id") != current.id:
        return None
    return data


def attach(companion, *, code: str | None = None, host: bool | None = None, config=None,
           now: float = 0.0, rng=None) -> "RemoteGame | None":
    """Start remote play, or resume the kept one: `host` True makes a code (or keeps the one of
    the game it resumes), a `code` alone joins it; neither resumes what the journal keeps."""
    import secrets

    from companion.remote.pairing import new_code

    was = kept(companion)
    if code is None and host is None:
        if was is None or not was.get("code"):
            return None
        code, host = was["code"], was.get("side") == 0
    elif host and code is None:
        code = was["code"] if was and was.get("side") == 0 and was.get("code") else \
            new_code(rng or secrets.SystemRandom())
    r = config.remote
    game = RemoteGame(companion, code, brokers=r.brokers, name=r.name or companion.table.players[0 if host else 1],
                      host=bool(host), ca_file=r.ca_file or None, now=now)
    companion.remote.close()
    companion.remote = game
    game.start()
    log.info("remote game: %s, room %s, %s", "host (orange)" if host else "joined (grey)",
             game.pairing.room, ", ".join(r.brokers))
    return game


def from_card(companion, name: str, now: float) -> None:
    """The remote card: "remote" hosts (a new code on the OLED), "remote:K7QM-2XPD" joins."""
    from companion.remote.pairing import PairingError

    try:
        attach(companion, code=name or None, host=not name, config=companion.config, now=now)
    except (RemoteSetupError, PairingError) as exc:
        companion.note("note.remote", why=str(exc))
