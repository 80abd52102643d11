"""The storage layer: round trips, bad data moved aside and reported, failures reported instead of raised."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from storage_fakes import FakeLocalStorage, PyodideLocalStorage

from game.page import use as use_page
from game.page.memory import MemoryPage
from game.play.notices import notice_text
from game.storage import (
    BrowserStore,
    FileStore,
    MemoryStore,
    Notice,
    Store,
    StoreError,
    default_data_dir,
    open_store,
)
from game.storage.files import STALE_SECONDS, remove_stale_temporaries
from game.storage.reasons import Why

SETTINGS = {"shape": "square", "size": [3, 3], "seats": ["human", "computer:easy"], "sound": False, "name": "Zoé"}


class Backend:
    """One store under test plus raw access to what it keeps, so tests can plant and inspect stored texts."""

    def __init__(self, kind: str, tmp_path: Path) -> None:
        self.kind = kind
        if kind == "memory":
            self.store: Store = MemoryStore()
        elif kind == "file":
            self.store = FileStore(tmp_path / "data")
        else:
            self.local = FakeLocalStorage() if kind == "browser" else PyodideLocalStorage()
            self.store = BrowserStore(self.local)

    def plant(self, key: str, text: str) -> None:
        if self.kind == "memory":
            self.store.texts[key] = text
        elif self.kind == "file":
            self.store.folder.mkdir(parents=True, exist_ok=True)
            self.store.path(key).write_text(text, encoding="utf-8")
        else:
            self.local.items[f"pipopipette.{key}"] = text

    def raw(self, key: str) -> str | None:
        if self.kind == "memory":
            return self.store.texts.get(key)
        if self.kind == "file":
            path = self.store.path(key)
            return path.read_text(encoding="utf-8") if path.exists() else None
        return self.local.items.get(f"pipopipette.{key}")


@pytest.fixture(params=["memory", "file", "browser", "pyodide"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    return Backend(request.param, tmp_path)


def test_round_trip(backend: Backend) -> None:
    assert backend.store.put("settings", SETTINGS) is True
    assert backend.store.get("settings") == SETTINGS
    assert backend.store.put("history", [{"scores": [5, 4]}]) is True
    assert backend.store.get("history") == [{"scores": [5, 4]}]
    assert backend.store.get("settings") == SETTINGS
    assert backend.store.notices == []


def test_a_fresh_store_opens_when_reopened_on_the_same_medium(tmp_path: Path) -> None:
    FileStore(tmp_path).put("settings", SETTINGS)
    assert FileStore(tmp_path).get("settings") == SETTINGS


def test_stored_text_is_a_versioned_envelope(backend: Backend) -> None:
    backend.store.put("settings", SETTINGS)
    assert json.loads(backend.raw("settings")) == {"schema": 3, "app": "pipopipette", "data": SETTINGS}


def test_schema_1_values_are_still_read(backend: Backend) -> None:
    backend.plant("settings", json.dumps({"schema": 1, "app": "pipopipette", "data": SETTINGS}))
    assert backend.store.get("settings") == SETTINGS


def test_missing_key_is_none_without_notice(backend: Backend) -> None:
    assert backend.store.get("unfinished") is None
    assert backend.store.notices == []


def test_overwrite_and_delete(backend: Backend) -> None:
    backend.store.put("settings", {"a": 1})
    backend.store.put("settings", {"a": 2})
    assert backend.store.get("settings") == {"a": 2}
    assert backend.store.delete("settings") is True
    assert backend.store.get("settings") is None
    assert backend.store.delete("settings") is True
    assert backend.store.notices == []


BAD_TEXTS = {
    "corrupt json": ('{"schema": 1, "app": "pipopipette", "data": {', "damaged"),
    "empty text": ("", "damaged"),
    "not an envelope": ("[1, 2, 3]", "format"),
    "plain number": ("42", "format"),
    "another program": ('{"schema": 1, "app": "other", "data": {}}', "another program"),
    "no app": ('{"schema": 1, "data": {}}', "another program"),
    "newer schema": ('{"schema": 4, "app": "pipopipette", "data": {}}', "newer version"),
    "schema is text": ('{"schema": "1", "app": "pipopipette", "data": {}}', "format version"),
    "schema is a boolean": ('{"schema": true, "app": "pipopipette", "data": {}}', "format version"),
    "schema zero": ('{"schema": 0, "app": "pipopipette", "data": {}}', "format version"),
    "no data": ('{"schema": 1, "app": "pipopipette"}', "incomplete"),
}


@pytest.mark.parametrize("case", sorted(BAD_TEXTS))
def test_unusable_value_is_moved_aside_and_reported(backend: Backend, case: str) -> None:
    text, words = BAD_TEXTS[case]
    backend.plant("settings", text)
    assert backend.store.get("settings") is None
    assert backend.raw("settings") is None
    assert backend.raw("settings.bad-1") == text
    [notice] = map(notice_text, backend.store.notices)
    assert words in notice and notice.startswith("Your saved settings could not be read") and ".bad" not in notice
    assert backend.store.get("settings") is None
    assert len(backend.store.notices) == 1


def test_earlier_unusable_values_are_all_kept(backend: Backend) -> None:
    backend.plant("settings", "first {")
    backend.store.get("settings")
    backend.plant("settings", "second {")
    backend.store.get("settings")
    assert backend.raw("settings.bad-1") == "first {"
    assert backend.raw("settings.bad-2") == "second {"
    assert backend.store.put("settings", SETTINGS) is True
    assert backend.store.get("settings") == SETTINGS
    assert len(backend.store.pop_notices()) == 2
    assert backend.store.notices == []


def test_app_quarantines_a_semantically_invalid_value(backend: Backend) -> None:
    backend.store.put("settings", {"shape": "octagon"})
    backend.store.quarantine("settings", "unknown board shape")
    assert backend.store.get("settings") is None
    assert json.loads(backend.raw("settings.bad-1"))["data"] == {"shape": "octagon"}
    [notice] = map(notice_text, backend.store.notices)
    assert "unknown board shape" in notice


def test_quarantine_of_a_missing_key_does_nothing(backend: Backend) -> None:
    backend.store.quarantine("settings", "whatever")
    assert backend.store.notices == []
    assert backend.raw("settings.bad-1") is None


@pytest.mark.parametrize("value", [{1, 2}, {"x": float("nan")}, object()])
def test_put_of_non_json_value_is_a_programming_error_and_keeps_the_old_one(backend: Backend, value: object) -> None:
    backend.store.put("settings", SETTINGS)
    with pytest.raises((TypeError, ValueError)):
        backend.store.put("settings", value)
    assert backend.store.get("settings") == SETTINGS


@pytest.mark.parametrize("key", ["", "Settings", "a.b", "../x", "a/b", "x" * 65, None])
def test_malformed_keys_are_a_programming_error(key: object) -> None:
    with pytest.raises(ValueError):
        MemoryStore().get(key)  # type: ignore[arg-type]


def test_browser_keys_are_namespaced() -> None:
    local = FakeLocalStorage()
    local.items["other-site-key"] = "untouched"
    BrowserStore(local).put("settings", SETTINGS)
    BrowserStore(local, namespace="test").put("settings", [1])
    assert set(local.items) == {"other-site-key", "pipopipette.settings", "test.settings"}
    assert BrowserStore(local).get("settings") == SETTINGS


def test_browser_quota_error_on_put_is_reported_and_keeps_the_old_value() -> None:
    local = FakeLocalStorage(quota=200)
    store = BrowserStore(local)
    assert store.put("settings", {"a": 1}) is True
    assert store.put("settings", {"a": "x" * 500}) is False
    assert store.get("settings") == {"a": 1}
    assert store.fault == Why.BROWSER_FULL and store.notices == []


def test_browser_quota_error_while_moving_aside_keeps_the_value_in_place() -> None:
    local = FakeLocalStorage(quota=30)
    local.items["pipopipette.settings"] = "x" * 25
    store = BrowserStore(local)
    assert store.get("settings") is None
    assert local.items["pipopipette.settings"] == "x" * 25
    [notice] = map(notice_text, store.notices)
    assert "nor moved aside" in notice and "nothing will be saved over it" in notice
    assert store.put("settings", {"a": 1}) is False, "nothing is written over the unreadable value"
    assert local.items["pipopipette.settings"] == "x" * 25


class BrokenLocalStorage(FakeLocalStorage):
    def getItem(self, key: str) -> str | None:
        raise RuntimeError("SecurityError: storage is disabled")

    def removeItem(self, key: str) -> None:
        raise RuntimeError("SecurityError: storage is disabled")


def test_browser_with_storage_disabled_never_raises() -> None:
    store = BrowserStore(BrokenLocalStorage())
    assert store.get("settings") is None
    assert store.delete("settings") is False
    store.quarantine("settings", "bad")
    assert store.fault == Why.BROWSER_NO_SAVING
    assert store.kept() == [] and store.stored_bytes() == 0


def test_file_store_creates_its_folder_and_one_file_per_key(tmp_path: Path) -> None:
    folder = tmp_path / "deep" / "pipopipette"
    store = FileStore(folder)
    store.put("settings", SETTINGS)
    store.put("history", [])
    assert sorted(p.name for p in folder.iterdir()) == ["history.json", "settings.json"]


def test_file_that_is_not_text_is_moved_aside_byte_for_byte(tmp_path: Path) -> None:
    store = FileStore(tmp_path)
    (tmp_path / "settings.json").write_bytes(b"\xff\xfe\x00garbage")
    assert store.get("settings") is None
    assert (tmp_path / "settings.bad-1.json").read_bytes() == b"\xff\xfe\x00garbage"
    assert not (tmp_path / "settings.json").exists()
    [notice] = map(notice_text, store.notices)
    assert "not text" in notice
    assert store.kept() == ["settings.bad-1"]


def test_unreadable_file_is_moved_aside(tmp_path: Path) -> None:
    store = FileStore(tmp_path)
    (tmp_path / "settings.json").mkdir()
    assert store.get("settings") is None
    assert (tmp_path / "settings.bad-1.json").is_dir()
    assert store.put("settings", SETTINGS) is True
    assert store.get("settings") == SETTINGS
    assert len(store.notices) == 1


def test_unreadable_file_that_cannot_be_moved_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = FileStore(tmp_path)
    (tmp_path / "settings.json").mkdir()

    def refuse(*_args: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    assert store.get("settings") is None
    assert (tmp_path / "settings.json").is_dir()
    [notice] = map(notice_text, store.notices)
    assert "nor moved aside (the data folder is read-only)" in notice


@pytest.mark.parametrize("failing", ["replace", "fsync"])
def test_failed_write_leaves_the_old_file_and_no_partial_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    store = FileStore(tmp_path)
    store.put("settings", SETTINGS)
    before = (tmp_path / "settings.json").read_bytes()

    def fail(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, failing, fail)
    assert store.put("settings", {"changed": True}) is False
    monkeypatch.undo()
    assert (tmp_path / "settings.json").read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]
    assert store.fault == Why.DISK_FULL and store.notices == []
    assert store.get("settings") == SETTINGS


def test_put_into_an_impossible_folder_is_reported(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    store = FileStore(blocker / "pipopipette")
    assert store.put("settings", SETTINGS) is False
    assert store.get("settings") is None
    assert store.fault


def test_data_dir_choice() -> None:
    home = {"HOME": "/home/ann"}
    assert default_data_dir(environ={**home, "PIPOPIPETTE_DATA_DIR": "/tmp/pp"}, system="linux") == Path("/tmp/pp")
    assert default_data_dir(environ=home, system="linux") == Path("/home/ann/.local/share/pipopipette")
    assert default_data_dir(environ={**home, "XDG_DATA_HOME": "/x"}, system="linux") == Path("/x/pipopipette")
    assert default_data_dir(environ={**home, "XDG_DATA_HOME": "rel"}, system="linux") == Path(
        "/home/ann/.local/share/pipopipette"
    )
    assert default_data_dir(environ={**home, "APPDATA": "/appdata"}, system="win32") == Path("/appdata/pipopipette")
    assert default_data_dir(environ=home, system="darwin") == Path("/home/ann/Library/Application Support/pipopipette")
    assert default_data_dir("other", environ=home, system="linux") == Path("/home/ann/.local/share/other")


def test_open_store_on_the_desktop_uses_files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PIPOPIPETTE_DATA_DIR", str(tmp_path))
    store = open_store()
    assert isinstance(store, FileStore)
    store.put("settings", SETTINGS)
    assert (tmp_path / "settings.json").exists()


def test_open_store_in_the_browser_uses_local_storage(monkeypatch: pytest.MonkeyPatch) -> None:
    local = FakeLocalStorage()
    monkeypatch.setattr(sys, "platform", "emscripten")
    use_page(MemoryPage(storage=local))
    store = open_store()
    assert isinstance(store, BrowserStore)
    store.put("settings", SETTINGS)
    assert json.loads(local.items["pipopipette.settings"])["data"] == SETTINGS
    assert open_store().get("settings") == SETTINGS


def test_open_store_in_a_browser_without_storage_reports_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "emscripten")
    use_page(MemoryPage(storage=None))
    store = open_store()
    assert store.put("settings", SETTINGS) is False
    assert store.fault == Why.BROWSER_NO_SAVING


def test_storage_imports_no_pygame() -> None:
    code = "import sys, game.storage; sys.exit('pygame' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parents[1], check=False)
    assert result.returncode == 0


# -- what mutation testing found unchecked (docs/testing.md) --------------------------------------------------------
def test_kept_and_stored_bytes_see_every_saved_value_and_only_those(backend: Backend) -> None:
    backend.store.put("settings", SETTINGS)
    backend.plant("history", "{damaged")
    backend.store.get("history")
    assert sorted(backend.store.kept()) == ["history.bad-1"]
    texts = [backend.raw("settings"), "{damaged"]
    assert backend.store.stored_bytes() == sum(len(text.encode("utf-8")) for text in texts)


def test_open_store_names_its_folder_or_its_keys_after_the_namespace(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PIPOPIPETTE_DATA_DIR", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "platform", "linux")
    open_store("other-game").put("settings", SETTINGS)
    assert (tmp_path / "other-game" / "settings.json").exists()
    local = FakeLocalStorage()
    monkeypatch.setattr(sys, "platform", "emscripten")
    use_page(MemoryPage(storage=local))
    open_store("other-game").put("settings", SETTINGS)
    assert list(local.items) == ["other-game.settings"]


def test_data_dir_follows_the_running_platform_unless_told(monkeypatch: pytest.MonkeyPatch) -> None:
    home = {"HOME": "/home/ann"}
    monkeypatch.setattr(sys, "platform", "darwin")
    assert default_data_dir(environ=home) == Path("/home/ann/Library/Application Support/pipopipette")
    assert default_data_dir(environ=home, system="linux") == Path("/home/ann/.local/share/pipopipette")


def test_data_dir_on_windows_without_appdata_is_in_the_home_folder() -> None:
    assert default_data_dir(environ={"HOME": "/home/ann"}, system="win32") == Path(
        "/home/ann/AppData/Roaming/pipopipette"
    )


class TextProxy:
    """A JavaScript string as some browser bridges hand it over: not a Python str, but it converts to one."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __bool__(self) -> bool:
        return True

    def __str__(self) -> str:
        return self.text


class ProxyLocalStorage(FakeLocalStorage):
    def getItem(self, key: str) -> object:
        return TextProxy(self.items[key]) if key in self.items else None


def test_browser_values_handed_over_as_string_objects_are_read() -> None:
    local = ProxyLocalStorage()
    BrowserStore(local).put("settings", SETTINGS)
    store = BrowserStore(local)
    assert store.get("settings") == SETTINGS and store.notices == []


class RefusingLocalStorage(FakeLocalStorage):
    """setItem fails with the given exception."""

    def __init__(self, error: Exception) -> None:
        super().__init__()
        self.error = error

    def setItem(self, key: str, value: str) -> None:
        raise self.error


class QuotaExceededError(Exception):
    pass


@pytest.mark.parametrize(
    ("error", "fault"),
    [
        (QuotaExceededError(), Why.BROWSER_FULL),  # the name says it, the message is empty
        (RuntimeError("QuotaExceededError"), Why.BROWSER_FULL),
        (RuntimeError("the quota for this site is used up"), Why.BROWSER_FULL),
        (RuntimeError("SecurityError: The operation is insecure."), Why.BROWSER_NO_SAVING),
        (RuntimeError("access denied"), Why.BROWSER_NO_SAVING),
        (RuntimeError("InvalidStateError"), Why.BROWSER_REFUSED),
    ],
)
def test_a_browser_refusal_is_told_in_words_from_its_exception(error: Exception, fault: str) -> None:
    store = BrowserStore(RefusingLocalStorage(error))
    assert store.put("settings", SETTINGS) is False
    assert store.fault == fault


def test_a_failed_browser_read_alone_says_why() -> None:
    store = BrowserStore(BrokenLocalStorage())
    assert store.get("settings") is None
    assert store.fault == Why.BROWSER_NO_SAVING and store.notices == []


def test_another_namespace_on_the_same_site_is_neither_kept_nor_counted() -> None:
    local = FakeLocalStorage()
    BrowserStore(local, namespace="another-app").put("history", [1])
    local.items["another-app.history.bad-1"] = "kept by the other app"
    assert BrowserStore(local).kept() == [] and BrowserStore(local).stored_bytes() == 0
    assert BrowserStore(local, namespace="another-app").kept() == ["history.bad-1"]


def test_browser_storage_that_cannot_be_reached_lists_and_counts_nothing() -> None:
    page = MemoryPage()
    BrowserStore(page.local_storage).put("settings", SETTINGS)
    page.storage_blocked = True
    store = BrowserStore(page.local_storage)
    assert store.kept() == [] and store.stored_bytes() == 0


class VanishingLocalStorage(FakeLocalStorage):
    """A key another tab removes between listing the keys and reading one: listed, then gone."""

    def key(self, index: int) -> str | None:
        return [*self.items, "pipopipette.unfinished"][index] if index <= len(self.items) else None

    @property
    def length(self) -> int:
        return len(self.items) + 1


def test_a_key_removed_by_another_tab_while_counting_counts_nothing() -> None:
    local = VanishingLocalStorage()
    store = BrowserStore(local)
    store.put("settings", SETTINGS)
    assert store.stored_bytes() == len(local.items["pipopipette.settings"].encode("utf-8"))


class SizeFailing(MemoryStore):
    """A medium that cannot tell the size of one key."""

    def __init__(self, failing: str) -> None:
        super().__init__()
        self.failing = failing

    def _size(self, key: str) -> int:
        if key == self.failing:
            raise StoreError(Why.FOLDER_REFUSED)
        return super()._size(key)


def test_a_value_whose_size_cannot_be_read_is_left_out_of_the_count() -> None:
    store = SizeFailing("history")
    store.put("history", [1, 2, 3])  # listed first, so the others are counted after the failure
    store.put("settings", SETTINGS)
    store.put("puzzles", {"solved": []})
    assert store.stored_bytes() == len(store.texts["settings"].encode()) + len(store.texts["puzzles"].encode())


def test_a_quarantine_while_browser_storage_is_off_leaves_the_value_stuck_until_it_is_moved() -> None:
    page = MemoryPage()
    store = BrowserStore(page.local_storage)
    store.put("settings", {"shape": "octagon"})
    page.storage_blocked = True
    store.quarantine("settings", "unknown board shape")
    assert "settings" in store.stuck
    [notice] = store.notices
    assert (notice.kind, notice.key, notice.why) == ("stuck", "settings", "unknown board shape")
    page.storage_blocked = False
    assert store.put("settings", SETTINGS) is True
    assert json.loads(page.storage.items["pipopipette.settings.bad-1"])["data"] == {"shape": "octagon"}
    assert store.get("settings") == SETTINGS and "settings" not in store.stuck


def stuck_browser_store(quota: int) -> tuple[FakeLocalStorage, BrowserStore]:
    """A browser store whose unreadable settings (40 characters) could not be moved aside for lack of room."""
    local = FakeLocalStorage(quota=quota)
    local.items["pipopipette.settings"] = "x" * 40
    store = BrowserStore(local)
    assert store.get("settings") is None
    return local, store


def test_a_stuck_value_is_told_as_a_fact_naming_its_key_reason_and_error() -> None:
    _, store = stuck_browser_store(quota=60)
    assert store.notices == [Notice("stuck", "settings", Why.DAMAGED, Why.BROWSER_FULL)]
    assert store.stuck == {"settings"}


def test_nothing_is_written_over_a_stuck_value_even_when_the_new_one_would_fit() -> None:
    local, store = stuck_browser_store(quota=60)  # the new value (53 characters) fits in place of the old one
    assert store.put("settings", {"a": 1}) is False
    assert store.delete("settings") is False
    assert local.items["pipopipette.settings"] == "x" * 40
    assert store.fault == Why.BROWSER_FULL


def test_deleting_a_stuck_value_moves_it_aside_once_there_is_room() -> None:
    local, store = stuck_browser_store(quota=60)
    local.quota = None
    assert store.delete("settings") is True
    assert local.items == {"pipopipette.settings.bad-1": "x" * 40}
    assert store.stuck == set()
    assert store.put("settings", {"a": 1}) is True
    assert set(local.items) == {"pipopipette.settings", "pipopipette.settings.bad-1"}


def test_keeping_part_of_a_value_aside_without_room_says_why_and_tells_nothing() -> None:
    store = BrowserStore(FakeLocalStorage(quota=10))
    notice = Notice("kept-games", "history", Why.GAME_BAD_DATE, count=1)
    assert store.keep_aside("history", [{"date": "yesterday"}], notice) is False
    assert store.fault == Why.BROWSER_FULL and store.notices == []
    local = FakeLocalStorage()
    roomy = BrowserStore(local)
    assert roomy.keep_aside("history", [{"date": "yesterday"}], notice) is True
    assert roomy.notices == [notice]
    assert json.loads(local.items["pipopipette.history.bad-1"])["data"] == [{"date": "yesterday"}]


def test_a_thousand_unreadable_copies_are_kept_and_the_next_one_is_left_in_place() -> None:
    store = MemoryStore()
    for number in range(1, 1000):
        store.texts[f"settings.bad-{number}"] = "old"
    store.texts["settings"] = "{the thousandth"
    assert store.get("settings") is None
    assert store.texts["settings.bad-1000"] == "{the thousandth" and "settings" not in store.texts
    store.texts["settings"] = "{one more"
    store.pop_notices()
    assert store.get("settings") is None
    assert store.texts["settings"] == "{one more" and "settings.bad-1001" not in store.texts
    assert store.notices == [Notice("stuck", "settings", Why.DAMAGED, Why.TOO_MANY_KEPT)]


def test_a_file_that_cannot_be_read_is_moved_aside_with_the_reason(tmp_path: Path) -> None:
    (tmp_path / "settings.json").mkdir()  # a folder where the file should be: reading it fails (not "not found")
    store = FileStore(tmp_path)
    assert store.get("settings") is None
    assert store.notices == [Notice("kept", "settings", Why.FOLDER_REFUSED)]


def test_a_file_that_cannot_be_removed_says_why(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store = FileStore(tmp_path)
    store.put("settings", SETTINGS)

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(Path, "unlink", refuse)
    assert store.delete("settings") is False
    assert store.fault == Why.FOLDER_READ_ONLY


def test_a_data_folder_that_cannot_be_listed_keeps_and_counts_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = FileStore(tmp_path)
    store.put("settings", SETTINGS)

    def refuse(*_args: object, **_kwargs: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(Path, "iterdir", refuse)
    assert store.kept() == [] and store.stored_bytes() == 0


def test_a_file_whose_size_cannot_be_read_is_left_out_of_the_count(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = FileStore(tmp_path)
    store.put("settings", SETTINGS)
    store.put("history", [1])
    real_stat = Path.stat

    def stat(path: Path, *args: object, **kwargs: object) -> os.stat_result:
        if path.name == "history.json":
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_stat(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Path, "stat", stat)
    assert store.stored_bytes() == len((tmp_path / "settings.json").read_bytes())


def test_a_write_cut_short_leaves_only_a_hidden_temporary_file_beside_the_old_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = FileStore(tmp_path)
    store.put("settings", SETTINGS)

    def power_cut(_fd: int) -> None:
        raise KeyboardInterrupt  # not an OSError: nothing is cleaned up, as after a crash

    monkeypatch.setattr(os, "fsync", power_cut)
    with pytest.raises(KeyboardInterrupt):
        store.put("settings", {"changed": True})
    monkeypatch.undo()
    [left] = [path.name for path in tmp_path.iterdir() if path.name != "settings.json"]
    assert left.startswith(".settings.") and left.endswith(".tmp")
    reopened = FileStore(tmp_path)
    assert reopened.get("settings") == SETTINGS
    assert reopened.kept() == [] and reopened.stored_bytes() == len((tmp_path / "settings.json").read_bytes())


def test_temporary_files_killed_writers_left_are_removed_once_stale_and_a_live_writers_kept(tmp_path: Path) -> None:
    now = time.time()
    ages = {".history.a1.tmp": STALE_SECONDS + 60, ".settings.b2.tmp": STALE_SECONDS - 60, ".history.c3.tmp": 0}
    for name, age in ages.items():
        (tmp_path / name).write_text("{")
        os.utime(tmp_path / name, (now - age, now - age))
    (tmp_path / "notes.tmp").write_text("the player's own")  # not hidden: not ours
    os.utime(tmp_path / "notes.tmp", (now - 10 * STALE_SECONDS, now - 10 * STALE_SECONDS))
    store = FileStore(tmp_path)
    assert store.get("history") is None and (tmp_path / ".history.a1.tmp").exists(), "a read removes nothing"
    assert store.put("settings", SETTINGS)
    names = sorted(path.name for path in tmp_path.iterdir())
    assert names == [".history.c3.tmp", ".settings.b2.tmp", "notes.tmp", "settings.json"]
    assert remove_stale_temporaries(tmp_path, now + 60) == 1, "a minute on, the older one is stale"
    assert sorted(path.name for path in tmp_path.iterdir())[0] == ".history.c3.tmp"
    assert remove_stale_temporaries(tmp_path / "missing") == 0


def test_a_temporary_file_that_cannot_be_removed_after_a_failed_write_is_no_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = FileStore(tmp_path)

    def fail(*_args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", fail)
    monkeypatch.setattr(os, "unlink", fail)
    assert store.put("settings", SETTINGS) is False
    assert store.fault == Why.DISK_FULL


def stuck_file_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> FileStore:
    """A file store whose unreadable settings (a folder in the file's place) could not be moved aside."""
    (tmp_path / "settings.json").mkdir()

    def refuse(*_args: object) -> None:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(os, "replace", refuse)
    store = FileStore(tmp_path)
    assert store.get("settings") is None and store.stuck == {"settings"}
    monkeypatch.undo()
    return store


def test_a_stuck_value_removed_by_someone_else_no_longer_blocks_saving(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = stuck_file_store(tmp_path, monkeypatch)
    (tmp_path / "settings.json").rmdir()  # the player (or another program) removed it
    assert store.get("settings") is None and store.stuck == set()
    assert store.put("settings", SETTINGS) is True and store.get("settings") == SETTINGS


def test_a_stuck_value_replaced_by_a_readable_one_is_used_and_not_moved_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = stuck_file_store(tmp_path, monkeypatch)
    (tmp_path / "settings.json").rmdir()
    FileStore(tmp_path).put("settings", {"shape": "hex"})  # another tab or program wrote a good value there
    assert store.get("settings") == {"shape": "hex"} and store.stuck == set()
    assert store.put("settings", SETTINGS) is True
    assert sorted(path.name for path in tmp_path.iterdir()) == ["settings.json"]


def test_stored_text_is_readable_utf_8_and_a_fresh_store_has_no_fault(backend: Backend) -> None:
    assert backend.store.fault == ""
    backend.store.put("settings", SETTINGS)
    assert '"name": "Zoé"' in backend.raw("settings")  # as written, not escaped to \\u00e9
    assert backend.store.fault == ""


@pytest.mark.parametrize(("key", "shown"), [("a.b", "'a.b'"), (None, "None"), ("", "''")])
def test_a_malformed_key_is_named_in_the_error(key: object, shown: str) -> None:
    with pytest.raises(ValueError) as caught:
        MemoryStore().put(key, 1)  # type: ignore[arg-type]
    assert str(caught.value) == f"invalid storage key: {shown}"
