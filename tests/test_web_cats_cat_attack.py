"""Cats and Cat Attack on the page (Debian's Chromium, headless, driven by Playwright, against the
real companion on fake devices): one person walks through a whole session of each game with the
page's buttons (CAT to the choice, OK to play it), and the page's drawing (companion/tables/events.js) is
checked against the companion's position during the session and at its end — for Cats never
showing a secret the table has not seen. Screenshots go to $ARTIFACTS_DIR (tmp/artifacts/web)."""
from __future__ import annotations

import asyncio
import random

import pytest

from tests.test_web_browser import CHROMIUM, _shot, page_of

pytestmark = pytest.mark.skipif(
    not __import__("os").path.exists(CHROMIUM), reason=f"{CHROMIUM} is absent (apt-get install chromium)")


def _session(tmp_path, game: str, script, players=2):
    from companion.service.app import Companion
    from companion.service.config import Config, GameConfig
    from companion.service.devices import ALL_FAKE, build_fakes

    async def go():
        config = Config(source="<browser test>").replace(
            game=GameConfig(game=game, settle=0.05, language="en", players=players),
            state_dir=tmp_path, hardware=ALL_FAKE)
        companion = Companion(config, build_fakes(), state_dir=tmp_path,
                              chance_source=random.Random(7))
        async with page_of(companion, (1180, 900)) as (page, errors):
            await page.wait_for_selector(f'body[data-view="{game}"][data-game="{game}"]')
            await page.wait_for_selector("#eventtable:not([hidden])")
            # events.js built its box in the bed's frame, just before the caption, and
            # events.css (served at /views/) styles it
            assert await page.evaluate(_PLACED) == {"frame": "bed-frame", "next": "textview",
                                                    "display": "flex", "bed": "none"}
            await script(page, companion)
            assert errors == []

    asyncio.run(go())

_PLACED = """() => {
  const box = document.getElementById('eventtable');
  return {frame: box.parentElement.className, next: box.nextElementSibling.id,
          display: getComputedStyle(box).display,
          bed: getComputedStyle(document.querySelector('.bed-wrap')).display};
}"""


async def _click(page, companion, name):
    """Press a button on the page and wait until the table has taken it."""
    before = len(companion.table.moves), companion.table.view()
    await page.click(f'[data-button="{name}"]')
    for _ in range(100):   # the press reaches the table within a few loop turns
        await asyncio.sleep(0.02)
        if (len(companion.table.moves), companion.table.view()) != before:
            return
    raise AssertionError(f"the {name} press changed nothing")


async def _press_until(page, companion, name, done, limit=40):
    for _ in range(limit):
        if done():
            return
        await _click(page, companion, name)
    assert done()


async def _choose(page, companion, event):
    """What a person does: OK to read a verdict or refusal; then CAT until the OLED offers
    `event` or the group it is in, OK (opening the group), and so on down to `event`."""
    from companion.tables.choicemenu import holds

    t = companion.table
    assert event in t.choices(), (event, t.choices())
    for _ in range(200):
        if t.ack:
            await _click(page, companion, "ok")
            continue
        items = t.menu_items()
        item = items[t.selected % len(items)]
        if holds(item, event):
            await _click(page, companion, "ok")
            if item == event:
                break
        else:
            await _click(page, companion, "cat")
    assert event in t.moves[-3:] or t.game.outcome(t.position) is not None, (event, t.moves[-3:])


async def _tap_undo(page, companion, done):
    await page.click('[data-card="undo"]')
    for _ in range(100):
        if done():
            return
        await asyncio.sleep(0.02)
    assert done()


async def _settled(page, companion):
    """The page has drawn the companion's current position."""
    want = companion.snapshot()["position"]
    await page.wait_for_function("(p) => window.maunzPage.state && window.maunzPage.state.position === p", arg=want)


# ------------------------------------------------------------------------------------ Cats
_CATS_DRAWN = """() => {
  const box = document.getElementById('eventtable');
  const seats = [...box.querySelectorAll('.cats-seat')].map((s) => [s.dataset.seat, s.dataset.cat, s.dataset.challenge]);
  const cats = [...box.querySelectorAll('.cats-cat')].map((c) => [c.dataset.cat, c.dataset.marks]);
  const steps = box.querySelector('.cats-steps');
  return {position: window.maunzPage.state.position, state: window.maunzPage.state.cats,
          text: box.innerText + '\\n' + document.getElementById('textview').innerText,
          seats, cats, visible: !box.hidden,
          steps: steps ? [steps.dataset.steps, steps.dataset.objects,
                          steps.querySelectorAll('.paw.on').length, steps.querySelectorAll('.obj.on').length] : null,
          history: [...box.querySelectorAll('.cats-history:not(.cats-challenges) li[data-card]')].map((l) => l.dataset.card),
          banner: (box.querySelector('.ev-banner') || {}).innerText || ''};
}"""

CHARACTERS = ("greedy", "lazy", "snappy", "curious")


def _check_cats(companion, drawn):
    """The drawing shows the position's public state, and no secret the table has not seen."""
    pos = companion.table.position
    assert drawn["visible"] and drawn["position"] == companion.game.observation(pos)
    revealed = {seat: cat for cat, seat in enumerate(pos.revealed) if seat is not None}
    over = companion.game.outcome(pos) is not None
    if over:                     # the winner shows the cards: the cat is on the table now
        revealed[companion.game.outcome(pos).winner] = pos.win[0]
    assert drawn["seats"] == [[str(s + 1), str(revealed[s] + 1) if s in revealed else "",
                               "used" if pos.challenged >> s & 1 else "free"] for s in range(pos.seats)]
    for cat, marks in drawn["cats"]:
        c = int(cat) - 1
        assert ("owner" in marks.split()) == (pos.revealed[c] is not None)
        assert ("won" in marks.split()) == (over and pos.win[0] == c)
        assert ("moved" in marks.split()) == bool(pos.moved >> c & 1)
    if pos.active is not None and pos.phase != "over":
        assert drawn["steps"] == [str(pos.steps), str(pos.object_steps), pos.steps, pos.object_steps]
    text = drawn["text"]
    for seat, (cat, obj) in enumerate(pos.secrets):
        if over and seat == companion.game.outcome(pos).winner:
            assert CHARACTERS[obj] in text and drawn["state"]["winner"]["cat"] == cat + 1
            continue
        assert CHARACTERS[obj] not in text, (seat, text)      # a character is never shown
        if seat not in revealed:                              # an unrevealed cat has no owner
            assert drawn["state"]["cats"][cat]["owner"] is None
            assert f"{cat + 1}{'bcmp'[obj]}" not in str(drawn["state"])


def test_cats_on_the_page(tmp_path):
    async def script(page, companion):
        view = page.locator("#eventtable")   # the drawing (the plain text is not shown: issue 32)
        t = companion.table
        assert "secrets=??,??" in companion.snapshot()["position"]
        await page.wait_for_selector(".cats-reveal")
        _check_cats(companion, await page.evaluate(_CATS_DRAWN))
        # each player in turn: alone? OK -> the cards on the OLED, OK -> hidden
        await _click(page, companion, "ok")
        await page.wait_for_selector('.cats-reveal[data-showing="1"]')
        drawn = await page.evaluate(_CATS_DRAWN)
        _check_cats(companion, drawn)              # the OLED shows seat 1's cards, the page not
        await _shot(page, "cats-secret-on-oled")
        await _press_until(page, companion, "ok", lambda: not t.reveal)
        # the quiet first round: each player ends the turn at once ('blocked', then 'pass')
        while t.position.had != 0b11:
            await _choose(page, companion, "blocked" if t.position.phase == "move" else "pass")
        await _settled(page, companion)
        assert "first round" not in await view.inner_text()
        # a full turn: four steps (two on objects), the reaction window, the swap, a challenge
        a = t.position.active
        other = 1 - a
        for event in ("step:1", "step:1", "step:b", "step:2"):
            await _choose(page, companion, event)
        await _settled(page, companion)
        drawn = await page.evaluate(_CATS_DRAWN)
        _check_cats(companion, drawn)
        assert drawn["steps"] == ["4", "1", 4, 1]
        # the page's undo card takes back the last step: the drawing follows, then it is redone
        before = companion.journal.moves()
        await _tap_undo(page, companion, lambda: len(companion.journal.moves()) < len(before))
        assert companion.journal.moves() == before[:-1] == t.moves
        await page.wait_for_function(
            "() => document.getElementById('instruction').textContent.includes('taken back:')")
        await _settled(page, companion)
        drawn = await page.evaluate(_CATS_DRAWN)
        _check_cats(companion, drawn)
        assert drawn["steps"] == ["3", "1", 3, 1]
        await _choose(page, companion, "step:2")
        await _choose(page, companion, "end")
        await _choose(page, companion, "miau:2@3")           # the other player sends cat 2
        await _settled(page, companion)
        drawn = await page.evaluate(_CATS_DRAWN)
        _check_cats(companion, drawn)
        assert drawn["history"] == ["miau"]
        await _shot(page, "cats-reaction")
        while t.position.phase in ("react", "swap"):
            await _choose(page, companion, "pass")
        assert t.position.phase == "challenge" and t.position.active == a
        own = t.position.secrets[a][0]
        wrong = next(c for c in range(5) if c not in (own, t.position.secrets[other][0]))
        await _choose(page, companion, f"challenge:{other + 1}={wrong + 1}")   # a wrong guess
        await _settled(page, companion)
        drawn = await page.evaluate(_CATS_DRAWN)
        _check_cats(companion, drawn)
        assert drawn["seats"][a][1:] == [str(own + 1), "used"]   # the challenger's cat turned over
        assert drawn["history"] == ["miau"]            # a challenge is no reaction card (issue 32)
        await _shot(page, "cats-challenge")
        # the other player's cat enters its favourite object's field: the claim wins
        cat, obj = t.position.secrets[other]
        await _choose(page, companion, f"win:{cat + 1}{'bcmp'[obj]}")
        assert companion.journal.current.result == str(other + 1)
        await page.wait_for_selector(".ev-banner")
        await _settled(page, companion)
        drawn = await page.evaluate(_CATS_DRAWN)
        _check_cats(companion, drawn)
        assert "wins!" in drawn["banner"] and CHARACTERS[obj] in drawn["banner"]
        assert companion.journal.moves() == t.moves
        await _shot(page, "cats-won")
        # the language card: the drawing speaks German, still without a secret
        await page.click('[data-card="language"]')
        await page.wait_for_function(
            "() => document.getElementById('eventtable').innerText.includes('gewinnt')")
        text = (await page.locator("#eventtable").inner_text()).lower()   # headings are upper case
        assert "herausforderung" in text and "reaktionskarten" in text and "challenge" not in text
        await _shot(page, "cats-won-de")

    _session(tmp_path, "cats", script)


# ------------------------------------------------------------------------------ Cat Attack
_CA_DRAWN = """() => {
  const box = document.getElementById('eventtable');
  const seats = [...box.querySelectorAll('.ca-seat')].map((s) => ({
    seat: s.dataset.seat, lives: s.querySelectorAll('.pip.on').length,
    lost: s.querySelectorAll('.pip.lost').length, retired: s.dataset.retired === '1',
    larder: [...s.querySelectorAll('.ca-item')].map((i) => i.dataset.got === '1')}));
  return {position: window.maunzPage.state.position, state: window.maunzPage.state.catattack,
          visible: !box.hidden, seats,
          shops: [...box.querySelectorAll('.ca-shop')].map((s) => s.dataset.open === '1'),
          car: box.querySelector('.ca-road').dataset.car,
          carAt: box.querySelector('.ca-road .stop.here').dataset.stop,
          rolls: box.querySelector('.ca-dice').dataset.rolls,
          due: box.querySelectorAll('.ca-dice .ev-die.due').length,
          banner: (box.querySelector('.ev-banner') || {}).innerText || '',
          said: [...box.querySelectorAll('.ev-said li')].map((l) => l.textContent)};
}"""


def _check_cat_attack(companion, drawn, lives=9):
    game = companion.game
    pos = game.parse_position(drawn["position"])
    assert drawn["visible"]
    for s, seat in enumerate(drawn["seats"]):
        assert seat["lives"] == pos.lives[s] and seat["lost"] == lives - pos.lives[s], (s, drawn)
        assert seat["retired"] == (pos.lives[s] == 0)
        assert seat["larder"] == [bool(pos.larders[s] >> t & 1) for t in range(6)]
    assert drawn["shops"] == [bool(pos.shops >> i & 1) for i in range(4)]
    assert drawn["car"] == drawn["carAt"] == str(pos.car)
    over = game.outcome(pos) is not None
    rolls = [int(r) for r in drawn["rolls"].split(",") if r]
    if pos.die is not None and not over:
        assert rolls and rolls[-1] == pos.die
    assert drawn["due"] == (0 if over else pos.rolls)


def _cat_attack_pick(t, turn_no):
    """The event a (bloodthirsty) person picks: Speedy Cat once, a cat card, then attack the
    other cat whenever it is out, shop and catch, close a shop and move the car once each."""
    options = t.choices()
    pos = t.position
    wants = []
    if pos.phase == "card":
        wants = ["SPEEDY"] if turn_no == 1 else ["C4", "C3", "C2", "C1"]
    elif pos.phase == "move":
        wants = [o for o in options if o.startswith("attack:")]
        wants += [o for o in options if o.startswith(("shop:", "catch:"))]
        if turn_no == 2:
            wants += ["curiosity:close:k", "curiosity:car:2"]
        wants.append("done")
    elif pos.phase == "hits":
        wants = [o for o in options if o.startswith("hit:") and o != "hit:-"] + ["hit:-"]
    elif pos.phase == "penalty":
        wants = ["left"]
    elif pos.phase == "fight":
        wants = ["none"]
    return next((w for w in wants if w in options), options[0])


def test_cat_attack_on_the_page(tmp_path):
    async def script(page, companion):
        t = companion.table
        await _settled(page, companion)
        drawn = await page.evaluate(_CA_DRAWN)
        _check_cat_attack(companion, drawn)
        assert [s["lives"] for s in drawn["seats"]] == [9, 9]
        shots, speedy, undone = 0, False, False
        turns, active = 0, None
        for _ in range(400):
            if companion.game.outcome(t.position) is not None:
                break
            if t.position.phase in ("first", "roll"):       # the companion's die: wait for it
                await asyncio.sleep(0.05)
                continue
            if t.position.active != active:
                active, turns = t.position.active, turns + 1
            await _choose(page, companion, _cat_attack_pick(t, turns))
            for _ in range(50):               # a 'done' that ends a movement: the die follows
                if t.position.phase != "roll":
                    break
                await asyncio.sleep(0.02)
            moves = companion.journal.moves()
            if not undone and turns >= 2 and moves[-1].startswith("d6:") and moves[-2] == "done":
                # the undo card: the last 'done' goes with the roll after it, which is kept
                undone = True
                await _tap_undo(page, companion, lambda: len(companion.journal.moves()) < len(moves))
                assert companion.journal.moves() == moves[:-2] == t.moves
                await page.wait_for_function("() => document.getElementById('instruction')"
                                             ".textContent.includes('stays for the next roll')")
                await _settled(page, companion)
                _check_cat_attack(companion, await page.evaluate(_CA_DRAWN))
                await _choose(page, companion, "done")
                for _ in range(50):
                    if companion.journal.moves() == moves:
                        break
                    await asyncio.sleep(0.02)
                assert companion.journal.moves() == moves     # the same roll again, not a new one
            if turns == 1 and not speedy and t.position.phase == "move" and t.position.rolls:
                speedy = True                 # Speedy Cat's extra rolls, one rolled, more due
                await _settled(page, companion)
                drawn = await page.evaluate(_CA_DRAWN)
                _check_cat_attack(companion, drawn)
                assert drawn["rolls"] and drawn["due"] == t.position.rolls >= 1
                assert drawn["state"]["play"] == "Speedy Cat"
                await _shot(page, "cat-attack-speedy")
            if t.moves[-1].startswith(("SPEEDY", "attack", "curiosity")) or turns in (3, 8):
                await _settled(page, companion)
                drawn = await page.evaluate(_CA_DRAWN)
                _check_cat_attack(companion, drawn)
                if shots < 4 and t.moves[-1].startswith(("SPEEDY", "attack", "curiosity")):
                    shots += 1
                    await _shot(page, f"cat-attack-{shots}-{t.moves[-1].replace(':', '-')}")
        outcome = companion.game.outcome(t.position)
        assert outcome is not None and companion.journal.current.result == str(outcome.winner + 1)
        await page.wait_for_selector(".ev-banner")
        await _settled(page, companion)
        drawn = await page.evaluate(_CA_DRAWN)
        _check_cat_attack(companion, drawn)
        assert "wins!" in drawn["banner"] and "the last cat standing" in drawn["banner"]
        assert sum(s["retired"] for s in drawn["seats"]) == 1
        moves = companion.journal.moves()
        assert speedy and undone and moves[0].startswith("first:") and "SPEEDY" in moves and moves == t.moves
        await _shot(page, "cat-attack-won")
        await page.click('[data-card="language"]')
        await page.wait_for_function(
            "() => document.getElementById('eventtable').innerText.includes('gewinnt')")
        text = (await page.locator("#eventtable").inner_text()).lower()
        for word in ("molkerei", "leben", "speisekammer", "im ruhestand", "die letzte katze"):
            assert word in text
        await _shot(page, "cat-attack-won-de")
        await page.set_viewport_size({"width": 420, "height": 900})   # a phone at the table
        await _shot(page, "cat-attack-won-phone")

    _session(tmp_path, "cat-attack", script)


def test_a_cat_attack_fight_verdict_on_the_page(tmp_path):
    """Issue 20, point 6, as a person sees it: a cat fight's verdict and its consequence stay on
    the page (the OLED's caption) over the service's next roll until OK is pressed there, and
    the fight names whose card it waits for."""
    async def script(page, companion):
        t = companion.table
        await _settled(page, companion)
        for _ in range(300):
            phase = t.position.phase
            if phase == "fight":
                break
            if phase in ("first", "roll"):                  # the companion's die: wait for it
                await asyncio.sleep(0.05)
                continue
            options = t.choices()
            fights = [o for o in options if o.startswith("fight:") and o.endswith(":C")]
            cats = [o for o in options if o.startswith("C")]
            pick = (fights or cats or (["done"] if "done" in options else []) or
                    [o for o in options if o != "hit:-"] or options)[0]
            await _choose(page, companion, pick)
        assert t.position.phase == "fight", t.moves
        attacker = t.position.turn + 1
        await page.wait_for_function(
            "(s) => document.getElementById('instruction').textContent.includes(s)",
            arg=f"fight, Player {attacker}: tap a cat card")
        await _choose(page, companion, next(o for o in t.choices() if o.startswith("C")))
        defender = t.position.turn + 1
        assert defender != attacker
        await page.wait_for_function(
            "(s) => document.getElementById('instruction').textContent.includes(s)",
            arg=f"fight, Player {defender}: tap a cat card or 'cannot match'")
        await _choose(page, companion, "none")               # cannot match
        verdict = f"Player {defender} cannot match: Player {attacker} wins the fight"
        await page.wait_for_function(
            "(s) => document.getElementById('instruction').textContent.includes(s)", arg=verdict)
        for _ in range(100):                                 # the service rolls; the verdict stays
            if t.game.to_move(t.position) != -1:
                break
            await asyncio.sleep(0.05)
        await _settled(page, companion)
        text = await page.locator("#instruction").inner_text()
        assert verdict in text and f"may look at Player {defender}'s hand" in text, text
        # the roll's question waits behind the verdict: no choice is offered until OK
        assert "OK: continue" in text and "(option" not in text, text
        await _shot(page, "cat-attack-fight-verdict")
        assert t.ack
        await _click(page, companion, "ok")                  # read: the OK picks nothing
        assert not t.ack and t.moves[-1].startswith("d6:"), t.moves[-3:]
        await page.wait_for_function(
            "() => document.getElementById('instruction').textContent.includes('(option 1 of')")
        text = await page.locator("#instruction").inner_text()
        assert "OK: continue" not in text and "where did your cat land?" in text, text

    _session(tmp_path, "cat-attack", script, players=3)
