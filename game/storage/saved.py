"""What the game saves, in one place: settings, the unfinished game, the history, the games played by link and the
solved puzzles, each under its own key.

Scenes call :class:`Saved`, never a store key. Every value read passes the schema (the envelope in ``Store.get``,
the records of ``records.py`` here; the app checks the meaning of settings and of the unfinished game and hands
back what it rejects); unusable data is kept aside and never written over. Every value that could not be written
(browser storage full or switched off, a read-only data folder) is kept: reads see it, :meth:`Saved.retry` (the app
calls it every few seconds) writes it as soon as the medium works again, and :meth:`Saved.park` writes it to a
spare folder when the game quits (the next start takes it back). The player is told once when saving stops working
and once when it works again.

Two writers (two tabs, two windows) lose no finished game: a game, or an import, is first saved under a key of its
own (``add-...``, see ``history.py``'s Additions), which nothing else writes; every read of the history reads those
too. Merging them into the history value is the only read-modify-write: at once for :meth:`Saved.record_game` and
an import, at the next reading for :meth:`Saved.add_game` (the game's own way: a big history is read and written in
steps across frames, :meth:`Saved.history_in_steps`, never within the frame a game ends). A merge writes only if
the stored history is still the text it read (else another writer came first: it writes nothing, and the next
reading merges). An ``add-`` value is removed only when the history as read back holds it and no other merge can
be overwriting that history with an older copy: on the desktop, where a file lock (``FileStore.lock``) lets one
merge run at a time, at once; in the browser, which has no lock across tabs that Python can hold in one frame, once
the addition is :data:`GRACE_SECONDS` old (between its last check and its write a merge runs in one step, with no
await inside, so no merge that started before the addition was saved can still be writing by then).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ..steps import run
from .envelope import wrap_in_steps
from .history import RECENT_GAMES, Account, Additions, BoardName, Book, Earlier, read_book_in_steps
from .keys import HISTORY, LINK_GAMES, ONLINE_ROOM, PUZZLES, REMOVALS, SETTINGS, UNFINISHED, is_addition_key
from .notices import CANNOT_SAVE, KEPT_GAMES, SAVING_AGAIN, Notice
from .progress import PuzzleProgress
from .reasons import Why
from .records import Classify, FinishedGame, RecordError, UnfinishedGame, plain
from .reviews import ReviewCache
from .steps import Work, release_in_steps
from .store import Store

_DELETE = object()
PARKED = (SETTINGS, UNFINISHED, PUZZLES, LINK_GAMES, ONLINE_ROOM)  # the values park keeps (besides the additions)
GRACE_SECONDS = 60.0
clock = time.time  # (tests move it on)


@dataclass(frozen=True)
class HistoryView:
    """The history to show: detailed recent games (oldest first), the earlier games, and the state of saving."""

    games: list[FinishedGame]
    earlier: Earlier
    unsaved: int
    kept: int
    stored_bytes: int

    @property
    def total(self) -> int:
        return self.earlier.games + len(self.games)


class Saved(PuzzleProgress):
    """The game's saved data on top of a :class:`Store`. ``classify`` sorts a game into the totals of games folded
    past the most recent ``recent`` ones; ``board_name`` turns a board name in an earlier version's totals into its
    token (both from ``game.play.stats``). ``spare`` is where :meth:`park` keeps what could not be saved when the
    game quits (by default the store's own spare, see ``Store.spare``)."""

    def __init__(
        self,
        store: Store,
        classify: Classify | None = None,
        recent: int = RECENT_GAMES,
        board_name: BoardName | None = None,
        spare: Store | None = None,
    ) -> None:
        self.store = store
        self.classify = classify
        self.recent = recent
        self.board_name = board_name
        self.spare = spare if spare is not None else store.spare()
        self.pending: dict[str, Any] = {}
        self.unsaved: list[Additions] = []
        self.failing = False
        self.notices: list[Notice] = []
        self._kept_bad: set[str] = set()
        self.clearing = False
        self._history_writes = 0  # (a reading in steps writes only when no other write came since it read)
        self.unparked = self._unpark()

    @property
    def reviews(self) -> ReviewCache:
        """The reviews' results kept per game (a cache: nothing in it is the only copy of anything)."""
        return ReviewCache(self.store)

    # -- settings ---------------------------------------------------------------------------------------------
    def settings(self) -> dict[str, Any] | None:
        """The saved settings as named values (the app checks each value), or None."""
        return self._read_dict(SETTINGS, Why.NOT_SETTINGS)

    def save_settings(self, data: dict[str, Any]) -> bool:
        return self._write(SETTINGS, data)

    def reject_settings(self, reason: str) -> None:
        """The app found the saved settings unusable: keep them aside."""
        self._reject(SETTINGS, reason)

    # -- the unfinished game ----------------------------------------------------------------------------------
    def unfinished(self) -> UnfinishedGame | None:
        """The autosaved unfinished game (the app rebuilds it and checks its meaning), or None."""
        data = self._read_dict(UNFINISHED, Why.NOT_A_GAME)
        if data is None:
            return None
        try:
            return UnfinishedGame.from_data(data)
        except RecordError as error:
            self._reject(UNFINISHED, str(error))
            return None

    def has_unfinished(self) -> bool:
        return self.unfinished() is not None

    def save_unfinished(self, game: UnfinishedGame) -> bool:
        return self._write(UNFINISHED, game.to_data())

    def clear_unfinished(self) -> bool:
        return self._write(UNFINISHED, _DELETE)

    def reject_unfinished(self, reason: str) -> None:
        """The app could not rebuild the saved game: keep it aside."""
        self._reject(UNFINISHED, reason)

    # -- games played by link ---------------------------------------------------------------------------------
    def link_games(self) -> dict[str, Any] | None:
        """The games played by link with a friend far away: game id -> position code (the app checks each)."""
        return self._read_dict(LINK_GAMES, Why.NOT_SETTINGS)

    def save_link_games(self, data: dict[str, str]) -> bool:
        return self._write(LINK_GAMES, data)

    # -- the host's online room -------------------------------------------------------------------------------
    def online_room(self) -> dict[str, Any] | None:
        """The online room this device hosts, kept so a reload can invite the friend again (the room checks it)."""
        return self._read_dict(ONLINE_ROOM, Why.NOT_A_GAME)

    def save_online_room(self, data: dict[str, Any]) -> bool:
        return self._write(ONLINE_ROOM, data)

    def clear_online_room(self) -> bool:
        return self._write(ONLINE_ROOM, _DELETE)

    def reject_online_room(self, reason: str) -> None:
        """The kept room could not be read back: keep it aside."""
        self._reject(ONLINE_ROOM, reason)

    # -- history ----------------------------------------------------------------------------------------------
    def history(self) -> HistoryView:
        """The history to show: what is stored (its unreadable parts kept aside), what is added but not merged
        yet, and the games not saved yet. Read it once and keep it: it reads the whole history (scenes read it in
        steps, :meth:`history_in_steps`)."""
        return run(self.history_in_steps())

    def history_in_steps(self) -> Work[HistoryView]:
        """:meth:`history` in steps of a few ms (``game.steps.Stepper`` runs them from the frame loop); what is added is
        merged into the stored history on the way."""
        with self.store.lock(HISTORY) as alone:
            book = yield from self._merge(alone)  # (what is added, merged; what cannot be shown, kept aside)
            if book is None:  # (a history that cannot be written over: what is added is still shown)
                book = Book()
                for _, additions in self._additions():
                    yield from book.merge_in_steps(additions)
            for waiting in self.unsaved:
                yield from book.merge_in_steps(waiting)
        yield from book.compact_in_steps(self.classify, self.recent)
        return HistoryView(book.games, book.earlier, self.unsaved_games, self.kept(), self.stored_bytes())

    @property
    def unsaved_games(self) -> int:
        """How many finished games are not saved yet."""
        return sum(len(waiting.games) for waiting in self.unsaved)

    def record_game(self, game: FinishedGame) -> bool:
        """Add a finished game and merge it into the stored history now; False when it is kept to be saved later."""
        self.unsaved.append(Additions(games=[game], added=clock()))
        return self._flush()

    def add_game(self, game: FinishedGame) -> bool:
        """Add a finished game under a key of its own, at once whatever the history's size; the next reading of
        the history (:meth:`history_in_steps`, the results' rating) merges it. False when it is kept to be saved
        later."""
        self.unsaved.append(Additions(games=[game], added=clock()))
        return self._flush(merge=False)

    def merge(self, additions: Additions) -> Account:
        """Add a backup's games, folded games and totals: what is not here yet (by game id, by totals key). A game
        whose id is here with other content is left out; the account counts it."""
        with self.store.lock(HISTORY):
            book = run(self._whole_book())
            known = {game.id for game in book.games} | {game.id for game in book.folded}
            account = book.merge(additions)
            accepted = Additions(
                [game for game in additions.games if game.id not in known],
                [line for line in additions.folded if line.id not in known],
                list(additions.legacy),
                added=clock(),
            )
            if accepted:
                self.unsaved.append(accepted)
                self._flush()
        return account

    def clear_history(self) -> bool:
        """Forget every finished game, saved or waiting (kept-aside data stays)."""
        self.unsaved = []
        self.clearing = True
        return self._flush()

    # -- state ------------------------------------------------------------------------------------------------
    def kept(self) -> int:
        """How many unreadable values are kept aside."""
        return len(self.store.kept())

    def stored_bytes(self) -> int:
        return self.store.stored_bytes()

    @property
    def has_pending(self) -> bool:
        """True while something is not saved yet."""
        return bool(self.pending or self.unsaved or self.clearing)

    def retry(self) -> bool:
        """Write whatever could not be written before; True when nothing is left waiting."""
        return self._flush() if self.has_pending else True

    def pop_notices(self) -> list[Notice]:
        """Messages for the player (storage's own first), once each."""
        notices = self.store.pop_notices() + self.notices
        self.notices = []
        return notices

    # -- quitting with something not saved --------------------------------------------------------------------
    def park(self) -> str:
        """Write what is waiting to the spare store (the game is quitting); where it went ("" when it could not
        be kept: no spare, or the spare refused too). The next start takes it back (:meth:`_unpark`)."""
        if self.spare is None or not self.has_pending:
            return ""
        written = all(self.spare.put(key, value) for key, value in self.pending.items() if value is not _DELETE)
        removals = [key for key, value in self.pending.items() if value is _DELETE]
        if removals:  # (a finished game's unfinished copy, which would come back to be played again)
            written = self.spare.put(REMOVALS, removals) and written
        for waiting in self.unsaved:
            written = self.spare.put(waiting.key(), waiting.to_data()) and written
        return self.spare.where() if written else ""

    def _unpark(self) -> int:
        """Take back what an earlier run parked in the spare store (its removals too); how many values."""
        if self.spare is None:
            return 0
        taken = 0
        for key in self.spare.names():
            value = self.spare.get(key)
            if value is None:
                continue
            if is_addition_key(key):
                try:
                    self.unsaved.append(Additions.from_data(value))
                except RecordError:
                    continue  # (left in the spare store)
            elif key in PARKED:
                self.pending[key] = value
            elif key == REMOVALS and isinstance(value, list):
                self.pending.update((name, _DELETE) for name in value if name in PARKED)
            else:
                continue
            self.spare.delete(key)
            taken += 1
        if taken:
            self._flush()
        return taken

    # -- inside -----------------------------------------------------------------------------------------------
    def _read_dict(self, key: str, wrong_type: str) -> dict[str, Any] | None:
        if key in self.pending:
            value = self.pending[key]
            return None if value is _DELETE else value
        value = self.store.get(key)
        if value is None:
            return None
        if isinstance(value, dict):
            try:
                return plain(value, wrong_type)
            except RecordError:
                pass
        self.store.quarantine(key, wrong_type)
        return None

    def _reject(self, key: str, reason: str) -> None:
        if key in self.pending:
            del self.pending[key]
            return
        self.store.quarantine(key, reason)

    def _write(self, key: str, value: Any) -> bool:
        if value is not _DELETE:
            plain(value, Why.NOT_SETTINGS)  # (a programming error: the game writes plain JSON only)
        self.pending[key] = value
        return self._flush(merge=False)  # (the history is merged when read, or when a game is recorded)

    def _flush(self, merge: bool = True) -> bool:
        for key, value in list(self.pending.items()):
            done = self.store.delete(key) if value is _DELETE else self.store.put(key, value)
            if done:
                del self.pending[key]
        with self.store.lock(HISTORY) as alone:
            if self.clearing:
                self._clear()
            waiting, self.unsaved = self.unsaved, []
            for additions in waiting:
                if not self.store.put(additions.key(), additions.to_data()):
                    self.unsaved.append(additions)
            if not self.clearing and merge:
                run(self._merge(alone))
        self._tell_how_saving_goes()
        return not self.has_pending

    def _clear(self) -> None:
        found = self._additions()
        self._history_writes += 1
        if self.store.put(HISTORY, Book().to_data()):
            self.clearing = False
            for key, _ in found:
                self.store.delete(key)

    def _merge(self, alone: bool = False) -> Work[Book | None]:
        """Merge the saved additions into the history, then remove those the history read back holds (at once when
        ``alone``: this merge holds the lock; else once they are GRACE_SECONDS old)."""
        found = self._additions()  # (read before the history: see the module's docstring)
        writes = self._history_writes
        book, read = yield from self._stored()
        if book is None or not (found or book.bad):
            return book
        yield from book.compact_in_steps(self.classify, self.recent)  # (a big history merges as its recent games)
        ids = yield from book.ids_in_steps()
        if all(book.holds(additions, ids) for _, additions in found) and not book.bad and not alone:
            self._forget(found, book, ids)
            return book
        for _, additions in found:
            yield from book.merge_in_steps(additions)
        yield from book.compact_in_steps(self.classify, self.recent)
        ids = yield from book.ids_in_steps()  # (now: from the last check to the removals below, one step)
        text = yield from wrap_in_steps((yield from book.to_data_in_steps()))
        if writes != self._history_writes or not self.store.holds_text(HISTORY, read):
            return book  # (written meanwhile, by this game or another: what was read is older)
        self._history_writes += 1
        if not self.store.put_text(HISTORY, text):
            return book
        self._kept_bad.clear()
        if self.store.holds_text(HISTORY, text):  # (read back: no other writer wrote over it meanwhile)
            for key, additions in found:
                if book.holds(additions, ids) and (alone or clock() - additions.added >= GRACE_SECONDS):
                    self.store.delete(key)
        return book

    def _forget(self, found: list[tuple[str, Additions]], book: Book, ids: set[str]) -> None:
        """Remove the additions the history holds (its games' ids: ``ids``) that are old enough (nothing to
        write)."""
        for key, additions in found:
            if book.holds(additions, ids) and clock() - additions.added >= GRACE_SECONDS:
                self.store.delete(key)

    def _additions(self) -> list[tuple[str, Additions]]:
        """The additions saved but not merged yet; one that is unusable is kept aside."""
        found = []
        for key in sorted(name for name in self.store.names() if is_addition_key(name)):
            value = self.store.get(key)
            if value is None:
                continue
            try:
                found.append((key, Additions.from_data(value)))
            except RecordError as error:
                self.store.quarantine(key, str(error))
        return found

    def _whole_book(self) -> Work[Book]:
        """The stored history with every addition saved or waiting merged in."""
        book = (yield from self._stored_book()) or Book()
        for _, additions in self._additions():
            yield from book.merge_in_steps(additions)
        for waiting in self.unsaved:
            yield from book.merge_in_steps(waiting)
        return book

    def _stored_book(self) -> Work[Book | None]:
        """The stored history with its unreadable parts kept aside; None while it cannot be written over."""
        book, _ = yield from self._stored()
        return book

    def _stored(self) -> Work[tuple[Book | None, str | None]]:
        """:meth:`_stored_book`, and the stored text it was read from (None: none)."""
        if self.clearing:
            return Book(), None
        value, text = yield from self.store.read_in_steps(HISTORY)
        if HISTORY in self.store.stuck:
            return None, text
        book = yield from read_book_in_steps(value, self.board_name, self.recent)
        for part in value.values() if isinstance(value, dict) else [value]:
            if isinstance(part, list):  # (what was read, freed in steps: a big history's games)
                yield from release_in_steps(part)
        if book.unusable:
            self.store.quarantine(HISTORY, book.unusable)
            return (None if HISTORY in self.store.stuck else Book()), None
        if book.bad:
            notice = Notice(KEPT_GAMES, HISTORY, book.bad_reason, count=len(book.bad))
            bad = repr(book.bad)
            if bad in self._kept_bad or self.store.keep_aside(HISTORY, book.bad, notice):
                self._kept_bad.add(bad)
            else:
                return None, text  # (what cannot be shown is not dropped before it is kept)
        return book, text

    def _tell_how_saving_goes(self) -> None:
        if self.has_pending and not self.failing:
            self.failing = True
            self.notices.append(Notice(CANNOT_SAVE, why=self.store.fault or Why.NOT_WORKING))
        elif not self.has_pending and self.failing:
            self.failing = False
            self.notices.append(Notice(SAVING_AGAIN))
