"""Online rooms: two devices play one game live over a WebRTC data channel, joined by one link through public relays
(or by two links as the handshake).

No pygame here. :mod:`.protocol` (the messages, checked strictly), :mod:`.room_setup` (the game and the seats),
:mod:`.handshake` (how two devices agree on a game, first time or again), :mod:`.table` (the game as both devices
hold it), :mod:`.room` (one device's side: the referee of every message), :mod:`.invite` (invitation and reply
links: the SDP offer and answer made short), :mod:`.relay` and ``relay.js`` (the room's one link, and the devices
finding each other through the relays, again after any loss), :mod:`.kept` (a device's side kept across a reload),
:mod:`.bridge` and ``webrtc.js`` (the browser's data channel).
``docs/online.md`` describes the whole design.
"""
