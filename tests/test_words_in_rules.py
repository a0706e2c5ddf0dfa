"""Every player-facing sentence the rules build from values is Words, so a translation can say it (issue 12).

A refusal, a log line or an account line made with an f-string is English that no
translation table can find: its text changes with every value. The rules build such
text with engine.core.words.Words(template, **fields) instead. f-strings stay where
only a developer reads them: exceptions raised for a programming error, the
invariant checker's problems, repr, a random generator's seed.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES_FILES = sorted(p for p in (ROOT / "games").glob("*/rules*.py") if p.name != "rules_invariants.py")
DEVELOPER_FUNCTIONS = {"check_invariants", "__repr__", "__str__", "bench_queries"}
# A line marked so makes a whole phrase from a name in the game's data ("an Elder"): each such phrase is one
# entry of a translation table (an article cannot be translated apart from its noun).
WHOLE = "# translated whole"


def _player_facing_fstrings(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    tree, lines = ast.parse(text), text.splitlines()
    found: list[str] = []

    def visit(node: ast.AST, in_developer_code: bool) -> None:
        if isinstance(node, ast.Raise):
            return  # an exception for a programming error (IllegalAction takes Words: see below)
        if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in ("Random", "getattr"):
            return  # a random generator's seed text, a method's name
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            in_developer_code = in_developer_code or node.name in DEVELOPER_FUNCTIONS or node.name.startswith("_invariant")
        if isinstance(node, ast.JoinedStr) and not in_developer_code and WHOLE not in lines[node.lineno - 1]:
            found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)[:80]}")
            return
        for child in ast.iter_child_nodes(node):
            visit(child, in_developer_code)

    visit(tree, False)
    return found


@pytest.mark.parametrize("path", RULES_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_rules_text_built_from_values_is_words_not_an_fstring(path: Path) -> None:
    found = _player_facing_fstrings(path)
    assert not found, "player-facing text made with an f-string cannot be translated:\n" + "\n".join(found)


def test_illegal_action_is_raised_with_words_when_it_carries_values() -> None:
    """`raise IllegalAction(f"...")` would slip past the first test: its message is a player's reason."""
    bad = []
    for path in RULES_FILES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "IllegalAction":
                if any(isinstance(arg, ast.JoinedStr) for arg in node.args):
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not bad, bad


def test_the_checker_finds_an_fstring_reason(tmp_path: Path) -> None:
    sample = tmp_path / "games" / "g" / "rules.py"
    sample.parent.mkdir(parents=True)
    sample.write_text('def _why_buy(self, s, a):\n    return f"That costs {a.cost} gold."\n'
                      'def check_invariants(self, s):\n    return [f"gold {s.gold} < 0"]\n'
                      'def _do_buy(self, s, a):\n    raise ValueError(f"bad {a}")\n')
    global ROOT
    old, ROOT = ROOT, tmp_path
    try:
        found = _player_facing_fstrings(sample)
    finally:
        ROOT = old
    assert len(found) == 1 and "That costs" in found[0]
