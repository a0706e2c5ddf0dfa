"""Read YAML data files safely while remembering the line of every value, for error messages."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.constructor import SafeConstructor

from engine.core.errors import DataError
from engine.core.words import N_, Words

Where = tuple[str | int, ...]

# libyaml's safe loader composes about ten times faster; both resolve tags the same way.
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_STD = "tag:yaml.org,2002:"
_MERGE_TAG = _STD + "merge"
# Plain data only: no sets, ordered maps or application tags such as !!python/object.
_PLAIN_TAGS = frozenset(
    _STD + name for name in ("str", "int", "float", "bool", "null", "timestamp", "binary", "map", "seq")
)


# What libyaml says of broken YAML, as far as a designer meets it: said in the player's language (others stay English).
YAML_SAYS = frozenset((
    N_("did not find expected key"), N_("did not find expected node content"),
    N_("did not find expected ',' or ']'"), N_("did not find expected ',' or '}'"),
    N_("did not find expected '-' indicator"), N_("did not find expected <document start>"),
    N_("did not find expected comment or line break"), N_("did not find expected whitespace or line break"),
    N_("could not find expected ':'"), N_("mapping values are not allowed in this context"),
    N_("block sequence entries are not allowed in this context"),
    N_("found character that cannot start any token"), N_("found a tab character that violates indentation"),
    N_("found a tab character where an indentation space is expected"), N_("found undefined alias"),
    N_("found undefined tag handle"), N_("found unexpected end of stream"), N_("found unexpected ':'"),
    N_("found unknown escape character"), N_("found unexpected document indicator"),
    N_("control characters are not allowed"), N_("expected a single document in the stream"),
    N_("found duplicate anchor; first occurrence"), N_("second occurrence"),
    N_("while parsing a block collection"), N_("while parsing a block mapping"), N_("while parsing a block node"),
    N_("while parsing a flow mapping"), N_("while parsing a flow node"), N_("while parsing a flow sequence"),
    N_("while parsing a node"), N_("while scanning a simple key"), N_("while scanning a plain scalar"),
    N_("while scanning a quoted scalar"), N_("while scanning a block scalar"), N_("while scanning an anchor"),
    N_("while scanning an alias"), N_("while scanning a tag"),
))


def yaml_says(text: str) -> str:
    """A phrase of the YAML parser as Words when it is one of YAML_SAYS (so it is translated), else as it is."""
    return Words(text) if text in YAML_SAYS else text


def dotted(where: Where) -> str:
    """Spell a path the way a designer reads it: ('tiles', 3, 'edges') -> 'tiles[3].edges'."""
    text = ""
    for part in where:
        if isinstance(part, int) and not isinstance(part, bool):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else str(part)
    return text


def at_place(where: Where, problem: str) -> str:
    """The problem after the dotted path of the value it is about (the path stays as the file spells it)."""
    name = dotted(where)
    return Words("{where}: {problem}", where=name, problem=problem) if name else problem


@dataclass
class YamlDoc:
    """A loaded YAML file: its plain data plus the line where each value was written."""

    path: str
    data: Any
    lines: dict[Where, int] = field(default_factory=dict, repr=False)
    # The line of each mapping key, by the path of its value: a nested block's value starts
    # below its key, and an unknown or misspelt key is best shown where it was typed.
    key_lines: dict[Where, int] = field(default_factory=dict, repr=False)

    def line_of(self, where: Where) -> int | None:
        """1-based line of the value at `where`, else of its nearest parent that exists."""
        where = tuple(where)
        for end in range(len(where), -1, -1):
            line = self.lines.get(where[:end])
            if line is not None:
                return line
        return None

    def key_line_of(self, where: Where) -> int | None:
        """1-based line of the key that names the value at `where`, else the value's own line."""
        line = self.key_lines.get(tuple(where))
        return line if line is not None else self.line_of(where)

    def error(self, where: Where, problem: str, line: int | None = None) -> DataError:
        """A DataError for the value at `where` (or at `line`, e.g. one key's), its path before the problem."""
        line = self.line_of(where) if line is None else line
        return DataError(self.path, line, at_place(where, problem))


def load_yaml(path: str | os.PathLike[str]) -> YamlDoc:
    """Read a YAML data file into plain Python values, remembering each value's line."""
    shown = os.fspath(path)
    try:
        # utf-8-sig drops the byte-order mark some Windows editors write.
        text = Path(path).read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise DataError(shown, None, Words("file not found")) from None
    except UnicodeDecodeError as exc:
        line = Path(path).read_bytes()[: exc.start].count(b"\n") + 1
        raise DataError(shown, line, Words("the file is not UTF-8 text")) from None
    except OSError as exc:
        raise DataError(shown, None, Words("cannot read the file: {reason}", reason=exc.strerror)) from None
    return load_yaml_text(text, shown)


def load_yaml_text(text: str, path: str = "<text>") -> YamlDoc:
    """Read YAML from a string; `path` names it in error messages."""
    try:
        # compose() stops before constructing objects, so each node still has its
        # start_mark; the safe loader resolves tags and never builds Python objects.
        root = yaml.compose(text, Loader=_LOADER)
    except yaml.MarkedYAMLError as exc:
        raise _syntax_error(path, exc) from None
    except yaml.reader.ReaderError as exc:
        # The C reader counts bytes, the Python one characters: find the character instead.
        line = text.count("\n", 0, max(text.find(chr(exc.character)), 0)) + 1
        raise DataError(
            path, line, Words("YAML syntax error: character #x{code} is not allowed", code=f"{exc.character:04x}")
        ) from None
    if root is None:
        raise DataError(path, None, Words("the file is empty"))
    doc = YamlDoc(path, None)
    doc.data = _Converter(doc).convert(root, (), root.start_mark.line + 1)
    return doc


def _syntax_error(path: str, exc: yaml.MarkedYAMLError) -> DataError:
    """Turn PyYAML's parser complaint into one line with the place it went wrong."""
    mark = exc.problem_mark or exc.context_mark
    # The parser's own phrases are translated when YAML_SAYS knows them; the sentence around them is ours.
    reason = yaml_says(exc.problem) if exc.problem else Words("not valid YAML")
    problem = Words("YAML syntax error: {reason}", reason=reason)
    if exc.context:
        context = yaml_says(exc.context)
        if exc.context_mark is not None and exc.context_mark is not mark:
            problem = Words("{problem} ({context}, from line {n})", problem=problem, context=context,
                            n=exc.context_mark.line + 1)
        else:
            problem = Words("{problem} ({context})", problem=problem, context=context)
    return DataError(path, None if mark is None else mark.line + 1, problem)


class _Converter:
    """Turns a composed node tree into plain dicts, lists and scalars, recording lines."""

    def __init__(self, doc: YamlDoc) -> None:
        self.doc = doc
        self.scalars = SafeConstructor()
        # Anchored nodes come back as the same object; reuse their value like PyYAML does,
        # which also keeps alias "bombs" from expanding exponentially.
        self.done: dict[int, Any] = {}
        self.busy: set[int] = set()

    def fail(self, where: Where, line: int, problem: str) -> DataError:
        return DataError(self.doc.path, line, at_place(where, problem))

    def scalar(self, node: yaml.ScalarNode, where: Where, line: int) -> Any:
        """The Python value of one scalar, with the SafeLoader's own tag rules."""
        self.check_tag(node, where, line)
        try:
            return self.scalars.construct_object(node)
        except (yaml.MarkedYAMLError, ValueError) as exc:
            # Explicit tags like !!int or a malformed date reach Python's own parsers.
            reason = getattr(exc, "problem", None) or exc
            raise self.fail(where, line, Words("cannot read this value: {reason}", reason=str(reason))) from None

    def check_tag(self, node: yaml.Node, where: Where, line: int) -> None:
        if node.tag not in _PLAIN_TAGS:
            tag = node.tag.replace(_STD, "!!")
            raise self.fail(where, line, Words("the tag {tag} is not allowed in data files", tag=tag))

    def convert(self, node: yaml.Node, where: Where, line: int, record: bool = True) -> Any:
        """Plain value of `node`, found at `where`, written at `line`."""
        if record:
            self.doc.lines[where] = line
        key = id(node)
        if key in self.done:
            return self.done[key]
        if key in self.busy:
            raise self.fail(where, line, Words("an alias refers to itself; recursive data is not allowed"))
        if isinstance(node, yaml.ScalarNode):
            value = self.scalar(node, where, line)
        else:
            self.check_tag(node, where, line)
            self.busy.add(key)
            if isinstance(node, yaml.MappingNode):
                value = self.mapping(node, where)
            else:
                value = [self.item(child, where + (i,), line) for i, child in enumerate(node.value)]
            self.busy.discard(key)
        self.done[key] = value
        return value

    def item(self, node: yaml.Node, where: Where, parent_line: int) -> Any:
        # An alias reuses the anchor's node, whose mark is where the anchor was written.
        line = parent_line if id(node) in self.done else node.start_mark.line + 1
        return self.convert(node, where, line)

    def mapping(self, node: yaml.MappingNode, where: Where) -> dict[Any, Any]:
        merged: dict[Any, Any] = {}
        explicit: dict[Any, Any] = {}
        first_line: dict[Any, int] = {}
        merge_line: dict[Any, int] = {}
        for key_node, value_node in node.value:
            key_line = key_node.start_mark.line + 1
            if key_node.tag == _MERGE_TAG:
                merged = self.merge(value_node, where, key_line) | merged
                merge_line = dict.fromkeys(merged, key_line) | merge_line
                continue
            if not isinstance(key_node, yaml.ScalarNode):
                raise self.fail(where, key_line, Words("a key must be a plain name or number"))
            key = self.scalar(key_node, where, key_line)
            if key in first_line:
                raise self.fail(
                    where, key_line, Words("duplicate key {key} (first at line {n})", key=repr(key), n=first_line[key])
                )
            first_line[key] = key_line
            # A scalar is reported on its own line; a nested block starts under its key.
            scalar_here = isinstance(value_node, yaml.ScalarNode) and id(value_node) not in self.done
            line = value_node.start_mark.line + 1 if scalar_here else key_line
            explicit[key] = self.convert(value_node, where + (key,), line)
        for key, key_line in first_line.items():
            self.doc.key_lines[where + (key,)] = key_line
        for key, key_line in merge_line.items():
            # An inline merged mapping has recorded its own keys' lines; an alias has not.
            self.doc.key_lines.setdefault(where + (key,), key_line)
        return merged | explicit

    def merge(self, node: yaml.Node, where: Where, line: int) -> dict[Any, Any]:
        """Values from a '<<' merge key; earlier mappings in a merge list win."""
        sources = node.value if isinstance(node, yaml.SequenceNode) else [node]
        result: dict[Any, Any] = {}
        for source in reversed(sources):
            if not isinstance(source, yaml.MappingNode):
                raise self.fail(where, line, Words("'<<' can only merge mappings"))
            # record=False: the merged-into mapping keeps its own line.
            result |= self.convert(source, where, line, record=False)
        return result
