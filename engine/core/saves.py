"""The saves in the user's folder: what each one is (game, seats, date, round, finished, damaged) for Continue and Load.

Reading every save at each visit of the menu costs seconds once there are
hundreds, so the folder keeps a small index (`.index.json`) of each save's
header by file name, size and modification time: only saves that changed are
read again. The index is only a cache: a damaged or missing one is rebuilt.
"""
from __future__ import annotations

import json
import os
import time
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, cast

from engine.core import paths, registry
from engine.core.errors import DataError
from engine.core.match import check_save
from engine.core.words import Words, nwords
from engine.core.savefile import (
    background_writer,
    parse_save_text,
    read_save_text,
    remove_stale_temps,
    write_atomic,
    written_here,
)

INDEX_NAME = ".index.json"
INDEX_VERSION = 2  # 2: a problem is kept as its template and fields (shown in the player's language)
MAX_INDEX_BYTES = 8 * 1024 * 1024  # a few hundred bytes a save: far beyond any real folder
KEEP_FINISHED = 50  # finished games kept by default (Settings changes it)
FLUSH_SECONDS = 3.0  # a save takes milliseconds; a disk that hangs longer is not waited for
MENU_BUDGET_SECONDS = 0.25  # reading not-yet-indexed saves at a menu visit, once Continue's save is found

Stamp = tuple[int, int]  # (size, mtime_ns): a save is read again only when this changes


@dataclass(frozen=True)
class SaveInfo:
    """One save file as a list of saves shows it; `problem` says why it cannot be opened, if it cannot."""

    path: Path
    game: str = ""
    seats: list[str] = field(default_factory=list)
    updated: str = ""
    finished: bool = False
    actions: int = 0
    summary: dict[str, Any] = field(default_factory=dict)
    problem: str | None = None

    @property
    def damaged(self) -> bool:
        return self.problem is not None

    def to_json(self) -> dict[str, Any]:
        d = asdict(self)
        del d["path"]
        d["problem"] = words_to_json(self.problem)
        return d

    @classmethod
    def from_json(cls, path: Path, d: dict[str, Any]) -> "SaveInfo":
        return cls(path=path, game=str(d["game"]), seats=[str(s) for s in d["seats"]], updated=str(d["updated"]),
                   finished=bool(d["finished"]), actions=int(d["actions"]), summary=dict(d["summary"]),
                   problem=None if d["problem"] is None else _text_from_json(d["problem"]))


def read_info(path: Path) -> SaveInfo:
    """The header of a save; a file that is not a readable save comes back with its problem (it is left untouched).

    Everything but the replay is checked: the fields, the seats, the options and
    the shape of every action. Whether each action is legal where it stands is
    known only once the game is loaded (see SaveIndex.mark).
    """
    try:
        data = parse_save_text(read_save_text(path), path)
    except DataError as exc:
        return SaveInfo(path=path, problem=_problem(exc))
    info = _header(path, data)
    name = data.get("game")
    game = registry.find(name) if isinstance(name, str) else None
    if game is None and isinstance(name, str):
        return info  # a game that is not installed is listed as such, not as damaged
    try:
        # check_save refuses a game that is not a name before asking for its rules: game is not None there.
        check_save(data, lambda _: _rules_of(cast(registry.GameInfo, game)), path)
    except DataError as exc:
        return replace(info, problem=_problem(exc))
    return info


_RULES: dict[str, Any] = {}


def _rules_of(game: registry.GameInfo) -> Any:
    """One rules object per game for checking headers (making one reads the game's data files: ~10 ms)."""
    rules = _RULES.get(game.id)
    if rules is None:
        rules = _RULES[game.id] = game.make_rules()
    return rules


def _header(path: Path, data: dict[str, Any]) -> SaveInfo:
    """What the list can show of a save's fields, whatever shape they are in (a damaged save shows what it can)."""
    seats = data.get("seats")
    actions = data.get("actions")
    summary = data.get("summary")
    game = data.get("game")
    return SaveInfo(
        path=path,
        game=game if isinstance(game, str) else "",
        seats=[str(s["name"]) for s in seats if isinstance(s, dict) and isinstance(s.get("name"), str)]
        if isinstance(seats, list) else [],
        updated=str(data.get("updated", "")),
        finished=data.get("finished") is True,
        actions=len(actions) if isinstance(actions, list) else 0,
        # Only what the list shows: plain numbers and words, so the index stays plain JSON.
        summary={str(k): v for k, v in summary.items() if isinstance(v, (int, float, str)) and not isinstance(v, bool)}
        if isinstance(summary, dict) else {},
    )


def _problem(exc: DataError) -> str:
    return exc.in_file()


def _text_from_json(data: Any) -> str:
    text = words_from_json(data)
    if not isinstance(text, str):
        raise ValueError("a problem is text")
    return text


def words_to_json(text: Any) -> Any:
    """Text as plain JSON that keeps `Words` translatable: {"template", "plural", "fields"} (fields likewise)."""
    if isinstance(text, Words):
        return {"template": text.template, "plural": text.plural,
                "fields": {k: words_to_json(v) for k, v in text.fields.items()}}
    return text


def words_from_json(data: Any) -> Any:
    """What words_to_json made, as `Words` again (a plain string or number as it is); ValueError when malformed."""
    if isinstance(data, dict):
        template, plural, fields = data.get("template"), data.get("plural"), data.get("fields")
        if not isinstance(template, str) or not isinstance(fields, dict) or not isinstance(plural, (str, type(None))):
            raise ValueError("not words")
        said = {str(k): words_from_json(v) for k, v in fields.items()}
        try:
            if plural is not None:
                n = said.pop("n")
                return nwords(template, plural, int(n), **said)
            return Words(template, **said)
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise ValueError(f"words that do not fit their template: {exc}") from None
    if isinstance(data, (str, int, float)) or data is None:
        return data
    raise ValueError("not words")


class SaveIndex:
    """The headers of a folder's saves, read again only for files whose size or time changed."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or paths.autosave_dir()
        self.entries: dict[str, dict[str, Any]] = {}
        self.changed = False
        self._read()

    @property
    def path(self) -> Path:
        return self.folder / INDEX_NAME

    def _read(self) -> None:
        try:
            if self.path.stat().st_size > MAX_INDEX_BYTES:
                return
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if isinstance(data, dict) and data.get("version") == INDEX_VERSION and isinstance(data.get("entries"), dict):
                self.entries = data["entries"]
        except (OSError, ValueError, UnicodeDecodeError):
            self.entries = {}  # no index yet, or a damaged one: every save is read once more

    def write(self) -> None:
        """Keep the index for the next visit; a folder that cannot be written only costs time next time."""
        if not self.changed:
            return
        try:
            write_atomic(self.path, json.dumps({"version": INDEX_VERSION, "entries": self.entries}))
            self.changed = False
        except OSError:
            pass

    def fresh(self, path: Path, stamp: Stamp) -> bool:
        """Whether the index holds this file as it is now."""
        entry = self.entries.get(path.name)
        return entry is not None and tuple(entry.get("stamp", ())) == stamp

    def info(self, path: Path, stamp: Stamp) -> SaveInfo:
        """The save's header, from the index when the file is as it was, else read now."""
        entry = self.entries.get(path.name)
        if entry is not None and tuple(entry.get("stamp", ())) == stamp:
            try:
                return SaveInfo.from_json(path, entry["info"])
            except (KeyError, TypeError, ValueError):
                pass
        info = read_info(path)
        self.entries[path.name] = {"stamp": list(stamp), "info": info.to_json(), "verified": False}
        self.changed = True
        return info

    def verified(self, info: SaveInfo, stamp: Stamp) -> bool:
        """Whether the whole save (every action) was replayed without a fault as the file is now."""
        if written_here(info.path) == stamp:
            return True  # this program wrote it from a game it was playing
        entry = self.entries.get(info.path.name)
        return entry is not None and tuple(entry.get("stamp", ())) == stamp and bool(entry.get("verified"))

    def mark(self, info: SaveInfo, stamp: Stamp, problem: str | None) -> SaveInfo:
        """Record the outcome of a full load: verified, or damaged with the reason."""
        marked = replace(info, problem=problem)
        self.entries[info.path.name] = {"stamp": list(stamp), "info": marked.to_json(), "verified": problem is None}
        self.changed = True
        return marked

    def forget_missing(self, names: set[str]) -> None:
        gone = [n for n in self.entries if n not in names]
        for name in gone:
            del self.entries[name]
        self.changed = self.changed or bool(gone)


def _save_files(folder: Path) -> list[tuple[Path, Stamp]]:
    """The folder's save files with their stamps (temp files and the index are not saves)."""
    out = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    for entry in entries:
        if not entry.name.endswith(".yaml") or entry.name.startswith("."):
            continue
        try:
            if not entry.is_file():
                continue
            st = entry.stat()
        except OSError:
            continue
        out.append((Path(entry.path), (st.st_size, st.st_mtime_ns)))
    return out


def _newest_first(infos: list[SaveInfo]) -> list[SaveInfo]:
    return sorted(infos, key=lambda i: (i.updated, i.path.name), reverse=True)


class SaveScan:
    """A folder's saves, read a few at a time so a screen listing hundreds keeps drawing meanwhile.

    Saves the index knows as they are now come at once; the others are read
    newest write first by `step`, each call within its time budget. `finish`
    prunes finished games beyond `keep_finished` and keeps the index.
    """

    def __init__(self, folder: Path | None = None, keep_finished: int | None = None, tidy: bool = False) -> None:
        self.keep_finished = keep_finished
        self.total = 0
        self.infos: list[SaveInfo] = []
        self.pending: list[tuple[Path, Stamp]] = []
        self.index: SaveIndex | None = None
        ready = _ready(folder, tidy)
        if ready is None:
            return
        self.index = SaveIndex(ready)
        files = sorted(_save_files(ready), key=lambda f: f[1][1], reverse=True)
        self.index.forget_missing({p.name for p, _ in files})
        for path, stamp in files:
            if self.index.fresh(path, stamp):
                self.infos.append(self.index.info(path, stamp))
            else:
                self.pending.append((path, stamp))
        self.infos = _newest_first(self.infos)
        self.total = len(files)

    @property
    def done(self) -> bool:
        return not self.pending

    def step(self, budget_s: float | None = None) -> bool:
        """Read pending saves until `budget_s` has passed (all of them with None); True when any was read."""
        if self.index is None or not self.pending:
            return False
        deadline = None if budget_s is None else time.perf_counter() + budget_s
        read: list[SaveInfo] = []
        while self.pending and (deadline is None or not read or time.perf_counter() < deadline):
            path, stamp = self.pending.pop(0)
            read.append(self.index.info(path, stamp))
        self.infos = _newest_first(self.infos + read)
        return True

    def mark_damaged(self, info: SaveInfo, problem: str) -> SaveInfo:
        """A full load of this listed save failed: list it as damaged, here and at the next visit."""
        try:
            st = info.path.stat()
        except OSError:
            return info
        if self.index is None:
            return info
        marked = self.index.mark(info, (st.st_size, st.st_mtime_ns), problem)
        self.infos = [marked if i.path == info.path else i for i in self.infos]
        self.index.write()
        return marked

    def finish(self) -> list[SaveInfo]:
        """Every save read: prune, keep the index, and give the list newest first."""
        self.step()
        if self.index is not None:
            if self.keep_finished is not None:
                self.infos = _prune_finished(self.infos, self.keep_finished, self.index)
            self.index.write()
        return self.infos


def list_saves(folder: Path | None = None, keep_finished: int | None = None, tidy: bool = False) -> list[SaveInfo]:
    """Every save in the folder (default: the autosaves), newest first, damaged ones with their problem.

    With `tidy`, leftover temp files of interrupted writes are removed first; with
    `keep_finished`, only that many finished games are kept (the oldest go).
    """
    return SaveScan(folder, keep_finished, tidy).finish()


def _ready(folder: Path | None, tidy: bool) -> Path | None:
    """The folder to list once the writes under way are done, or None when there is no such folder."""
    folder = folder or paths.autosave_dir()
    # A game left a moment ago may still be writing its last autosave: list it as it will be.
    background_writer().flush(timeout=FLUSH_SECONDS)
    if not folder.is_dir():
        return None
    if tidy:
        remove_stale_temps(folder)
    return folder


def _prune_finished(infos: list[SaveInfo], keep: int, index: SaveIndex) -> list[SaveInfo]:
    """Delete finished games beyond the newest `keep`; games in progress and damaged files are never deleted."""
    kept, finished = [], 0
    for info in infos:
        if info.finished and not info.damaged:
            finished += 1
            if finished > keep:
                try:
                    info.path.unlink()
                    index.entries.pop(info.path.name, None)
                    index.changed = True
                    continue
                except OSError:
                    pass  # a file that cannot be deleted stays listed
        kept.append(info)
    return kept


def latest_unfinished(
    known_games: set[str],
    folder: Path | None = None,
    verify: Callable[[Path], str | None] | None = None,
    keep_finished: int | None = None,
    tidy: bool = False,
    budget_s: float = MENU_BUDGET_SECONDS,
) -> SaveInfo | None:
    """The most recent game still in progress that can be opened, for the menu's Continue.

    Saves are looked at newest write first, so the one Continue wants is found
    after reading a few files even when hundreds are not indexed yet (a first
    start); what is left of `budget_s` indexes more of them, so the index fills
    over a few visits without ever holding the menu up. `verify(path)` loads a
    candidate whole and says why it cannot be opened (or None); a refused save is
    remembered as damaged and the next one is tried, each verified once for as
    long as it does not change. With `keep_finished`, the finished games known
    so far beyond that many are removed.
    """
    folder = _ready(folder, tidy)
    if folder is None:
        return None
    deadline = time.perf_counter() + budget_s
    index = SaveIndex(folder)
    files = sorted(_save_files(folder), key=lambda f: f[1][1], reverse=True)
    index.forget_missing({p.name for p, _ in files})
    known: list[SaveInfo] = []
    resume: SaveInfo | None = None
    for path, stamp in files:
        if resume is not None and not index.fresh(path, stamp) and time.perf_counter() > deadline:
            continue  # indexed at a later visit
        info = index.info(path, stamp)
        known.append(info)
        if resume is not None or info.finished or info.damaged or info.game not in known_games or info.actions <= 0:
            continue
        if verify is None or index.verified(info, stamp):
            resume = info
            continue
        problem = verify(info.path)
        known[-1] = index.mark(info, stamp, problem)
        if problem is None:
            resume = info
    if keep_finished is not None:
        _prune_finished(_newest_first(known), keep_finished, index)
    index.write()
    return resume


def mark_damaged(path: Path, problem: str) -> None:
    """Remember that a full load of this save failed, so the list shows why and Continue skips it."""
    try:
        st = path.stat()
    except OSError:
        return
    index = SaveIndex(path.parent)
    index.mark(index.info(path, (st.st_size, st.st_mtime_ns)), (st.st_size, st.st_mtime_ns), problem)
    index.write()
