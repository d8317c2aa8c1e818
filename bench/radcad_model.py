"""The scenario engine's per-block model in radCAD, for `npm run bench -- scenario`.

The default genesis's chain block by block, as the core runs it: mint (the inflation rate decayed
6.8 % a month, smooth by block, on the supply, over blocks per year; the supply cap), the
base-rewards top-up from the rewards pool (the target rate on the bonded tokens per block, less the
fees after community tax), and distribution to the four validators by voting power with their
commission. Amounts are Python integers of base units and rates 18-decimal fixed point (value x
10^18), truncated as the chain truncates: the same work per block, not a float model. One radCAD
timestep is one block; the single-process engine, no deep copies, substeps dropped: radCAD at its
fastest. Prints one JSON line: blocks, wall and CPU seconds, blocks per second of each, the supply and
pool at the end.

Usage: python radcad_model.py BLOCKS
"""

import json
import sys
import time
from decimal import Decimal, getcontext

from radcad import Experiment, Model, Simulation
from radcad.engine import Backend, Engine

E18 = 10**18
BLOCKS_PER_YEAR = 6_311_520
BLOCKS_PER_MONTH = BLOCKS_PER_YEAR // 12
BASE_RATE = E18 // 100  # 1 % a year
DECAY = 68 * E18 // 1000  # 6.8 % a month
MAX_SUPPLY = 100_000_000_000 * 10**8
TARGET = 3 * E18 // 100
COMMUNITY_TAX = 2 * E18 // 100
COMMISSION = E18 // 10
POWERS = [10_000_000_000, 10_000_000_000, 10_000_000_000, 10_000_000_000]

getcontext().prec = 60
# The per-block factor f = (1 - decay)^(1 / blocks per month), 18 decimals.
F = int((Decimal(E18 - DECAY) / E18) ** (Decimal(1) / BLOCKS_PER_MONTH) * E18)


def mul(a, b):
    """Dec Mul, half up (the chain rounds half to even; the work is the same)."""
    return (a * b + E18 // 2) // E18


def p_block(params, substep, state_history, state):
    h = state["height"] + 1
    months, offset = divmod(h - 1, BLOCKS_PER_MONTH)
    # rate = base x x^n x f^r: the month's power kept, the block's factor stepped
    if offset == 0:
        month_factor = E18
        for _ in range(months):
            month_factor = mul(month_factor, E18 - DECAY)
        block_factor = E18
    else:
        month_factor = state["month_factor"]
        block_factor = mul(state["block_factor"], F)
    rate = mul(BASE_RATE, mul(month_factor, block_factor))
    supply = state["supply"]
    mint = rate * supply // E18 // BLOCKS_PER_YEAR
    mint = max(0, min(mint, MAX_SUPPLY - supply))
    fees = mint
    bonded = state["bonded"]
    target = bonded * TARGET // BLOCKS_PER_YEAR
    default = fees * (E18 - COMMUNITY_TAX)
    shortfall = (target - default) // E18 if target > default else 0
    top_up = min(shortfall, state["pool"])
    # distribution: each validator's share of top-up and fees, its commission, the dust to the community pool
    total = sum(POWERS)
    fee_pool = fees * (E18 - COMMUNITY_TAX)
    rewards = list(state["rewards"])
    commissions = list(state["commissions"])
    handed = 0
    for i, power in enumerate(POWERS):
        fraction = power * E18 // total
        share = (top_up * E18 * fraction + fee_pool * fraction) // E18
        commission = mul(share, COMMISSION)
        commissions[i] += commission
        rewards[i] += share - commission
        handed += share
    community = state["community"] + (top_up + fees) * E18 - handed
    return {
        "height": h, "supply": supply + mint, "pool": state["pool"] - top_up, "month_factor": month_factor,
        "block_factor": block_factor, "rewards": rewards, "commissions": commissions, "community": community,
    }


def s_all(key):
    def update(params, substep, state_history, state, policy_input):
        return key, policy_input[key]
    return update


KEYS = ["height", "supply", "pool", "month_factor", "block_factor", "rewards", "commissions", "community"]


def main():
    blocks = int(sys.argv[1])
    initial = {
        "height": 0, "supply": 98_500_000_000 * 10**8, "pool": 5_000_000_000 * 10**8, "bonded": 40_000_000_000 * 10**8,
        "month_factor": E18, "block_factor": E18, "rewards": [0] * 4, "commissions": [0] * 4, "community": 0,
    }
    blocks_spec = [{"policies": {"block": p_block}, "variables": {k: s_all(k) for k in KEYS}}]
    model = Model(initial_state=initial, state_update_blocks=blocks_spec, params={})
    simulation = Simulation(model=model, timesteps=blocks, runs=1)
    experiment = Experiment([simulation])
    experiment.engine = Engine(backend=Backend.SINGLE_PROCESS, deepcopy=False, drop_substeps=True)
    started, cpu = time.perf_counter(), time.process_time()
    result = experiment.run()
    seconds, cpu_seconds = time.perf_counter() - started, time.process_time() - cpu
    last = result[-1]
    print(json.dumps({
        "blocks": blocks, "seconds": seconds, "cpu_seconds": cpu_seconds, "blocks_per_second": blocks / seconds,
        "blocks_per_cpu_second": blocks / cpu_seconds,
        "supply": str(last["supply"]), "pool": str(last["pool"]),
    }))


if __name__ == "__main__":
    main()
