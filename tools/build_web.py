"""Build the offline browser version into build/web/ with pygbag 0.9.3, without any network access.

Usage: python -m tools.build_web [--timeout SECONDS]

Steps: run pygbag on the repository root with our index_template.html and the icon from assets/icons/ (made by
tools/make_assets.py, so pygbag never fetches either from its CDN), then add the phone icons to build/web/ and
bundle the relays' MQTT client (mqtt.js from npm, tools/build_relay.py) into build/web/relay-mqtt.js, and stamp
sw.js with the archive's name and a hash of the game's files (the service worker's cache version). pygbag.ini keeps
tests, docs, tools, caches, node_modules and the virtual environment out of the archive.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import shutil
import subprocess
import sys
import tarfile
import time
from pathlib import Path

from tools import web_packages
from tools.build_relay import BUNDLE, RelayBuildError, bundle

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "build" / "web"
ICONS = ROOT / "assets" / "icons"
LOG = ROOT / "build" / "pygbag.log"
PHONE_ICONS = ("icon-180.png", "icon-192.png", "icon-512.png")
PYGBAG_ARGS = [
    "--build",
    "--no_opt",
    "--template",
    "index_template.html",
    "--icon",
    "assets/icons/favicon.png",
    "--title",
    "Pipopipette",
    "--ume_block",
    "0",
    "--can_close",
    "1",
    ".",
]
# pygbag reformats the packed sources in place with black whenever black is importable: make it unimportable.
RUN_PYGBAG = (
    "import runpy, sys; sys.modules['black'] = None; sys.argv[0] = 'pygbag'; "
    "runpy.run_module('pygbag', run_name='__main__')"
)


PYGBAG_MISSING = "pygbag is not installed: pip install -e '.[web]' (make web and make test install it)"


class BuildError(Exception):
    """The build could not be completed; the message says why."""


def run_pygbag(timeout: float) -> None:
    """Run pygbag on the repository root, its output going to build/pygbag.log."""
    LOG.parent.mkdir(parents=True, exist_ok=True)
    with LOG.open("w", encoding="utf-8") as log:
        try:
            result = subprocess.run(
                [sys.executable, "-c", RUN_PYGBAG, *PYGBAG_ARGS],
                cwd=ROOT,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                timeout=timeout,
                check=False,
            )
        except subprocess.TimeoutExpired as error:
            raise BuildError(f"pygbag did not finish within {timeout:.0f} s (see {LOG})") from error
    if result.returncode != 0:
        raise BuildError(f"pygbag failed with exit status {result.returncode}:\n{_tail(LOG)}")


def _tail(path: Path, lines: int = 25) -> str:
    return "\n".join(path.read_text(encoding="utf-8", errors="replace").splitlines()[-lines:])


def find_archive() -> Path:
    """The packed game pygbag wrote (named after the repository folder)."""
    archives = sorted(WEB.glob("*.tar.gz"))
    if len(archives) != 1:
        raise BuildError(f"expected one .tar.gz in {WEB}, found {[a.name for a in archives]}:\n{_tail(LOG)}")
    return archives[0]


def content_hash(archive: Path, *files: Path) -> str:
    """A short hash of the archive's member names and contents (not its timestamps) and of ``files``."""
    digest = hashlib.sha256()
    with tarfile.open(archive, "r:gz") as tar:
        for member in sorted(tar.getmembers(), key=lambda m: m.name):
            handle = tar.extractfile(member)
            digest.update(member.name.encode())
            digest.update(handle.read() if handle else b"")
    for path in files:
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def stamp_service_worker(archive: Path) -> str:
    """Fill in the archive name and build hash in build/web/sw.js; return the build hash."""
    worker = WEB / "sw.js"
    if not worker.is_file():
        raise BuildError(f"{worker} is missing: static/sw.js was not copied")
    build = content_hash(archive, WEB / "index.html", worker, WEB / "manifest.webmanifest", WEB / BUNDLE)
    text = worker.read_text(encoding="utf-8")
    worker.write_text(text.replace("@@ARCHIVE@@", archive.name).replace("@@BUILD@@", build), encoding="utf-8")
    return build


def build(timeout: float) -> dict[str, object]:
    """Build build/web/ from scratch; return what was built (archive, sizes, files, build hash, seconds)."""
    if not (ROOT / "main.py").is_file():
        raise BuildError("main.py is missing at the repository root: pygbag needs it as the game's entry point")
    if importlib.util.find_spec("pygbag") is None:
        raise BuildError(PYGBAG_MISSING)
    started = time.perf_counter()
    shutil.rmtree(WEB, ignore_errors=True)
    WEB.mkdir(parents=True)  # pygbag only creates it along with a fresh build/ folder
    missing = [name for name in ("favicon.png", *PHONE_ICONS) if not (ICONS / name).is_file()]
    if missing:
        raise BuildError(f"assets/icons/ lacks {', '.join(missing)}: run python -m tools.make_assets")
    web_packages.fill(ROOT)
    run_pygbag(timeout)
    if not (WEB / "index.html").is_file():
        raise BuildError(f"pygbag wrote no index.html:\n{_tail(LOG)}")
    archive = find_archive()
    for name in PHONE_ICONS:
        shutil.copyfile(ICONS / name, WEB / name)
    try:
        bundle(WEB / BUNDLE)
    except RelayBuildError as error:
        raise BuildError(f"the relays' MQTT client could not be bundled: {error}") from error
    build_hash = stamp_service_worker(archive)
    with tarfile.open(archive, "r:gz") as tar:
        packed = sum(1 for member in tar.getmembers() if member.isfile())
    return {
        "archive": archive.name,
        "archive_bytes": archive.stat().st_size,
        "packed_files": packed,
        "build": build_hash,
        "seconds": round(time.perf_counter() - started, 1),
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.strip().splitlines()[0])
    parser.add_argument("--timeout", type=float, default=300.0, help="give up on pygbag after this many seconds")
    args = parser.parse_args(argv)
    try:
        result = build(args.timeout)
    except BuildError as error:
        print(f"build_web: {error}", file=sys.stderr)
        return 1
    print(
        f"build/web/ ready: {result['archive']} {result['archive_bytes']} bytes, {result['packed_files']} files, "
        f"cache version {result['build']}, {result['seconds']} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
