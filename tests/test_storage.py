"""The storage layer: round trips, bad data moved aside and reported, failures reported instead of raised."""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from storage_fakes import FakeLocalStorage, PyodideLocalStorage

from game.app.notices import notice_text
from game.storage import (
    BrowserStore,
    FileStore,
    MemoryStore,
    Store,
    default_data_dir,
    open_store,
)

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
    assert json.loads(backend.raw("settings")) == {"schema": 2, "app": "pipopipette", "data": SETTINGS}


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
    "newer schema": ('{"schema": 3, "app": "pipopipette", "data": {}}', "newer version"),
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
    assert store.fault == "the browser's storage is full" and store.notices == []


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
    assert store.fault == "this browser does not allow saving"
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
    assert store.fault == "the disk is full" and store.notices == []
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
    monkeypatch.setattr(platform, "window", SimpleNamespace(localStorage=local), raising=False)
    store = open_store()
    assert isinstance(store, BrowserStore)
    store.put("settings", SETTINGS)
    assert json.loads(local.items["pipopipette.settings"])["data"] == SETTINGS
    assert open_store().get("settings") == SETTINGS


def test_open_store_in_a_browser_without_storage_reports_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(platform, "window", SimpleNamespace(localStorage=None), raising=False)
    store = open_store()
    assert store.put("settings", SETTINGS) is False
    assert store.fault == "this browser does not allow saving"


def test_storage_imports_no_pygame() -> None:
    code = "import sys, game.storage; sys.exit('pygame' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).resolve().parents[1], check=False)
    assert result.returncode == 0
