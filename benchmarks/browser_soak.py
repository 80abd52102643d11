"""A soak of one browser page: game after game for an hour or more, memory and frames sampled every minute.

    python benchmarks/browser_soak.py [--minutes 60] [--every 60] [--out build/soak] [--stack-switching]

The page (``tools/browser/soak_page.py`` in headless Chromium on Pyodide, the browser harness) runs the app with
the Expert, its Web Worker, against Hard on 5x5 boxes, reviews each game, shows the analysis board and rematches;
its history grows in the page's localStorage. Every ``--every`` seconds this side records:

- the page's JavaScript heap (DevTools' ``Runtime.getHeapUsage``), its WebAssembly memory (Pyodide's) and the
  WebAssembly stack in use (Pyodide's stack pointer below the stack's base: 16 bytes lost a callback of the loop
  while Pyodide's stack switching is on, game/app/stack_switching.py) and left;
- each Worker's WebAssembly memory (the compiled core's), and the resident memory of the renderer process (the
  page and its Workers);
- what the page's Python holds (``gc`` counts and objects, ``sys.getallocatedblocks``) and how its loop went since
  the last sample (turns and frames a second, a turn's work: median, 95th percentile, longest; the longest gap
  between two turns), the games played, the history's games and stored bytes; the machine's load average.

It writes ``soak.csv`` (a row a sample), ``soak.json`` (the same, with the run's settings and how it ended) and
``soak.png`` (the curves) in ``--out``, and prints a row a sample. The run ends after ``--minutes`` or when the
page stops (its error is recorded). ``--stack-switching``: the page with Pyodide's stack switching left on, as
before the fix. Without the harness the script says what is missing and exits with status 0.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import time
from pathlib import Path
from typing import Any

from tools.browser.browser_expert import GAME, _descendants, lacking, open_app_page

ROOT = Path(__file__).resolve().parents[1]

ENTRY = (ROOT / "tools" / "browser" / "soak_page.py").relative_to(GAME)
PAGE = "soak"
SOAK = "__import__('sys').modules['__main__'].soak"
MB = 1 << 20
PAGE_MEMORY = """(() => {
  const m = window.pyodide._module;
  const base = m._emscripten_stack_get_base(), end = m._emscripten_stack_get_end(), at = m.stackSave();
  const core = window.pipopipetteCore || {owner: {}, latest: {}};
  const info = m._PyMem_RawMalloc(40);  // struct mallinfo: its 8th int is the bytes malloc has handed out
  m._mallinfo(info);
  const inUse = m.HEAP32[(info >> 2) + 7];
  m._PyMem_RawFree(info);
  return {wasm: m.HEAP8.buffer.byteLength, malloc: inUse, stack_used: base - at, stack_left: at - end,
          stack_switching: !!m.jspiSupported, bridge_requests: Object.keys(core.owner).length,
          bridge_unread: Object.keys(core.latest).length,
          bridge_unread_bytes: Object.values(core.latest).reduce((n, text) => n + text.length, 0)};
})()"""
WORKER_MEMORY = "typeof core === 'object' && core ? core.memory.buffer.byteLength : 0"
COLUMNS = [
    "minute", "load", "games", "history_games", "stored_bytes", "js_heap_mb", "wasm_mb", "malloc_mb", "stack_used_kb",
    "stack_left_kb", "worker_wasm_mb", "renderer_mb", "gc_objects", "allocated_blocks", "gc_counts",
    "turns_per_second", "frames_per_second", "turn_ms_median", "turn_ms_p95", "turn_ms_max", "gap_ms_max",
    "reviews_done", "values_shown", "bridge_requests", "bridge_unread", "bridge_unread_bytes", "scene",
]  # fmt: skip


def renderer_mb(driver: Any) -> float:
    """Resident memory of the browser's renderer processes (the page, and its Workers as threads)."""
    total = 0
    for pid in _descendants(driver.process.pid):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as command:
                if b"--type=renderer" not in command.read():
                    continue
            with open(f"/proc/{pid}/status", encoding="ascii") as status:
                total += sum(int(line.split()[1]) * 1024 for line in status if line.startswith("VmRSS:"))
        except OSError:
            continue
    return total / MB


def sample(driver: Any, minute: float) -> dict[str, Any]:
    """One row: the page's memory and loop since the last row (raises when the page has stopped)."""
    python = json.loads(driver.ask(page=PAGE, py=f"{SOAK}.sample()"))
    page = driver.ask(page=PAGE, js=PAGE_MEMORY)
    heap = driver.ask(page=PAGE, heap=True)
    workers = driver.ask(page=PAGE, workers=WORKER_MEMORY)
    row = {
        "minute": round(minute, 2),
        "load": os.getloadavg()[0],
        "js_heap_mb": heap["usedSize"] / MB,
        "wasm_mb": page["wasm"] / MB,
        "malloc_mb": page["malloc"] / MB,
        "stack_used_kb": page["stack_used"] / 1024,
        "stack_left_kb": page["stack_left"] / 1024,
        "worker_wasm_mb": sum(workers) / MB,
        "renderer_mb": renderer_mb(driver),
        "bridge_requests": page["bridge_requests"],
        "bridge_unread": page["bridge_unread"],
        "bridge_unread_bytes": page["bridge_unread_bytes"],
        **python,
    }
    row["gc_counts"] = "/".join(str(count) for count in python["gc_counts"])
    return row


def shown(row: dict[str, Any]) -> str:
    return (
        f"{row['minute']:6.1f} min  load {row['load']:4.1f}  games {row['games']:3d}  js heap {row['js_heap_mb']:6.1f}"
        f" MB  wasm {row['wasm_mb']:6.1f} MB ({row['malloc_mb']:6.1f} in use)  stack"
        f" {row['stack_used_kb']:7.1f} KB used, {row['stack_left_kb']:7.1f}"
        f" KB left  worker {row['worker_wasm_mb']:5.1f} MB  renderer {row['renderer_mb']:6.1f} MB  objects"
        f" {row['gc_objects']:7d}  frames/s {row['frames_per_second']:5.1f}  turn p95 {row['turn_ms_p95']:5.1f} ms"
        f"  gap max {row['gap_ms_max']:6.0f} ms  history {row['history_games']} ({row['stored_bytes']} B)  requests"
        f" {row['bridge_requests']} ({row['bridge_unread']} unread, {row['bridge_unread_bytes']} B)"
    )


def soak(minutes: float, every: float, stack_switching: bool, out: Path) -> tuple[list[dict[str, Any]], str]:
    """The rows of one soak, and how it ended (written to ``out`` after each row, so a stopped run keeps them)."""
    arguments = {"minutes": minutes, "every": every, "stack_switching": stack_switching}
    driver = open_app_page(ENTRY, PAGE, "soak", "?stack-switching" if stack_switching else "")
    rows: list[dict[str, Any]] = []
    started = time.monotonic()
    ended = f"ran {minutes:g} minutes"
    try:
        while True:
            minute = (time.monotonic() - started) / 60
            try:
                rows.append(sample(driver, minute))
            except Exception as error:  # noqa: BLE001 - the page stopped: what it said is the result
                ended = f"the page stopped after {minute:.1f} minutes: {str(error).strip()[:2000]}"
                break
            print(shown(rows[-1]), flush=True)
            write(out, rows, "running", arguments)
            if rows[-1]["problem"]:
                ended = f"the soak stopped after {minute:.1f} minutes: {rows[-1]['problem']}"
                break
            if minute >= minutes:
                break
            time.sleep(max(0.0, started + len(rows) * every - time.monotonic()))
    finally:
        driver.close()
        write(out, rows, ended, arguments)
    return rows, ended


def write(out: Path, rows: list[dict[str, Any]], ended: str, arguments: dict[str, Any]) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with open(out / "soak.csv", "w", newline="", encoding="utf-8") as table:
        writer = csv.DictWriter(table, COLUMNS, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(rows)
    (out / "soak.json").write_text(json.dumps({"arguments": arguments, "ended": ended, "rows": rows}, indent=1))
    plot(out / "soak.png", [rows], [""])


CURVES = [  # (column, title, scale to the panel's unit)
    ("js_heap_mb", "JS heap, MB", 1.0),
    ("wasm_mb", "page's WebAssembly memory, MB", 1.0),
    ("malloc_mb", "of which handed out by malloc, MB", 1.0),
    ("worker_wasm_mb", "Worker's WebAssembly memory, MB", 1.0),
    ("stack_used_kb", "WebAssembly stack used, KB (5120: full)", 1.0),
    ("gc_objects", "Python objects (gc), thousands", 1e-3),
    ("turn_ms_p95", "a turn of the loop, 95th percentile, ms (the first minute: start-up)", 1.0),
]


def plot(path: Path, runs: list[list[dict[str, Any]]], names: list[str]) -> None:
    """The curves of ``runs`` (a colour each, named by ``names``) against minutes, one panel a measure the runs
    have, as a PNG drawn with pygame (no plotting library)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.font.init()
    font = pygame.font.Font(None, 20)
    colours = [(200, 60, 40), (30, 110, 200), (40, 150, 60)]
    width, panel_height, margin = 900, 170, 60
    curves = [curve for curve in CURVES if any(curve[0] in row for run in runs for row in run)]
    surface = pygame.Surface((width, panel_height * len(curves) + 40))
    surface.fill((255, 255, 255))
    span = max((row["minute"] for run in runs for row in run), default=1.0) or 1.0
    for index, (column, title, scale) in enumerate(curves):
        top = 30 + index * panel_height
        box = pygame.Rect(margin, top + 20, width - margin - 20, panel_height - 45)
        values = [row[column] * scale for run in runs for row in run if column in row]
        high = max(values, default=1.0) * 1.1 or 1.0
        pygame.draw.rect(surface, (120, 120, 120), box, 1)
        surface.blit(font.render(title, True, (0, 0, 0)), (margin, top + 2))
        for fraction in (0.0, 0.5, 1.0):
            y = box.bottom - fraction * box.height
            surface.blit(font.render(f"{high * fraction:.0f}", True, (90, 90, 90)), (5, y - 7))
        for run, colour in zip(runs, colours, strict=False):
            points = [
                (box.x + row["minute"] / span * box.width, box.bottom - row[column] * scale / high * box.height)
                for row in run
                if column in row
            ]
            if len(points) > 1:
                pygame.draw.lines(surface, colour, False, points, 2)
        for minute in range(0, int(span) + 1, 10):
            x = box.x + minute / span * box.width
            surface.blit(font.render(str(minute), True, (90, 90, 90)), (x - 6, box.bottom + 2))
    surface.blit(font.render("minutes of play", True, (0, 0, 0)), (margin, surface.get_height() - 22))
    x = margin + font.size("minutes of play")[0] + 20
    for name, colour in zip(names, colours, strict=False):
        if name:
            surface.blit(font.render(name, True, colour), (x, surface.get_height() - 22))
            x += font.size(name)[0] + 15
    pygame.image.save(surface, str(path))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--every", type=float, default=60.0, help="seconds between two samples")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "soak")
    parser.add_argument("--stack-switching", action="store_true", help="Pyodide's stack switching left on")
    parser.add_argument("--plot", nargs="+", type=Path, help="only draw soak.png from these runs' soak.json")
    args = parser.parse_args()
    if args.plot:
        runs = [json.loads(path.read_text()) for path in args.plot]
        names = [f"{path.parent.name} ({run['ended'][:40]})" for path, run in zip(args.plot, runs, strict=True)]
        args.out.mkdir(parents=True, exist_ok=True)
        plot(args.out / "soak.png", [run["rows"] for run in runs], names)
        return
    missing = lacking()
    if missing:
        print(f"browser soak skipped: {', '.join(missing)} missing (see browser_harness/README.md)")
        return
    _, ended = soak(args.minutes, args.every, args.stack_switching, args.out)
    print(ended)
    print(f"written: {args.out / 'soak.csv'}, {args.out / 'soak.json'}, {args.out / 'soak.png'}")


if __name__ == "__main__":
    main()
