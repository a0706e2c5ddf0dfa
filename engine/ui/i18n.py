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
    """Every domain of a language in one table (gettext's own, merged), English where it has nothing.

    A count (ngettext) takes the language's plural entry; a count whose two English forms were marked as
    separate texts (N_("an Elder"), N_("{n} Elders")) takes the translation of the form English chose.
    Whatever the language lacks is noted in `missing`.
    """

    def __init__(self, table: dict[Any, str] | None = None, plural: Any = None) -> None:
        self.table = table or {}
        self.plural = plural or (lambda n: int(n != 1))
        self.english = table is None

    def gettext(self, message: str) -> str:
        found = self.table.get(message)
        if found is None:
            if not self.english and has_words(message):
                missing.add(message)
            return message
        return found

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        found = self.table.get((singular, self.plural(n)))
        if found is not None:
            return found
        return self.gettext(singular if n == 1 else plural)


_catalogue = _Catalogue()


def set_language(code: str) -> None:
    """Switch every later t() to `code`; a language without catalogues stays English.

    A damaged catalogue is a DataError naming the file (the caller shows it and keeps English).
    """
    global _language, _catalogue
    _catalogue = _load(code)
    _language = code


def _load(code: str) -> _Catalogue:
    if code == ENGLISH:
        return _Catalogue()
    folder = i18n_dir() / code / "LC_MESSAGES"
    table: dict[Any, str] = {}
    plural = None
    for mo in sorted(folder.glob("*.mo")) if folder.is_dir() else []:
        try:
            with open(mo, "rb") as fh:
                cat = gettext.GNUTranslations(fh)
        except (OSError, ValueError, UnicodeDecodeError) as exc:  # gettext raises OSError for a bad magic number
            raise DataError(mo, None, f"not a compiled gettext catalogue: {exc}") from None
        entries = getattr(cat, "_catalog", {})
        table.update({k: v for k, v in entries.items() if k != "" and v != ""})
        plural = plural or getattr(cat, "plural", None)
    return _Catalogue(table, plural)


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
        return _fill(_catalogue.gettext(text.template), text.template, fields)
    if not kw:
        return _catalogue.gettext(text)
    return _fill(_catalogue.gettext(text), text, kw)


def tn(singular: str, plural: str, n: int, **kw: Any) -> str:
    """A count in the current language: tn("{n} tile", "{n} tiles", 3) (the count is {n})."""
    english = singular if n == 1 else plural
    return _fill(_catalogue.ngettext(singular, plural, n), english, {"n": n, **kw})


def _fill(translated: str, english: str, fields: dict[str, Any]) -> str:
    try:
        return translated.format(**fields)
    except (KeyError, IndexError, ValueError) as exc:
        # A translator's typo in a {field} must not crash a game: English is used instead.
        print(f"i18n: bad {{field}} in {_language} text for {english!r}: {exc}", file=sys.stderr)
        return english.format(**fields)
