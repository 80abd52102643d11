"""Two tabs of one Chromium context (one origin: one localStorage) finish a game at the same moment, round after
round; how many games the history lost.

Usage: python -m benchmarks.two_tabs [--rounds 100] [--gap 0.5] [--source REV]
Each tab runs the game's Python in Pyodide (the browser harness's, see
docs/testing.md, "Real browser pages") and finishes its game the way the board scene does
(the app's ``GameKeeper``, ``Saved.add_game``, the app's store on the page's localStorage); both finish at the same
moment (each on its own timer). ``--gap`` seconds between rounds: 100 rounds half a second apart last more than the
minute after which additions are removed once merged, so that removal runs while the other tab merges.
``--source REV`` runs the tabs on the game as it was at git revision REV (the history is still read by this
version): ``--source 4cff3b1^`` is the game before additions under keys of their own.
"""

from __future__ import annotations

import argparse
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from tests.browser_tabs import MISSING, Tabs, open_tabs, run_rounds  # noqa: E402


def checkout(revision: str) -> Path:
    """The game/ package as it was at ``revision``, in a temporary folder."""
    folder = Path(tempfile.mkdtemp(prefix="two-tabs-"))
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision, "game"], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--gap", type=float, default=0.5)
    parser.add_argument("--source", default="")
    args = parser.parse_args()
    if MISSING:
        print(f"two_tabs: {', '.join(MISSING)} missing (see browser_harness/README.md)")
        return
    source = checkout(args.source) if args.source else ROOT
    tabs = Tabs()
    try:
        open_tabs(tabs, source)
        figures = run_rounds(tabs, args.rounds, args.gap)
    finally:
        tabs.close()
    print(
        f"two tabs, {figures.rounds} rounds ({args.source or 'this version'}): {figures.lost} of {figures.games} "
        f"games lost, in {'?' if figures.rounds_losing is None else figures.rounds_losing} rounds; {figures.stored} in "
        f"the history value, {figures.waiting} "
        f"additions waiting to be merged; {figures.seconds:.1f} s"
    )


if __name__ == "__main__":
    main()
