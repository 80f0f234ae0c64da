"""The self-play tuner: perturbations and a tiny run that writes weights and the log."""
import json
import random

from companion.ai import tune
from companion.ai.evaluate import FEATURES, WEIGHTS, load_weights


def test_perturb_changes_some_weights_but_never_the_unit():
    rng = random.Random(3)
    for _ in range(50):
        w = tune.perturb(WEIGHTS, rng)
        assert len(w) == len(WEIGHTS) and w[0] == WEIGHTS[0]


def test_tiny_run_writes_weights_and_log(tmp_path):
    out, log = tmp_path / "w.json", tmp_path / "TUNING.md"
    assert tune.main(["--minutes", "0", "--validate", "2", "--depth", "1", "--procs", "1",
                      "--out", str(out), "--log", str(log)]) == 0
    data = json.loads(out.read_text())
    assert set(data["weights"]) == set(FEATURES)
    assert data["validation"]["games"] == 2
    assert load_weights(out) == tuple(WEIGHTS)
    assert "Validation" in log.read_text()
