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

from ..steps import run
from .reasons import Why
from .steps import Work, pause

OPEN_DEPTH = 3  # containers this deep are read and written item by item (the envelope, its data, the games list)
_SPACE = " \t\n\r"

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
    return run(loads_in_steps(text))


def loads_in_steps(text: str) -> Work[Any]:
    """:func:`loads` in steps: the outer containers (:data:`OPEN_DEPTH`) item by item, each item at once (what
    ``json.loads`` accepts and refuses, the same)."""
    decoder = json.JSONDecoder(parse_constant=refuse_constant)
    counter = [0]
    value, end = yield from _read(decoder, text, _skip(text, 0), 0, counter)
    end = _skip(text, end)
    if end != len(text):
        raise json.JSONDecodeError("Extra data", text, end)
    return value


def _skip(text: str, position: int) -> int:
    while position < len(text) and text[position] in _SPACE:
        position += 1
    return position


def _read(decoder: json.JSONDecoder, text: str, start: int, depth: int, counter: list[int]) -> Work[tuple[Any, int]]:
    """The value at ``start`` and where it ends."""
    opening = text[start : start + 1]
    if depth >= OPEN_DEPTH or opening not in ("[", "{"):
        counter[0] += 1
        if pause(counter[0]):
            yield
        return decoder.raw_decode(text, start)
    closing = "]" if opening == "[" else "}"
    items: list[Any] = []
    members: dict[str, Any] = {}
    position = _skip(text, start + 1)
    if text[position : position + 1] == closing:
        return (items if opening == "[" else members), position + 1
    while True:
        if opening == "{":
            if text[position : position + 1] != '"':
                raise json.JSONDecodeError("Expecting property name enclosed in double quotes", text, position)
            key, position = decoder.raw_decode(text, position)
            position = _skip(text, position)
            if text[position : position + 1] != ":":
                raise json.JSONDecodeError("Expecting ':' delimiter", text, position)
            value, position = yield from _read(decoder, text, _skip(text, position + 1), depth + 1, counter)
            members[key] = value
        else:
            value, position = yield from _read(decoder, text, position, depth + 1, counter)
            items.append(value)
        position = _skip(text, position)
        mark = text[position : position + 1]
        if mark == closing:
            return (items if opening == "[" else members), position + 1
        if mark != ",":
            raise json.JSONDecodeError("Expecting ',' delimiter", text, position)
        position = _skip(text, position + 1)


def wrap(value: Any) -> str:
    """Return the stored text for ``value``; raises TypeError or ValueError if it is not plain JSON.

    Text is written as it reads, except a value holding a lone surrogate (only ever kept aside, never written by
    the game), which is written with JSON escapes so that it is valid UTF-8 and reads back the same."""
    return run(wrap_in_steps(value))


def wrap_in_steps(value: Any) -> Work[str]:
    """:func:`wrap` in steps (the same text)."""
    envelope = {"schema": SCHEMA, "app": APP, "data": value}
    text = yield from _write(envelope, False, 0, [0])
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = yield from _write(envelope, True, 0, [0])
    return text


def dumps_in_steps(value: Any) -> Work[str]:
    """``json.dumps(value, ensure_ascii=False)``'s text, in steps (the outer containers item by item)."""
    return (yield from _write(value, False, 0, [0]))


def _write(value: Any, ascii_only: bool, depth: int, counter: list[int]) -> Work[str]:
    """``json.dumps(value)``'s text, the outer containers item by item."""
    whole = isinstance(value, dict) and not all(isinstance(key, str) for key in value)  # (json.dumps's own keys)
    if depth >= OPEN_DEPTH or not isinstance(value, dict | list) or not value or whole:
        counter[0] += 1
        if pause(counter[0]):
            yield
        return json.dumps(value, ensure_ascii=ascii_only, allow_nan=False)
    parts = []
    if isinstance(value, list):
        for item in value:
            parts.append((yield from _write(item, ascii_only, depth + 1, counter)))
        return "[" + ", ".join(parts) + "]"
    for key, item in value.items():
        written = yield from _write(item, ascii_only, depth + 1, counter)
        parts.append(json.dumps(key, ensure_ascii=ascii_only) + ": " + written)
    return "{" + ", ".join(parts) + "}"


def unwrap(text: str) -> Any:
    """Return the value inside a stored text, or raise EnvelopeError naming what is wrong with it."""
    return run(unwrap_in_steps(text))


def unwrap_in_steps(text: str) -> Work[Any]:
    """:func:`unwrap` in steps."""
    try:
        envelope = yield from loads_in_steps(text)
    except NotANumber as error:
        raise EnvelopeError(Why.NOT_A_NUMBER) from error
    except (ValueError, RecursionError) as error:
        raise EnvelopeError(Why.DAMAGED) from error
    if not isinstance(envelope, dict):
        raise EnvelopeError(Why.NOT_OURS_FORMAT)
    if envelope.get("app") != APP:
        raise EnvelopeError(Why.OTHER_PROGRAM)
    schema = envelope.get("schema")
    if not isinstance(schema, int) or isinstance(schema, bool) or schema < 1:
        raise EnvelopeError(Why.NO_VERSION)
    if schema > SCHEMA:
        raise EnvelopeError(Why.NEWER)
    if "data" not in envelope:
        raise EnvelopeError(Why.INCOMPLETE)
    return envelope["data"]
