"""Networks like the real ones, made on this machine for a test: network namespaces joined by veth pairs, two homes
each behind its own NAT (iptables masquerade; one of them symmetric), and a third namespace standing for the
internet, where the STUN and TURN server (coturn) runs. Addresses come only from the documentation ranges, and no
namespace has a link to the machine's own network, so nothing leaves the machine.

    home a  192.0.2.10 --- 192.0.2.1 [nat a] 203.0.113.11 ~~~+
                                                              +--- 203.0.113.1 [wan: coturn :3478]
    home b  198.51.100.10 - 198.51.100.1 [nat b] 203.0.113.12 ~~~+

Each ``~~~`` is a wire with weather (:mod:`netlab_wire`, a process in the internet's namespace copying frames between
the NAT's link and the internet's bridge): a delay, random loss, or everything lost. A path from home to home, direct
or through the TURN server, crosses both wires. ``skip_reason()`` says what this machine lacks (root, ``ip``,
``iptables``, ``turnserver``); the lab removes every namespace it made when it closes, and stops what it started in
them. Bounded in time: every command has a timeout.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

SERVER = "203.0.113.1"
TURN_USER, TURN_PASSWORD = "pipo", "pette"
HOMES = {"a": ("192.0.2", "203.0.113.11"), "b": ("198.51.100", "203.0.113.12")}
TOOLS = ("ip", "iptables", "turnserver")
WIRE = Path(__file__).with_name("netlab_wire.py")


def skip_reason() -> str:
    """Why the lab cannot be made here ("" when it can)."""
    if os.geteuid() != 0:
        return "network namespaces need root: run the NAT tests as root"
    lacking = [tool for tool in TOOLS if shutil.which(tool) is None]
    if lacking:
        return f"{', '.join(lacking)} missing (apt-get install iproute2 iptables coturn)"
    return ""


def run(*command: str, timeout: float = 10) -> str:
    done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False)
    if done.returncode:
        raise RuntimeError(f"{' '.join(command)}: {done.stderr.strip() or done.stdout.strip()}")
    return done.stdout


class NetLab:
    """The namespaces of one test. ``symmetric`` makes home b's NAT give every destination its own random port."""

    def __init__(self, work: Path, symmetric: bool = False) -> None:
        self.work = work
        self.tag = f"pp{os.getpid() % 100000}"
        self.names = {name: f"{self.tag}{name}" for name in ("wan", "nata", "natb", "a", "b")}
        self.processes: list[subprocess.Popen] = []
        self.symmetric = symmetric
        self.made: list[str] = []
        self.wire: subprocess.Popen | None = None
        self.weathered = (0.0, 0.0)

    # -- making it ------------------------------------------------------------------------------------------------
    def __enter__(self) -> NetLab:
        try:
            self._make()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def ns(self, name: str, *command: str, timeout: float = 10) -> str:
        return run("ip", "netns", "exec", self.names[name], *command, timeout=timeout)

    def _make(self) -> None:
        for name in self.names.values():
            run("ip", "netns", "add", name)
            self.made.append(name)
        for name in self.names:
            self.ns(name, "ip", "link", "set", "lo", "up")
        self.ns("wan", "ip", "link", "add", "br0", "type", "bridge")
        self.ns("wan", "ip", "addr", "add", f"{SERVER}/24", "dev", "br0")
        self.ns("wan", "ip", "link", "set", "br0", "up")
        for home, (inside, outside) in HOMES.items():
            self._home(home, inside, outside)
        self._wire()

    def _veth(self, one: str, one_dev: str, two: str, two_dev: str) -> None:
        """A veth pair between namespaces ``one`` and ``two`` (made in ``one``, its other end moved to ``two``)."""
        self.ns(one, "ip", "link", "add", one_dev, "type", "veth", "peer", "name", two_dev)
        self.ns(one, "ip", "link", "set", two_dev, "netns", self.names[two])

    def _home(self, home: str, inside: str, outside: str) -> None:
        nat = f"nat{home}"
        self._veth(nat, "out", "wan", f"to{home}")
        self.ns("wan", "ip", "link", "add", f"in{home}", "type", "veth", "peer", "name", f"br{home}")
        self.ns("wan", "ip", "link", "set", f"br{home}", "master", "br0")
        for device in (f"to{home}", f"in{home}", f"br{home}"):
            self.ns("wan", "sysctl", "-q", "-w", f"net.ipv6.conf.{device}.disable_ipv6=1")
            self.ns("wan", "ip", "link", "set", device, "up")
        self.ns(nat, "ip", "addr", "add", f"{outside}/24", "dev", "out")
        self.ns(nat, "ip", "link", "set", "out", "up")
        self._veth(nat, "in", home, "eth0")
        self.ns(nat, "ip", "addr", "add", f"{inside}.1/24", "dev", "in")
        self.ns(nat, "ip", "link", "set", "in", "up")
        self.ns(nat, "sysctl", "-q", "-w", "net.ipv4.ip_forward=1")
        masquerade = ["iptables", "-t", "nat", "-A", "POSTROUTING", "-o", "out", "-j", "MASQUERADE"]
        if home == "b" and self.symmetric:
            masquerade.append("--random-fully")  # a new random port for every destination: a symmetric NAT
        self.ns(nat, *masquerade)
        # Unasked packets from outside are dropped before the connection tracker keeps them, as a home router's
        # firewall does; kept, the first packet of the other home's hole punching would take the port its own
        # answer needs, and the NAT would give that answer another port (a cone NAT would act as a symmetric one).
        unasked = ["-i", "out", "-m", "conntrack", "--ctstate", "NEW", "-j", "DROP"]
        self.ns(nat, "iptables", "-A", "INPUT", *unasked)
        self.ns(home, "ip", "addr", "add", f"{inside}.10/24", "dev", "eth0")
        self.ns(home, "ip", "link", "set", "eth0", "up")
        self.ns(home, "ip", "route", "add", "default", "via", f"{inside}.1")

    def _wire(self) -> None:
        """The wires with weather between each NAT (``to<home>``) and the internet's bridge (``in<home>``)."""
        specs = [f"{home}:to{home}:in{home}" for home in HOMES]
        command = [*self.prefix("wan"), sys.executable, str(WIRE), *specs]
        self.wire = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.processes.append(self.wire)
        assert self.wire.stdout is not None
        if self.wire.stdout.readline().strip() != "ready":
            raise RuntimeError("the lab's wire did not start")

    # -- what runs in it ------------------------------------------------------------------------------------------
    def start(self, name: str, *command: str, log: str) -> subprocess.Popen:
        """``command`` running in namespace ``name`` until the lab closes, its output in ``work/log``."""
        out = (self.work / log).open("w")
        process = subprocess.Popen(["ip", "netns", "exec", self.names[name], *command], stdout=out, stderr=out)
        self.processes.append(process)
        return process

    def coturn(self) -> None:
        """STUN and TURN on 203.0.113.1:3478 (UDP), one user, relaying only inside the lab."""
        self.start(
            "wan", "turnserver", "-n", "--listening-ip", SERVER, "--relay-ip", SERVER, "--listening-port", "3478",
            "--lt-cred-mech", "--user", f"{TURN_USER}:{TURN_PASSWORD}", "--realm", "pipopipette.test",
            "--no-tls", "--no-dtls", "--no-cli", "--fingerprint", "--log-file", "stdout", "--simple-log",
            "--allow-loopback-peers", "--cli-password", "x",
            log="coturn.log",
        )  # fmt: skip
        end = time.monotonic() + 10
        while "3478" not in self.ns("wan", "ss", "-uln"):
            if time.monotonic() > end:
                raise RuntimeError("coturn did not start: " + (self.work / "coturn.log").read_text()[-400:])
            time.sleep(0.1)

    def broker(self) -> bool:
        """amqtt, an MQTT broker over WebSocket, on 203.0.113.1:9001: the signalling relay's place on the lab's
        internet. False when amqtt is not installed (the ``AMQTT`` variable, beside this Python, or on the PATH)."""
        from tools.browser.relay_rooms import amqtt_program

        program = amqtt_program()
        if not program:
            return False
        config = self.work / "broker.yaml"
        config.write_text(
            "listeners:\n  default:\n    type: ws\n    bind: " + SERVER + ":9001\n"
            "plugins:\n  amqtt.plugins.authentication.AnonymousAuthPlugin:\n    allow_anonymous: true\n",
            encoding="utf-8",
        )
        self.start("wan", program, "-c", str(config), log="broker.log")
        end = time.monotonic() + 20
        while ":9001" not in self.ns("wan", "ss", "-tln"):
            if time.monotonic() > end:
                raise RuntimeError("amqtt did not start: " + (self.work / "broker.log").read_text()[-400:])
            time.sleep(0.2)
        return True

    def addresses(self) -> set[str]:
        """Every IPv4 network of every namespace of the lab (``a.b.c.d/n``), loopback included."""
        found = set()
        for name in self.names:
            for line in self.ns(name, "ip", "-4", "-o", "addr").splitlines():
                words = line.split()
                found.add(words[words.index("inet") + 1])
        return found

    def prefix(self, name: str) -> list[str]:
        """The command prefix that runs a program in namespace ``name``."""
        return ["ip", "netns", "exec", self.names[name]]

    # -- the network's weather ------------------------------------------------------------------------------------
    def _set(self, home: str, delay_ms: float, loss: float) -> None:
        assert self.wire is not None and self.wire.stdin is not None
        self.wire.stdin.write(f"{home} {delay_ms} {loss}\n")
        self.wire.stdin.flush()

    def weather(self, delay_ms: float = 0, loss: float = 0) -> None:
        """Every path from home to home (direct or through the TURN server) crosses both wires: each gets half the
        delay and the loss that makes ``loss`` over the two, in each direction."""
        for home in HOMES:
            self._set(home, delay_ms / 2, 1 - (1 - loss) ** 0.5)
        self.weathered = (delay_ms, loss)

    def cut(self, home: str, down: bool) -> None:
        """Home ``home``'s wire loses everything (``down``), or is back with the weather it had."""
        delay_ms, loss = self.weathered
        self._set(home, delay_ms / 2, 1.0 if down else 1 - (1 - loss) ** 0.5)

    # -- taking it down -------------------------------------------------------------------------------------------
    def close(self) -> None:
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        for name in reversed(self.made):
            subprocess.run(["ip", "netns", "del", name], capture_output=True, timeout=10, check=False)
        self.made.clear()
