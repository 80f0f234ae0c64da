"""An update a family starts (issue 42): a signed release on the SD card's FAT partition (or a
USB stick) is found by root (`companion update --find`), the companion asks "Update to 0.2.0?"
on the OLED and among the page's notices, nothing installs until OK is pressed (at the table or
the page's OK), then `companion update --offered` (root, started by companion-update.path)
installs it with its steps on the OLED (a progress bar) and the outcome in one line. The
service is the real one on fake devices; root's side runs against the drill's fake systemd."""
from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
from pathlib import Path

import pytest

from benchmarks import update_drill as drill
from companion.service.screen import render_message
from companion.service.updates import OFFER, OK_FILE, STATUS, Updates
from companion.update import signing
from companion.update import update as upd
from companion.ui.screens import msg

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def d(tmp_path_factory) -> drill.Drill:
    return drill.Drill(tmp_path_factory.mktemp("family"), seed=5)


def root(d, run, *argv, systemd=None):
    prefix, state = d.root / f"run{run}" / "opt", d.root / f"run{run}" / "state"
    os.environ["MAUNZ_DRILL_PREFIX"] = str(prefix)
    return upd.main([*argv, "--keys", str(d.keys), "--spool", str(d.root / f"run{run}" / "spool"),
                     "--prefix", str(prefix), "--state", str(state)],
                    unit_factory=lambda name: drill.LocalUnit(name, systemd))


def card_with(tmp: Path, *archives: Path) -> Path:
    card = tmp / "card"
    card.mkdir(exist_ok=True)
    for a in archives:
        shutil.copy(a, card / a.name)
        shutil.copy(signing.signature_path(a), card / f"{a.name}.sig")
    return card


def test_found_on_the_card_offered_and_installed_only_after_ok(d, tmp_path, capsys):
    prefix, state, systemd, before = d.fresh(1)
    spool = d.root / "run1" / "spool"
    card = card_with(tmp_path, d.archives["B"])
    assert root(d, 1, "--find", str(card), systemd=systemd) == 0
    offer = json.loads((spool / OFFER).read_text())
    assert offer["version"] == "0.2.0" and offer["found"] == str(card / d.archives["B"].name)
    assert (card / d.archives["B"].name).exists()  # the card's file is read, never changed
    # no OK yet: --offered (as companion-update.path would only start it with one) does nothing
    assert root(d, 1, "--offered", systemd=systemd) == 0
    assert os.readlink(prefix / "current") == "releases/0.1.0-aaaaaaaaaaaa"
    # the family's OK, as the service writes it
    said = []
    u = Updates(state, lambda line, note=None: said.append(line), spool=spool)
    assert u.poll(0.0) == ("update", ("ask", "0.2.0")) and "Update to 0.2.0?" in said[0]
    # CAT does nothing to the question (nor to the table hidden behind it); OK answers it
    assert u.button("cat") is True and u.poll(0.0) == ("update", ("ask", "0.2.0")) and u.button("ok") is True
    assert json.loads((state / OK_FILE).read_text())["sha256"] == offer["sha256"]
    capsys.readouterr()
    assert root(d, 1, "--offered", systemd=systemd) == 0
    assert os.readlink(prefix / "current") == "releases/0.2.0-bbbbbbbbbbbb"
    status = json.loads((spool / STATUS).read_text())
    assert status["ok"] and status["outcome"] == "updated 0.1.0-aaaaaaaaaaaa -> 0.2.0-bbbbbbbbbbbb"
    assert status["what"] == "installed"
    assert not (state / OK_FILE).exists() and not (spool / OFFER).exists()
    # the companion (the new release, restarted by the update) says the outcome, once
    notes = []
    u2 = Updates(state, lambda line, note=None: (said.append(line), notes.append(note)), spool=spool)
    assert u2.poll(100.0) == ("update", ("outcome", "ok", "0.2.0", msg("update.installed", version="0.2.0")))
    # the log: the words, then root's own line; the page: the words in the table's language
    assert said[-1] == f"update: Update installed: now on 0.2.0 ({status['outcome']})"
    assert notes[-1].text("de") == "Update installiert: Version 0.2.0 läuft"


def test_back_declines_and_a_tampered_file_is_never_offered(d, tmp_path, capsys):
    prefix, state, systemd, _ = d.fresh(2)
    spool = d.root / "run2" / "spool"
    card = card_with(tmp_path, d.archives["B"])
    data = bytearray((card / d.archives["B"].name).read_bytes())
    data[100] ^= 1
    (card / d.archives["B"].name).write_bytes(bytes(data))
    assert root(d, 2, "--find", str(card), systemd=systemd) == 0
    assert "tampered or damaged" in capsys.readouterr().err and not (spool / OFFER).exists()
    (tmp_path / "again").mkdir()
    card = card_with(tmp_path / "again", d.archives["B"])
    assert root(d, 2, "--find", str(card), systemd=systemd) == 0
    u = Updates(state, lambda line, note=None: None, spool=spool)
    assert u.poll(0.0)[1][0] == "ask" and u.button("back") and u.poll(10.0) is None
    assert not (state / OK_FILE).exists()


def ok_given(d, n: int, archive: Path, tmp: Path):
    """Install n fresh, a card with `archive` found, the family's OK given: (prefix, state,
    systemd, spool, the Updates that took the OK)."""
    prefix, state, systemd, _ = d.fresh(n)
    spool = d.root / f"run{n}" / "spool"
    assert root(d, n, "--find", str(card_with(tmp, archive)), systemd=systemd) == 0
    u = Updates(state, lambda line, note=None: None, spool=spool)
    u.poll(0.0)
    u.button("ok")
    return prefix, state, systemd, spool, u


def test_a_release_that_fails_its_health_check_is_said_in_one_line(d, tmp_path):
    prefix, state, systemd, spool, u = ok_given(d, 3, d.archives["C"], tmp_path)
    assert root(d, 3, "--offered", systemd=systemd) == 1
    status = json.loads((spool / STATUS).read_text())
    assert status["ok"] is False and status["outcome"].startswith(
        "update: rolled back to 0.1.0-aaaaaaaaaaaa: 0.2.1-cccccccccccc was not healthy: it did not reach READY")
    assert os.readlink(prefix / "current") == "releases/0.1.0-aaaaaaaaaaaa"
    # the family's words (issue 42): which version it went back to and why, as a kind, in the
    # table's language; root's own English line only in the log
    assert (status["what"], status["reason"], status["back"]) == ("rolled_back", "slow", "0.1.0")
    said, notes = [], []
    u2 = Updates(state, lambda line, note=None: (said.append(line), notes.append(note)), spool=spool)
    screen = u2.poll(100.0)
    assert screen[1][:3] == ("outcome", "failed", "0.2.1")
    assert screen[1][3].text("de") == "Zurück auf 0.1.0: 0.2.1 war nicht rechtzeitig bereit"
    assert notes[0].text("de") == screen[1][3].text("de") and "READY" not in notes[0].text("de")
    assert said[0].startswith("update: Rolled back to 0.1.0: 0.2.1 was not ready in time (update: rolled back")
    assert render_message(screen, "de").tobytes() != render_message(screen, "en").tobytes()


def test_a_release_refused_at_the_install_says_why_in_the_familys_words(d, tmp_path):
    """The spooled copy is checked again at the OK: damaged since the offer, it is not installed,
    and the OLED says so in the table's language, with its kind (not root's sentence)."""
    prefix, state, systemd, spool, u = ok_given(d, 91, d.archives["B"], tmp_path)
    copy = spool / "release.tar.gz"
    copy.write_bytes(copy.read_bytes()[:-10] + b"0123456789")
    assert root(d, 91, "--offered", systemd=systemd) == 1
    status = json.loads((spool / STATUS).read_text())
    assert (status["what"], status["reason"], status["ok"]) == ("not_installed", "damaged", False)
    assert "tampered or damaged" in status["outcome"]  # root's line, for the log
    said = []
    screen = Updates(state, lambda line, note=None: said.append(line), spool=spool).poll(100.0)
    assert screen[1][3].text("de") == "0.2.0 nicht installiert: Datei beschädigt, neu herunterladen"
    assert "tampered or damaged" in said[0]
    assert os.readlink(prefix / "current") == "releases/0.1.0-aaaaaaaaaaaa"


def test_every_outcome_has_words_that_fit_the_oleds_four_lines():
    """Each kind root writes (unit.py's Health.kind, signing.py's SignatureError.kind, offer.py's
    "older", update.py's no_space) is worded, whole, in the four lines under the OLED's head."""
    from companion.service.updates import HEALTH, REFUSED, outcome_msg
    from companion.ui.render import wrap

    version, back = "0.12.0rc3", "0.12.0rc2"
    statuses = [{"what": "installed"}, {"what": "rolled_back", "reason": "?"}]
    statuses += [{"what": "rolled_back", "reason": k} for k in HEALTH]
    statuses += [{"what": w, "reason": k} for w in ("not_installed", "not_offered") for k in (*REFUSED, "?")]
    for status in statuses:
        line = outcome_msg({**status, "version": version, "back": back})
        for language in ("de", "en"):
            assert len(wrap(line.text(language))) <= 4, (status, line.text(language))
    assert set(HEALTH) == {"slow", "crashed"} and {"unsigned", "signature", "damaged", "no_key", "no_space",
                                                   "older"} == set(REFUSED)


def test_a_reason_the_words_do_not_know_is_left_to_the_log(tmp_path):
    """A kind the family's words have no phrase for (or a status without fields): the OLED says
    what happened and "details in the log"; root's technical line goes only into the log."""
    spool = tmp_path / "spool"
    spool.mkdir()
    line = "update: rolled back to 0.1.0-a: 0.2.0-b was not healthy: something new (its last line: x)"
    (spool / STATUS).write_text(json.dumps({"version": "0.2.0", "step": "failed", "outcome": line, "ok": False,
                                            "what": "rolled_back", "reason": "cosmic-ray", "back": "0.1.0"}))
    said, notes = [], []
    screen = Updates(tmp_path, lambda text, note=None: (said.append(text), notes.append(note)),
                     spool=spool, wall=lambda: 0.0).poll(0.0)
    assert screen[1][3].text("de") == "Zurück auf 0.1.0, Details im Log"
    assert screen[1][3].text("en") == "Rolled back to 0.1.0, details in the log"
    assert notes == [screen[1][3]] and said == [f"update: Rolled back to 0.1.0, details in the log ({line})"]


def test_with_no_release_key_installed_the_oled_and_the_page_say_so(d, tmp_path, capsys):
    """An image made before the project had its key: every release is refused, and the family is
    told that reason in one line ("no release key installed: ..."), not a refusal of the file."""
    prefix, state, systemd, _ = d.fresh(90)
    spool, nokeys = d.root / "run90" / "spool", tmp_path / "release-keys"
    nokeys.mkdir()
    card = card_with(tmp_path, d.archives["B"])
    (card / "maunz-companion-0.1.9.tar.gz").write_bytes(b"unsigned")  # first in order, and unsigned
    os.environ["MAUNZ_DRILL_PREFIX"] = str(prefix)
    assert upd.main(["--find", str(card), "--keys", str(nokeys), "--spool", str(spool), "--prefix", str(prefix),
                     "--state", str(state)], unit_factory=lambda name: drill.LocalUnit(name, systemd)) == 0
    assert f"{signing.NO_KEY} (none in {nokeys})" in capsys.readouterr().err
    status = json.loads((spool / STATUS).read_text())
    assert status["outcome"] == signing.NO_KEY and status["ok"] is False and not (spool / OFFER).exists()
    said = []
    u = Updates(state, lambda line, note=None: said.append(line), spool=spool)
    screen = u.poll(0.0)
    words = msg("update.not_offered", reason=msg("update.refused.no_key"))
    assert screen == ("update", ("outcome", "failed", "?", words))
    assert said == [f"update: {words.text('en')} ({signing.NO_KEY})"]  # the log: root's line after the words
    from companion.ui.render import wrap

    shown = wrap(words.text("de"))[:4]  # what the OLED's four lines hold
    assert shown[0].startswith("Kein Update") and "neueres Image nötig" in " ".join(shown), shown
    other = ("update", ("outcome", "failed", "?", msg("update.outcome.unknown")))
    assert render_message(screen, "en").tobytes() != render_message(other, "en").tobytes()


def test_the_service_asks_on_the_oled_and_the_page_and_takes_ok(tmp_path):
    from companion.service.app import Companion
    from companion.service.config import Config
    from companion.service.devices import build_fakes

    spool = tmp_path / "spool"
    spool.mkdir()
    (spool / OFFER).write_text(json.dumps({"version": "0.2.0", "sha256": "ab" * 32}))
    c = Companion(Config(), build_fakes(), state_dir=tmp_path / "state", ai_mode="off")
    c.screen.updates.spool = spool  # (the image's spool is /var/lib/maunz-companion-update)
    q = c.subscribe()

    async def go():
        task = asyncio.create_task(c.run())
        await asyncio.wait_for(q.get(), 5.0)
        for _ in range(200):
            if c.screen.screen == ("update", ("ask", "0.2.0")):
                break
            await asyncio.sleep(0.02)
        shown = (c.screen.screen, c.screen.language, c.devices.display.image.copy())
        c.devices.buttons.press("ok")
        for _ in range(200):
            if (tmp_path / "state" / OK_FILE).exists():
                break
            await asyncio.sleep(0.02)
        await c.stop()
        await asyncio.wait_for(task, 5.0)
        return shown

    screen, language, image = asyncio.run(go())
    assert screen == ("update", ("ask", "0.2.0"))
    assert image.tobytes() == render_message(screen, language).tobytes()  # the OLED
    assert any(m.startswith("Update to 0.2.0?") for m in c.notices.messages)  # the page's notices
    assert json.loads((tmp_path / "state" / OK_FILE).read_text()) == {"version": "0.2.0", "sha256": "ab" * 32}
    c.close()


def test_each_step_draws_a_fuller_bar():
    from companion.service.updates import STEPS

    lit = [render_message(("update", ("step", s, "0.2.0")), "de").crop((0, 40, 128, 51)).convert("L").histogram()[255]
           for s in STEPS]
    assert lit == sorted(lit) and len(set(lit)) == len(STEPS)


def test_the_units_start_the_update_from_the_ok_and_find_releases_on_the_card_and_sticks():
    path = (REPO / "systemd" / "companion-update.path").read_text()
    assert re.search(r"^PathExists=/var/lib/maunz-companion/update-ok\.json$", path, re.M)
    svc = (REPO / "systemd" / "companion-update.service").read_text()
    assert "companion update --offered" in svc
    find = (REPO / "systemd" / "companion-update-find.service").read_text()
    assert "--find /boot/firmware" in find
    usb = (REPO / "systemd" / "companion-update-usb@.service").read_text()
    assert "--find /run/maunz-usb/%i" in usb and "ro" in usb
    rule = (REPO / "systemd" / "61-maunz-update-usb.rules").read_text()
    assert 'ENV{ID_BUS}=="usb"' in rule and "companion-update-usb@" in rule
    up = (REPO / "systemd" / "companion-update-upload.path").read_text()
    assert "PathExistsGlob=/var/lib/maunz-companion/upload/*.sig" in up
    assert "--find /var/lib/maunz-companion/upload --consume" in (REPO / "systemd" / "companion-update-upload.service").read_text()
    install = (REPO / "systemd" / "install.sh").read_text()
    for unit in ("companion-update.path", "companion-update-upload.path", "companion-update-usb@.service"):
        assert unit in install


def test_a_release_uploaded_from_the_page_is_checked_and_offered(d, tmp_path):
    """POST /api/update (control token required) puts it where root's companion-update-upload.path
    looks; `--find --consume` checks and offers it (or says why not on the OLED and the page)."""
    import base64

    import aiohttp

    from companion.service.app import Companion
    from companion.service.config import Config
    from companion.service.devices import build_fakes
    from companion.web import start_web, web_url

    token = "upload-test-token-0123456789"
    c = Companion(Config(), build_fakes(), state_dir=tmp_path / "state", ai_mode="off")
    archive = d.archives["B"]
    sig = base64.b64encode(signing.signature_path(archive).read_bytes()).decode()

    async def post(url, body, **headers):
        async with aiohttp.ClientSession() as http:
            async with http.post(url + "api/update", data=body, headers=headers) as r:
                return r.status, await r.json(content_type=None)

    async def go():
        runner = await start_web(c, "127.0.0.1", 0, control=True, token=token)
        url = web_url(runner)
        try:
            out = [await post(url, archive.read_bytes(), **{"X-Companion-Filename": archive.name,
                                                            "X-Companion-Signature": sig})]
            out.append(await post(url, archive.read_bytes(), **{"X-Companion-Token": token,
                                                                "X-Companion-Filename": archive.name}))
            out.append(await post(url, archive.read_bytes(), **{"X-Companion-Token": token, "X-Companion-Filename":
                                                                archive.name, "X-Companion-Signature": sig}))
            return out
        finally:
            await runner.cleanup()

    (no_token, no_sig, good) = asyncio.run(go())
    assert no_token[0] == 403 and "needs control" in no_token[1]["error"]
    assert no_sig[0] == 400 and "no signature with it" in no_sig[1]["error"]
    assert good[0] == 202 and good[1]["bytes"] == archive.stat().st_size
    upload = tmp_path / "state" / "upload"
    assert (upload / archive.name).read_bytes() == archive.read_bytes()
    assert (upload / f"{archive.name}.sig").read_bytes() == signing.signature_path(archive).read_bytes()
    assert any("received" in m for m in c.notices.messages)
    c.close()
    # root's side (companion-update-upload.service): checked, offered, the upload removed
    prefix, state, systemd, _ = d.fresh(40)
    assert root(d, 4, "--find", str(upload), "--consume", systemd=systemd) == 0
    assert not list(upload.iterdir())
    u = Updates(state, lambda line, note=None: None, spool=d.root / "run4" / "spool")
    assert u.poll(0.0) == ("update", ("ask", "0.2.0"))
    # a tampered upload: not offered, and said on the OLED and the page
    shutil.copy(signing.signature_path(archive), upload / f"{archive.name}.sig")
    (upload / archive.name).write_bytes(archive.read_bytes()[:-10] + b"0123456789")
    prefix, state, systemd, _ = d.fresh(5)
    said = []
    assert root(d, 5, "--find", str(upload), "--consume", systemd=systemd) == 0
    u = Updates(state, lambda line, note=None: said.append(line), spool=d.root / "run5" / "spool")
    kind = u.poll(0.0)[1]
    assert kind[:3] == ("outcome", "failed", "?")
    assert kind[3] == msg("update.not_offered", reason=msg("update.refused.damaged"))
    assert said and "tampered" in said[0]


def test_check_for_updates_at_the_configured_url(d, tmp_path):
    """[update] url (off by default) against a local HTTP server on 127.0.0.1: the newest release
    downloaded into upload/ (root checks and offers it), nothing when it is the one running."""
    import functools
    import http.server
    import threading

    import aiohttp

    from companion.service.app import Companion
    from companion.service.config import Config
    from companion.service.devices import build_fakes
    from companion.web import start_web, web_url
    from companion.web.update_check import running_version

    site = tmp_path / "site"
    (site / "v0.2.0").mkdir(parents=True)
    archive = d.archives["B"]
    shutil.copy(archive, site / "v0.2.0" / archive.name)
    shutil.copy(signing.signature_path(archive), site / "v0.2.0" / f"{archive.name}.sig")
    (site / "latest.json").write_text(json.dumps({"version": "0.2.0", "archive": f"v0.2.0/{archive.name}",
                                                  "signature": f"v0.2.0/{archive.name}.sig"}))
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    handler.log_message = lambda *a: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/latest.json"
    assert Config().update_url == ""  # off by default
    assert Config.from_text(f'[update]\nurl = "{url}"\n').update_url == url
    with pytest.raises(Exception, match=r"\[update\] url: not an http\(s\) address"):
        Config.from_text('[update]\nurl = "ftp://x"\n')

    async def ask(companion):
        runner = await start_web(companion, "127.0.0.1", 0, control=True, token=None)
        try:
            async with aiohttp.ClientSession() as http_:
                async with http_.post(web_url(runner) + "api/update/check") as r:
                    return r.status, await r.json(content_type=None)
        finally:
            await runner.cleanup()

    try:
        off = Companion(Config(), build_fakes(), state_dir=tmp_path / "off", ai_mode="off")
        status, out = asyncio.run(ask(off))
        assert status == 409 and "checking for updates is off" in out["error"]
        off.close()
        c = Companion(Config().replace(update_url=url), build_fakes(), state_dir=tmp_path / "state", ai_mode="off")
        status, out = asyncio.run(ask(c))
        assert status == 200 and out["said"].startswith(f"found 0.2.0 (running {running_version()})"), out
        upload = tmp_path / "state" / "upload"
        assert (upload / archive.name).read_bytes() == archive.read_bytes()
        assert (upload / f"{archive.name}.sig").exists() and any("update check: found" in m for m in c.notices.messages)
        c.close()
        # the one running: nothing downloaded
        (site / "latest.json").write_text(json.dumps({"version": running_version(), "archive": "x", "signature": "y"}))
        c = Companion(Config().replace(update_url=url), build_fakes(), state_dir=tmp_path / "state2", ai_mode="off")
        status, out = asyncio.run(ask(c))
        assert status == 200 and out["said"].startswith("up to date") and not (tmp_path / "state2" / "upload").exists()
        c.close()
    finally:
        server.shutdown()


def test_the_sleeping_loop_wakes_to_poll_the_spool_only_where_there_is_one(tmp_path):
    """Root writes the offer and the steps; nothing else tells the service, so while a spool
    exists (an image) its next poll is a deadline of the loop, and without one (the simulator)
    the update costs the idle loop no wake-up."""
    from companion.service.screen import ScreenChoice

    u = Updates(tmp_path / "state", lambda line, note=None: None, spool=tmp_path / "none")
    u.poll(10.0)
    assert u.next_deadline(10.0) is None
    spool = tmp_path / "spool"
    spool.mkdir()
    u = Updates(tmp_path / "state", lambda line, note=None: None, spool=spool)
    u.poll(10.0)
    assert u.next_deadline(10.0) == 12.0
    assert ScreenChoice(None, u).next_deadline(10.0) == 12.0


def test_an_older_release_is_never_offered_and_an_uploaded_one_says_why(d, tmp_path, capsys):
    """An old archive left on the card (or a stick) is no "Update to 0.0.9?" downgrade: not
    offered, one line in the log, nothing on the OLED at every start; the same file uploaded from
    the page (the family chose it) is said on the OLED and the page in one line."""
    old = d.archives.get("Z") or d.archives.setdefault("Z", d._archive("Z", "0.0.9", 2, "ok"))
    prefix, state, systemd, _ = d.fresh(7)
    spool = d.root / "run7" / "spool"
    assert root(d, 7, "--find", str(card_with(tmp_path, old)), systemd=systemd) == 0
    err = capsys.readouterr().err
    assert "version 0.0.9 is older than the one running (0.1.0): an update only goes forward" in err
    assert not (spool / OFFER).exists() and not (spool / STATUS).exists()
    assert Updates(state, lambda line, note=None: None, spool=spool).poll(0.0) is None
    # uploaded from the page (--consume): the one line is on the OLED and among the notices
    (tmp_path / "up").mkdir()
    upload = card_with(tmp_path / "up", old)
    prefix, state, systemd, _ = d.fresh(8)
    assert root(d, 8, "--find", str(upload), "--consume", systemd=systemd) == 0
    said = []
    u = Updates(state, lambda line, note=None: said.append(line), spool=d.root / "run8" / "spool")
    kind = u.poll(0.0)[1]
    assert kind[:2] == ("outcome", "failed")
    assert kind[3] == msg("update.not_offered", reason=msg("update.refused.older"))
    assert "older than the one running (0.1.0)" in said[0]  # root's line: the log
    assert not (d.root / "run8" / "spool" / OFFER).exists() and not list(upload.iterdir())
    # a newer one beside the old one is the one offered
    (tmp_path / "both").mkdir()
    assert root(d, 8, "--find", str(card_with(tmp_path / "both", old, d.archives["B"])), systemd=systemd) == 0
    assert json.loads((d.root / "run8" / "spool" / OFFER).read_text())["version"] == "0.2.0"


@pytest.mark.parametrize("lower,higher", [
    ("0.1.0", "0.2.0"), ("0.9.0", "0.10.0"), ("0.2.0rc1", "0.2.0"), ("0.2.0.dev3", "0.2.0a1"),
    ("0.2.0a1", "0.2.0b1"), ("0.2.0b2", "0.2.0rc1"), ("0.2.0", "0.2.0.post1"), ("1.9", "1.10.0"),
    ("0.2.0", "0.2.1"), ("1.0.0-rc.1", "1.0.0"),
])
def test_versions_are_ordered_as_pep_440_orders_them(lower, higher):
    from companion.update.offer import newer, version_key

    assert newer(higher, lower) is True and newer(lower, higher) is False
    assert version_key("0.2") == version_key("0.2.0") == version_key("0.2.0+local")
    assert newer("0.2.0", "unknown") is None  # a checkout without a version: only "not the running one"


def _service(tmp_path, spool):
    """The real service on fake devices, German as a table starts (the configuration's default)."""
    from companion.service.app import Companion
    from companion.service.config import Config
    from companion.service.devices import build_fakes

    c = Companion(Config(), build_fakes(), state_dir=tmp_path / "state", ai_mode="off")
    c.screen.updates.spool = spool  # (the image's spool is /var/lib/maunz-companion-update)
    return c


async def _until(c, task, check, what):
    """Wait for the service's loop to reach `check()` (its state, never a clock)."""
    for _ in range(500):
        if check():
            return
        assert not task.done(), f"the service stopped while waiting for {what}: {task.exception()!r}"
        await asyncio.sleep(0.01)
    raise AssertionError(f"never: {what} (the OLED shows {c.screen.screen})")


def test_a_full_state_folder_at_the_ok_is_one_line_and_the_companion_goes_on(tmp_path):
    """The OK's file cannot be written (the SD card is full: a real ENOSPC, from /dev/full): the
    service loop goes on, the OLED says the folder and the fix in the family's language (German
    here) and the page's notices the same; the next OK, once there is room, starts the update."""
    spool = tmp_path / "spool"
    spool.mkdir()
    (spool / OFFER).write_text(json.dumps({"version": "0.2.0", "sha256": "ab" * 32}))
    state = tmp_path / "state"
    state.mkdir()
    (state / f".{OK_FILE}.new").symlink_to("/dev/full")  # every write there: no space left
    c = _service(tmp_path, spool)
    q = c.subscribe()
    problem = ("update", ("problem", "update.full", "0.2.0", str(state)))

    async def go():
        task = asyncio.create_task(c.run())
        await asyncio.wait_for(q.get(), 5.0)
        await _until(c, task, lambda: c.screen.screen == ("update", ("ask", "0.2.0")), "the question")
        c.devices.buttons.press("ok")
        await _until(c, task, lambda: c.screen.screen == problem, "the full folder on the OLED")
        shown = (c.screen.language, c.devices.display.image.copy(), c.notices.recent("de"), c.notices.recent("en"))
        # room again (the service removed its half-written file, here the link to /dev/full):
        # the same OK starts it
        assert not (state / f".{OK_FILE}.new").is_symlink()
        c.devices.buttons.press("ok")
        await _until(c, task, lambda: (state / OK_FILE).exists(), "the OK written")
        assert not task.done()
        await c.stop()
        await asyncio.wait_for(task, 5.0)
        return shown

    language, image, de, en = asyncio.run(go())
    assert language == "de" and image.tobytes() == render_message(problem, "de").tobytes()
    assert image.tobytes() != render_message(problem, "en").tobytes()
    assert de[-1] == f"Update auf 0.2.0 nicht gestartet: {state} ist voll: Platz auf der SD-Karte schaffen, dann OK"
    assert en[-1] == f"update to 0.2.0 not started: {state} is full: free space on the SD card, then OK"
    assert any(m.startswith(en[-1]) and "No space left on device" in m for m in c.notices.messages)  # the log
    assert de[0].startswith("Update auf 0.2.0? OK am Begleiter")  # the question, German on a German page
    assert json.loads((state / OK_FILE).read_text()) == {"version": "0.2.0", "sha256": "ab" * 32}
    c.close()


def test_a_folder_that_cannot_be_written_is_said_with_its_fix(tmp_path):
    """Not a full card but a folder the OK cannot go into (here a directory in the way of the
    OK's file): the other fix, on the OLED in English and German; BACK still declines."""
    spool, state = tmp_path / "spool", tmp_path / "state"
    spool.mkdir()
    (spool / OFFER).write_text(json.dumps({"version": "0.2.0", "sha256": "cd" * 32}))
    (state / f".{OK_FILE}.new").mkdir(parents=True)
    said = []
    u = Updates(state, lambda line, note=None: said.append((line, note)), spool=spool)
    assert u.poll(0.0) == ("update", ("ask", "0.2.0")) and u.button("ok") is True
    problem = ("update", ("problem", "update.unwritable", "0.2.0", str(state)))
    assert u.poll(0.0) == problem and not (state / OK_FILE).exists()
    line, note = said[-1]
    assert line.startswith(f"update to 0.2.0 not started: {state} cannot be written: check the SD card, then OK (")
    assert note.text("de") == f"Update auf 0.2.0 nicht gestartet: {state}: Schreiben geht nicht, SD-Karte prüfen, dann OK"
    assert render_message(problem, "de").tobytes() != render_message(problem, "en").tobytes()
    assert u.button("back") is True and u.poll(0.0) is None
    assert said[-1][1].text("de") == "Update auf 0.2.0: jetzt nicht (beim nächsten Start wieder angeboten)"


def test_buttons_never_reach_the_table_hidden_behind_an_update(tmp_path):
    """The real service: during a step a press does nothing but say so on the OLED (the table
    behind it is not seen); the outcome goes at the first press, which does nothing else; the
    next press is the table's again."""
    from companion.service.updates import OUTCOME_SECONDS

    spool = tmp_path / "spool"
    spool.mkdir()
    (spool / STATUS).write_text(json.dumps({"version": "0.2.0", "step": "stage", "text": "staging",
                                            "outcome": None}))
    c = _service(tmp_path, spool)
    q = c.subscribe()
    step = ("update", ("step", "stage", "0.2.0"))

    async def go():
        task = asyncio.create_task(c.run())
        await asyncio.wait_for(q.get(), 5.0)
        await _until(c, task, lambda: c.screen.screen == step, "the step")
        table_before = c.table.view()
        for name in ("ok", "back", "cat"):
            c.devices.buttons.press(name)
        await _until(c, task, lambda: c.screen.screen == ("update", step[1] + ("pressed",)), "the word on the OLED")
        pressed = (c.devices.display.image.copy(), c.table.view() == table_before, c.switching.menu.is_open)
        # the outcome, as root writes it: the first press takes it away, and only that
        (spool / STATUS).write_text(json.dumps({"version": "0.2.0", "step": "done", "text": "updated",
                                                "outcome": "updated 0.1.0-a -> 0.2.0-b", "ok": True}))
        os.utime(spool / STATUS, (c.screen.updates.wall() + 1,) * 2)  # a new mtime, as a new write has
        await _until(c, task, lambda: c.screen.screen and c.screen.screen[0] == "update"
                     and c.screen.screen[1][0] == "outcome", "the outcome")
        c.devices.buttons.press("back")
        await _until(c, task, lambda: not (isinstance(c.screen.screen, tuple) and c.screen.screen[0] == "update"),
                     "the table's screen again")
        dismissed = (c.table.view() == table_before, c.switching.menu.is_open)
        await c.stop()
        await asyncio.wait_for(task, 5.0)
        return pressed, dismissed

    (image, same, menu), (same_after, menu_after) = asyncio.run(go())
    assert image.tobytes() == render_message(("update", step[1] + ("pressed",)), "de").tobytes()
    assert image.tobytes() != render_message(step, "de").tobytes()  # the word is drawn
    assert same and not menu and same_after and not menu_after
    assert OUTCOME_SECONDS > 10  # (the outcome would have stayed: it went at the press)
    c.close()
