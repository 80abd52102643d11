"""What game.storage tells the player, as facts: the app puts them in words (``game/play/notices.py``)."""

from __future__ import annotations

from dataclasses import dataclass

KEPT = "kept"  # the value under ``key`` could not be used (``why``) and was moved aside, unchanged
STUCK = "stuck"  # ... and could not even be moved aside (``error``): it is left alone, nothing is written over it
KEPT_GAMES = "kept-games"  # ``count`` games of the history could not be shown (``why``) and were kept aside
CANNOT_SAVE = "cannot-save"  # saving stopped working (``why``); what could not be saved is kept and retried
SAVING_AGAIN = "saving-again"  # saving works again and everything kept has been saved


@dataclass(frozen=True)
class Notice:
    kind: str
    key: str = ""
    why: str = ""
    error: str = ""
    count: int = 0
