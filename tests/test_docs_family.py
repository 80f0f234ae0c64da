"""Issue 46 item 2: a family reading only the README and docs/FAMILY.md can say what to buy,
write the card and open the page, and what those pages say is what the code does: the Pi models
(the same in the README, the family page and the maker's page), the card's drive name, the
`wifi.txt` lines (read by the first boot's own reader), the `[web]` lines a card's
`companion.toml` must keep (the image's own, checked by the service's loader), the address (the
image's host name and port), the QR code's button and time, and the screen's words for a mistake
on the card. Well under a second."""
from __future__ import annotations

import re
from pathlib import Path
from types import SimpleNamespace

from companion.image import build, disk, firstboot
from companion.service import address
from companion.service.config import TOKEN_FILE, Config
from companion.ui.i18n import STRINGS

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
FAMILY = (ROOT / "docs/FAMILY.md").read_text(encoding="utf-8")
IMAGE = (ROOT / "docs/IMAGE.md").read_text(encoding="utf-8")


def section(text: str, title: str, level: str = "##") -> str:
    return text.split(f"\n{level} {title}\n")[1].split(f"\n{level} ")[0]


def blocks(text: str) -> list[str]:
    """The indented code blocks, each as its text."""
    out, cur = [], []
    for line in text.splitlines() + [""]:
        if line.startswith("    ") and (cur or not line.startswith("    -")):
            cur.append(line[4:])
        elif cur and line.strip() == "":
            out.append("\n".join(cur) + "\n")
            cur = []
    return out


def flat(text: str) -> str:
    return " ".join(text.split())


def test_the_readme_sends_a_family_to_the_family_page_before_anything_else():
    top = README.split("\n## ")[0]       # before the first section
    assert "[docs/FAMILY.md](docs/FAMILY.md)" in top
    assert "[docs/IMAGE.md](docs/IMAGE.md)" in top   # and the makers to theirs
    titles = re.findall(r"^## (.+)$", FAMILY, re.M)
    for wanted in ("What to buy", "Write the card with Raspberry Pi Imager", "What to put on the card",
                   "Switch on and open the page", "When it does not come up"):
        assert wanted in titles, titles


def test_what_to_buy_names_the_same_pis_everywhere():
    buy = flat(section(FAMILY, "What to buy"))
    assert "Raspberry Pi 4 Model B" in buy and "Pi 3 Model B or B+" in buy
    assert "Not a Pi 5" in buy
    pi_part = flat(section(README, "On the Raspberry Pi"))
    assert "a Pi 4, or a Pi 3; a Pi 5 needs an image built on Raspberry Pi OS Lite" in pi_part
    assert "a Pi 3 or 4" not in pi_part                  # the old line that left the Pi 5 open
    which = flat(section(IMAGE, "Which Pi", "###"))
    assert "start a Pi 3 and a Pi 4" in which and "for a Pi 5, build with `--base` on Raspberry Pi OS Lite" in which
    assert "a Pi 3 or 4" in build.__doc__               # the build's own word: raspi-firmware's Pis
    for thing in ("power supply", "micro-SD card", "card reader"):
        assert thing in buy


def test_writing_the_card_covers_every_computer_and_the_imagers_questions():
    write = flat(section(FAMILY, "Write the card with Raspberry Pi Imager"))
    for os_name in ("Windows", "macOS", "Linux"):
        assert os_name in write
    assert "Use custom" in write and "`maunz.img.xz`" in write
    assert "OS customisation" in write and "**No**" in write
    put = flat(section(FAMILY, "What to put on the card"))
    assert f"**{disk.BOOT_LABEL}**" in put                # the drive a laptop shows is the image's FAT label
    assert "Notepad" in put and "wifi.txt.txt" in put and "Make Plain Text" in put


def test_the_wifi_lines_are_what_the_first_boot_reads(tmp_path):
    put = section(FAMILY, "What to put on the card")
    example = next(b for b in blocks(put) if b.startswith("ssid = "))
    card = tmp_path / "wifi.txt"
    card.write_text(example)
    assert firstboot.read_wifi(card) == {"ssid": "Katzenhaus 5G", "password": "geheim123", "country": "DE"}
    # the ssid bullet's own examples, read as written
    for line, ssid in (("ssid = Tom's \"Fritz!Box\"", "Tom's \"Fritz!Box\""), ('ssid = " Katzenhaus "', " Katzenhaus ")):
        assert f"`{line}`" in put
        card.write_text(f"{line}\ncountry = DE\n")
        assert firstboot.read_wifi(card)["ssid"] == ssid
    # the whole first boot: the network kept, the file gone from the card
    boot, root = tmp_path / "boot", tmp_path / "root"
    boot.mkdir()
    (boot / "wifi.txt").write_text(example)
    assert firstboot.run(boot, root) == []
    assert not (boot / "wifi.txt").exists() and "ssid=Katzenhaus 5G" in (root / firstboot.NM_KEYFILE).read_text()
    assert "deletes the file from the card" in flat(put)


def test_a_cards_companion_toml_keeps_the_images_page_lines(tmp_path):
    put = section(FAMILY, "What to put on the card")
    web = next(b for b in blocks(put) if b.startswith("[web]"))
    assert web == "[web]\n" + build.PAGE_SETTINGS + "\n"
    # the image's own configuration has exactly these page settings
    # (checked where the first boot checks it: beside the token it made)
    (tmp_path / TOKEN_FILE).write_text("a-token-made-at-first-boot\n")
    image_conf = build.page_config((ROOT / "systemd/companion.toml.example").read_text(), Path("companion.toml"))
    installed = Config.from_text(image_conf, source="companion.toml", base_dir=tmp_path).web
    card = Config.from_text(web, source="companion.toml", base_dir=tmp_path).web
    assert (card.enabled, card.host, card.port, card.control) == (installed.enabled, installed.host, 80, True)
    assert f"`/{firstboot.CONF_DIR}/companion.toml`" in flat(put)


def test_the_address_and_the_qr_code_are_what_the_companion_shows():
    page = flat(section(FAMILY, "Switch on and open the page"))
    url = address.page_address(SimpleNamespace(port=80), f"{firstboot.HOSTNAME}.local")
    assert url == "http://maunz.local/"
    assert f"**`{url}`**" in page and f"`{url}`" in flat(section(README, "On the Raspberry Pi"))
    assert "hold the **OK** button down while the companion starts" in page
    assert address.ADDRESS_SECONDS == 60 and "for a minute" in page
    trouble = flat(section(FAMILY, "When it does not come up"))
    head = STRINGS["card_problem.head"]
    assert f'"{head["en"]}"' in trouble and f'"{head["de"]}"' in trouble


def test_the_mistake_shown_in_the_trouble_list_is_the_first_boots_own_line(tmp_path):
    trouble = flat(section(FAMILY, "When it does not come up"))
    shown = re.search(r"e\.g\. `(wifi\.txt: [^`]+)`", trouble).group(1)
    card = tmp_path / "wifi.txt"
    card.write_text("ssid = Katzenhaus\npassword = abcd\ncountry = DE\n")
    try:
        firstboot.read_wifi(card)
    except firstboot.CardError as exc:
        assert str(exc) == shown
    else:
        raise AssertionError("a 4-character password was accepted")
