""""Check for updates" (companion/web/update_check.py) against a local HTTP server on 127.0.0.1:
what the server or the SD card gets wrong is one line naming it, never a traceback from the
page's request (the family reads it on the OLED and the page)."""
from __future__ import annotations

import asyncio
import functools
import http.server
import json
import threading

import pytest

from companion.web.update_check import CheckError, check


NAME = "maunz-companion-9.9.tar.gz"


def _post(c, *paths) -> list[tuple[int, dict]]:
    """POST each of `paths` to companion `c`'s page (control, no token; api/update: a release
    named NAME, its .sig "{}"): (status, reply) each. Closes `c`."""
    import base64

    import aiohttp

    from companion.web import start_web, web_url

    release = {"X-Companion-Filename": NAME, "X-Companion-Signature": base64.b64encode(b"{}").decode()}

    async def go():
        runner = await start_web(c, "127.0.0.1", 0, control=True, token=None)
        try:
            out = []
            async with aiohttp.ClientSession() as http_:
                for path in paths:
                    body, headers = (b"archive", release) if path == "api/update" else (None, {})
                    async with http_.post(web_url(runner) + path, data=body, headers=headers) as r:
                        out.append((r.status, await r.json(content_type=None)))
            return out
        finally:
            await runner.cleanup()

    try:
        return asyncio.run(go())
    finally:
        c.close()


@pytest.fixture()
def site(tmp_path):
    root = tmp_path / "site"
    root.mkdir()
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(root))
    handler.log_message = lambda *a: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield root, f"http://127.0.0.1:{server.server_address[1]}/latest.json"
    finally:
        server.shutdown()
        server.server_close()


@pytest.mark.parametrize("latest", [{"version": "9.9", "archive": 5, "signature": "x.sig"},
                                    {"version": None, "archive": "a.tar.gz", "signature": "x.sig"},
                                    ["9.9"], {"version": "9.9"}])
def test_a_latest_json_of_other_shapes_is_named(site, tmp_path, latest):
    root, url = site
    (root / "latest.json").write_text(json.dumps(latest))
    with pytest.raises(CheckError, match=r"latest\.json: not a latest\.json \(version, archive, signature"):
        asyncio.run(check(url, tmp_path / "state", running="0.1.0"))


def test_a_download_the_state_directory_cannot_keep_is_said(site, tmp_path):
    root, url = site
    name = "maunz-companion-9.9.tar.gz"
    (root / name).write_bytes(b"archive")
    (root / f"{name}.sig").write_text("{}")
    (root / "latest.json").write_text(json.dumps({"version": "9.9", "archive": name, "signature": f"{name}.sig"}))
    state = tmp_path / "state"
    state.write_text("a file where the state directory should be")
    with pytest.raises(CheckError, match=r"state/upload: cannot keep the download \(.*\); free some space"):
        asyncio.run(check(url, state, running="0.1.0"))


def test_an_upload_the_state_directory_cannot_keep_is_said(tmp_path):
    """POST /api/update with the SD card unable to keep it: 507 and the line, no traceback."""
    from companion.service.app import Companion
    from companion.service.config import Config
    from companion.service.devices import build_fakes

    state = tmp_path / "state"
    c = Companion(Config(), build_fakes(), state_dir=state, ai_mode="off")
    (state / "upload").write_text("a file where the upload folder should be")
    [(status, out)] = _post(c, "api/update")
    assert status == 507, out
    assert out["error"].startswith(f"{state / 'upload'}: cannot keep {NAME} (") and "free some space" in out["error"]


def test_a_password_or_token_in_the_address_is_never_said(site, tmp_path):
    """The url (or an archive's, e.g. a presigned download) may carry a password or an access
    token; the line the OLED, the page and the log show names the address without them."""
    root, url = site
    secret = url.replace("http://", "http://maker:hunter2@") + "?token=s3cr3t"
    with pytest.raises(CheckError) as err:
        asyncio.run(check(secret, tmp_path / "state", running="0.1.0"))
    assert "HTTP 404" in str(err.value) and "hunter2" not in str(err.value) and "s3cr3t" not in str(err.value)
    assert url.replace(".json", "") in str(err.value), str(err.value)
    name = "maunz-companion-9.9.tar.gz"
    (root / "latest.json").write_text(json.dumps({"version": "9.9", "archive": f"{name}?sig=s3cr3t",
                                                  "signature": "none.sig?sig=s3cr3t"}))
    with pytest.raises(CheckError) as err:
        asyncio.run(check(url, tmp_path / "state", running="0.1.0"))
    assert "none.sig?…: HTTP 404" in str(err.value) and "s3cr3t" not in str(err.value), str(err.value)


def test_names_in_latest_json_are_relative_to_the_release_host_not_its_storage(tmp_path):
    """As GitHub serves releases/latest/download/latest.json: redirected to the version's folder
    on the same host, then to a storage host with a signed query. The archive and its .sig are
    fetched from the version's folder (joined to the storage address they were not found)."""
    name = "maunz-companion-9.9.tar.gz"
    blobs = {"/blob1": json.dumps({"version": "9.9", "archive": name, "signature": f"{name}.sig"}).encode(),
             "/blob2": b"the archive", "/blob3": b"{}"}

    def server(routes):
        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                target = routes(self.path.split("?")[0])
                if target is None:
                    self.send_response(404)
                    self.end_headers()
                elif isinstance(target, bytes):
                    self.send_response(200)
                    self.send_header("Content-Length", str(len(target)))
                    self.end_headers()
                    self.wfile.write(target)
                else:
                    self.send_response(302)
                    self.send_header("Location", target)
                    self.end_headers()

            def log_message(self, *args):
                pass

        srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=srv.serve_forever, daemon=True).start()
        return srv

    storage = server(blobs.get)
    store = f"http://localhost:{storage.server_address[1]}"
    release = server({"/latest/latest.json": "/v9.9/latest.json",
                      "/v9.9/latest.json": f"{store}/blob1?sig=a",
                      f"/v9.9/{name}": f"{store}/blob2?sig=b",
                      f"/v9.9/{name}.sig": f"{store}/blob3?sig=c"}.get)
    (tmp_path / "state").mkdir()
    try:
        said = asyncio.run(check(f"http://127.0.0.1:{release.server_address[1]}/latest/latest.json",
                                 tmp_path / "state", running="0.1.0"))
    finally:
        for srv in (storage, release):
            srv.shutdown()
            srv.server_close()
    assert said.startswith("found 9.9 (running 0.1.0)")
    upload = tmp_path / "state" / "upload"
    assert (upload / name).read_bytes() == b"the archive" and (upload / f"{name}.sig").read_bytes() == b"{}"


def test_the_family_reads_the_outcome_in_the_tables_language(site, tmp_path):
    """What the page and the notices say of a release uploaded, and of a check that found the
    running version the newest: in the table's words (German here), not the log's English
    line ("…: 2097152 B ✓", "up to date: …"), and sayable (no "✓": the page adds it)."""
    from companion.service.app import Companion
    from companion.service.config import Config, GameConfig
    from companion.service.devices import build_fakes
    from companion.web.update_check import running_version

    root, url = site
    (root / "latest.json").write_text(json.dumps({"version": running_version(), "archive": "x", "signature": "y"}))
    c = Companion(Config(game=GameConfig(language="de")).replace(update_url=url), build_fakes(),
                  state_dir=tmp_path / "state", ai_mode="off")
    (_, sent), (_, checked) = _post(c, "api/update", "api/update/check")
    notices = c.notices.recent("de", 2)
    assert sent["words"] == f"{NAME} ist angekommen. Der Companion prüft die Signatur und fragt dann."
    assert checked["words"] == f"Kein Update: {running_version()} ist die neueste Version"
    assert notices == [sent["words"], checked["words"]]
    from companion.voice.spoken import sayable

    assert sayable(sent["words"]) and sayable(checked["words"])
