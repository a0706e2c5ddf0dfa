"""A folder of damaged and hostile saves, each with the words its refusal must contain.

Used by tests/test_damaged_saves.py (each is refused, the file unchanged) and
by `python -m bench.hostile_saves` (how long each refusal takes through
`--load` and the menu).
"""
from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any, Callable

import yaml

from engine.core import registry
from engine.core.match import Match
from engine.core.rules import Seat

GOOD_GAME = "entdecker"


def good_save_data(seed: int = 5, actions: int = 12) -> dict[str, Any]:
    """A real Entdecker save a dozen actions in, as plain data to damage."""
    info = registry.get(GOOD_GAME)
    match = Match(info.make_rules(), [Seat(0, "Ann", "red"), Seat(1, "Bob", "yellow")], seed)
    rng = random.Random(seed)
    for _ in range(actions):
        match.play(rng.choice(match.legal_actions()), autosave=False)
    return match.to_save()


def _with(change: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any]], str]:
    def make(good: dict[str, Any]) -> str:
        data = copy.deepcopy(good)
        change(data)
        return yaml.safe_dump(data, sort_keys=False)
    return make


def _set(path: tuple, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target = data
        for part in path[:-1]:
            target = target[part]
        target[path[-1]] = value
    return change


def _alias_bomb(good: dict[str, Any]) -> str:
    """About 10 KB whose aliases expand to billions of values (the 'billion laughs')."""
    lines = ['lol0: &l0 ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
    for i in range(1, 12):
        lines.append(f"lol{i}: &l{i} [" + ", ".join([f"*l{i - 1}"] * 10) + "]")
    text = yaml.safe_dump(good, sort_keys=False)
    return "\n".join(lines) + "\n" + text.replace("actions:", "bomb: *l11\nactions:", 1)


def _deep(good: dict[str, Any]) -> str:
    text = yaml.safe_dump(good, sort_keys=False)
    return text.replace("actions:", "summary2: " + "[" * 100_000 + "]" * 100_000 + "\nactions:", 1)


def _huge(good: dict[str, Any]) -> str:
    """A 50 MB file: a save followed by a very long comment (quickly written, never read)."""
    return yaml.safe_dump(good, sort_keys=False) + "#" + "x" * (50 * 1024 * 1024)


# name -> (how to make it from a good save's data, words the refusal must contain)
KINDS: dict[str, tuple[Callable[[dict[str, Any]], str], str]] = {
    "truncated": (lambda g: yaml.safe_dump(g, sort_keys=False)[:700] + "\n  - {kind: pla", "not valid YAML"),
    "not_a_mapping": (lambda g: "- just\n- a list\n", "not a mapping"),
    "empty": (lambda g: "", "empty"),
    "binary": (lambda g: "\x00\x01garbage", "not valid YAML"),
    "field_wrong_type": (_with(lambda d: d["actions"][1].update(col="three")), "action 2 is damaged"),
    "field_is_a_list": (_with(lambda d: d["actions"][1].update(col=[1, 2])), "action 2 is damaged"),
    "kind_is_a_list": (_with(lambda d: d["actions"][2].update(kind=["spin"])), "action 3 is damaged"),
    "kind_unknown": (_with(lambda d: d["actions"][2].update(kind="teleport")), "unknown action kind"),
    "action_not_a_mapping": (_with(lambda d: d["actions"].__setitem__(0, "spin")), "action 1 is damaged"),
    "action_illegal": (_with(lambda d: d["actions"].__setitem__(5, d["actions"][0])), "action 6"),
    "unknown_colour": (_with(lambda d: d["seats"][1].update(colour="chartreuse")), "unknown colour"),
    "one_seat": (_with(lambda d: d.__setitem__("seats", d["seats"][:1])), "played by 2 to 4"),
    "six_seats": (_with(lambda d: d.__setitem__("seats", [dict(d["seats"][0], index=i) for i in range(6)])),
                  "played by 2 to 4"),
    "duplicate_index": (_with(lambda d: d["seats"][1].update(index=0)), "index"),
    "unknown_kind": (_with(lambda d: d["seats"][0].update(kind="robot")), "unknown kind"),
    "unknown_level": (_with(lambda d: d["seats"][1].update(kind="computer", level="os:system")), "unknown level"),
    "unknown_option": (_with(_set(("options",), {"turbo": True})), "unknown option"),
    "seed_is_text": (_with(_set(("seed",), "forty-two")), "seed"),
    "seats_not_a_list": (_with(_set(("seats",), "Ann and Bob")), "seats"),
    "actions_not_a_list": (_with(_set(("actions",), {"kind": "spin"})), "not a list"),
    "no_game": (_with(lambda d: d.pop("game")), "no 'game'"),
    "unknown_game": (_with(_set(("game",), "chess")), "unknown game"),
    "game_is_a_list": (_with(_set(("game",), ["entdecker"])), "game"),
    "newer_format": (_with(_set(("format",), 99)), "newer version"),
    "format_is_text": (_with(_set(("format",), "one")), "unknown format"),
    "python_tag": (lambda g: "!!python/object/apply:os.system ['echo hacked']\n", "not valid YAML"),
    "alias_bomb": (_alias_bomb, "aliases"),
    "self_alias": (lambda g: "format: 1\nloop: &a [*a]\n", "refers to itself"),
    "deeply_nested": (_deep, "nested too deeply"),
    "huge": (_huge, "larger than any save"),
}


def make_hostile_saves(folder: Path, good: dict[str, Any] | None = None) -> dict[Path, str]:
    """Write every kind into `folder` as <kind>.yaml; returns each file with the words its refusal contains."""
    folder.mkdir(parents=True, exist_ok=True)
    good = good if good is not None else good_save_data()
    out = {}
    for name, (make, words) in KINDS.items():
        path = folder / f"{name}.yaml"
        path.write_bytes(make(good).encode("utf-8"))
        out[path] = words
    return out
