"""The benchmark finds each game's hooks in games/<id>/bench.py; the kit names no game and the program never
imports it."""
from __future__ import annotations

import ast
import sys
import textwrap
from pathlib import Path

import pytest

import bench
from engine.core.registry import GameInfo
from engine.ui.catalogue import known_games

ROOT = Path(__file__).resolve().parents[1]


def _imports(path: Path) -> set[str]:
    """The top-level package of every module `path` imports."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


def test_no_shipping_module_imports_the_bench_kit() -> None:
    shipping = [ROOT / "main.py", *sorted((ROOT / "engine").rglob("*.py")), *sorted((ROOT / "games").rglob("*.py"))]
    importers = [p.relative_to(ROOT).as_posix() for p in shipping if "bench" in _imports(p)]
    assert importers == []


def test_the_bench_kit_names_no_game() -> None:
    ids = [info.id for info in known_games()]
    for path in (ROOT / "bench" / "__init__.py", ROOT / "engine" / "ui" / "gestures.py"):
        text = path.read_text(encoding="utf-8").lower()
        assert [gid for gid in ids if gid in text] == [], path.name


def test_every_game_has_its_drag_hook_in_its_own_bench_module() -> None:
    for info in known_games():
        module = bench.game_bench(info)
        assert module is not None and module.__name__ == f"games.{info.id}.bench", info.id
        assert callable(module.bench_drag), info.id


def _fake_game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bench_source: str | None) -> GameInfo:
    """A game package `benchfake` in tmp_path, with a bench.py of `bench_source` (none if None)."""
    package = tmp_path / "benchfake"
    package.mkdir()
    (package / "__init__.py").write_text("def make_scene(app, match):\n    return None\n")
    if bench_source is not None:
        (package / "bench.py").write_text(textwrap.dedent(bench_source))
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in [m for m in sys.modules if m.split(".")[0] == "benchfake"]:
        monkeypatch.delitem(sys.modules, name)
    import benchfake

    return GameInfo("benchfake", "Bench Fake", 2, 2, make_rules=lambda: None, make_scene=benchfake.make_scene)


def test_a_game_without_a_bench_module_is_skipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    info = _fake_game(tmp_path, monkeypatch, None)
    assert bench.game_bench(info) is None
    assert "skipped" in bench.bench_scene(info, size=(640, 360), frames=1, warmup=0)


def test_a_rules_only_game_finds_its_bench_module_through_make_rules(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    info = _fake_game(tmp_path, monkeypatch, "GAMES_PER_S_TARGET = 3.0\n")
    import benchfake

    rules_only = GameInfo("benchfake", "Bench Fake", 2, 2, make_rules=benchfake.make_scene, make_scene=None)
    assert bench.game_bench(rules_only).GAMES_PER_S_TARGET == 3.0
    assert bench.game_bench(info).GAMES_PER_S_TARGET == 3.0


def test_a_bench_module_that_fails_to_import_is_reported_not_skipped(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    info = _fake_game(tmp_path, monkeypatch, "import no_such_module_anywhere\n")
    with pytest.raises(ModuleNotFoundError, match="no_such_module_anywhere"):
        bench.game_bench(info)


@pytest.mark.parametrize("game_id", ["entdecker", "desert_sons", "five_tribes", "somerset", "realm_of_sand"])
def test_each_games_hook_leaves_a_piece_held_through_the_sweep(game_id: str) -> None:
    info = next(g for g in known_games() if g.id == game_id)
    figures = bench.bench_scene(info, size=(1280, 720), frames=8, warmup=2)
    assert "skipped" not in figures, figures
    assert figures["frames"] == 8 and figures["frame_ms_p99"] > 0
