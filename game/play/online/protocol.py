"""The room protocol's messages: one JSON object per data-channel message, checked strictly before anything reads it.

Every message is a JSON object with a type ``t`` and exactly the fields of that type (no more, no fewer); numbers are
integers (no fractions, no NaN, no booleans standing for numbers) within fixed ranges; texts match fixed patterns. A
message longer than :data:`MAX_MESSAGE` characters is refused unread. ``parse`` raises :class:`Refusal` (its text is
in the player's words) and never anything else, whatever it is given.

The messages (``docs/online.md`` has the whole protocol)::

    hello    v room role game setup players moves timeouts clock resigned   first message on every connection
    move     game board ply prev line timeout              a line drawn; ``prev`` is the line before it (-1: none)
    undo     game board ply at lines                       asks to take back ``lines``, the board's moves ``ply`` to
                                                           ``at`` (the asker's last turn)
    undo-ok / undo-no   game board ply at lines            the answer to an undo request
    clock    game board ply left                           the host's move timer: milliseconds left at this move
    resign   game                                          the sender's players give up this game
    rematch  game decider                                  the sender wants another game after this one (the decider
                                                           after a tie: ``decider``)
    ping / pong   n                                        liveness and round-trip time
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from ..i18n import tr

VERSION = 3  # 3: the setup says whether a tie goes on to a decider, and whether the game is one
MAX_MESSAGE = 16_000  # characters: a hello holds a whole match's moves (4 boards of 12x12 boxes is 1,248 lines)
MAX_LINE = 9_999  # no board has this many lines; the rules core checks the real bound
MAX_MOVES = 4 * 400
MAX_GAMES = 9_999
MAX_TURN = 400  # lines one undo may name: more than any board has (12x12 boxes is 312)
ROOM_ID = re.compile(r"[A-Za-z0-9_-]{8}")
HOST, GUEST = "h", "g"


class Refusal(ValueError):
    """A message (or an action) that is refused; ``str()`` is the reason in the player's words, ``detail`` says more
    for the log, and a ``quiet`` one is only logged (a move that crossed another one, not news for the player)."""

    def __init__(self, reason: str, detail: str = "", quiet: bool = False) -> None:
        super().__init__(reason)
        self.detail = detail or reason
        self.quiet = quiet


# -- field checks: each takes the value and returns it checked, or raises Refusal -----------------------------------
Check = Callable[[Any], Any]


def _bad(what: str, value: Any) -> Refusal:
    return Refusal(tr("the other device sent a message this game cannot read"), f"{what}: {str(value)[:60]!r}")


def integer(low: int, high: int) -> Check:
    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise _bad(f"not an integer in {low}..{high}", value)
        return value

    return check


def boolean(value: Any) -> bool:
    if not isinstance(value, bool):
        raise _bad("not true or false", value)
    return value


def pattern(regex: re.Pattern[str]) -> Check:
    def check(value: Any) -> str:
        if not isinstance(value, str) or not regex.fullmatch(value):
            raise _bad("not the expected text", value)
        return value

    return check


def listing(item: Check, longest: int) -> Check:
    def check(value: Any) -> list[Any]:
        if not isinstance(value, list) or len(value) > longest:
            raise _bad(f"not a list of at most {longest}", value)
        return [item(one) for one in value]

    return check


def anything(value: Any) -> Any:
    """A field checked later by the module that understands it (the setup, the players)."""
    return value


GAME = integer(0, MAX_GAMES)
BOARD = integer(0, 3)
PLY = integer(0, MAX_LINE)
LINE = integer(0, MAX_LINE)
_POSITION = {"game": GAME, "board": BOARD, "ply": PLY}
_UNDO = {**_POSITION, "at": PLY, "lines": listing(LINE, MAX_TURN)}
FIELDS: dict[str, dict[str, Check]] = {
    "hello": {
        "v": integer(0, 999),
        "room": pattern(ROOM_ID),
        "role": pattern(re.compile("[hg]")),
        "game": GAME,
        "setup": anything,
        "players": listing(anything, 4),
        "moves": listing(LINE, MAX_MOVES),
        "timeouts": listing(integer(0, MAX_MOVES), MAX_MOVES),
        "clock": integer(-1, 600_000),
        "resigned": pattern(re.compile("[hg]?")),
    },
    "move": {**_POSITION, "prev": integer(-1, MAX_LINE), "line": LINE, "timeout": boolean},
    "undo": _UNDO,
    "undo-ok": _UNDO,
    "undo-no": _UNDO,
    "clock": {**_POSITION, "left": integer(0, 600_000)},
    "resign": {"game": GAME},
    "rematch": {"game": GAME, "decider": boolean},
    "ping": {"n": integer(0, 2**31)},
    "pong": {"n": integer(0, 2**31)},
}


# -- reading ---------------------------------------------------------------------------------------------------------
def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) != len(pairs):
        raise ValueError("a name given twice")
    return data


def _no_fractions(text: str) -> Any:
    raise ValueError(f"a fraction or a constant: {text[:20]}")


def parse(text: Any) -> dict[str, Any]:
    """The checked message in ``text``; raises :class:`Refusal` saying why it cannot be taken."""
    if not isinstance(text, str):
        raise _bad("not text", type(text).__name__)
    if len(text) > MAX_MESSAGE:
        raise Refusal(tr("the other device sent a message that is too long"), f"{len(text)} characters")
    try:
        data = json.loads(
            text, object_pairs_hook=_no_duplicates, parse_float=_no_fractions, parse_constant=_no_fractions
        )
    except (ValueError, RecursionError) as error:
        raise _bad("not JSON", error) from None
    if not isinstance(data, dict):
        raise _bad("not a JSON object", text)
    kind = data.get("t")
    fields = FIELDS.get(kind) if isinstance(kind, str) else None
    if fields is None:
        raise _bad("an unknown message type", kind)
    if set(data) != {"t", *fields}:
        raise _bad(f"the wrong fields for {kind}", sorted(data))
    if kind == "hello" and data["v"] != VERSION:
        newer = isinstance(data["v"], int) and data["v"] > VERSION
        why = (
            tr("the other device runs a newer version of the game: update this one")
            if newer
            else tr("the other device runs an older version of the game: it needs updating")
        )
        raise Refusal(why, f"protocol version {data['v']!r}")
    return {"t": kind, **{name: check(data[name]) for name, check in fields.items()}}


# -- writing ---------------------------------------------------------------------------------------------------------
def message(kind: str, **fields: Any) -> str:
    """The text of a message; it must be one :func:`parse` accepts (a programming error otherwise)."""
    assert set(fields) == set(FIELDS[kind]), (kind, sorted(fields))
    return json.dumps({"t": kind, **fields}, separators=(",", ":"), ensure_ascii=True)
