"""The page's "Update from a file" (issue 42): shown to a page that may control the companion,
it sends the chosen release and its .sig (POST /api/update with the page's token cookie), and the
files land where root's companion-update-upload.path looks. Headless Chromium, the real service."""
from __future__ import annotations

import asyncio

from companion.update import signing
from tests.test_web_browser import CHROMIUM, ARGS, _start_companion, _stop, pytestmark  # noqa: F401
from tests.test_update_signing import _source

TOKEN = "page-upload-token-0123456789"


def test_the_page_uploads_a_release_for_the_ok(tmp_path):
    from playwright.async_api import async_playwright

    from companion.update import release_cli
    from companion.web import web_url

    key = tmp_path / "k"
    signing.generate(key)
    archive, version = release_cli.make(_source(tmp_path), tmp_path / "dist")
    signing.sign(archive, key, version)
    state = tmp_path / "state"

    async def go():
        companion, task, runner = await _start_companion(state, token=TOKEN)
        try:
            async with async_playwright() as pw:
                browser = await pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                errors = []
                # a spectator (no token) is not offered the upload
                spectator = await browser.new_page()
                await spectator.goto(web_url(runner))
                await spectator.wait_for_selector('body[data-connected="true"]')
                assert await spectator.locator("#update").is_hidden()
                page = await browser.new_page()
                page.on("pageerror", lambda e: errors.append(str(e)))
                await page.goto(web_url(runner, TOKEN))
                await page.wait_for_selector('body[data-connected="true"][data-control="true"]')
                await page.click("#update summary")
                await page.click("#update-send")  # nothing chosen: it says what to choose
                assert "sig" in await page.locator("#update-said").inner_text()
                await page.set_input_files("#update-files", [str(archive), str(signing.signature_path(archive))])
                await page.click("#update-send")
                await page.wait_for_function("document.getElementById('update-said').textContent.includes('✓')")
                await browser.close()
                return errors
        finally:
            await _stop(companion, task, runner)

    errors = asyncio.run(go())
    assert errors == []
    upload = state / "upload"
    assert (upload / archive.name).read_bytes() == archive.read_bytes()
    assert (upload / f"{archive.name}.sig").read_bytes() == signing.signature_path(archive).read_bytes()
