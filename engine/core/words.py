"""Player-facing text from the rules that keeps its template and fields, so it can be translated.

The rules speak English: a refusal, a log line or an account line is text a
player reads. When that text is built from values ("That costs 3 gold; you
have 2."), an English string alone could only be translated whole, once per
value. `Words` is that English string, and it also remembers the template it
was made from and the values that filled it:

    Words("That costs {cost} gold; you have {gold}.", cost=3, gold=2)

It *is* a `str` (equal to and printed as the English text), so everything that
stores, compares or saves reasons and log lines is unchanged. The screen's
`t()` (engine/ui/i18n.py) looks the template up in the translation table and
fills it with the same fields; a field that is itself `Words` (a tile's name,
a nested clause) is translated too. Pure Python: the rules import it.
"""
from __future__ import annotations

from typing import Any


class Words(str):
    """English text made from a template and fields, which keeps both for translation."""

    template: str
    fields: dict[str, Any]
    plural: str | None  # the plural template of a count (see nwords); None for other text

    def __new__(cls, template: str, **fields: Any) -> "Words":
        text = template.format(**fields) if fields else template
        self = super().__new__(cls, text)
        self.template = template
        self.fields = fields
        self.plural = None
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (sent to a computer seat's process) as the template and its fields.
        return (_rebuild, (self.template, self.fields, self.plural))

    def __repr__(self) -> str:
        if self.plural is not None:
            return f"nwords({self.template!r}, {self.plural!r}, {self.fields!r})"
        return f"Words({self.template!r}, {self.fields!r})" if self.fields else f"Words({self.template!r})"


def nwords(singular: str, plural: str, n: int, **fields: Any) -> Words:
    """A count said right in every language: nwords("{n} tile", "{n} tiles", n=3) is "3 tiles".

    English takes the singular template for 1 and the plural one otherwise; a translation
    takes whichever of its language's plural forms the number asks for (gettext's ngettext).
    The count is the field `n`.
    """
    english = singular if n == 1 else plural
    self = Words.__new__(Words, english, n=n, **fields)
    self.template = singular
    self.plural = plural
    return self


def _rebuild(template: str, fields: dict[str, Any], plural: str | None = None) -> Words:
    if plural is not None:
        rest = {k: v for k, v in fields.items() if k != "n"}
        return nwords(template, plural, fields["n"], **rest)
    return Words(template, **fields)


def N_(text: str) -> str:
    """Marks player text where it is defined but not yet said (a constant, a reason returned as plain text), so
    the extraction finds it; it is translated where it is shown, through t(). Returns the text unchanged."""
    return text


def join(parts: list[Any], sep: str = " ") -> Words:
    """Several pieces said one after another, each translated on its own."""
    names = {f"p{i}": p for i, p in enumerate(parts)}
    return Words(sep.join("{" + k + "}" for k in names), **names)


def template_of(text: Any) -> str:
    """The template a text was made from (itself for plain text)."""
    return text.template if isinstance(text, Words) else str(text)
