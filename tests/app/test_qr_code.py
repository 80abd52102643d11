"""The QR code of an online invitation: segno's modules painted whole, with the quiet zone, and, on the host's
screen at phone size, read back by a real QR reader (zbarimg, Debian's zbar-tools) as the very link to open."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pygame
import pytest
from online_fakes import Page, online_page

from game.app.qr_code import DARK, LIGHT, QUIET, modules, qr_surface
from game.app.scenes.online import OnlineScene
from game.play import i18n
from game.play.i18n import FRENCH

LINK = "https://pipopipette.example.org/#o1.Kq3xZ0a_." + "AbCd-_90" * 19 + ".Kq"  # an invitation's length


def test_each_module_is_painted_whole_inside_a_white_quiet_zone():
    rows = modules(LINK)
    picture = qr_surface(LINK, 300)
    side = len(rows) + 2 * QUIET
    scale = picture.get_width() // side
    assert picture.get_size() == (side * scale, side * scale) and scale >= 1 and picture.get_width() <= 300
    for y in range(side):
        for x in range(side):
            inside = QUIET <= x < side - QUIET and QUIET <= y < side - QUIET
            dark = inside and rows[y - QUIET][x - QUIET]
            for dx, dy in ((0, 0), (scale - 1, scale - 1)):  # both corners of the module: no module shares a pixel
                assert picture.get_at((x * scale + dx, y * scale + dy))[:3] == (DARK if dark else LIGHT)


def test_a_tiny_room_still_gets_one_pixel_a_module():
    assert qr_surface(LINK, 10).get_width() == len(modules(LINK)) + 2 * QUIET


def test_no_words_suggest_reading_a_code_aloud():
    for english, french in FRENCH.items():
        words = f"{english} {french}".lower()
        assert "read them the code" not in words and "dictez" not in words and "aloud" not in words, english


def read_qr(surface: pygame.Surface, tmp_path: Path) -> list[str]:
    shot = tmp_path / "screen.png"
    pygame.image.save(surface, str(shot))
    found = subprocess.run(["zbarimg", "--quiet", "--raw", str(shot)], capture_output=True, text=True, check=False)
    return found.stdout.split()


@pytest.mark.skipif(shutil.which("zbarimg") is None, reason="no QR reader: apt-get install zbar-tools")
@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_hosts_phone_shows_the_invitation_as_a_qr_code_another_phone_reads(make_driver, tmp_path, language):
    host = make_driver(size=(360, 640))  # a small phone, as both phones are held side by side
    i18n.set_language(language)
    try:
        host.app.manager.push(OnlineScene(host.app, page=online_page(Page([]))))
        host.frames(1)
        host.press_button(i18n.tr("Invite"))
        host.frames(3)
        link = host.scene.lobby.link
        assert "#o1." in link
        assert read_qr(host.app.screen, tmp_path) == [link]
        side, count = host.scene.qr[1].get_width(), len(modules(link)) + 2 * QUIET
        assert side >= 360 // 2 and side // count >= 2, "half the phone's width, for a camera held beside it"
    finally:
        i18n.set_language("en")
