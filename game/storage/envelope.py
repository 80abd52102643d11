"""The JSON envelope every stored value travels in: {"schema": 3, "app": "pipopipette", "data": ...}.

The schema number says which version of the game wrote the value (``history.py`` reads each form: schema 1 a bare
list of games, schema 2 a record with totals keyed by the translated board name, schema 3 folded games and totals
keyed by the board token). A version that knows fewer schemas sets a newer value aside instead of writing over it.
NaN and Infinity, which Python's JSON reader takes by default, make a stored text damaged: no number in it is ever
anything but finite.
"""

from __future__ import annotations

import json
from typing import Any

from . import phrases

APP = "pipopipette"
SCHEMA = 3


class EnvelopeError(ValueError):
    """A stored text that this version cannot use; the message says why, in words for the player."""


class NotANumber(ValueError):
    """NaN or Infinity in a JSON text."""


def refuse_constant(name: str) -> Any:
    """For ``json.loads(parse_constant=...)``: NaN, Infinity and -Infinity are not numbers this game writes."""
    raise NotANumber(name)


def loads(text: str) -> Any:
    """JSON text to a value, refusing NaN and Infinity (NotANumber, a ValueError)."""
    return json.loads(text, parse_constant=refuse_constant)


def wrap(value: Any) -> str:
    """Return the stored text for ``value``; raises TypeError or ValueError if it is not plain JSON.

    Text is written as it reads, except a value holding a lone surrogate (only ever kept aside, never written by
    the game), which is written with JSON escapes so that it is valid UTF-8 and reads back the same."""
    envelope = {"schema": SCHEMA, "app": APP, "data": value}
    text = json.dumps(envelope, ensure_ascii=False, allow_nan=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(envelope, ensure_ascii=True, allow_nan=False)
    return text


def unwrap(text: str) -> Any:
    """Return the value inside a stored text, or raise EnvelopeError naming what is wrong with it."""
    try:
        envelope = loads(text)
    except NotANumber as error:
        raise EnvelopeError(phrases.NOT_A_NUMBER) from error
    except (ValueError, RecursionError) as error:
        raise EnvelopeError(phrases.DAMAGED) from error
    if not isinstance(envelope, dict):
        raise EnvelopeError(phrases.NOT_OURS_FORMAT)
    if envelope.get("app") != APP:
        raise EnvelopeError(phrases.OTHER_PROGRAM)
    schema = envelope.get("schema")
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        raise EnvelopeError(phrases.NO_VERSION)
    if schema > SCHEMA:
        raise EnvelopeError(phrases.NEWER)
    if "data" not in envelope:
        raise EnvelopeError(phrases.INCOMPLETE)
    return envelope["data"]
