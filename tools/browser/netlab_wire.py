"""The wire between a home's NAT and the internet in :mod:`netlab`, with its weather: every Ethernet frame between two
interfaces is copied across after a delay, or lost at random (this machine's kernel has no netem).

    python netlab_wire.py HOME:OUTER:INNER ...

runs in the internet's namespace; for each home it copies frames both ways between ``OUTER`` (the NAT's side) and
``INNER`` (the internet's side). Each line on stdin, ``HOME DELAY_MS LOSS`` (LOSS from 0 to 1), sets that home's
weather for both directions; ``LOSS`` 1 cuts the home off. Frames keep their order (one delay per home).
"""

from __future__ import annotations

import contextlib
import heapq
import random
import select
import socket
import sys
import time

ETH_P_ALL = 0x0003
PACKET_OUTGOING = 4  # a frame this socket's interface sent (ours): not copied back


def raw(interface: str) -> socket.socket:
    sock = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(ETH_P_ALL))
    sock.bind((interface, 0))
    sock.setblocking(False)
    return sock


def ones_sum(data: bytes) -> int:
    if len(data) % 2:
        data += b"\x00"
    total = sum(int.from_bytes(data[n : n + 2], "big") for n in range(0, len(data), 2))
    while total >> 16:
        total = (total & 0xFFFF) + (total >> 16)
    return total


def checksummed(frame: bytes) -> bytes:
    """An IPv4 frame with its UDP or TCP checksum written: a veth leaves it to be finished by the hardware, which a
    frame copied by a packet socket never reaches (UDP's set to 0, "none", valid in IPv4)."""
    if frame[12:14] != b"\x08\x00" or len(frame) < 34 or frame[23] not in (6, 17):
        return frame
    start = 14 + (frame[14] & 0x0F) * 4
    end = 14 + int.from_bytes(frame[16:18], "big")
    if frame[23] == 17:
        return frame[: start + 6] + b"\x00\x00" + frame[start + 8 :]
    segment = frame[start:end]
    pseudo = frame[26:34] + b"\x00\x06" + len(segment).to_bytes(2, "big")
    blank = segment[:16] + b"\x00\x00" + segment[18:]
    check = (~ones_sum(pseudo + blank)) & 0xFFFF
    return frame[: start + 16] + check.to_bytes(2, "big") + frame[start + 18 :]


def main(specs: list[str]) -> None:
    route: dict[socket.socket, tuple[str, socket.socket]] = {}
    weather: dict[str, tuple[float, float]] = {}
    for spec in specs:
        home, outer, inner = spec.split(":")
        one, two = raw(outer), raw(inner)
        route[one], route[two] = (home, two), (home, one)
        weather[home] = (0.0, 0.0)
    queue: list[tuple[float, int, socket.socket, bytes]] = []
    count, rng = 0, random.Random(7)
    print("ready", flush=True)
    while True:
        now = time.monotonic()
        wait = max(0.0, queue[0][0] - now) if queue else 1.0
        ready, _, _ = select.select([sys.stdin, *route], [], [], wait)
        for source in ready:
            if source is sys.stdin:
                line = sys.stdin.readline()
                if not line:
                    return
                home, delay, loss = line.split()
                weather[home] = (float(delay) / 1000, float(loss))
                continue
            home, target = route[source]  # type: ignore[index]
            while True:
                try:
                    frame, address = source.recvfrom(65_536)  # type: ignore[union-attr]
                except BlockingIOError:
                    break
                delay, loss = weather[home]
                if address[2] == PACKET_OUTGOING or rng.random() < loss:
                    continue
                count += 1
                heapq.heappush(queue, (time.monotonic() + delay, count, target, checksummed(frame)))
        now = time.monotonic()
        while queue and queue[0][0] <= now:
            _, _, target, frame = heapq.heappop(queue)
            with contextlib.suppress(OSError):  # an interface gone while the lab closes
                target.send(frame)


if __name__ == "__main__":
    main(sys.argv[1:])
