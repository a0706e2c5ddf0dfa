"""Player-facing text: English in the code, other languages in gettext catalogues under data/i18n/.

A language is a folder `data/i18n/<code>/LC_MESSAGES/` of compiled catalogues (`.mo`), one per
domain: `table` for the engine's words and one per game (`entdecker`, `five_tribes`, ...). Their
sources are the `.po` files beside them, made and kept up to date with Babel through
`python -m engine.i18n_tools` (see README.md, "Adding a language"). A text missing from every
catalogue of the language is shown in English, and noted in `missing` so a test can list it.

`t()` is the one door: plain English text, or `Words` from the rules (a template with fields, each
field translated the same way when it is `Words`); counts made with `nwords` take the language's
own plural forms (ngettext).
"""
from __future__ import annotations

import gettext
import sys
from pathlib import Path
from typing import Any

from engine.core.errors import DataError
from engine.core.paths import project_root
from engine.core.words import Words

ENGLISH = "en"
_language = ENGLISH
missing: set[str] = set()  # templates looked up in another language and not found there (English shown)


def i18n_dir() -> Path:
    return project_root() / "data" / "i18n"


def language() -> str:
    return _language


NAMES = {"en": "English", "de": "Deutsch", "fr": "Français", "nl": "Nederlands", "it": "Italiano", "es": "Español"}


def name_of(code: str) -> str:
    """A language's name in itself (the code when we do not know it)."""
    return NAMES.get(code, code)


def system_language(environ: dict[str, str] | None = None) -> str:
    """The language the system asks for (LANGUAGE, LC_ALL, LC_MESSAGES, LANG; then the locale module),
    as a two-letter code; English when none is set."""
    import locale
    import os

    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value and value not in ("C", "POSIX") and not value.startswith("C."):
            return value.split(":")[0].split(".")[0].split("_")[0].lower() or ENGLISH
    if environ is None:
        try:
            code = locale.getlocale()[0]
        except ValueError:
            code = None
        if code:
            return code.split("_")[0].lower()
    return ENGLISH


def chosen_language(setting: str, environ: dict[str, str] | None = None) -> str:
    """The language to show: the setting's, else the system's when the table has it, else English."""
    have = languages()
    for code in (setting, system_language(environ)):
        if code and code in have:
            return code
    return ENGLISH


def languages() -> list[str]:
    """English and every language with a catalogue folder, in code order after English."""
    folder = i18n_dir()
    found = sorted(p.name for p in folder.iterdir() if (p / "LC_MESSAGES").is_dir()) if folder.is_dir() else []
    return [ENGLISH] + [code for code in found if code != ENGLISH]


def has_words(template: str) -> bool:
    """Whether a template says anything outside its {fields} (one like "{p0}, {p1}" needs no translation)."""
    import string

    try:
        return any(ch.isalpha() for literal, _f, _s, _c in string.Formatter().parse(template) for ch in literal)
    except ValueError:
        return True


class _Catalogue:
    """A language's catalogues, one table per domain, English where they have nothing.

    Texts are looked up in the game on the table first (`use_game`: a text two games share may read
    differently in each), then in the table's own words, then in the other games. A count takes the
    language's plural entry (ngettext), found by its singular or its plural English; a count whose two
    English forms were marked apart (N_("an Elder"), N_("{n} Elders")) takes the translation of the form
    English chose. Whatever the language lacks is noted in `missing`.
    """

    def __init__(self, domains: dict[str, dict[Any, str]] | None = None, plural: Any = None,
                 plurals: dict[str, str] | None = None) -> None:
        self.domains = domains or {}
        self.plural = plural or (lambda n: int(n != 1))
        self.plurals = plurals or {}  # a count's plural English -> its singular English (the entry's key)
        self.english = domains is None
        self.order: list[dict[Any, str]] = []
        self.use_game(None)

    def use_game(self, game: str | None) -> None:
        first = [game] if game in self.domains else []
        rest = sorted(d for d in self.domains if d not in first and d != "table")
        self.order = [self.domains[d] for d in [*first, *(["table"] if "table" in self.domains else []), *rest]]

    def _find(self, key: Any) -> str | None:
        for table in self.order:
            found = table.get(key)
            if found is not None:
                return found
        return None

    def gettext(self, message: str, n: int | None = None) -> str:
        found = self._find(message)
        if found is None:
            single = self.plurals.get(message)
            if single is not None:  # the plural English of a count, said alone
                found = self._find((single, self.plural(2 if n is None else n)))
            else:  # the singular English of a count, said alone
                found = self._find((message, self.plural(1 if n is None else n)))
        if found is None:
            if not self.english and has_words(message):
                missing.add(message)
            return message
        return found

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        found = self._find((singular, self.plural(n)))
        if found is not None:
            return found
        return self.gettext(singular if n == 1 else plural)


_catalogue = _Catalogue()
_game: str | None = None


def use_game(game: str | None) -> None:
    """The game on the table (its own words win where games share an English text); None: no game."""
    global _game
    _game = game
    _catalogue.use_game(game)


def set_language(code: str) -> None:
    """Switch every later t() to `code`; a language without catalogues stays English.

    A damaged catalogue is a DataError naming the file (the caller shows it and keeps English).
    """
    global _language, _catalogue
    _catalogue = _load(code)
    _catalogue.use_game(_game)
    _language = code


def read_mo(path: Path) -> tuple[dict[Any, str], dict[str, str], dict[str, str]]:
    """A compiled gettext catalogue: its entries (msgid, or (msgid, form) for a count), its counts' plural
    English -> singular English, and its header. Raises ValueError when the file is not one."""
    import struct

    data = path.read_bytes()
    if len(data) < 28:
        raise ValueError("too short")
    magic = struct.unpack("<I", data[:4])[0]
    order = "<" if magic == 0x950412DE else ">" if magic == 0xDE120495 else None
    if order is None:
        raise ValueError("bad magic number")
    _rev, count, originals, translations = struct.unpack(order + "4I", data[4:20])
    entries: dict[Any, str] = {}
    plurals: dict[str, str] = {}
    header: dict[str, str] = {}
    for i in range(count):
        olen, ooff = struct.unpack(order + "2I", data[originals + 8 * i:originals + 8 * i + 8])
        tlen, toff = struct.unpack(order + "2I", data[translations + 8 * i:translations + 8 * i + 8])
        if ooff + olen > len(data) or toff + tlen > len(data):
            raise ValueError("an entry runs past the end of the file")
        msgid = data[ooff:ooff + olen].decode("utf-8")
        text = data[toff:toff + tlen].decode("utf-8")
        if msgid == "":
            for line in text.splitlines():
                key, _, value = line.partition(":")
                header[key.strip().lower()] = value.strip()
            continue
        if "\x00" in msgid:
            single, plural = msgid.split("\x00", 1)
            plurals[plural] = single
            for form, said in enumerate(text.split("\x00")):
                if said:
                    entries[(single, form)] = said
        elif text:
            entries[msgid] = text
    return entries, plurals, header


def _load(code: str) -> _Catalogue:
    if code == ENGLISH:
        return _Catalogue()
    folder = i18n_dir() / code / "LC_MESSAGES"
    domains: dict[str, dict[Any, str]] = {}
    plurals: dict[str, str] = {}
    plural = None
    for mo in sorted(folder.glob("*.mo")) if folder.is_dir() else []:
        try:
            entries, counts, header = read_mo(mo)
        except (OSError, ValueError, UnicodeDecodeError) as exc:
            raise DataError(mo, None, Words("not a compiled gettext catalogue: {reason}", reason=str(exc))) from None
        domains[mo.stem] = entries
        plurals.update(counts)
        forms = header.get("plural-forms", "")
        if plural is None and "plural=" in forms:
            try:
                plural = gettext.c2py(forms.split("plural=", 1)[1].strip().rstrip(";"))
            except (ValueError, SyntaxError) as exc:
                raise DataError(mo, None, Words("its Plural-Forms cannot be read: {reason}", reason=str(exc))) from None
    return _Catalogue(domains, plural, plurals)


def t(text: str, **kw: Any) -> str:
    """The text in the current language (English when untranslated), with {names} filled from kw.

    Text from the rules that is `Words` is looked up by its template and filled
    with its own fields, each of which is translated the same way when it is `Words`.
    """
    if isinstance(text, Words):
        fields = {k: t(v) if isinstance(v, Words) else v for k, v in text.fields.items()}
        fields.update(kw)
        if text.plural is not None:
            n = int(fields.get("n", 0))
            english = text.template if n == 1 else text.plural
            return _fill(_catalogue.ngettext(text.template, text.plural, n), english, fields)
        if not fields:
            return _catalogue.gettext(text.template)
        count = fields.get("n")
        return _fill(_catalogue.gettext(text.template, count if isinstance(count, int) else None), text.template,
                     fields)
    if not kw:
        return _catalogue.gettext(text)
    return _fill(_catalogue.gettext(text, kw.get("n") if isinstance(kw.get("n"), int) else None), text, kw)


def tn(singular: str, plural: str, n: int, **kw: Any) -> str:
    """A count in the current language: tn("{n} tile", "{n} tiles", 3) (the count is {n})."""
    english = singular if n == 1 else plural
    return _fill(_catalogue.ngettext(singular, plural, n), english, {"n": n, **kw})


def and_list(items: list[str]) -> str:
    """Names said together in the current language: "Ann", "Ann and Bob", "Ann, Bob and Cy"."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return items[0] if items else ""
    head = items[0]
    for item in items[1:-1]:
        head = t("{a}, {b}", a=head, b=item)
    return t("{a} and {b}", a=head, b=items[-1])


def _fill(translated: str, english: str, fields: dict[str, Any]) -> str:
    try:
        return translated.format(**fields)
    except (KeyError, IndexError, ValueError) as exc:
        # A translator's typo in a {field} must not crash a game: English is used instead.
        print(f"i18n: bad {{field}} in {_language} text for {english!r}: {exc}", file=sys.stderr)
        return english.format(**fields)
