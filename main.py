"""pygbag's entry point: the browser build starts here (the desktop uses ``python -m game``). The pure-Python
packages the game needs in the browser are in ``web_packages/``, copied there by ``tools/web_packages.py``."""

import asyncio
import sys
from pathlib import Path

import pygame  # noqa: F401  (pygbag scans this file's imports to load pygame-ce before the game starts)

sys.path.insert(0, str(Path(__file__).resolve().parent / "web_packages"))

from game.app import main  # noqa: E402  (after the web packages' folder is on the path)

asyncio.run(main())
