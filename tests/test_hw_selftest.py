"""`companion selftest --fake`: the scripted walk test and its summary."""
from __future__ import annotations

import threading

from hardware import build_devices, selftest
from hardware.interfaces import Effect


def test_fake_walk_finds_every_square_and_the_marginal_one(capsys):
    assert selftest.main(["--fake"]) == 0
    out = capsys.readouterr().out
    assert "reeds responded: 36/36" in out
    assert "reeds that never closed: none" in out
    assert "c3 (" in out.split("chattered")[1].splitlines()[0]  # the demo's chattering reed
    # ... and it says so, before and after (issue 11: a new user took it for a real fault)
    assert out.splitlines()[0] == selftest.DEMO_FAULT
    assert out.splitlines()[-1] == ("(c3 above is the demo's deliberate fault, not a problem with"
                                    " this machine)")
    assert "card 04:A1:B2:C3:D4:E5:F6 text 'maunz:cat'" in out
    assert "button back long" in out
    assert "buttons that did not respond: none" in out


def test_walk_lights_leds_shows_square_and_reports_silence():
    devices = build_devices(selftest.FAKE_CONFIG)
    done = threading.Event()
    devices.reed.set("d4")
    lines = []
    walk, ok = selftest.run(devices, seconds=0.3, out=lines.append)
    assert not ok  # nothing but d4 responded
    assert walk.closed_once[21] and sum(walk.closed_once) == 1
    lit = [i for i, c in enumerate(devices.leds.current.cells) if c.effect is Effect.STEADY]
    assert lit == [21]
    img = devices.display.image
    assert img is not None and img.getbbox() is not None  # something drawn
    text = "\n".join(lines)
    assert "reeds responded: 1/36" in text
    assert "buttons that did not respond: ok, back, cat" in text
    assert "cards read: 0 (none: tap a card to test the reader)" in text
    done.set()
    devices.close()


def test_bad_config_file_is_a_clear_error(tmp_path, capsys):
    cfg = tmp_path / "c.toml"
    cfg.write_text('[hardware.reed]\nbackend = "nope"\n')
    assert selftest.main(["--config", str(cfg), "--seconds", "0.1"]) == 2
    err = capsys.readouterr().err
    assert str(cfg) in err and "[reed] backend = 'nope' is unknown" in err


def test_without_fake_the_real_backends_are_used(capsys):
    # on a laptop the real LED/GPIO backends are absent: a clear error, not a silent fake
    assert selftest.with_real_backends({"reed": {"debounce": 2}})["reed"] == \
        {"debounce": 2, "backend": "gpio"}
    assert selftest.main(["--seconds", "0.1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("selftest: ") and ("lgpio" in err or "spidev" in err or "GPIO" in err)
