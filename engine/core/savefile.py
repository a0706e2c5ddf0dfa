"""Reading and writing save files safely: size caps, no YAML aliases, atomic writes, a background writer.

A save is plain YAML (the seed and the action list). Writing one must never
close the program or leave half a file; reading one must never hang it or eat
its memory, whatever lies in the file. Everything here is pure Python.
"""
from __future__ import annotations

import collections
import errno
import os
import re
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Callable

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.resolver import Resolver

from engine.core.errors import DataError
from engine.core.words import N_, Words
from engine.core.yamlfile import yaml_says

# A late five-seat game saves in about 15 KB; anything a thousand times larger is not a save of ours,
# and reading it would cost seconds and gigabytes before it could be refused.
MAX_SAVE_BYTES = 16 * 1024 * 1024
# A game is a few hundred actions; this many is a damaged or hostile file.
MAX_ACTIONS = 100_000
# Values (scalars, lists, mappings) a save may expand to, aliases counted at every use: a late game
# holds a few thousand; an "alias bomb" of 10 KB expands to billions.
MAX_VALUES = 2_000_000
# Nesting a save never needs (a save is three levels deep); deeper is damage, and Python's stack is finite.
MAX_DEPTH = 50
# Temp files of interrupted writes older than this are leftovers (a live write takes milliseconds).
STALE_TEMP_SECONDS = 60.0

# libyaml's C loader and dumper are five to ten times faster than PyYAML's pure-Python ones.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_DUMPER_BASE = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


class _Dumper(_DUMPER_BASE):  # type: ignore[misc, valid-type]
    """The safe dumper, never writing anchors or aliases: our saves hold none, so a reader can refuse any."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def dump_yaml(data: Any) -> str:
    """Plain data as YAML text, keys in the order given, with no aliases."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True)


# ----------------------------------------------------------------- reading
# What a small file read here may be, as its refusals name it ("the save is damaged", "the settings ...").
KINDS = {"save": N_("save"), "settings": N_("settings")}


def _kind(what: str) -> str:
    """`what` as Words when it is one of KINDS (so it is translated in the sentence), else as given."""
    return Words(KINDS[what]) if what in KINDS and not isinstance(what, Words) else what


def read_save_text(path: str | os.PathLike[str], max_bytes: int = MAX_SAVE_BYTES, what: str = "save") -> str:
    """A save's (or another small file's) text, refused before reading when it is larger than it could be."""
    shown = os.fspath(path)
    what = _kind(what)
    try:
        size = os.stat(path).st_size
        if size > max_bytes:
            raise DataError(shown, None, Words("the file is {size}, far larger than any {what} (at most {most}); it is "
                                               "not read", size=_megabytes(size), what=what, most=_megabytes(max_bytes)))
        with open(path, "rb") as fh:
            raw = fh.read(max_bytes + 1)  # the file may have grown since stat
    except FileNotFoundError:
        raise DataError(shown, None, Words("{what} file not found", what=what)) from None
    except IsADirectoryError:
        raise DataError(shown, None, Words("this is a folder, not a {what} file", what=what)) from None
    except OSError as exc:
        raise DataError(shown, None, Words("cannot read the {what}: {reason}", what=what, reason=exc.strerror or str(exc))) from None
    if len(raw) > max_bytes:
        raise DataError(shown, None, Words("the file is larger than any {what} (at most {most}); it is not read", what=what,
                                           most=_megabytes(max_bytes)))
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise DataError(shown, line, Words("the {what} is damaged: it is not UTF-8 text", what=what)) from None


def parse_save_text(text: str, path: str | os.PathLike[str] = "<save>", what: str = "save") -> dict[str, Any]:
    """The save's fields as plain data; aliases that would expand past any save's size are refused first."""
    shown = os.fspath(path)
    what = _kind(what)
    if len(text) > MAX_SAVE_BYTES:
        raise DataError(shown, None, Words("the text is larger than any {what}; it is not read", what=what))
    try:
        if _plainly_shallow(text):
            loader = _LOADER(text)  # libyaml's safe loader, on text it cannot choke on
            try:
                data = loader.get_single_data()
            finally:
                loader.dispose()
            if data is None:
                raise DataError(shown, None, Words("the {what} is empty", what=what))
        else:
            loader = _SaveLoader(text, shown, what)
            root = loader.get_single_node()
            if root is None:
                raise DataError(shown, None, Words("the {what} is empty", what=what))
            _check_expanded_size(root, shown, what)
            data = loader.construct_document(root)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        raise DataError(shown, line, Words("the {what} is damaged (not valid YAML): {reason}", what=what,
                                                 reason=_yaml_problem(exc))) from None
    except RecursionError:
        raise DataError(shown, None, Words("the {what} is damaged: its data is nested too deeply", what=what)) from None
    if not isinstance(data, dict):
        raise DataError(shown, None, Words("the {what} is damaged: it is not a mapping of {what} fields", what=what))
    return data


_FLOW = re.compile(r"[\[\]{}]")
_LINE_START = re.compile(r"^[ \t?:-]*", re.MULTILINE)


def _plainly_shallow(text: str) -> bool:
    """True when the text can hold no alias and no deep nesting, so libyaml's fast loader is safe on it.

    Block nesting needs at least one character of indentation or '- ' per level at
    a line's start; flow nesting needs a bracket per level. Counting brackets
    inside quoted text too only overestimates, which sends a save down the
    careful path, never the other way.
    """
    if "&" in text or "*" in text:
        return False
    depth = deepest = 0
    for bracket in _FLOW.findall(text):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    indent = max((len(m) for m in _LINE_START.findall(text)), default=0)
    return deepest + indent <= MAX_DEPTH


class _SaveLoader(Composer, SafeConstructor, Resolver):
    """PyYAML's safe loader, fed by libyaml's parser one event at a time, stopping at MAX_DEPTH.

    libyaml's own composer recurses in C (a file nested 100,000 deep crashes the
    process) and its scanner slows down quadratically with depth, so the nodes
    are composed here, where the depth can be counted and refused early.
    """

    def __init__(self, text: str, shown: str, what: str) -> None:
        self._what = what
        self._events = yaml.parse(text, Loader=_LOADER)
        self._next: yaml.Event | None | bool = None
        self._depth = 0
        self._shown = shown
        Composer.__init__(self)
        SafeConstructor.__init__(self)
        Resolver.__init__(self)

    def _fill(self) -> None:
        if self._next is None:
            self._next = next(self._events, False)

    def check_event(self, *choices: type) -> bool:
        self._fill()
        if self._next is False:
            return False
        return not choices or isinstance(self._next, choices)

    def peek_event(self) -> Any:
        self._fill()
        return self._next or None

    def get_event(self) -> Any:
        self._fill()
        event, self._next = self._next, None
        if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            self._depth += 1
            if self._depth > MAX_DEPTH:
                raise DataError(self._shown, event.start_mark.line + 1,
                                Words("the {what} is damaged: its data is nested too deeply", what=self._what))
        elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            self._depth -= 1
        return event or None


def _check_expanded_size(root: yaml.Node, shown: str, what: str) -> None:
    """Refuse YAML whose aliases would make more values than any save holds (an 'alias bomb'), or a loop."""
    _expanded_size(root, {}, set(), shown, what)


def _expanded_size(node: yaml.Node, sizes: dict[int, int], busy: set[int], shown: str, what: str) -> int:
    """How many values `node` stands for with its aliases expanded (memoised in `sizes`; `busy`: the collections
    being counted, to find an alias inside what it names). A module function, not a closure calling itself: that
    would make a reference cycle per load, left for the cyclic collector."""
    key = id(node)
    if key in sizes:
        return sizes[key]
    if key in busy:  # the composer lets an alias name the collection it stands in
        raise DataError(shown, node.start_mark.line + 1, Words("the {what} is damaged: an alias refers to itself", what=what))
    total = 1
    if isinstance(node, yaml.SequenceNode):
        busy.add(key)
        total += sum(_expanded_size(child, sizes, busy, shown, what) for child in node.value)
        busy.discard(key)
    elif isinstance(node, yaml.MappingNode):
        busy.add(key)
        total += sum(_expanded_size(k, sizes, busy, shown, what) + _expanded_size(v, sizes, busy, shown, what)
                     for k, v in node.value)
        busy.discard(key)
    if total > MAX_VALUES:
        raise DataError(shown, node.start_mark.line + 1,
                        Words("the {what} is damaged: its aliases (& and *) expand to more than {most} values, "
                              "more than any {what} holds", what=what, most=f"{MAX_VALUES:,}"))
    sizes[key] = total
    return total


def _yaml_problem(exc: yaml.YAMLError) -> str:
    """PyYAML's complaint in one line (a reader error spells the whole stream position over lines)."""
    text = str(getattr(exc, "problem", None) or exc).strip()
    return yaml_says(text.splitlines()[0]) if text else type(exc).__name__


def _megabytes(n: int) -> str:
    if n >= 1024 * 1024:
        return Words("{size} MB", size=f"{n / (1024 * 1024):.1f}")
    return Words("{size} KB", size=f"{n / 1024:.0f}")


# ----------------------------------------------------------------- writing
def write_atomic(path: Path, text: str) -> None:
    """Write a file so that a crash leaves either the old or the new file, never half of one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def is_temp_name(name: str) -> bool:
    """Whether a file name is one of write_atomic's temp files (".NAME.random.tmp")."""
    return name.startswith(".") and name.endswith(".tmp")


def remove_stale_temps(folder: Path, older_than: float = STALE_TEMP_SECONDS) -> int:
    """Delete temp files left by writes that were interrupted (a kill, a power cut); returns how many."""
    removed = 0
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    now = time.time()
    for entry in entries:
        if not is_temp_name(entry.name):
            continue
        try:
            if entry.is_file(follow_symlinks=False) and now - entry.stat().st_mtime > older_than:
                os.unlink(entry.path)
                removed += 1
        except OSError:
            pass  # a read-only folder keeps its leftovers; nothing else depends on them
    return removed


def write_problem(exc: BaseException) -> str:
    """Why a save could not be written, in a player's words."""
    if isinstance(exc, OSError):
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            return "the disk is full"
        if exc.errno in (errno.EROFS,):
            return "the disk is read-only"
        if exc.errno in (errno.EACCES, errno.EPERM):
            return "the folder may not be written to"
        if exc.errno == errno.ENOENT:
            return "the folder is gone"
        if exc.errno in (errno.ENOTDIR, errno.EEXIST):
            return "a file stands where the save folder should be"
        return exc.strerror or str(exc)
    return f"{type(exc).__name__}: {exc}"


# ----------------------------------------------------------------- writers
Payload = Callable[[], str] | str


class SaveWriter:
    """Writes saves now, on the caller's thread; a failure is remembered, never raised."""

    def __init__(self) -> None:
        self._problems: dict[Path, str] = {}
        self._lock = threading.Lock()

    def submit(self, path: Path, payload: Payload) -> None:
        """Write `payload` (text, or a function making it) to `path` atomically."""
        self._write(Path(path), payload)

    def problem(self, path: Path | None) -> str | None:
        """Why the last write to `path` failed, or None when it succeeded (or none was made)."""
        if path is None:
            return None
        with self._lock:
            return self._problems.get(Path(path))

    def flush(self, timeout: float | None = None) -> bool:
        """Block until every submitted write is done; True when none is left."""
        return True

    def _write(self, path: Path, payload: Payload) -> None:
        try:
            text = payload() if callable(payload) else payload
            write_atomic(path, text)
        except Exception as exc:  # noqa: BLE001 - a save that cannot be written must not end the game
            with self._lock:
                self._problems[path] = write_problem(exc)
        else:
            with self._lock:
                self._problems.pop(path, None)
            _note_written(path)


class BackgroundWriter(SaveWriter):
    """Writes saves on one worker thread, in the order asked, keeping only the newest text per file.

    The frame loop hands over the save's data and goes on drawing; the worker
    turns it into YAML and writes it with the atomic rename. Writes to one file
    never overtake each other: a newer save of a file still waiting replaces the
    older one, and the file being written is finished before the next starts.
    """

    def __init__(self) -> None:
        super().__init__()
        self._cv = threading.Condition(self._lock)
        self._queue: collections.deque[Path] = collections.deque()
        self._pending: dict[Path, Payload] = {}
        self._busy: Path | None = None
        self._thread: threading.Thread | None = None

    def submit(self, path: Path, payload: Payload) -> None:
        path = Path(path)
        with self._cv:
            if path not in self._pending:
                self._queue.append(path)
            self._pending[path] = payload
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="save-writer", daemon=True)
                self._thread.start()
            self._cv.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        with self._cv:
            return self._cv.wait_for(lambda: not self._queue and self._busy is None, timeout)

    def _run(self) -> None:
        while True:
            with self._cv:
                self._cv.wait_for(lambda: bool(self._queue))
                path = self._queue.popleft()
                payload = self._pending.pop(path)
                self._busy = path
            try:
                self._write(path, payload)
            finally:
                with self._cv:
                    self._busy = None
                    self._cv.notify_all()


_background: BackgroundWriter | None = None


_written: dict[Path, tuple[int, int]] = {}
_written_lock = threading.Lock()


def _note_written(path: Path) -> None:
    try:
        st = os.stat(path)
    except OSError:
        return
    with _written_lock:
        _written[Path(path)] = (st.st_size, st.st_mtime_ns)


def written_here(path: Path) -> tuple[int, int] | None:
    """(size, mtime_ns) of this program's last autosave of `path`: a file it wrote from a game it was playing."""
    with _written_lock:
        return _written.get(Path(path))


def background_writer() -> BackgroundWriter:
    """The program's one background writer (the window's matches share it)."""
    global _background
    if _background is None:
        _background = BackgroundWriter()
    return _background
