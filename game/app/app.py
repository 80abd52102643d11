"""The app: its services to scenes (:class:`game.app.scene.Services`: screen size and measures, text, sounds, saved
data, settings, notices, the scene manager and the scenes by name) and the once-per-frame loop.

The surface follows the window: on the desktop through SDL's resize events, in the browser by reading the page's
size and pixel ratio every frame (pygbag sends no resize event) and calling ``set_mode`` again. A frame is
drawn only when something changed (an input, a resize, a new scene or notice, or a scene that says it is moving);
otherwise the loop only looks for input and sleeps until the next frame is due.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import math
import random
import sys
import time
from collections.abc import Callable, Mapping
from typing import Any

import pygame

from .. import page as pages
from ..ai.wasm import browser as core_in_worker
from ..play import i18n
from ..play.i18n import tr
from ..play.links import HashWatch, start_link
from ..play.match import GameKeeper, Session
from ..play.notices import notice_text
from ..play.online.relay import is_join_link
from ..play.settings import Settings, settings_from_data
from ..play.stats import outcome
from ..storage import Saved, Store, open_store
from . import layout, theme
from .announcer import Announcer
from .assets import ICON, load_image
from .input import PINCH_KINDS, POINTER_KINDS, InputMapper
from .notice_strip import NoticeStrip
from .scene import Scene, SceneFactory, SceneManager
from .scenes import SCENES
from .scenes.opening import open_link
from .sound import Sounds
from .stack_switching import plain_calls
from .telling import Teller
from .theme import Text
from .window import FollowsPage

RETRY_SECONDS = 5.0
DESKTOP_PX_PER_MM = 96 / 25.4
PHONE_CSS_PX_PER_MM = 6.3  # phones show about 160 CSS pixels per inch
TOUCH_MM = 7.0
FRAME_RATE = 60
IDLE_FRAME_RATE = 30  # after a second with nothing to draw, the loop looks for input this often
IDLE_AFTER_SECONDS = 1.0
REST_FRAME_RATE = 15  # after ten seconds with nothing to draw: a first tap still answered within 67 ms
REST_AFTER_SECONDS = 10.0
SEARCH_FRAME_SECONDS = 1 / 30  # while a computer or a hint searches here, frames come at least 30 times a second
STEP_MIN_SECONDS = 0.004
STEP_MAX_SECONDS = 0.025
STEP_MARGIN_SECONDS = 0.003  # a step ends after the piece of search work that passes its end: up to 2 ms late


def set_window_icon() -> None:
    """The desktop window shows the game's icon from the assets (the page has it as its favicon)."""
    with contextlib.suppress(pygame.error, FileNotFoundError):  # no icon: the window keeps the default one
        pygame.display.set_icon(load_image(ICON))


class App(FollowsPage):
    """Everything a scene needs (:class:`game.app.scene.Services`), passed to each scene rather than global.
    ``frames`` counts turns of the loop, ``drawn`` the frames really drawn; ``density`` is surface pixels per CSS
    pixel (1 on the desktop)."""

    def __init__(
        self,
        size: tuple[int, int] | None = None,
        store: Store | None = None,
        clock: Callable[[], float] = time.perf_counter,
        browser: bool | None = None,
        density: float = 1.0,
        link: str | None = None,
        scenes: Mapping[str, SceneFactory] = SCENES,
    ) -> None:
        """``link``: a game link or position code to open at start (the desktop's command line); in the browser
        the page's own address is read instead. ``scenes``: the scenes by name (the first is "menu")."""
        self.browser = sys.platform == "emscripten" if browser is None else browser
        self.page = pages.current() if self.browser else None
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Pipopipette")
        set_window_icon()
        self.density = density
        self.follows_page = self.browser and size is None  # (a size given by a test or a tool is kept)
        if size is None:
            if self.browser:
                size, self.density = self._browser_canvas()
            else:
                size = layout.DESKTOP_SIZE
        flags = 0 if self.browser else pygame.RESIZABLE
        self.screen = pygame.display.set_mode(size, flags)
        self.saved = Saved(open_store() if store is None else store, classify=outcome)
        self.settings = self.load_settings()
        i18n.choose(self.settings.language, self.page)
        self.apply_theme()
        self.sounds = Sounds(self.settings.sound, unlocked=not self.browser)
        self.announcer = Announcer(self.page)
        self.teller = Teller(self.announcer)
        if self.page is not None:  # the compiled search core in a Web Worker; without one, the Python solver plays on
            plain_calls()  # (Pyodide's loop, for pages that run for hours: game/app/stack_switching.py)
            core_in_worker.connect(self.page)
        self.text = Text()
        self.rng = random.Random()
        self.clock = clock
        self.input = InputMapper()
        self.scenes = scenes
        self.manager = SceneManager()
        self.strip = NoticeStrip(self.text)
        self._metrics = layout.metrics(self.size, self.density)
        self.retry_at = 0.0
        self.quit_warned = False
        self.running = True
        self.page_hidden = False
        self.frames = 0
        self.drawn = 0
        self.dirty = True
        self._drawn_scene: Any = None
        self._moving = False  # the top scene wanted frames at the last turn of the loop
        self.drawn_at = time.perf_counter()
        self.now = 0.0
        self.draw_seconds = 0.0
        # the last turn of the loop's time outside search steps (drawing included), and how late the turn before
        # it came back from its await (the browser's own work between two turns)
        self.other_seconds = 0.0
        self.granted = 0.0  # search time handed out this turn
        self.reset("menu")
        self.hash_watch = HashWatch(self.page)
        link = start_link(self.page) if link is None else link
        if link is not None:
            self._open_from_address(link)

    # -- the surface follows the window ---------------------------------------------------------------------
    # -- scenes by name ---------------------------------------------------------------------------------------
    def scene(self, name: str, /, **args: Any) -> Scene:
        """A new scene registered as ``name``, given this app and ``args``. A game shown is kept saved from then on
        (the one place a game's saving is wired: :class:`game.play.match.GameKeeper`)."""
        session = args.get("session")
        if isinstance(session, Session):
            GameKeeper.watch(session, self.saved)
        return self.scenes[name](self, **args)

    def go(self, name: str, /, **args: Any) -> None:
        self.manager.push(self.scene(name, **args))

    def replace(self, name: str, /, **args: Any) -> None:
        self.manager.replace(self.scene(name, **args))

    def reset(self, name: str, /, **args: Any) -> None:
        self.manager.reset(self.scene(name, **args))

    # -- services ---------------------------------------------------------------------------------------------
    @property
    def notices(self) -> list[tuple[str, float | None]]:
        """The notices queued: (message, shown until; None while waiting for its turn)."""
        return self.strip.queue

    @property
    def notice_height(self) -> int:
        return self.strip.height

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

    @property
    def metrics(self) -> layout.Metrics:
        """The layout measures for the current surface size and density (see :func:`layout.metrics`)."""
        if self._metrics.size != self.size or self._metrics.density != self.density:
            self._metrics = layout.metrics(self.size, self.density)
        self.text.least, self.text.body = self._metrics.caption, self._metrics.body
        return self._metrics

    def touch_radius(self) -> float:
        """About 7 mm on the player's screen, in surface pixels."""
        if self.browser:
            return TOUCH_MM * PHONE_CSS_PX_PER_MM * self.density
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
        theme_changed = settings.theme != self.settings.theme
        self.settings = settings
        if language_changed:
            i18n.choose(settings.language, self.page)
        if theme_changed:
            self.apply_theme()
        if language_changed or theme_changed:
            for scene in self.manager.stack:
                scene.invalidate_layout()
        self.sounds.enabled = settings.sound
        self.saved.save_settings(settings.to_data())

    def apply_theme(self) -> None:
        """Draw with the palette the settings ask for (the system's choice when "Automatic")."""
        theme.use(theme.palette_for(self.settings.theme, theme.system_dark(self.page)))

    def step_budget(self) -> float:
        """Seconds a computer search (or a hint) may work this frame: what a 30 Hz frame leaves after the last
        turn's drawing and other work and the page's own work (and a small margin), between 4 and 25 ms. The loop
        awaits once per frame, so this is the most a frame is ever held up by thinking, in the browser as on the
        desktop. A search in Python (Hard's move, each search's setting up, the Python solver) works the whole
        budget: frames keep coming at least 30 times a second (only the thinking dots move meanwhile), and the
        search gets the rest of the time, which in the browser, where a frame costs several times more, is what
        lets a move finish within its time. A step that only looks at a search running elsewhere (the compiled
        core's thread or Web Worker) ends there (:func:`game.steps.waiting_elsewhere`): the turn is short and the
        loop draws the next frame when it is due, at the display's 60 a second."""
        spent = max(self.draw_seconds, self.other_seconds)
        budget = min(STEP_MAX_SECONDS, max(STEP_MIN_SECONDS, SEARCH_FRAME_SECONDS - spent - STEP_MARGIN_SECONDS))
        self.granted += budget
        return budget

    def notify(self, message: str) -> None:
        """Queue ``message`` for the notice strip above the scene (see :mod:`game.app.notice_strip`), and tell it."""
        self.announcer.say(message)
        if self.strip.add(message):
            self._fit_notices()

    def _fit_notices(self) -> None:
        self.strip.fit(self.now, self.screen.get_size(), self.density)
        self.dirty = True

    def keep_saving(self) -> None:
        """Every few seconds, write what could not be saved; pass storage's messages on to the player."""
        if self.saved.has_pending and self.now >= self.retry_at:
            self.retry_at = self.now + RETRY_SECONDS
            self.saved.retry()
        for notice in self.saved.pop_notices():
            self.notify(notice_text(notice))

    def warned_unsaved(self) -> bool:
        """Quitting with results not saved yet (a read-only folder): the first time, keep them in the spare folder
        (the next start saves them), say so, and stay; True when the player was warned now."""
        if not self.saved.has_pending or self.quit_warned:
            return False
        self.quit_warned = True
        where = self.saved.park()
        if where:
            self.notify(
                tr(
                    "Some results could not be saved; they were kept in {where} and will be saved at the next "
                    "start. Quit again to leave."
                ).format(where=where)
            )
        else:
            self.notify(
                tr(
                    "Some results could not be saved, nor kept elsewhere: quitting now loses them. Quit again "
                    "to leave anyway."
                )
            )
        return True

    # -- the loop ---------------------------------------------------------------------------------------------
    async def run(self, max_frames: int | None = None, frame_rate: float | None = FRAME_RATE) -> None:
        """Run the loop until the player quits (or for ``max_frames`` turns), awaiting once per turn: until the next
        frame is due (``frame_rate`` a second, fewer once nothing was drawn for a while: :meth:`_looking_rate`), never
        ``sleep(0)`` in a row, so an idle game leaves the machine (and a phone's battery) be."""
        last = self.clock()
        resume_due: float | None = None  # when the last await should have ended
        while self.running and (max_frames is None or self.frames < max_frames):
            turn_started = time.perf_counter()
            late = 0.0 if resume_due is None else max(0.0, turn_started - resume_due)
            now = self.clock()
            dt = min(0.1, max(0.0, now - last))
            last = now
            self.granted = 0.0
            self.frame(dt)
            # what the turn cost besides the search steps granted in it (a step that ran over counts here, so
            # the next step is shorter), and how late the loop last came back from its await (in the browser the
            # page's own work runs then): a loaded machine gets shorter steps and frames keep coming
            self.other_seconds = time.perf_counter() - turn_started - self.granted + late
            pause = 0.0
            if frame_rate:
                rate = min(frame_rate, self._looking_rate(time.perf_counter() - self.drawn_at))
                pause = max(0.0, 1.0 / rate - (time.perf_counter() - turn_started))
            resume_due = time.perf_counter() + pause
            await asyncio.sleep(pause)

    @staticmethod
    def _looking_rate(undrawn_seconds: float) -> float:
        """How often the loop looks for input after ``undrawn_seconds`` with nothing drawn: each wake-up costs the
        page's thread even when it finds nothing (in the browser, most of an idle page's cost)."""
        if undrawn_seconds >= REST_AFTER_SECONDS:
            return REST_FRAME_RATE
        if undrawn_seconds >= IDLE_AFTER_SECONDS:
            return IDLE_FRAME_RATE
        return math.inf

    def frame(self, dt: float) -> None:
        """One turn of the loop: input, time, and a drawing only when something changed."""
        self.now += dt
        if self.follows_page:
            self._follow_browser_window()
        if self.browser:
            self._watch_visibility()
        for event in pygame.event.get():
            for action in self.input.actions(event, self.screen.get_size()):
                self.dispatch(action)
        scene = self.manager.top
        if scene is not None:
            scene.update(dt)
        self.keep_saving()
        if self.strip.expired(self.now):
            self._fit_notices()
        self._open_new_hash()
        if self._needs_drawing():
            started = time.perf_counter()
            self.draw()
            self.draw_seconds = time.perf_counter() - started
            if self.manager.top is not None:  # (what a sighted player sees changes only in a frame drawn)
                self.teller.watch(self.manager.top)  # (after drawing: a new scene's rows are laid out by then)
        else:
            self.draw_seconds = 0.0
        self.frames += 1

    def _needs_drawing(self) -> bool:
        """Something changed since the last frame drawn; a scene that stopped moving gets one more frame, so the
        end of every animation is shown."""
        scene = self.manager.top
        moving = scene is not None and scene.wants_frame()
        stopped, self._moving = self._moving and not moving, moving
        changed = scene is not None and scene.changed()
        return self.dirty or scene is not self._drawn_scene or moving or stopped or changed

    def _open_new_hash(self) -> None:
        """A link pasted into the address bar of the open page: open it over whatever is shown."""
        link = self.hash_watch.poll(self.now)
        if link is not None:
            self._open_from_address(link)

    def _open_from_address(self, link: str) -> None:
        """Open the link in the page's address, then take it out of the address; an online room's one link stays
        (so a reload opens the room again: its lobby keeps it there)."""
        open_link(self, link)
        if not is_join_link(link):
            self.hash_watch.used()

    def dispatch(self, action: Any) -> None:
        self.dirty = True
        if action.kind == "quit":
            if not self.browser and not self.warned_unsaved():
                self.running = False
            return
        if action.kind == "resize" and not self.browser:
            self._follow_window_size()
            self._fit_notices()
        if action.kind not in ("hover", "drag", "resize", "scroll", "hidden"):
            self.sounds.unlock()  # a press or a key is a user gesture: browsers allow audio from then on
        if action.kind in POINTER_KINDS + PINCH_KINDS and self.notice_height:
            if action.pos[1] < self.notice_height and action.kind in POINTER_KINDS:
                if action.kind == "press":
                    self.strip.dismiss()
                    self._fit_notices()
                return
            action = dataclasses.replace(action, pos=(action.pos[0], action.pos[1] - self.notice_height))
        scene = self.manager.top
        if scene is not None:
            scene.handle(action)

    def draw(self) -> None:
        self.screen.fill(theme.BACKGROUND)
        scene = self.manager.top
        if scene is not None:
            scene.draw(self.screen.subsurface(self.content_rect))
        self.strip.draw(self.screen, self.density)
        pygame.display.flip()
        self.dirty = False
        self._drawn_scene = scene
        self.drawn += 1
        self.drawn_at = time.perf_counter()
