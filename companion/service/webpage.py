"""The web page beside the referee. The page is an extra: on the Pi a port that is taken (or an
address that is not up yet) must never stop the referee, so the service warns in one line, plays
on without the page and tries again every RETRY seconds. In the simulator the page is the
point, so there a taken port stops `companion sim` with the option that fixes it."""
from __future__ import annotations

import asyncio
import logging
import sys

log = logging.getLogger("companion")
RETRY = 30.0


class WebPage:
    def __init__(self, companion, web, *, sim: bool) -> None:
        self.companion = companion
        self.web = web
        self.sim = sim
        self.runner = None
        self._retry: asyncio.Task | None = None

    async def start(self) -> None:
        """Serve the page, or (on the Pi) warn and keep retrying. Raises SystemExit(2) for a
        configuration that can never work, and in the simulator for a taken port."""
        try:
            from companion.web.server import start_web  # noqa: F401
        except ImportError as exc:
            log.error("web page unavailable (%s); install the project with its dependencies", exc)
            return
        try:
            await self._try()
        except ValueError as exc:  # control on the LAN without a token: the config is wrong
            print(f"companion: {exc}", file=sys.stderr, flush=True)
            raise SystemExit(2) from None
        except OSError as exc:
            if self.sim:
                print(f"companion: {exc}", file=sys.stderr, flush=True)
                raise SystemExit(2) from None
            log.warning("%s; the referee plays on without the web page (retrying every %d s)",
                        exc, RETRY)
            self._retry = asyncio.create_task(self._retry_loop())

    async def _try(self) -> None:
        from companion.web.server import start_web, web_url

        w = self.web
        fix = ("run `companion sim --port N` with a free port N (or --port 0: any free port)" if self.sim
               else "set [web] port to a free port or stop the program using it")
        self.runner = await start_web(self.companion, w.host, w.port, w.control, w.token or None, fix=fix,
                                      names=w.names)
        # Never the token: this line lands in the system journal.
        how = " (control: open it once as /?token=<the [web] token from the config>)" if w.token else ""
        print(f"companion: web page on {web_url(self.runner)}{how}", flush=True)

    async def _retry_loop(self) -> None:
        while True:
            await asyncio.sleep(RETRY)
            try:
                await self._try()
            except OSError:
                continue
            log.info("web page is up again")
            return

    async def close(self) -> None:
        if self._retry is not None:
            self._retry.cancel()
            try:
                await self._retry
            except asyncio.CancelledError:
                pass
        if self.runner is not None:
            await self.runner.cleanup()
            self.runner = None
