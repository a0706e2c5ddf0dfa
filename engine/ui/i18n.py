"""Player-facing text: English in the code, other languages in data/i18n/<lang>.yaml."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import yaml

from engine.core.errors import DataError
from engine.core.paths import project_root
from engine.core.words import Words

_language = "en"
_table: dict[str, str] = {}


def i18n_dir() -> Path:
    return project_root() / "data" / "i18n"


def language() -> str:
    return _language


def set_language(code: str) -> None:
    """Switch every later t() to `code`; a language without a file stays English."""
    global _language, _table
    _language = code
    _table = _load(code)


def _load(code: str) -> dict[str, str]:
    path = i18n_dir() / f"{code}.yaml"
    if not path.exists():
        return {}
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise DataError(path, mark.line + 1 if mark else None, f"not valid YAML: {exc}") from None
    if not isinstance(data, dict):
        raise DataError(path, None, "expected a mapping from English text to its translation")
    return {str(k): str(v) for k, v in data.items() if v is not None}


def t(text: str, **kw: Any) -> str:
    """The text in the current language (English when untranslated), with {names} filled from kw.

    Text from the rules that is `Words` is looked up by its template and filled
    with its own fields, each of which is translated the same way when it is `Words`.
    """
    if isinstance(text, Words):
        fields = {k: t(v) if isinstance(v, Words) else v for k, v in text.fields.items()}
        return _fill(text.template, {**fields, **kw}) if (fields or kw) else _table.get(text.template, text.template)
    if not kw:
        return _table.get(text, text)
    return _fill(text, kw)


def _fill(template: str, fields: dict[str, Any]) -> str:
    translated = _table.get(template, template)
    try:
        return translated.format(**fields)
    except (KeyError, IndexError, ValueError) as exc:
        # A translator's typo in a {field} must not crash a game: English is used instead.
        print(f"i18n: bad {{field}} in {_language} text for {template!r}: {exc}", file=sys.stderr)
        return template.format(**fields)
