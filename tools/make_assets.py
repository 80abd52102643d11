"""Make the game's assets in assets/: the icons in the game's palette and the sounds as OGG Vorbis files.

Usage: python -m tools.make_assets [--check]

* assets/icons/: the icon (tools/make_icon.py) at every size the page and the phones use; the desktop window
  shows it too.
* assets/sounds/<name>.ogg: short tunes (a line, a capture, an undo, a new board, a win), synthesised here as
  16-bit mono PCM and encoded as OGG Vorbis, the format pygbag wants in the browser. Encoding needs the
  ``soundfile`` package (``pip install -e '.[assets]'``); the game itself only reads the files.

``--check`` makes nothing: it says whether every asset is there and loads (the tests check the same).
"""

from __future__ import annotations

import argparse
import math
import sys
from array import array
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ASSETS = ROOT / "assets"
RATE = 22050
VOLUME = 0.35
# (frequency Hz, duration s) notes played one after the other.
TUNES = {
    "line": [(660.0, 0.05)],
    "capture": [(784.0, 0.07), (1046.0, 0.11)],
    "undo": [(520.0, 0.05), (390.0, 0.07)],
    "board": [(523.0, 0.09), (659.0, 0.09)],
    "win": [(523.0, 0.11), (659.0, 0.11), (784.0, 0.11), (1046.0, 0.24)],
}


def synthesise(notes: list[tuple[float, float]], rate: int = RATE) -> array:
    """Signed 16-bit mono PCM of ``notes``: sine tones with a soft attack and an exponential decay."""
    samples = array("h")
    for frequency, duration in notes:
        count = int(rate * duration)
        for i in range(count):
            t = i / rate
            envelope = min(1.0, i / (rate * 0.004)) * math.exp(-5.0 * t / duration)
            tone = math.sin(2 * math.pi * frequency * t) + 0.25 * math.sin(4 * math.pi * frequency * t)
            samples.append(int(32767 * VOLUME * envelope * tone / 1.25))
    return samples


def write_sounds(folder: Path) -> list[Path]:
    try:
        import numpy
        import soundfile
    except ImportError:
        raise SystemExit("encoding OGG needs soundfile: pip install -e '.[assets]'") from None
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, notes in TUNES.items():
        path = folder / f"{name}.ogg"
        pcm = numpy.frombuffer(synthesise(notes).tobytes(), dtype=numpy.int16)
        soundfile.write(str(path), pcm, RATE, format="OGG", subtype="VORBIS")
        written.append(path)
    return written


def check() -> list[str]:
    """What is missing or unreadable among the assets (empty when all is well)."""
    import os

    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame
    from make_icon import SIZES

    problems = [f"assets/icons/{name} is missing" for name in SIZES if not (ASSETS / "icons" / name).is_file()]
    try:
        pygame.mixer.init(frequency=RATE, size=-16, channels=1)
    except pygame.error as error:
        return [*problems, f"no mixer to load sounds with: {error}"]
    for name in TUNES:
        path = ASSETS / "sounds" / f"{name}.ogg"
        try:
            pygame.mixer.Sound(str(path))
        except (pygame.error, FileNotFoundError) as error:
            problems.append(f"{path.relative_to(ROOT)} does not load: {error}")
    return problems


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check that every asset is there and loads")
    args = parser.parse_args(argv)
    if args.check:
        problems = check()
        for problem in problems:
            print(problem, file=sys.stderr)
        return 1 if problems else 0
    from make_icon import write_icons

    for path in [*write_icons(ASSETS / "icons"), *write_sounds(ASSETS / "sounds")]:
        print(path.relative_to(ROOT), path.stat().st_size, "bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
