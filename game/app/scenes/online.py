"""Play online: the host's invitation to send, the guest's reply to send back, then the live game on the board.

A new room starts with its game: 5x5 boxes by default, as in the rules sheet (``002``), with the host's rules; the
host may change the board and rules (the Settings scene's Board and Rules pages, on the room's draft), then invites.
The steps are :class:`game.play.online.lobby.Lobby`'s; this scene shows them: the link to send (Share where the
phone has a share sheet, and Copy), the same link as a code to type in Open a link on the other device, Paste reply
for the host (a reply opened in another tab of this site arrives by itself), and the reason when something cannot
be used. The host's room is kept in storage while it is played: when the page was reloaded or the connection lost,
"Play online" offers to invite the friend again to the same room, whose game a new handshake restores. When both
devices agree on a game, the board scene takes over with the live session.
"""

from __future__ import annotations

from typing import Any

import pygame

from ...page import Page
from ...play.i18n import tr
from ...play.links import fragment_of
from ...play.online import lobby as steps
from ...play.online.kept import kept_secret, restored, unfinished
from ...play.online.lobby import Lobby
from ...play.online.protocol import HOST, Refusal
from ...play.online.relay import RelayError, is_join_link, read_join
from ...play.online.room import Room
from ...play.settings import Settings
from .. import layout, theme
from ..clipboard import Clipboard
from ..qr_code import qr_surface
from ..scene import PanelScene, Services
from ..share_sheet import ShareSheet
from ..widgets import Button, Panel
from .common import back_button, draw_title, footer_rect, header_rects
from .game_choices import game_summary, rules_words

CHOOSING = "choosing"  # the host kept a room: invite the friend again to it, or open a new one
SETUP = "setup"  # a new room: its game shown, to change or to invite the friend to
ROOM_BOARD = ("square", (5, 5))  # a new room's board: 5x5 boxes, as in the rules sheet 002
CODE_GROUP = 4  # characters between two spaces of the code shown to type


def room_settings(settings: Settings) -> Settings:
    """A new room's game: the player's settings on the rules sheet's board, whatever board the last game had."""
    shape, size = ROOM_BOARD
    return settings.with_(shape=shape, size=size)


def code_to_type(link: str) -> str:
    """The part of ``link`` the other device needs, in groups of :data:`CODE_GROUP` characters, to type by hand
    (Open a link reads it with or without the spaces)."""
    code = fragment_of(link)
    return " ".join(code[i : i + CODE_GROUP] for i in range(0, len(code), CODE_GROUP))


class OnlineScene(PanelScene):
    """``link`` is "" to invite a friend, else the invitation (or a reply) this page was opened with."""

    def __init__(self, app: Services, link: str = "", page: Page | None = None) -> None:
        """``page``: the page the room's data channel runs in, the app's in the browser (a test's on the desktop)."""
        super().__init__(app)
        self.clipboard = Clipboard(app.page)
        self.sheet = ShareSheet(app.page)
        self.lobby: Lobby | None = None
        self.kept: Room | None = None
        self.kept_secret = ""  # the kept room's one link's secret ("" for a room joined by two links)
        self.setup: Settings | None = None  # a new room's game, until Invite
        self.game_words = ""  # the new room's game as shown: its board, then its rules
        self.shown_state = ""
        self.qr: tuple[tuple[str, int], pygame.Surface] | None = None  # the link's QR code as drawn, and for what
        self.page = page if page is not None else app.page
        if self.page is not None:
            self.kept = None if link else self._kept_room()
            if link:
                self.kept = None
                self._open(link)
            elif self.kept is None:
                self.setup = room_settings(app.settings)

    def _kept_room(self) -> Room | None:
        """The room this device hosted or joined by its one link and did not finish, kept from before a reload or a
        lost connection."""
        data = self.app.saved.online_room()
        if data is None:
            return None
        try:
            room = restored(data, self.app.rng)
        except Refusal as refusal:
            self.app.saved.reject_online_room(str(refusal))
            return None
        self.kept_secret = kept_secret(data)
        return room if unfinished(room) and (room.role == HOST or self.kept_secret) else None

    def _open(self, link: str = "", room: Room | None = None, settings: Settings | None = None) -> None:
        chosen = settings or self.app.settings
        assert self.page is not None, "a room is opened in a page"
        secret = self.kept_secret if room is not None else ""
        if is_join_link(link):
            room, secret = self._kept_for(link), ""
        save = self.app.saved.save_online_room  # (the lobby keeps a host's room, and a guest's joined by one link)
        self.lobby = Lobby(self.page, chosen, self.app.rng, link, self.app.browser, room, save, secret)
        self.app.hash_watch.taken()  # (the room's one link, kept in the page's address: not a link to open again)
        self.invalidate_layout()

    def _kept_for(self, link: str) -> Room | None:
        """The room kept on this device for the one link opened (the page reloaded: host or guest), if any."""
        try:
            join = read_join(link)
        except RelayError:
            return None  # (the lobby says why)
        kept = self._kept_room()
        found = kept is not None and kept.room_id == join.room_id and self.kept_secret == join.secret
        return kept if found else None

    def invite(self) -> None:
        """The new room, with the game chosen, and its invitation."""
        settings, self.setup = self.setup, None
        self._open(settings=settings)

    def change_game(self) -> None:
        self.app.go("settings", play=False, draft=self.setup, pick=self.pick_game)

    def pick_game(self, settings: Settings) -> None:
        self.setup = settings
        self.invalidate_layout()

    def invite_again(self) -> None:
        """The kept room, with its own game, invited to again."""
        room, self.kept = self.kept, None
        self._open(room=room)

    def new_room(self) -> None:
        self.kept, self.kept_secret = None, ""
        self.app.saved.clear_online_room()
        self.setup = room_settings(self.app.settings)
        self.invalidate_layout()

    @property
    def state(self) -> str:
        if self.kept is not None:
            return CHOOSING
        if self.setup is not None:
            return SETUP
        return self.lobby.state if self.lobby else ""

    def enter(self) -> None:
        self.panel = Panel()
        self.invalidate_layout()

    def arrange(self) -> None:
        m = self.app.metrics
        w, u = m.size[0], m.u
        self.bar, back_rect = header_rects(m)
        row = footer_rect(m)
        buttons = [back_button(self.app, back_rect)]
        state = self.state
        row_buttons = []
        if state == CHOOSING:
            again = tr("Back to the game") if self.kept_secret else tr("Invite again")
            row_buttons = [
                Button(again, self.invite_again, primary=True),
                Button(tr("New room"), self.new_room),
            ]
        elif state == SETUP:
            row_buttons = [
                Button(tr("Invite"), self.invite, primary=True),
                Button(tr("Board and rules"), self.change_game),
            ]
        elif state in (steps.INVITING, steps.REPLYING):
            sharing = self.sheet.available
            if sharing:
                row_buttons.append(Button(tr("Share..."), self.share, primary=True))
            row_buttons.append(Button(tr("Copy"), self.copy, primary=not sharing))
            if state == steps.INVITING and self.lobby is not None and self.lobby.rejoin is None:
                row_buttons.append(Button(tr("Paste reply"), self.clipboard.request_paste))
        if row_buttons:
            for button, rect in zip(row_buttons, layout.split_row(row, len(row_buttons), u // 2), strict=True):
                button.rect = rect
        self.panel.set([*buttons, *row_buttons])
        if self.setup is not None:
            self.game_words = "\n".join([game_summary(self.setup), *rules_words(self.setup)])
        self.body = pygame.Rect(u, self.bar.bottom + u, w - 2 * u, row.top - self.bar.bottom - 2 * u)

    def share(self) -> None:
        if self.lobby and self.lobby.link:
            title = tr("Pipopipette: an invitation") if self.state == steps.INVITING else tr("Pipopipette: my reply")
            self.sheet.share(title, self.lobby.link)

    def copy(self) -> None:
        if self.lobby and self.lobby.link:
            self.clipboard.copy(self.lobby.link)

    def handle(self, action: Any) -> None:
        if action.kind == "back" and self.lobby is not None:
            self.lobby.close()
        super().handle(action)

    def update(self, dt: float) -> None:
        lobby = self.lobby
        if lobby is None:
            return
        lobby.update(dt)
        if self.clipboard.pasted:
            lobby.take_reply(self.clipboard.pasted)
            self.clipboard.pasted = None
        if lobby.session is not None:
            self.app.replace("board", session=lobby.session)
        elif lobby.state != self.shown_state:
            self.shown_state = lobby.state
            self.invalidate_layout()

    def wants_frame(self) -> bool:
        waiting = self.clipboard.waiting or self.sheet.waiting
        return waiting or (self.lobby is not None and self.lobby.state not in (steps.HANDED, steps.FAILED))

    def explanation(self) -> str:
        lobby = self.lobby
        if self.setup is not None:
            return tr("Your friend and you will play this game. Change its board and rules if you like, then "
                      "invite your friend.")  # fmt: skip
        if self.kept is not None and self.kept_secret:
            return tr("Your online game was interrupted; its moves are kept. Go back to it: your friend's device "
                      "finds this one again by the same link. Or open a new room.")  # fmt: skip
        if self.kept is not None:
            return tr("Your online game was interrupted; its moves are kept. Invite your friend again to go on with "
                      "it, or open a new room.")  # fmt: skip
        if lobby is None:
            return tr("Online play runs in the browser version of the game. On the desktop, play a friend far away "
                      "with Send move.")  # fmt: skip
        host = lobby.room is not None and lobby.room.role == HOST
        return {
            steps.PREPARING: self._preparing(host),
            steps.JOINING: tr("Joining your friend's room through the relay..."),
            steps.INVITING: self._inviting(),
            steps.REPLYING: tr(
                "Send this reply back to your friend with any app, or let their phone's camera read the square "
                "code. The game begins as soon as their device takes it."
            ),  # fmt: skip
            steps.HANDING: tr("Handing the reply to your waiting game..."),
            steps.HANDED: tr("Your waiting game took the reply: you can close this tab."),
            steps.FAILED: tr("This room cannot be opened."),
            steps.PLAYING: tr("Connected: the game begins."),
        }[lobby.state]

    def _preparing(self, host: bool) -> str:
        if self.lobby is not None and self.lobby.rejoin is not None:
            return tr("Reaching the relays that carry the room's link...")
        return tr("Preparing the invitation...") if host else tr("Preparing your reply...")

    def _inviting(self) -> str:
        if self.lobby is None or self.lobby.rejoin is None:
            return tr(
                "Send this invitation to your friend with any app, or let their phone's camera read the square "
                "code. When they answer, open their reply on this device, or copy it and press Paste reply."
            )  # fmt: skip
        return tr("Send this link to your friend with any app, or let their phone's camera read the square code: "
                  "opening it joins your game. If a page is reloaded or the connection lost, the two devices find "
                  "each other again by themselves.")  # fmt: skip

    def draw(self, surface: pygame.Surface) -> None:
        self.ensure_layout()
        m = self.app.metrics
        text, u, size = self.app.text, m.u, m.body
        step_h = int(size * 0.8)
        draw_title(self.app, surface, self.bar, tr("Play online"))
        y = self.body.y
        for line in text.wrap(self.explanation(), size, self.body.width):
            text.draw(surface, line, size, theme.INK, topleft=(self.body.x, y))
            y += step_h
        notes = [text.wrap(note, size, self.body.width) for note in self._notes()]
        notes_h = sum(u // 2 + len(lines) * step_h for lines in notes)
        link = self.lobby.link if self.lobby and self.state in (steps.INVITING, steps.REPLYING) else ""
        if link:
            y = self._draw_link(surface, link, y + u // 2, notes_h)
        if self.setup is not None:
            y = self._draw_box(surface, self.game_words, m.caption, y + u // 2)
        for lines in notes:
            y += u // 2
            for line in lines:
                text.draw(surface, line, size, theme.MUTED, topleft=(self.body.x, y))
                y += step_h
        self.panel.draw(surface, text)

    def _notes(self) -> list[str]:
        """What is shown under the link: why the room goes by two links, a problem, what Copy or Share did."""
        lobby = self.lobby
        return [
            note for note in (lobby.two_links if lobby else "", lobby.problem if lobby else "", self._status()) if note
        ]

    def _draw_link(self, surface: pygame.Surface, link: str, top: int, reserved: int = 0) -> int:
        """The link as a QR code for the other phone's camera, as large as the body leaves room for (``reserved``
        pixels kept under it for the notes), then, as a last resort, the code to type (cut between its groups) in a
        box; returns the box's bottom."""
        m, text = self.app.metrics, self.app.text
        code = code_to_type(link)
        caption = tr("No other way? The code to type in Open a link:")
        below = len(text.wrap(caption, m.caption, self.body.width)) * int(m.caption * 0.85)
        below += len(text.wrap(code, m.caption, self.body.width - m.u)) * int(m.caption * 0.85) + m.u * 2
        most = min(self.body.width, self.body.bottom - top - below - reserved)
        if self.qr is None or self.qr[0] != (link, most):
            self.qr = ((link, most), qr_surface(link, most))
        picture = self.qr[1]
        spot = picture.get_rect(midtop=(self.body.centerx, top))
        surface.blit(picture, spot)
        y = spot.bottom + m.u // 2
        for line in text.wrap(caption, m.caption, self.body.width):
            text.draw(surface, line, m.caption, theme.MUTED, topleft=(self.body.x, y))
            y += int(m.caption * 0.85)
        return self._draw_box(surface, code, m.caption, y)

    def _draw_box(self, surface: pygame.Surface, words: str, size: int, top: int) -> int:
        """``words`` in a box across the body; returns the box's bottom."""
        text, u = self.app.text, self.app.metrics.u
        lines = text.wrap(words, size, self.body.width - u)
        step_h = int(size * 0.85)
        box = pygame.Rect(self.body.x, top, self.body.width, len(lines) * step_h + u)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=12)
        y = box.y + u // 2
        for line in lines:
            text.draw(surface, line, size, theme.INK, topleft=(box.x + u // 2, y))
            y += step_h
        return box.bottom

    def _status(self) -> str:
        status = self.sheet.status or self.clipboard.status
        return tr(status) if status else ""
