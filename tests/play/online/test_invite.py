"""Invitation and reply links, on real SDP captured from two headless Chromium browsers (sdp/, by capture_sdp.js):
short, exact where it matters, and refused with the reason when old, foreign, damaged or mistyped."""

from __future__ import annotations

import base64
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.play.online import invite
from game.play.online.invite import (
    Candidate,
    Description,
    InviteError,
    check_reply,
    description_of,
    invitation,
    is_room_link,
    pack,
    read_link,
    reply,
    sdp_of,
    unpack,
)

SAMPLES = Path(__file__).with_name("sdp")
RUNS = sorted({path.name.split("-")[1] for path in SAMPLES.glob("chromium-*.sdp")})
SITE = "https://pipopipette.github.io/pipopipette/"  # a real-looking GitHub Pages address, 42 characters
ROOM = "Kq3xZ0a_"


def sample(run: str, kind: str) -> str:
    return (SAMPLES / f"chromium-{run}-{kind}.sdp").read_bytes().decode()  # as the browser gave it, CRLF kept


def test_there_are_real_samples():
    assert len(RUNS) >= 3


@pytest.mark.parametrize("run", RUNS)
def test_an_invitation_and_its_reply_fit_in_300_characters_with_the_sites_address(run):
    offer, answer = sample(run, "offer"), sample(run, "answer")
    assert len(offer) > 700 and len(answer) > 700  # what the browser gives: about 715 characters each
    sent = invitation(SITE, ROOM, offer)
    back = reply(SITE, ROOM, answer, description_of(offer))
    assert len(sent) <= 300 and len(back) <= 300
    assert len(sent) - len(SITE) <= 160 and len(back) - len(SITE) <= 165  # the part after the address


@pytest.mark.parametrize("run", RUNS)
def test_a_link_keeps_everything_the_connection_needs(run):
    offer, answer = sample(run, "offer"), sample(run, "answer")
    link = read_link(invitation(SITE, ROOM, offer))
    assert (link.kind, link.room_id, link.answers) == ("o", ROOM, "")
    rebuilt = sdp_of(link.description)
    for line in offer.splitlines():
        if line.startswith(("a=ice-ufrag", "a=ice-pwd", "a=fingerprint", "a=setup", "m=", "a=sctp-port", "a=mid")):
            assert line in rebuilt.splitlines(), line
        if line.startswith("a=candidate"):
            _, _, _, priority, address, port, _, kind, *_ = line.split()
            assert f"udp {priority} {address} {port} typ {kind}" in rebuilt
    assert description_of(rebuilt) == link.description  # written back, it reads the same
    answer_link = read_link(reply(SITE, ROOM, answer, link.description))
    assert answer_link.kind == "a" and answer_link.description.setup == "active"
    check_reply(answer_link, ROOM, link.description)


def test_a_code_typed_with_spaces_or_without_the_address_is_read():
    sent = invitation(SITE, ROOM, sample(RUNS[0], "offer"))
    fragment = sent.split("#", 1)[1]
    spaced = " ".join(fragment[i : i + 20] for i in range(0, len(fragment), 20))
    assert read_link(spaced) == read_link(sent) == read_link(fragment)
    assert is_room_link(sent) and is_room_link(fragment)
    assert not is_room_link(SITE + "#1.s3x3.2.0.AHGbc.K")


def replace_fragment(link: str, change) -> str:
    site, fragment = link.split("#", 1)
    return f"{site}#{change(fragment)}"


def with_check(body: str) -> str:
    from game.core.notation import check_v2

    return f"{body}.{check_v2(body)}"


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (lambda f: "2" + f[1:], "not an online game"),
        (lambda f: with_check("o2" + f[2 : f.rfind(".")]), "newer version"),
        (lambda f: with_check("o0" + f[2 : f.rfind(".")]), "older version"),
        (lambda f: f[:-1] + ("A" if f[-1] != "A" else "B"), "mistyped"),
        (lambda f: f[:40] + f[41:], "mistyped"),
        (lambda f: f[: f.rfind(".") - 3] + f[f.rfind(".") :], "mistyped"),
        (lambda f: with_check(f[: f.rfind(".") - 3]), "damaged"),
        (lambda f: with_check("o1.short." + f.split(".")[2]), "damaged"),
        (lambda f: with_check("a1." + f[3 : f.rfind(".")]), "damaged"),  # an offer's payload called a reply
        (lambda f: "o1." + "A" * 2000, "too long"),
    ],
)
def test_a_bad_link_is_refused_with_the_reason(change, why):
    sent = invitation(SITE, ROOM, sample(RUNS[0], "offer"))
    with pytest.raises(InviteError, match=why):
        read_link(replace_fragment(sent, change))


def test_a_reply_for_another_room_or_an_older_invitation_or_an_invitation_is_refused():
    offer, answer = sample(RUNS[0], "offer"), sample(RUNS[0], "answer")
    older_offer = description_of(sample(RUNS[1], "offer"))
    current = description_of(offer)
    with pytest.raises(InviteError, match="another game room"):
        check_reply(read_link(reply(SITE, "zzzzzzzz", answer, current)), ROOM, current)
    with pytest.raises(InviteError, match="older invitation"):
        check_reply(read_link(reply(SITE, ROOM, answer, older_offer)), ROOM, current)
    with pytest.raises(InviteError, match="not a reply"):
        check_reply(read_link(invitation(SITE, ROOM, offer)), ROOM, current)


@pytest.mark.parametrize(
    ("edit", "why"),
    [
        (lambda s: s.replace("webrtc-datachannel", "rtp"), "no data channel"),
        (lambda s: s.replace("sha-256", "sha-1"), "SHA-256"),
        (lambda s: "\n".join(x for x in s.splitlines() if not x.startswith("a=candidate")), "no network"),
        (lambda s: "\n".join(x for x in s.splitlines() if not x.startswith("a=ice-pwd")), "ICE credentials"),
        (lambda s: s.replace("a=ice-pwd:", "a=ice-pwd:\u00e9"), "ICE credentials"),
    ],
)
def test_a_description_that_cannot_make_a_link_says_why(edit, why):
    with pytest.raises(InviteError, match=why):
        description_of(edit(sample(RUNS[0], "offer")))


def test_candidates_other_than_udp_component_one_are_left_out_and_addresses_of_every_kind_kept():
    sdp = sample(RUNS[0], "offer").replace(
        "a=ice-ufrag",
        "a=candidate:9 1 tcp 1518280447 192.168.1.20 9 typ host tcptype active\r\n"
        "a=candidate:8 2 udp 2122260223 192.168.1.20 50000 typ host\r\n"
        "a=candidate:7 1 udp 1686052607 203.0.113.7 61000 typ srflx raddr 192.168.1.20 rport 50000\r\n"
        "a=candidate:6 1 udp 2122262783 2001:db8::5 50001 typ host\r\n"
        "a=candidate:5 1 udp 2122262783 some-host.example 50002 typ host\r\n"
        "a=ice-ufrag",
    )
    found = description_of(sdp).candidates
    assert [(c.kind, c.address) for c in found[2:]] == [("srflx", "203.0.113.7"), ("host", "2001:db8::5")]
    assert unpack(pack(description_of(sdp)))[0].candidates == found


DESCRIPTIONS = st.builds(
    Description,
    ufrag=st.text("abcXYZ019+/", min_size=1, max_size=12),
    pwd=st.text("abcXYZ019+/", min_size=1, max_size=40),
    fingerprint=st.binary(min_size=32, max_size=32),
    setup=st.sampled_from(invite.SETUPS),
    candidates=st.lists(
        st.builds(
            Candidate,
            kind=st.sampled_from(invite.TYPES),
            address=st.sampled_from(["10.0.0.1", "::1", "2001:db8::9", "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0.local"]),
            port=st.integers(1, 65535),
            priority=st.integers(0, 2**32 - 1),
        ),
        min_size=1,
        max_size=8,
    ).map(tuple),
)


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(description=DESCRIPTIONS, answers=st.sampled_from(["", "abcd", "abc"]))
def test_packing_round_trips(description, answers):
    assert unpack(pack(description, answers)) == (description, answers)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(data=st.binary(max_size=200))
def test_any_bytes_either_unpack_to_a_usable_description_or_are_refused(data):
    try:
        description, _ = unpack(data)
    except (ValueError, UnicodeDecodeError):
        return
    assert description_of(sdp_of(description)) == description  # nothing a link holds can break the SDP written back


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(text=st.text(max_size=300))
def test_any_text_is_read_or_refused_with_a_reason(text):
    payload = base64.urlsafe_b64encode(text.encode()).decode().rstrip("=")
    for candidate in (text, with_check(f"o1.{ROOM}.{payload}")):
        try:
            read_link(candidate)
        except InviteError as error:
            assert str(error)
