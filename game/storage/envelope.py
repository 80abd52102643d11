"""The JSON envelope every stored value travels in: {"schema": 2, "app": "pipopipette", "data": ...}.

Schema 2 is written since the history became a record with totals (schema 1 held a bare list of games); both are
read. A version that only knows schema 1 sets a schema-2 value aside instead of writing over it.
"""

from __future__ import annotations

import json
from typing import Any

from . import phrases

APP = "pipopipette"
SCHEMA = 2


class EnvelopeError(ValueError):
    """A stored text that this version cannot use; the message says why, in words for the player."""


def wrap(value: Any) -> str:
    """Return the stored text for ``value``; raises TypeError or ValueError if it is not plain JSON."""
    return json.dumps({"schema": SCHEMA, "app": APP, "data": value}, ensure_ascii=False, allow_nan=False)


def unwrap(text: str) -> Any:
    """Return the value inside a stored text, or raise EnvelopeError naming what is wrong with it."""
    try:
        envelope = json.loads(text)
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
