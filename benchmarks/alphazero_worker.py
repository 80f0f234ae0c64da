"""The AlphaZero side of `companion bench alphazero`, run by the interpreter that has torch.

Started as `PYTHON alphazero_worker.py REPO CHECKPOINT SIMS SEED`; it imports only the standard
library and MLFactory's own code (REPO/src) with torch, never the companion package, so torch
stays out of the project's environment. One JSON object a line each way on stdin/stdout:

  {"op": "move", "state": S}        -> {"action": A, "option": [cells] | null, "after": S2, "seconds": T, "cpu": C}
  {"op": "successors", "state": S}  -> {"successors": [[action, option, after | "win"], ...]}

S is their BoopState as {"board": [36 ints], "orange": [k, c, retired], "gray": [...], "to_play": 0|1}.
"move" runs their agent (PUCT at SIMS simulations, greedy: as their service plays) for the
placement and, when their rules then ask for a choice of graduation, once more for the choice;
T is the wall time of both searches, C their CPU time. "after" is their state after the whole turn. "successors"
lists every turn their rules allow (each placement and each graduation option), for the rules
cross-check.
"""
from __future__ import annotations

import json
import sys
import time


def main(argv: list[str]) -> int:
    repo, checkpoint, sims, seed = argv[0], argv[1], int(argv[2]), int(argv[3])
    sys.path.insert(0, repo + "/src")
    import torch

    # One thread: the match is one core against one core (our search is single-threaded).
    torch.set_num_threads(1)
    from mlfactory.agents.alphazero import AlphaZeroAgent, AlphaZeroNet, NetEvaluator, PUCTConfig
    from mlfactory.games.boop import Boop, BoopState
    from mlfactory.games.boop.encode import encode_state, legal_mask
    from mlfactory.games.boop.rules import N_PLACE_ACTIONS

    env = Boop()
    net, _extra = AlphaZeroNet.load(checkpoint)
    net = net.cpu().eval()
    evaluator = NetEvaluator(net, encoder=lambda s: (encode_state(s), legal_mask(s)), device="cpu",
                             name="az")
    # Greedy and without root noise: the way their service plays its strongest game.
    agent = AlphaZeroAgent(evaluator, PUCTConfig(n_simulations=sims), mode="greedy",
                           add_root_noise=False, seed=seed)

    def state_of(d: dict) -> BoopState:
        return BoopState(board=tuple(d["board"]), orange_pool=tuple(d["orange"]),
                         gray_pool=tuple(d["gray"]), to_play=d["to_play"], phase="playing",
                         winner=None, move_number=0, pending_options=(), _is_terminal=False)

    def dict_of(s: BoopState):
        if s.is_terminal:
            return "win" if s.winner is not None else "end"
        return {"board": list(s.board), "orange": list(s.orange_pool), "gray": list(s.gray_pool),
                "to_play": s.to_play}

    def turns(s: BoopState):
        out = []
        for a in env.legal_actions(s):
            t = env.step(s, a)
            if t.phase == "selecting_graduation":
                for i, opt in enumerate(t.pending_options):
                    out.append([a, list(opt), dict_of(env.step(t, N_PLACE_ACTIONS + i))])
            else:
                out.append([a, None, dict_of(t)])
        return out

    print(json.dumps({"ready": True, "params": net.param_count()}), flush=True)
    for line in sys.stdin:
        req = json.loads(line)
        s = state_of(req["state"])
        if req["op"] == "successors":
            print(json.dumps({"successors": turns(s)}), flush=True)
            continue
        t0, c0 = time.perf_counter(), time.process_time()
        agent.reset()
        a = agent.act(env, s)
        t = env.step(s, a)
        option = None
        if t.phase == "selecting_graduation":
            agent.reset()
            i = agent.act(env, t) - N_PLACE_ACTIONS
            option = list(t.pending_options[i])
            t = env.step(t, N_PLACE_ACTIONS + i)
        seconds, cpu = time.perf_counter() - t0, time.process_time() - c0
        print(json.dumps({"action": a, "option": option, "after": dict_of(t), "seconds": seconds,
                          "cpu": cpu}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
