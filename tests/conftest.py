"""For every test: the player's language is English, whatever the machine's locale says."""

from __future__ import annotations

import pytest

from game.play import i18n


@pytest.fixture(autouse=True)
def english(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "en")
    i18n.set_language("en")
    yield
    i18n.set_language("en")
