"""The translation catalogues: extract every text players read, keep each language's `.po` up to date, compile.

    python -m engine.i18n_tools extract          # data/i18n/<domain>.pot from the code and the data
    python -m engine.i18n_tools init LANG        # start a language: data/i18n/LANG/LC_MESSAGES/<domain>.po
    python -m engine.i18n_tools update           # merge the .pot files into every language's .po
    python -m engine.i18n_tools compile          # .po -> .mo (what the program reads)
    python -m engine.i18n_tools check [LANG]     # what is stale, missing or mismatched (exit 1 if anything)

Domains: `table` (engine/, main.py, data/seats.yaml) and one per game (games/<id>/ and data/<id>/*.yaml).
Texts are found in Python by the calls that carry them (t, tn, Words, nwords, N_) and in the data
by the keys players read (name, label, help, text, ...). Built on Babel's extractor and catalogue
classes, so translators can use Poedit or Weblate on the `.po` files.

Pure Python (no pygame).
"""
from __future__ import annotations

import argparse
import io
import string
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
I18N = ROOT / "data" / "i18n"
PROJECT = "Tile table"
# The calls whose string arguments are player text: name -> the argument positions (1-based) of the texts.
KEYWORDS: dict[str, Any] = {"t": (1,), "tn": (1, 2), "Words": (1,), "nwords": (1, 2), "N_": (1,), "ScoreRow": (1,),
                            "Problem": (2,),
                            "counted": (2, 3)}
# Keys of the data files whose values players read.
TEXT_KEYS = frozenset({"name", "label", "help", "text", "plural", "power", "short", "title", "blurb", "en"})


# ------------------------------------------------------------------ domains
def domains() -> dict[str, list[tuple[Path, str]]]:
    """Each domain's sources: (folder or file, method) pairs."""
    found: dict[str, list[tuple[Path, str]]] = {"table": [(ROOT / "engine", "python"), (ROOT / "main.py", "python"),
                                                          (ROOT / "data" / "seats.yaml", "yaml")]}
    for pkg in sorted((ROOT / "games").iterdir()):
        if (pkg / "__init__.py").exists():
            found[pkg.name] = [(pkg, "python"), (ROOT / "data" / pkg.name, "yaml")]
    return found


def extract_yaml(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel extractor for our YAML data: the values of TEXT_KEYS, with their line numbers."""
    text = fileobj.read().decode("utf-8")
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return  # the data tests name a broken file; extraction just skips it
    stack = [root] if root is not None else []
    while stack:
        node = stack.pop()
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                if (isinstance(key, yaml.ScalarNode) and key.value in TEXT_KEYS and isinstance(value, yaml.ScalarNode)
                        and value.tag.endswith(":str") and value.value.strip()):
                    yield value.start_mark.line + 1, "", value.value, []
                else:
                    stack.append(value)
        elif isinstance(node, yaml.SequenceNode):
            stack.extend(node.value)


def extract_domain(domain: str) -> Catalog:
    """The domain's template catalogue: every text found in its sources, with where it was found."""
    catalog = Catalog(project=PROJECT, domain=domain, charset="utf-8")
    for source, method in domains()[domain]:
        if not source.exists():
            continue
        files: list[tuple[Path, str]]
        if source.is_file():
            files = [(source, method)]
        else:
            pattern = "**/*.py" if method == "python" else "**/*.yaml"
            files = [(f, method) for f in sorted(source.glob(pattern))]
        for path, how in files:
            for lineno, message, comments, context in _extract_file(path, how):
                where = (str(path.relative_to(ROOT)), lineno)
                if isinstance(message, tuple):
                    catalog.add(message, locations=[where], auto_comments=comments, context=context)
                else:
                    catalog.add(message, locations=[where], auto_comments=comments, context=context)
    return catalog


def _extract_file(path: Path, method: str) -> Iterator[tuple[int, Any, list[str], str | None]]:
    from babel.messages.extract import extract

    func: Any = extract_yaml if method == "yaml" else "python"
    with open(path, "rb") as fh:
        for lineno, message, comments, context in extract(func, fh, keywords=KEYWORDS, comment_tags=("i18n:",)):
            if message and (message if isinstance(message, str) else message[0]).strip():
                yield lineno, message, comments, context


def pot_path(domain: str) -> Path:
    return I18N / f"{domain}.pot"


def po_path(lang: str, domain: str) -> Path:
    return I18N / lang / "LC_MESSAGES" / f"{domain}.po"


def _rel(path: Path) -> str:
    """A path as the messages name it: from the project's folder when inside it."""
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


def _undated(data: bytes) -> bytes:
    return b"\n".join(line for line in data.split(b"\n") if not line.startswith((b'"POT-Creation-Date:',
                                                                                 b'"PO-Revision-Date:')))


def _write_po(path: Path, catalog: Catalog) -> None:
    """Write the catalogue; a file whose only change would be its dates is left as it is (no churn)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, omit_header=False, sort_output=False, sort_by_file=True,
             include_lineno=False)
    data = buf.getvalue()
    if path.exists() and _undated(path.read_bytes()) == _undated(data):
        return
    path.write_bytes(data)


def _read(path: Path, locale: str | None = None) -> Catalog:
    with open(path, "rb") as fh:
        return read_po(fh, locale=locale, domain=path.stem)


def languages() -> list[str]:
    return sorted(p.name for p in I18N.iterdir() if (p / "LC_MESSAGES").is_dir()) if I18N.is_dir() else []


# ------------------------------------------------------------------ commands
def extract_all() -> list[Path]:
    written = []
    for domain in domains():
        path = pot_path(domain)
        _write_po(path, extract_domain(domain))
        written.append(path)
    return written


def init(lang: str) -> list[Path]:
    written = []
    for domain in domains():
        path = po_path(lang, domain)
        if path.exists():
            continue
        template = _read(pot_path(domain))
        catalog = Catalog(locale=lang, domain=domain, project=PROJECT, charset="utf-8")
        catalog.update(template)
        _write_po(path, catalog)
        written.append(path)
    return written


def update() -> list[Path]:
    written = []
    for lang in languages():
        for domain in domains():
            path = po_path(lang, domain)
            template = _read(pot_path(domain))
            catalog = _read(path, lang) if path.exists() else Catalog(locale=lang, domain=domain, project=PROJECT)
            catalog.update(template, no_fuzzy_matching=True)
            _write_po(path, catalog)
            written.append(path)
    return written


def compiled(po: Path, lang: str) -> bytes:
    catalog = _read(po, lang)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def compile_all() -> list[Path]:
    written = []
    for lang in languages():
        for po in sorted((I18N / lang / "LC_MESSAGES").glob("*.po")):
            mo = po.with_suffix(".mo")
            mo.write_bytes(compiled(po, lang))
            written.append(mo)
    return written


# ------------------------------------------------------------------ checks
def fields_of(text: str) -> set[str]:
    """The {fields} a template fills."""
    try:
        return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name}
    except ValueError:
        return {"<unbalanced braces>"}


def problems(lang: str | None = None, complete: bool = True) -> list[str]:
    """Everything wrong with the catalogues: stale templates, untranslated or fuzzy entries (unless `complete`
    is False: a language still being translated), {fields} that differ between the English and the
    translation, compiled files out of date."""
    found: list[str] = []
    for domain in domains():
        pot = pot_path(domain)
        fresh = extract_domain(domain)
        if not pot.exists():
            found.append(f"{_rel(pot)}: missing (run extract)")
            continue
        old = _read(pot)
        new_ids = {m.id if isinstance(m.id, str) else m.id[0] for m in fresh if m.id}
        old_ids = {m.id if isinstance(m.id, str) else m.id[0] for m in old if m.id}
        if new_ids != old_ids:
            added, gone = sorted(new_ids - old_ids), sorted(old_ids - new_ids)
            found.append(f"{_rel(pot)}: stale (run extract): {len(added)} new, {len(gone)} gone"
                         + (f", e.g. new {added[0]!r}" if added else "") + (f", e.g. gone {gone[0]!r}" if gone else ""))
        for code in [lang] if lang else languages():
            po = po_path(code, domain)
            if not po.exists():
                found.append(f"{_rel(po)}: missing (run init {code})")
                continue
            cat = _read(po, code)
            have = {(m.id if isinstance(m.id, str) else m.id[0]): m for m in cat if m.id}
            for mid in sorted(new_ids):
                m = have.get(mid)
                if m is None:
                    found.append(f"{_rel(po)}: no entry for {mid!r} (run update)")
                    continue
                strings: list[str] = [x or "" for x in (m.string if isinstance(m.string, (list, tuple)) else [m.string])]
                if not all(strings) or m.fuzzy:
                    if not complete:
                        continue
                    found.append(f"{_rel(po)}: untranslated{' (fuzzy)' if m.fuzzy else ''}: {mid!r}")
                    continue
                english = m.id if isinstance(m.id, (list, tuple)) else [m.id]
                want = set().union(*(fields_of(e) for e in english))
                for s in strings:
                    if fields_of(s) - want or (len(english) == 1 and fields_of(s) != want):
                        found.append(f"{_rel(po)}: the fields of {mid!r} differ: "
                                     f"{sorted(want)} in English, {sorted(fields_of(s))} in {s!r}")
            mo = po.with_suffix(".mo")
            if not mo.exists() or mo.read_bytes() != compiled(po, code):
                found.append(f"{_rel(mo)}: out of date (run compile)")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.i18n_tools", description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=("extract", "init", "update", "compile", "check"))
    parser.add_argument("lang", nargs="?")
    args = parser.parse_args(argv)
    if args.command == "extract":
        paths = extract_all()
    elif args.command == "init":
        if not args.lang:
            parser.error("init needs a language code, e.g. de")
        paths = init(args.lang)
    elif args.command == "update":
        paths = update()
    elif args.command == "compile":
        paths = compile_all()
    else:
        found = problems(args.lang)
        for line in found:
            print(line)
        print(f"{len(found)} problem(s)" if found else "the catalogues are complete and up to date")
        return 1 if found else 0
    for p in paths:
        print(_rel(p))
    return 0


if __name__ == "__main__":
    sys.exit(main())
