"""A game's setup options as plain data: the choices each offers, their defaults, and a check of chosen values.

Options come from the game's rules as `rules.option_specs()`: a list of
{id, label, default, choices: [{value, label}], help} (choices may be left out
for a yes/no option). Pure Python: the setup screen and the save reader share it.
"""
from __future__ import annotations

from typing import Any

from engine.core.words import Words

from engine.core.rules import complete


def option_specs(rules: Any) -> list[dict[str, Any]]:
    """The game's options, each with its choices spelled out (yes/no when the game gives none)."""
    specs = list(complete(rules).option_specs())
    out = []
    for spec in specs:
        choices = spec.get("choices") or [{"value": True, "label": "Yes"}, {"value": False, "label": "No"}]
        out.append({**spec, "choices": [c if isinstance(c, dict) else {"value": c, "label": str(c)} for c in choices]})
    return out


def defaults(specs: list[dict[str, Any]]) -> dict[str, Any]:
    """Each option's default value, by id."""
    return {s["id"]: s.get("default", s["choices"][0]["value"]) for s in specs}


def options_problem(specs: list[dict[str, Any]], options: Any) -> str | None:
    """Why these chosen options do not fit the game (an unknown id, a value it does not offer), or None."""
    if not isinstance(options, dict):
        return Words("the options are not a mapping of option names to values")
    by_id = {s["id"]: s for s in specs}
    for key, value in options.items():
        spec = by_id.get(key)
        if spec is None:
            known = ", ".join(str(k) for k in by_id) or Words("none")
            return Words("unknown option {key} (this game's options: {known})", key=repr(key), known=known)
        allowed = [c["value"] for c in spec["choices"]]
        # True == 1 in Python: compare types too, so a 1 is not taken for "yes".
        if not any(type(value) is type(a) and value == a for a in allowed):
            return Words("option {key} cannot be {value} (it is one of {allowed})", key=repr(key), value=repr(value),
                         allowed=", ".join(repr(a) for a in allowed))
    return None
