"""The browser page: a simulated board on a laptop (`companion sim`), a live spectator view on the Pi.

    from companion.web import make_app, start_web
    runner = await start_web(companion, "127.0.0.1", 8080, control=True, token=None)
    print(web_url(runner))
"""
from companion.web.server import make_app, start_web, web_url

__all__ = ["make_app", "start_web", "web_url"]
