"""Opening a link or a position code: from the page's address at start-up, from a new address pasted into the open
page (both through :func:`open_link`), or typed and pasted in the scene "open_link".

A position starts a casual game on it, a finished game opens its review, a play-by-link link continues the game
kept under its id. Anything that cannot be opened leaves the player where they were, with a notice saying why.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...play.links import (
    Link,
    LinkError,
    LinkGames,
    friend_session,
    parse_link,
    position_session,
    position_settings,
    seats_for,
)
from ...play.online.invite import is_room_link
from ...play.text import LINK_LENGTH, clean
from ..scene import Services
from .common import start_game


def open_link(app: Services, text: str) -> bool:
    """Open ``text`` (a link or a code) on top of the current scene; False, with a notice, when it cannot be."""
    text = clean(text, LINK_LENGTH)
    if is_room_link(text):  # an online room's invitation or reply: the scene "online" takes it
        app.go("online", link=text)
        return True
    try:
        name, args = destination(app, parse_link(text))
    except LinkError as error:
        app.notify(str(error))
        return False
    show(app, name, args, app.go)
    return True


def show(app: Services, name: str, args: dict[str, Any], put: Callable[..., None]) -> None:
    """Put the scene ``name`` up with ``put`` (``app.go`` or ``app.replace``); a game asks first if it would replace
    an unfinished one."""
    if name == "board":
        start_game(app, args["session"], lambda: put(name, **args))
    else:
        put(name, **args)


def destination(app: Services, link: Link) -> tuple[str, dict[str, Any]]:
    """The scene a link opens, by name with its arguments: a review of a finished game, else a game played on from
    its position."""
    state = link.state
    if link.friend is not None:
        return "board", {"session": friend_session(link.friend, LinkGames(app.saved), app.settings, app.rng)}
    if state.over:
        return "review", {"game": state}
    settings = position_settings(app.settings, state, seats_for(app.settings, state.rules.players))
    return "board", {"session": position_session(settings, state, app.rng)}
