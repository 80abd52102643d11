"""A QR code of a link, drawn into a pygame surface: the invitation (or the reply) of an online room, for the other
phone's camera, held side by side. The code itself is segno's (a pure-Python QR encoder, packed into the web build
by ``tools/web_packages.py``); this module only paints its modules, dark on white with the quiet zone the standard
asks for (4 modules), each module a whole number of pixels so that no module is blurred between two."""

from __future__ import annotations

import pygame

QUIET = 4  # modules of white around the code (ISO/IEC 18004's quiet zone)
DARK, LIGHT = (0, 0, 0), (255, 255, 255)  # black on white whatever the theme: what every camera reads best


def modules(text: str) -> list[list[bool]]:
    """The QR code of ``text`` (error correction M at least: segno raises it when the version has room), as rows of
    dark (True) and light modules, without the quiet zone. segno is imported here, at the first code drawn: the
    page's start does not compile it, and a page started from another entry than ``main.py`` (which puts the web
    build's packages on the path) still starts."""
    import segno

    code = segno.make(text, error="m", micro=False)
    return [[bool(cell) for cell in row] for row in code.matrix]


def qr_surface(text: str, most: int) -> pygame.Surface:
    """The QR code of ``text`` at most ``most`` pixels a side, with its quiet zone; at least one pixel a module."""
    rows = modules(text)
    side = len(rows) + 2 * QUIET
    scale = max(1, most // side)
    surface = pygame.Surface((side * scale, side * scale))
    surface.fill(LIGHT)
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                surface.fill(DARK, ((x + QUIET) * scale, (y + QUIET) * scale, scale, scale))
    return surface
