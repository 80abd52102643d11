"""The pure-Python packages the browser build needs beside the game, copied from this environment's installed ones.

pygbag packs the repository's folder and nothing from site-packages, and the browser harness serves the same
folder; so before either runs, each package of :data:`PACKAGES` (declared in pyproject.toml's dependencies, installed
by pip) is copied, as installed, into ``web_packages/`` at the repository's root (ignored by git), which ``main.py``
(the browser's entry, never the desktop's) puts on ``sys.path``. Nothing of them is kept in the repository.

Usage: python -m tools.web_packages   (``make web`` and the browser tests do it themselves)
"""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDER = "web_packages"
PACKAGES = ("segno",)  # the QR code of an online invitation (game/app/qr_code.py)
LEFT_OUT = shutil.ignore_patterns("__pycache__", "*.pyc", "*.pyi", "cli.py")  # (no command line in a browser)


def installed(name: str) -> Path:
    """The folder of the installed package ``name``; :class:`LookupError` when it is not installed."""
    spec = importlib.util.find_spec(name)
    if spec is None or spec.origin is None:
        raise LookupError(f"{name} is not installed: pip install -e . installs it (pyproject.toml's dependencies)")
    return Path(spec.origin).parent


def fill(root: Path = ROOT) -> Path:
    """Copy every package of :data:`PACKAGES` into ``root/web_packages`` afresh; returns that folder."""
    folder = root / FOLDER
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    for name in PACKAGES:
        shutil.copytree(installed(name), folder / name, ignore=LEFT_OUT)
    return folder


if __name__ == "__main__":
    print(fill())
