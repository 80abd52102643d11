"""pygbag's entry point: the browser build starts here (the desktop uses ``python -m game``)."""

import asyncio

import pygame  # noqa: F401  (pygbag scans this file's imports to load pygame-ce before the game starts)

from game.app import main

asyncio.run(main())
