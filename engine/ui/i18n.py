"""Player-facing text: English in the code, other languages in data/i18n/<lang>.yaml."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import yaml

from engine.core.errors import DataError
from engine.core.paths import project_root

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
    """The text in the current language (English when untranslated), with {names} filled from kw."""
    translated = _table.get(text, text)
    if not kw:
        return translated
    try:
        return translated.format(**kw)
    except (KeyError, IndexError, ValueError) as exc:
        # A translator's typo in a {field} must not crash a game: English is used instead.
        print(f"i18n: bad {{field}} in {_language} text for {text!r}: {exc}", file=sys.stderr)
        return text.format(**kw)
