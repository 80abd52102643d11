"""Opening a link or a position code: from the page's address at start-up, from a new address pasted into the open
page (both through :func:`open_link`), or typed and pasted in the scene "open_link".

A position starts a casual game on it, a finished game opens its review, a play-by-link link continues the game
kept under its id. Anything that cannot be opened leaves the player where they were, with a notice saying why.
Sending the game to the friend whose turn it is (:func:`send_move`, from the board and the results) is here too.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...play.i18n import tr
from ...play.links import (
    Link,
    LinkError,
    LinkGames,
    friend_session,
    link_text,
    parse_link,
    position_session,
    position_settings,
    seats_for,
    site_address,
)
from ...play.links import send_move as friend_move
from ...play.match import Session
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


def send_move(app: Services, session: Session) -> None:
    """Show the game so far as a link (a code where no site is known) for the friend whose turn it is; from now on
    this device plays only its own seats (:func:`game.play.links.send_move`)."""
    site = site_address(app.page)
    link = link_text(site, friend_move(session, LinkGames(app.saved), app.rng))
    state = session.state
    if state.over:
        title = tr("Send the last move")
        how = tr("Send this link to your friends: their game ends too when they open it.")
        if not site:
            how = tr("Send this code to your friends: their game ends too when they paste it in Open a link.")
    else:
        title = tr("Send your move")
        how = tr(
            "Send this link to {name}. They open it, play their turn, press Send move and send you their link: "
            "open it here to go on."
        )
        if not site:
            how = tr(
                "Send this code to {name}. They paste it in Open a link, play their turn, press Send move and send "
                "you their code: paste it in Open a link here to go on."
            )
        how = how.format(name=session.names[state.to_move])
    app.go("share", title=title, explanation=how, link=link)
