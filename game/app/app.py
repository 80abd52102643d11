"""The app: its services (screen, text, sounds, store, settings, scene manager) and the once-per-frame loop."""

from __future__ import annotations

import asyncio
import contextlib
import random
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame

from . import i18n, layout, theme
from .input import POINTER_KINDS, InputMapper
from .notices import notice_text
from .scene import SceneManager
from .settings_model import Settings, settings_from_data
from .sound import Sounds
from .theme import Text

NOTICE_MIN_SECONDS = 6.0
NOTICE_WORDS_PER_SECOND = 2.5  # a slow reader's pace, with time to notice the message first
NOTICES_SHOWN = 2
RETRY_SECONDS = 5.0
DESKTOP_PX_PER_MM = 96 / 25.4
PHONE_CSS_PX_PER_MM = 6.3  # phones show about 160 CSS pixels per inch
TOUCH_MM = 7.0
FRAME_SECONDS = 1 / 60
STEP_MIN_SECONDS = 0.004
STEP_MAX_SECONDS = 0.010
STEP_MARGIN_SECONDS = 0.002
ICON = Path(__file__).resolve().parents[2] / "assets" / "icons" / "icon-192.png"


def set_window_icon() -> None:
    """The desktop window shows the game's icon from assets/icons/ (the page has it as its favicon)."""
    with contextlib.suppress(pygame.error, FileNotFoundError):  # no icon: the window keeps the default one
        pygame.display.set_icon(pygame.image.load(str(ICON)))


def reading_seconds(message: str) -> float:
    """How long a notice stays: time to see it, then a slow reader's pace, at least NOTICE_MIN_SECONDS."""
    return max(NOTICE_MIN_SECONDS, 2.0 + len(message.split()) / NOTICE_WORDS_PER_SECOND)


def browser_window() -> Any:
    import platform

    return platform.window  # type: ignore[attr-defined]  # pygbag's platform module, only in the browser


class App:
    """Everything a scene needs, passed in rather than global. ``frames`` counts frames drawn."""

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        store: Any = None,
        clock: Callable[[], float] = time.perf_counter,
        browser: bool | None = None,
        link: str | None = None,
    ) -> None:
        """``link``: a game link or position code to open at start (the desktop's command line); in the browser
        the page's own address is read instead."""
        self.browser = sys.platform == "emscripten" if browser is None else browser
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Pipopipette")
        set_window_icon()
        self.css_scale = 1.0
        if size is None:
            size = self._browser_size() if self.browser else layout.DESKTOP_SIZE
        flags = 0 if self.browser else pygame.RESIZABLE
        self.screen = pygame.display.set_mode(size, flags)
        if store is None:
            from ..storage import open_store

            store = open_store()
        from ..storage import Saved
        from .stats import outcome

        self.store = store
        self.saved = Saved(store, classify=outcome)
        self.settings = self.load_settings()
        i18n.choose(self.settings.language, self.browser, browser_window)
        self.sounds = Sounds(self.settings.sound, unlocked=not self.browser)
        self.text = Text()
        self.rng = random.Random()
        self.clock = clock
        self.input = InputMapper()
        self.manager = SceneManager()
        self.notices: list[tuple[str, float | None]] = []  # (message, shown until; None while queued)
        self.notice_lines: list[str] = []
        self.notice_height = 0
        self.retry_at = 0.0
        self.running = True
        self.frames = 0
        self.now = 0.0
        self.draw_seconds = 0.0
        from .links import HashWatch, start_link
        from .scenes.menu import MenuScene
        from .scenes.open_link import open_link

        self.manager.reset(MenuScene(self))
        self.hash_watch = HashWatch(self.browser)
        link = start_link(self.browser) if link is None else link
        if link is not None:
            open_link(self, link)

    def _follow_window_size(self) -> None:
        """After the desktop window was resized: keep the new surface, but never smaller than MIN_SIZE."""
        surface = pygame.display.get_surface()
        if surface is None:
            return
        self.screen = surface
        w, h = self.screen.get_size()
        if w < layout.MIN_SIZE[0] or h < layout.MIN_SIZE[1]:
            size = (max(w, layout.MIN_SIZE[0]), max(h, layout.MIN_SIZE[1]))
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)

    def _browser_size(self) -> tuple[int, int]:
        window = browser_window()
        inner_w, inner_h = float(window.innerWidth), float(window.innerHeight)
        size = layout.browser_canvas(inner_w, inner_h)
        self.css_scale = min(inner_w / size[0], inner_h / size[1]) or 1.0
        return size

    # -- services ---------------------------------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        """The scenes' surface: the screen below the notice strip (the whole screen when there is no notice)."""
        w, h = self.screen.get_size()
        return w, h - self.notice_height

    @property
    def content_rect(self) -> pygame.Rect:
        """Where scenes draw, in screen pixels."""
        w, h = self.size
        return pygame.Rect(0, self.notice_height, w, h)

    def touch_radius(self) -> float:
        """About 7 mm on the player's screen, in surface pixels."""
        if self.browser:
            return TOUCH_MM * PHONE_CSS_PX_PER_MM / self.css_scale
        return TOUCH_MM * DESKTOP_PX_PER_MM

    def load_settings(self) -> Settings:
        data = self.saved.settings()
        if data is None:
            return Settings()
        settings, problems = settings_from_data(data)
        if problems:
            self.saved.reject_settings(problems[0])
        return settings

    def save_settings(self, settings: Settings) -> None:
        language_changed = settings.language != self.settings.language
        self.settings = settings
        if language_changed:
            i18n.choose(settings.language, self.browser, browser_window)
            for scene in self.manager.stack:
                scene.invalidate_layout()
        self.sounds.enabled = settings.sound
        self.saved.save_settings(settings.to_data())

    def step_budget(self) -> float:
        """Seconds a computer search (or a hint) may work this frame: what a 60 Hz frame leaves after drawing the
        last one (and a small margin), between 4 and 10 ms. The loop awaits once per frame, so this is the most a
        frame is ever held up by thinking, in the browser as on the desktop."""
        left = FRAME_SECONDS - self.draw_seconds - STEP_MARGIN_SECONDS
        return min(STEP_MAX_SECONDS, max(STEP_MIN_SECONDS, left))

    def notify(self, message: str) -> None:
        """Queue ``message`` for the notice strip above the scene. Two show at a time, each for as long as it takes
        to read (a tap on the strip closes them). Nothing is covered: the scene is laid out below the strip."""
        if all(shown != message for shown, _ in self.notices):
            self.notices.append((message, None))
            self._fit_notices()

    def dismiss_notices(self) -> None:
        self.notices = self.notices[NOTICES_SHOWN:]
        self._fit_notices()

    def _fit_notices(self) -> None:
        """Drop read notices, start the clock of those now shown, and size the strip for them (0 without any)."""
        self.notices = [(message, until) for message, until in self.notices if until is None or until > self.now]
        for index, (message, until) in enumerate(self.notices[:NOTICES_SHOWN]):
            if until is None:
                self.notices[index] = (message, self.now + reading_seconds(message))
        w, h = self.screen.get_size()
        u = layout.unit((w, h))
        size = self.notice_text_size()
        shown = self.notices[:NOTICES_SHOWN]
        self.notice_lines = [line for message, _ in shown for line in self.text.wrap(message, size, w - 3 * u)]
        height = len(self.notice_lines) * int(size * 1.2) + u if self.notice_lines else 0
        self.notice_height = min(height, h // 3)

    def notice_text_size(self) -> int:
        return max(16, int(layout.unit(self.screen.get_size()) * 0.62))

    def keep_saving(self) -> None:
        """Every few seconds, write what could not be saved; pass storage's messages on to the player."""
        if self.saved.has_pending and self.now >= self.retry_at:
            self.retry_at = self.now + RETRY_SECONDS
            self.saved.retry()
        for notice in self.saved.pop_notices():
            self.notify(notice_text(notice))

    # -- the loop ---------------------------------------------------------------------------------------------
    async def run(self, max_frames: int | None = None, frame_rate: float | None = None) -> None:
        """Draw frames until the player quits (or ``max_frames``), awaiting once per frame."""
        last = self.clock()
        while self.running and (max_frames is None or self.frames < max_frames):
            started = self.clock()
            dt = min(0.1, max(0.0, started - last))
            last = started
            self.frame(dt)
            pause = 0.0
            if frame_rate:
                pause = max(0.0, 1.0 / frame_rate - (self.clock() - started))
            await asyncio.sleep(pause)

    def frame(self, dt: float) -> None:
        self.now += dt
        for event in pygame.event.get():
            for action in self.input.actions(event, self.screen.get_size()):
                self.dispatch(action)
        scene = self.manager.top
        if scene is not None:
            scene.update(dt)
        self.keep_saving()
        if any(until is not None and until <= self.now for _, until in self.notices):
            self._fit_notices()
        self._open_new_hash()
        started = time.perf_counter()
        self.draw()
        self.draw_seconds = time.perf_counter() - started
        self.frames += 1

    def _open_new_hash(self) -> None:
        """A link pasted into the address bar of the open page: open it over whatever is shown."""
        link = self.hash_watch.poll(self.now)
        if link is not None:
            from .scenes.open_link import open_link

            open_link(self, link)

    def dispatch(self, action: Any) -> None:
        if action.kind == "quit":
            if not self.browser:
                self.running = False
            return
        if action.kind == "resize" and not self.browser:
            self._follow_window_size()
            self._fit_notices()
        if action.kind not in ("hover", "drag", "resize", "scroll"):
            self.sounds.unlock()  # a press or a key is a user gesture: browsers allow audio from then on
        if action.kind in POINTER_KINDS and self.notice_height:
            if action.pos[1] < self.notice_height:
                if action.kind == "press":
                    self.dismiss_notices()
                return
            action = replace(action, pos=(action.pos[0], action.pos[1] - self.notice_height))
        scene = self.manager.top
        if scene is not None:
            scene.handle(action)

    def draw(self) -> None:
        self.screen.fill(theme.BACKGROUND)
        scene = self.manager.top
        if scene is not None:
            scene.draw(self.screen.subsurface(self.content_rect))
        self._draw_notices()
        pygame.display.flip()

    def _draw_notices(self) -> None:
        if not self.notice_height:
            return
        strip = pygame.Rect(0, 0, self.screen.get_width(), self.notice_height)
        pygame.draw.rect(self.screen, theme.INK, strip)
        size = self.notice_text_size()
        clip = self.screen.get_clip()
        self.screen.set_clip(strip)
        line_height = int(size * 1.2)
        y = max(0, (self.notice_height - len(self.notice_lines) * line_height) // 2)
        for line in self.notice_lines:
            self.text.draw(self.screen, line, size, theme.PANEL, midtop=(strip.centerx, y))
            y += line_height
        self.screen.set_clip(clip)
