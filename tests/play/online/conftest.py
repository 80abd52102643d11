"""What the browser tests of online rooms share: the relays' MQTT client bundled once (as ``make web`` does it)."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="session")
def relay_bundle(tmp_path_factory):
    """build/web/relay-mqtt.js, made into a temporary folder; skipped, saying why, when npm's packages are missing."""
    from tools import build_relay

    why = build_relay.missing()
    if why:
        pytest.skip(f"relay test skipped: {why}")
    return build_relay.bundle(tmp_path_factory.mktemp("relay") / build_relay.BUNDLE)
