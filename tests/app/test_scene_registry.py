"""Scenes by name: every scene class is registered, every registered scene can be reached with ``app.go``, and
``go`` / ``replace`` / ``reset`` move on the manager's stack as push / replace / reset do."""

from __future__ import annotations

import importlib
import pkgutil

import pytest
from app_monkey import scene_arguments

import game.app.scenes as package
from game.app.app import App
from game.app.scene import Scene
from game.app.scenes import SCENES
from game.app.scenes.backup import BackupScene
from game.app.scenes.history import HistoryScene
from game.app.scenes.menu import MenuScene
from game.storage import MemoryStore


def scene_classes() -> set[type]:
    """Every scene class defined in ``game.app.scenes``."""
    found = set()
    for module_info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"{package.__name__}.{module_info.name}")
        for value in vars(module).values():
            is_scene = isinstance(value, type) and issubclass(value, Scene) and value.__module__ == module.__name__
            if is_scene:
                found.add(value)
    return found


def test_every_scene_class_is_registered_once():
    registered = list(SCENES.values())
    assert len(registered) == len(set(registered))
    assert set(registered) == scene_classes(), "a scene nobody can reach by name; add it to game/app/scenes"


def test_the_app_starts_on_the_menu(make_driver):
    app = make_driver().app
    assert app.scenes is SCENES
    assert [type(scene) for scene in app.manager.stack] == [SCENES["menu"]]


@pytest.mark.parametrize("name", sorted(SCENES))
def test_every_registered_scene_is_reached_by_name_and_drawn(make_driver, name):
    driver = make_driver()
    app = driver.app
    for args in scene_arguments(app).get(name, [{}]):
        app.reset("menu")
        app.go(name, **args)
        drawn = app.drawn
        driver.frames(1)
        assert isinstance(app.manager.top, SCENES[name])
        assert app.drawn == drawn + 1, "the new scene was drawn"


def test_the_monkeys_arguments_name_registered_scenes(make_driver):
    assert set(scene_arguments(make_driver().app)) <= set(SCENES)


def test_go_replace_and_reset_by_name(make_driver):
    driver = make_driver()
    app = driver.app
    app.go("history")
    assert [type(s) for s in app.manager.stack] == [MenuScene, HistoryScene]
    app.replace("backup")
    assert [type(s) for s in app.manager.stack] == [MenuScene, BackupScene]
    app.go("history")
    app.reset("menu")
    assert [type(s) for s in app.manager.stack] == [MenuScene]
    with pytest.raises(KeyError, match="no_such_scene"):
        app.go("no_such_scene")


def test_the_app_takes_the_scenes_it_is_given(make_driver):
    """The registry is passed in: an app given other scenes starts on its own "menu" and reaches them by name."""
    made = []

    class Blank(Scene):
        def __init__(self, app, label: str = "menu") -> None:
            super().__init__(app)
            made.append(label)

    app = App(size=(360, 640), store=MemoryStore(), browser=False, scenes={"menu": Blank, "other": Blank})
    app.go("other", label="other")
    assert [type(s) for s in app.manager.stack] == [Blank, Blank]
    assert made == ["menu", "other"]
