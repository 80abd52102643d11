"""A game kept on the device, played again: rebuilt from its unfinished form, or set aside with the reason."""

from __future__ import annotations

import random

from ...core import CodeError, decode
from ...storage import Saved, UnfinishedGame
from ..i18n import tr
from ..link_play import LinkGames
from ..settings import settings_from_data
from .controller import Session
from .record import DECIDER, GAME


def resume_session(saved: UnfinishedGame, rng: random.Random | None = None) -> tuple[Session | None, str]:
    """Rebuild an autosaved game (its shape checked by storage); (None, why) when its meaning is impossible."""
    settings, problems = settings_from_data(saved.settings)
    if problems:
        return None, tr("the saved game's settings are impossible: {why}").format(why=problems[0])
    if not 0 <= saved.starter < len(settings.seats):
        return None, tr("the saved game's first player does not exist")
    purpose = DECIDER if saved.purpose == DECIDER else GAME
    session = Session(settings, rng, first=saved.starter, purpose=purpose)
    if len(saved.codes) != len(session.games) or not 0 <= saved.current < len(saved.codes):
        return None, tr("the saved game has the wrong number of boards")
    try:
        games = [decode(code) for code in saved.codes]
    except CodeError as error:
        return None, tr("the saved game's moves cannot be read: {why}").format(why=error)
    try:
        session.match.resume(games, saved.current)
    except ValueError:
        return None, tr("the saved game's boards do not match its settings")
    session.take_match(session.match)
    if saved.timer_left is not None:
        session.timer.set_remaining(saved.timer_left)  # the clock goes on where it stopped: no fresh time
    session.link_id = saved.link
    session.unrated = saved.unrated
    return session, ""


def load_unfinished(saved: Saved, rng: random.Random | None = None) -> Session | None:
    """The unfinished game saved on the device, rebuilt; None when there is none. One that cannot be rebuilt is
    set aside (kept, and the player told why) and None is returned."""
    stored = saved.unfinished()
    if stored is None:
        return None
    session, why = resume_session(stored, rng)
    if session is None:
        saved.reject_unfinished(why)
    elif session.link_id is not None:
        seated = LinkGames(saved).seated(session.link_id, session.current, len(session.state.moves))
        if seated is not None:
            session.here, session.settled = seated
    return session
