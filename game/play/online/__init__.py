"""Online rooms: two devices play one game live over a WebRTC data channel, with links as the handshake.

No pygame here. :mod:`.protocol` (the messages, checked strictly), :mod:`.room_setup` (the game and the seats),
:mod:`.handshake` (how two devices agree on a game, first time or again), :mod:`.table` (the game as both devices
hold it), :mod:`.room` (one device's side: the referee of every message), :mod:`.invite` (invitation and reply
links: the SDP offer and answer made short), :mod:`.bridge` and ``webrtc.js`` (the browser's data channel).
``docs/online.md`` describes the whole design.
"""
