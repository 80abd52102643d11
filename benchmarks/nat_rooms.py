"""Online rooms through NATs: how long two browsers in two homes, each behind its own NAT, take to join a room, to
show a move on the other device, and to play on after an outage.

    python -m benchmarks.nat_rooms [--runs 3] [--relay-only]

The lab is ``tools/browser/netlab.py`` (network namespaces, iptables NATs, coturn for STUN and TURN, documentation
addresses only; 150 ms one way between the homes and 5% of packets lost each way, by ``netlab_wire.py``); the rooms
are driven as in ``tests/play/online/test_browser_nat.py`` (``tools/browser/nat_rooms.py``), with today's two-link
handshake, the links handed over at once by the script. Per run:

* cone NATs, STUN only: the invitation asked for to both devices on the board; a whole 5x5 game's moves (from the
  mover's room to the other's); a 10 s and a 20 s outage of one home, each with a line played during it: seconds
  from the link back to both playing on with that line (after 20 s with a new invitation and reply, as Chromium
  gave the connection up);
* a symmetric NAT, STUN only: seconds until both devices say they cannot reach each other;
* a symmetric NAT with TURN: joining, and a whole game's moves;
* cone NATs, STUN, the room's one link through the lab's MQTT broker (amqtt, standing in for the public relays; each
  device the game's own lobby and session, ``tools/browser/relay_rooms.py``): from the link opened to both devices
  on the board; a whole game's moves; a 20 s outage of home b with a line played during it: seconds from the link
  back to both playing on with that line, by themselves; the guest's page reloaded, then the host's: seconds from
  the reload to both playing on the same game (``--relay-only``: this part alone).

Needs root, ip, iptables, coturn and the browser harness (and amqtt and npm's packages for the relay part); without
them it says what is missing and exits with 0.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
from pathlib import Path

from tools import build_relay
from tools.browser.nat_rooms import STUN, TURN, Homes, relay_homes, relay_outage, summary
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


def relayed(work: Path, seed: int, bundle: Path) -> dict:
    with NetLab(work) as lab:
        lab.coturn()
        if not lab.broker():
            raise SystemExit("nat_rooms: amqtt missing for the relay part (pip install -e '.[test]')")
        pair = relay_homes(lab, bundle, (STUN,))
        try:
            joined = pair.join(45)["board_s"]
            lab.weather(DELAY_MS, LOSS)
            rng = random.Random(seed)
            delays = pair.play(rng, 20)
            outage = relay_outage(pair, lab, 20, rng)
            delays += pair.play(rng, 10)
            guest = pair.reload(pair.guest, 90)
            delays += pair.play(rng, 10)
            host = pair.reload(pair.host, 90)
            delays += pair.play(rng)
            assert pair.same_and_clean() and pair.host.room.table.over
            return {"joined": joined, "delays": delays, "outage": outage, "guest": guest, "host": host,
                    "link": len(pair.link)}  # fmt: skip
        finally:
            pair.close()


def report_relayed(runs: list[dict]) -> None:
    print(f"one link through the relay, cone NATs, STUN: link {sorted({r['link'] for r in runs})} characters; "
          f"from the link opened to both on the board {spread([r['joined'] for r in runs])}")  # fmt: skip
    print(f"  moves: {summary([d for r in runs for d in r['delays']])}")
    print(f"  20 s outage: paused after {spread([r['outage']['paused_s'] for r in runs])}; on again by itself "
          f"{spread([r['outage']['recovered_s'] for r in runs])} after the link was back")  # fmt: skip
    print(f"  the guest's page reloaded: both on again {spread([r['guest'] for r in runs])} after the reload")
    print(f"  the host's page reloaded: both on again {spread([r['host'] for r in runs])} after the reload")


def spread(values: list[float]) -> str:
    return f"{min(values):.2f}-{max(values):.2f} s (median {statistics.median(values):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--relay-only", action="store_true", help="only the room joined by one link through the relay")
    args = parser.parse_args()
    lacking = missing(PLAYWRIGHT)
    why = skip_reason() or (f"{', '.join(lacking)} missing (see browser_harness/README.md)" if lacking else "")
    if why:
        print(f"nat_rooms: {why}")
        return
    cones, symmetrics, relays = [], [], []
    with tempfile.TemporaryDirectory() as work:
        bundle = build_relay.bundle(Path(work) / build_relay.BUNDLE) if not build_relay.missing() else None
        for run in range(args.runs):
            if not args.relay_only:
                cones.append(cone(Path(work), run))
                symmetrics.append(symmetric(Path(work), run))
            if bundle is not None:
                relays.append(relayed(Path(work), run, bundle))
    print(
        f"load average {os.getloadavg()[0]:.1f}; {args.runs} runs; {DELAY_MS} ms and {LOSS:.0%} loss between the homes"
    )
    if relays:
        report_relayed(relays)
    else:
        print(f"nat_rooms: the relay part left out: {build_relay.missing()}")
    if args.relay_only:
        return
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
