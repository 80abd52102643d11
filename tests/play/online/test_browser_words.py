"""What two real Chromium pages show of a live room, read back from their screenshots as a person would: the host's
invitation as a QR code (read by zbarimg, Debian's zbar-tools, as the very link copied), then both boards of a room
whose rules make captures compulsory with a decider agreed, read by tesseract (English or French): this device's
person "You" on both, the friend by name, the guest told who invited them, whose turn it is, the rules in the title.

Skipped, saying why, without the browser harness (as test_browser_taps.py), tesseract or zbarimg. Set
``ONLINE_SHOTS`` to a folder to keep the screenshots.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from storage_fakes import FakeLocalStorage
from test_browser_taps import GAME, MISSING, Device, start_pages

from game.play.players import Player
from game.play.settings import Seat, Settings
from game.storage import BrowserStore, Saved
from tools.browser.node_driver import skip_reason

READERS = [name for name in ("tesseract", "zbarimg") if shutil.which(name) is None]
pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(bool(MISSING), reason=skip_reason(MISSING)),
    pytest.mark.skipif(bool(READERS), reason=f"no {', '.join(READERS)}: apt-get install tesseract-ocr zbar-tools"),
]
SHOTS = os.environ.get("ONLINE_SHOTS", "")
WORDS = {  # what each device's board must say (read loosely: letters only, lower case)
    "en": {
        "host": ["You", "Bob", "Online with Bob", "Your turn", "captures compulsory"],
        "guest": ["You", "Ann", "Invited by Ann", "Ann's turn", "captures compulsory"],
    },
    "fr": {
        "host": ["Vous", "Bob", "En ligne avec Bob", "À vous", "prises obligatoires"],
        "guest": ["Vous", "Ann", "Invité par Ann", "À Ann", "prises obligatoires"],
    },
}


def storage(name: str, language: str) -> dict[str, str]:
    """A device's saved settings: its person's name, two people, captures compulsory and a decider agreed."""
    local = FakeLocalStorage()
    settings = Settings(seats=(Seat("human"), Seat("human")), players=(Player(name),), language=language,
                        must_capture=True, decider=True)  # fmt: skip
    Saved(BrowserStore(local)).save_settings(settings.to_data())
    return local.items


def letters(text: str) -> str:
    return re.sub(r"[^a-zà-ÿ]", "", text.lower())


def shot(device: Device, folder: Path, name: str) -> Path:
    path = folder / f"words-{name}.png"
    device.pages.ask(page=device.name, shot=str(path))
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, Path(SHOTS) / path.name)
    return path


ENLARGE = """
import json, sys, pygame
source, box, target = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3]
image = pygame.image.load(source)
if box:
    image = image.subsurface(pygame.Rect(box).clip(image.get_rect()))
pygame.image.save(pygame.transform.smoothscale_by(image, 3), target)
"""


def ocr(path: Path, language: str, box: list[int] | None = None) -> str:
    """The words tesseract reads in the screenshot (or in ``box`` of it: x, y, width, height), enlarged three times
    (the canvas is 360x640 CSS pixels) by pygame in a child process (this package's tests run without pygame)."""
    big = path.with_suffix(".big.png")
    subprocess.run([sys.executable, "-c", ENLARGE, str(path), json.dumps(box), str(big)], check=True,
                   env=dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1"))  # fmt: skip
    lang = {"en": "eng", "fr": "fra"}[language]
    layout = "11" if box is None else "6"  # sparse text on the screen, a block in a box
    read = subprocess.run(["tesseract", str(big), "stdout", "-l", lang, "--psm", layout],
                          capture_output=True, text=True, check=True)  # fmt: skip
    return read.stdout


@pytest.mark.parametrize("language", ["en", "fr"])
def test_two_browsers_show_the_live_rooms_words_and_the_invitations_qr_code(language):
    pages = start_pages()
    folder = Path(tempfile.mkdtemp(prefix="roomwords-"))
    try:
        site = pages.ask(serve=str(GAME))
        pages.ask(open="host", browser="one", url=site, storage=storage("Ann", language))
        host, guest = Device(pages, "host"), Device(pages, "guest")
        host.until("type(scene).__name__ == 'MenuScene'")
        play_online = host.read("__import__('game.play.i18n', fromlist=['tr']).tr('Play online')")
        host.tap_button(play_online)
        host.until("scene.state == 'setup'")
        host.tap_button(host.read("__import__('game.play.i18n', fromlist=['tr']).tr('Invite')"))
        host.until("scene.state == 'inviting' and scene.qr is not None")
        invitation = host.read("scene.lobby.link")
        seen = subprocess.run(["zbarimg", "--quiet", "--raw", str(shot(host, folder, f"{language}-invitation"))],
                              capture_output=True, text=True, check=False).stdout.split()  # fmt: skip
        assert seen == [invitation], "the QR code on the host's screen is the invitation"

        pages.ask(open="guest", browser="two", url=invitation, storage=storage("Bob", language))
        guest.until("scene.state == 'replying'")
        reply = guest.read("scene.lobby.link")
        host.read(f"scene.clipboard.__setattr__('pasted', {reply!r})")  # the reply pasted on the host's device
        for device in (host, guest):
            device.until("type(scene).__name__ == 'BoardScene' and scene.session.referee.link() == 'connected'", 30)
        for device in (host, guest):  # the connection's news of the moment gone: the status line says whose turn
            device.until("scene.feedback.text(scene.session.now) is None", 30)
        for name, device in (("host", host), ("guest", guest)):
            path = shot(device, folder, f"{language}-{name}")
            x, y, width, height = device.read("[*scene.frame.scores.move(0, top)]")
            cards = ([x, y, width // 2, height], [x + width // 2, y, width - width // 2, height])  # (side by side)
            read = letters(ocr(path, language) + "".join(ocr(path, language, card) for card in cards))
            missing = [words for words in WORDS[language][name] if letters(words) not in read]
            assert not missing, f"{name} ({language}): {missing} not read in {read!r}"
    finally:
        pages.close()
        shutil.rmtree(folder, ignore_errors=True)
