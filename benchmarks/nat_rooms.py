"""Online rooms through NATs: how long two browsers in two homes, each behind its own NAT, take to join a room, to
show a move on the other device, and to play on after an outage.

    python -m benchmarks.nat_rooms [--runs 3]

The lab is ``tools/browser/netlab.py`` (network namespaces, iptables NATs, coturn for STUN and TURN, documentation
addresses only; 150 ms one way between the homes and 5% of packets lost each way, by ``netlab_wire.py``); the rooms
are driven as in ``tests/play/online/test_browser_nat.py`` (``tools/browser/nat_rooms.py``), with today's two-link
handshake, the links handed over at once by the script. Per run:

* cone NATs, STUN only: the invitation asked for to both devices on the board; a whole 5x5 game's moves (from the
  mover's room to the other's); a 10 s and a 20 s outage of one home, each with a line played during it: seconds
  from the link back to both playing on with that line (after 20 s with a new invitation and reply, as Chromium
  gave the connection up);
* a symmetric NAT, STUN only: seconds until both devices say they cannot reach each other;
* a symmetric NAT with TURN: joining, and a whole game's moves.

Needs root, ip, iptables, coturn and the browser harness; without them it says what is missing and exits with 0.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
from pathlib import Path

from tools.browser.nat_rooms import STUN, TURN, Homes, summary
from tools.browser.netlab import NetLab, skip_reason
from tools.browser.node_driver import PLAYWRIGHT, missing

DELAY_MS, LOSS = 150, 0.05


def cone(work: Path, seed: int) -> dict:
    with NetLab(work) as lab:
        lab.coturn()
        homes = Homes(lab, (STUN,))
        try:
            joined = homes.connect()
            lab.weather(DELAY_MS, LOSS)
            rng = random.Random(seed)
            delays = homes.play(rng, 20)
            short = homes.outage(10, rng)
            delays += homes.play(rng, 20)
            long = homes.outage(20, rng)
            delays += homes.play(rng)
            assert homes.host.table.moves() == homes.guest.table.moves() and homes.host.table.over
            return {"joined": joined, "pair": homes.pair(), "delays": delays, "10 s": short, "20 s": long,
                    "links": (homes.links["invitation"], homes.links["reply"])}  # fmt: skip
        finally:
            homes.close()


def symmetric(work: Path, seed: int) -> dict:
    with NetLab(work, symmetric=True) as lab:
        lab.coturn()
        alone = Homes(lab, (STUN,))
        try:
            told, _ = alone.unreachable()
        finally:
            alone.close()
        homes = Homes(lab, (STUN, TURN))
        try:
            joined = homes.connect()
            lab.weather(DELAY_MS, LOSS)
            delays = homes.play(random.Random(seed))
            return {"told": told, "joined": joined, "pair": homes.pair(), "delays": delays,
                    "links": (homes.links["invitation"], homes.links["reply"])}  # fmt: skip
        finally:
            homes.close()


def spread(values: list[float]) -> str:
    return f"{min(values):.2f}-{max(values):.2f} s (median {statistics.median(values):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    lacking = missing(PLAYWRIGHT)
    why = skip_reason() or (f"{', '.join(lacking)} missing (see browser_harness/README.md)" if lacking else "")
    if why:
        print(f"nat_rooms: {why}")
        return
    cones, symmetrics = [], []
    with tempfile.TemporaryDirectory() as work:
        for run in range(args.runs):
            cones.append(cone(Path(work), run))
            symmetrics.append(symmetric(Path(work), run))
    print(
        f"load average {os.getloadavg()[0]:.1f}; {args.runs} runs; {DELAY_MS} ms and {LOSS:.0%} loss between the homes"
    )
    print(
        f"links (invitation, reply): cone {sorted({c['links'] for c in cones})}, "
        f"TURN {sorted({s['links'] for s in symmetrics})}"
    )
    print(
        f"cone NATs, STUN: pair {sorted({c['pair'] for c in cones})}; joined in {spread([c['joined'] for c in cones])}"
    )
    print(f"  moves: {summary([d for c in cones for d in c['delays']])}")
    for outage in ("10 s", "20 s"):
        gave_up = sum(c[outage]["gave_up"] for c in cones)
        recovered = spread([c[outage]["recovered_s"] for c in cones])
        paused = spread([c[outage]["paused_s"] for c in cones])
        print(f"  {outage} outage: paused after {paused}; on again {recovered} after the link was back "
              f"({gave_up:.0f} of {len(cones)} with new links, the browsers having given up)")  # fmt: skip
    print(f"symmetric NAT, STUN only: told after {spread([s['told'] for s in symmetrics])}")
    print(f"symmetric NAT, TURN: pair {sorted({s['pair'] for s in symmetrics})}; "
          f"joined in {spread([s['joined'] for s in symmetrics])}")  # fmt: skip
    print(f"  moves: {summary([d for s in symmetrics for d in s['delays']])}")


if __name__ == "__main__":
    main()
