"""A small schema language for data files: describe the expected shape, get designer-readable errors.

Schemas are plain data built from the classes below and checked with `check(doc, schema)`,
which stops at the first problem with the file, the exact line and the path of the value.
"""
from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from engine.core.errors import DataError
from engine.core.paths import project_root
from engine.core.words import Words, nwords
from engine.core.yamlfile import Where, YamlDoc, dotted


def show(value: Any) -> str:
    """A value as a designer would write it in the YAML file (Words around it; the value itself as written)."""
    if value is None:
        return Words("nothing")
    if isinstance(value, bool):
        # YAML reads yes/no/on/off as booleans too; say so, the file may not show "true".
        return Words("{value} (a yes/no value)", value=str(value).lower())
    if isinstance(value, dict):
        return Words("a mapping")
    if isinstance(value, list):
        return Words("a list")
    return repr(value)


class Schema:
    """Base of every schema: `check` raises the first problem found in `value`."""

    what: str = Words("a value")  # how the expected kind of value is named in messages

    def fits(self, value: Any) -> bool:
        """Whether `value` is at least of the right kind (used by OneOf to pick a message)."""
        return True

    def check(self, doc: YamlDoc, value: Any, where: Where) -> None:
        if not self.fits(value):
            raise doc.error(where, Words("expected {what}, got {value}", what=self.what, value=show(value)))


@dataclass(frozen=True)
class Any_(Schema):
    """Anything at all: a value the engine does not look into."""

    what = Words("anything")


@dataclass(frozen=True)
class Str(Schema):
    """Text, optionally one of some choices or matching a regular expression."""

    choices: tuple[str, ...] | list[str] | None = None
    pattern: str | None = None
    pattern_help: str | None = None  # says what the pattern means, e.g. "four letters L or S"
    what = Words("text")

    def fits(self, value: Any) -> bool:
        return isinstance(value, str)

    def check(self, doc: YamlDoc, value: Any, where: Where) -> None:
        super().check(doc, value, where)
        if self.choices is not None and value not in self.choices:
            raise doc.error(where, Words("{value} is not one of {choices}", value=repr(value),
                                         choices=", ".join(self.choices)))
        if self.pattern is not None and re.fullmatch(self.pattern, value) is None:
            help_ = self.pattern_help or Words("it must match the pattern {pattern}", pattern=self.pattern)
            raise doc.error(where, Words("{value} is not valid: {help}", value=repr(value), help=help_))


@dataclass(frozen=True)
class _Number(Schema):
    """Shared range check of Int and Float."""

    min: float | None = None
    max: float | None = None

    def check(self, doc: YamlDoc, value: Any, where: Where) -> None:
        super().check(doc, value, where)
        if self.min is not None and value < self.min:
            raise doc.error(where, Words("{value} is less than the minimum {min}", value=value, min=self.min))
        if self.max is not None and value > self.max:
            raise doc.error(where, Words("{value} is more than the maximum {max}", value=value, max=self.max))


@dataclass(frozen=True)
class Int(_Number):
    """A whole number; YAML booleans (yes/no) are refused even though Python counts them as ints."""

    min: int | None = None
    max: int | None = None
    what = Words("a whole number")

    def fits(self, value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Float(_Number):
    """A number, whole or not (inf and nan refused: no designer means them)."""

    what = Words("a number")

    def fits(self, value: Any) -> bool:
        return (
            isinstance(value, (int, float))
            and not isinstance(value, bool)
            and math.isfinite(value)
        )


@dataclass(frozen=True)
class Bool(Schema):
    """true or false (YAML also reads yes/no, on/off)."""

    what = Words("true or false")

    def fits(self, value: Any) -> bool:
        return isinstance(value, bool)


@dataclass(frozen=True)
class ListOf(Schema):
    """A list whose items all fit `item`, with an optional length range."""

    item: Schema
    min_len: int | None = None
    max_len: int | None = None
    what = Words("a list")

    def fits(self, value: Any) -> bool:
        return isinstance(value, list)

    def check(self, doc: YamlDoc, value: Any, where: Where) -> None:
        super().check(doc, value, where)
        if self.min_len is not None and len(value) < self.min_len:
            raise doc.error(where, Words("needs at least {items}, has {n}", items=_items(self.min_len), n=len(value)))
        if self.max_len is not None and len(value) > self.max_len:
            raise doc.error(where, Words("allows at most {items}, has {n}", items=_items(self.max_len), n=len(value)))
        for i, item in enumerate(value):
            self.item.check(doc, item, where + (i,))


@dataclass(frozen=True)
class Tuple(Schema):
    """A fixed-length list such as a spot [0.5, 0.2]: one schema per position."""

    items: tuple[Schema, ...]
    what = Words("a list")

    def __init__(self, *items: Schema) -> None:
        # Frozen dataclass: set the field the way the generated __init__ would.
        object.__setattr__(self, "items", items)

    def fits(self, value: Any) -> bool:
        return isinstance(value, list)

    def check(self, doc: YamlDoc, value: Any, where: Where) -> None:
        if not self.fits(value) or len(value) != len(self.items):
            got = Words("a list of {n}", n=len(value)) if self.fits(value) else show(value)
            raise doc.error(where, Words("expected a list of {n} values, got {got}", n=len(self.items), got=got))
        for i, (schema, item) in enumerate(zip(self.items, value)):
            schema.check(doc, item, where + (i,))


Pair = Tuple


@dataclass(frozen=True)
class Map(Schema):
    """A mapping with named keys: all `required` ones, any `optional` ones, others only if `extra`."""

    required: dict[str, Schema]
    optional: dict[str, Schema] | None = None
    extra: bool = False
    what = Words("a mapping (key: value lines)")

    def fits(self, value: Any) -> bool:
        return isinstance(value, dict)

    def check(self, doc: YamlDoc, value: Any, where: Where) -> None:
        super().check(doc, value, where)
        known = {**self.required, **(self.optional or {})}
        if not self.extra:
            # Unknown keys first: a misspelt key also looks "missing", and this message says more.
            for key in value:
                if key not in known:
                    allowed = ", ".join(known) or Words("none")
                    line = doc.key_line_of(where + (key,))
                    raise doc.error(where, Words("unknown key {key} (allowed: {allowed})", key=repr(key),
                                                 allowed=allowed), line)
        for key in self.required:
            if key not in value:
                # Nothing was typed for it: the mapping's own line is the place to add it.
                raise doc.error(where, Words("missing key {key}", key=repr(key)))
        for key, item in value.items():
            if key in known:
                known[key].check(doc, item, where + (key,))


@dataclass(frozen=True)
class MapOf(Schema):
    """A mapping whose keys all fit `key` and values all fit `value`, e.g. patterns by id."""

    key: Schema
    value: Schema
    what = Words("a mapping (key: value lines)")

    def fits(self, value: Any) -> bool:
        return isinstance(value, dict)

    def check(self, doc: YamlDoc, value: Any, where: Where) -> None:
        super().check(doc, value, where)
        for key, item in value.items():
            try:
                self.key.check(doc, key, where + (key,))
            except DataError as exc:
                # The key schema reports at the value's line; a block value starts below its key.
                raise DataError(exc.path, doc.key_line_of(where + (key,)), exc.problem) from None
            self.value.check(doc, item, where + (key,))


@dataclass(frozen=True)
class OneOf(Schema):
    """Any one of several schemas, e.g. a number or the text 'all'."""

    schemas: tuple[Schema, ...]

    def __init__(self, *schemas: Schema) -> None:
        object.__setattr__(self, "schemas", schemas)

    @property
    def what(self) -> str:  # type: ignore[override]
        said: str = self.schemas[0].what
        for schema in self.schemas[1:]:
            said = Words("{a} or {b}", a=said, b=schema.what)
        return said

    def fits(self, value: Any) -> bool:
        return any(s.fits(value) for s in self.schemas)

    def check(self, doc: YamlDoc, value: Any, where: Where) -> None:
        # Only a schema of the right kind can explain what is wrong with the value.
        problems: list[DataError] = []
        for schema in self.schemas:
            if not schema.fits(value):
                continue
            try:
                schema.check(doc, value, where)
                return
            except DataError as exc:
                problems.append(exc)
        if problems:
            raise problems[0]
        raise doc.error(where, Words("expected {what}, got {value}", what=self.what, value=show(value)))


@dataclass(frozen=True)
class File(Schema):
    """The name of a file that must exist inside `base_dir`, e.g. a tile's art."""

    base_dir: str | Path
    what_file: str = Words("art file")  # names the file in messages: "art file 'x.svg' not found in ..."
    what = Words("a file name")

    def fits(self, value: Any) -> bool:
        return isinstance(value, str) and value != ""

    def check(self, doc: YamlDoc, value: Any, where: Where) -> None:
        super().check(doc, value, where)
        base = Path(self.base_dir)
        target = (base / value).resolve()
        # A name like ../../secret must not reach outside the game's own folder.
        if not target.is_relative_to(base.resolve()):
            raise doc.error(where, Words("{what} {file} must be inside {folder}", what=self.what_file, file=repr(value),
                                         folder=_shown(base)))
        if not target.is_file():
            raise doc.error(where, Words("{what} {file} not found in {folder}", what=self.what_file, file=repr(value),
                                         folder=_shown(base)))


@dataclass(frozen=True)
class FileUse:
    """A file a game will open, and the data-file place that names it, checked with require_files."""

    name: str  # inside the base folder, e.g. 'tiles/D.svg'
    doc: str | None = None  # the data file that names it; None when only the program does
    line: int | None = None
    where: str = ""  # the dotted path in that file, e.g. 'explorer_tiles[3].art'
    why: str = ""  # what the file is for, when the program makes its name rather than reading it

    @classmethod
    def named(cls, doc: YamlDoc, where: Where, name: str, why: str = "") -> FileUse:
        """A file named by (or made from) the value at `where` in `doc`."""
        return cls(name, doc.path, doc.line_of(where), dotted(where), why)


def require_files(uses: Iterable[FileUse], base_dir: str | Path, what_file: str = Words("art file")) -> None:
    """Raise a DataError at the place naming the first of `uses` missing from `base_dir`."""
    base = Path(base_dir)
    for use in uses:
        target = base / use.name
        if target.is_file():
            continue
        if use.doc is None:
            raise DataError(target, None, Words("{what} not found ({why})", what=what_file, why=use.why) if use.why
                            else Words("{what} not found", what=what_file))
        missing = Words("{what} {file} not found in {folder}", what=what_file, file=repr(use.name), folder=_shown(base))
        if use.why:
            missing = Words("{problem} ({why})", problem=missing, why=use.why)
        raise DataError(use.doc, use.line, Words("{where}: {problem}", where=use.where, problem=missing)
                        if use.where else missing)


def load_checked(path: Path, schema: Schema) -> YamlDoc:
    """A data file read with yaml.safe_load and checked against its schema; DataError names file, line, problem."""
    from engine.core.yamlfile import load_yaml

    doc = load_yaml(path)
    check(doc, schema)
    return doc


def check(doc: YamlDoc, schema: Schema, where: Where = ()) -> None:
    """Check the value at `where` in `doc` against `schema`; raise DataError at the first problem."""
    where = tuple(where)
    value = doc.data
    for i, part in enumerate(where):
        if isinstance(value, dict) and part in value:
            value = value[part]
        elif isinstance(value, list) and isinstance(part, int) and 0 <= part < len(value):
            value = value[part]
        else:
            missing = (Words("missing key {key}", key=repr(part)) if isinstance(value, dict)
                       else Words("has no item {key}", key=repr(part)))
            raise doc.error(where[:i], missing)
    schema.check(doc, value, where)


def _items(n: int) -> str:
    return nwords("{n} item", "{n} items", n)


def _shown(path: Path) -> str:
    """A folder as short as it can be said: from the project folder, else the working directory."""
    if path.is_absolute():
        for root in (project_root(), Path.cwd()):
            if path.resolve().is_relative_to(root.resolve()):
                return Path(os.path.relpath(path.resolve(), root.resolve())).as_posix()
    return path.as_posix()
