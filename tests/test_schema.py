"""The schema language: each kind of wrong value is reported with its path, line and a plain sentence."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.errors import DataError
from engine.core.schema import (
    Any_, Bool, File, Float, Int, ListOf, Map, MapOf, OneOf, Pair, Str, Tuple, check,
)
from engine.core.yamlfile import YamlDoc, load_yaml, load_yaml_text

BACKS = ["plain", "question", "reserve"]
EDGES = Str(pattern="[LS]{4}", pattern_help="four letters, each L (land) or S (sea)")


def tiles_schema(art_dir: Path) -> Map:
    """A schema shaped like data/entdecker/tiles.yaml, art checked in `art_dir`."""
    piece = Map({"edges": ListOf(Str(choices=["N", "E", "S", "W"]), min_len=1, max_len=4),
                 "spot": Pair(Float(0, 1), Float(0, 1))})
    pattern = Map({"name": Str(), "edges": EDGES, "land_pieces": ListOf(piece), "art": File(art_dir)})
    tile = Map(
        {"id": Str(), "pattern": Str(pattern=r"P\d+"), "back": Str(choices=BACKS), "count": Int(min=1)},
        {"reserve_number": Int(min=1, max=6), "event": Str(), "art": File(art_dir)},
    )
    return Map({
        "total": Int(min=1),
        "patterns": MapOf(Str(pattern=r"P\d+", pattern_help="P and a number"), pattern),
        "backs": MapOf(Str(choices=BACKS), File(art_dir)),
        "tiles": ListOf(tile, min_len=1),
    })


GOOD = """\
total: 120
patterns:
  P1:
    name: open sea
    edges: SSSS
    land_pieces: []
    art: tile_p1.svg
  P2:
    name: cape
    edges: LSSS
    land_pieces:
      - {edges: [N], spot: [0.5, 0.2]}
    art: tile_p2.svg
backs:
  plain: back_plain.svg
tiles:
  - {id: p1_reserve, pattern: P1, back: reserve, reserve_number: 1, count: 4}
  - {id: p2, pattern: P2, back: plain, count: 16}
  - {id: p2_gold, pattern: P2, back: question, event: gold, count: 1, art: tile_p2.svg}
"""


def line_containing(text: str) -> int:
    """1-based line of GOOD holding `text`, so the expected lines are read off the document."""
    return next(i for i, line in enumerate(GOOD.splitlines(), 1) if text in line)


P2_TILE = line_containing("{id: p2,")


@pytest.fixture
def art_dir(tmp_path: Path) -> Path:
    art = tmp_path / "art" / "entdecker"
    art.mkdir(parents=True)
    for name in ("tile_p1.svg", "tile_p2.svg", "back_plain.svg"):
        (art / name).write_text("<svg/>")
    return art


def problem_in(art_dir: Path, old: str, new: str) -> DataError:
    """Check GOOD with one text replaced and return the error it must give."""
    assert old in GOOD, old
    path = art_dir.parent.parent / "tiles.yaml"
    path.write_text(GOOD.replace(old, new, 1))
    with pytest.raises(DataError) as caught:
        check(load_yaml(path), tiles_schema(art_dir))
    assert caught.value.path == str(path)
    return caught.value


def test_valid_document_passes(art_dir: Path) -> None:
    check(load_yaml_text(GOOD), tiles_schema(art_dir))


def test_wrong_type_names_path_line_and_value(art_dir: Path) -> None:
    err = problem_in(art_dir, "count: 16}", "count: four}")
    assert (err.line, err.problem) == (P2_TILE, "tiles[1].count: expected a whole number, got 'four'")


def test_bad_choice_lists_the_choices(art_dir: Path) -> None:
    err = problem_in(art_dir, "back: plain, count: 16", "back: purple, count: 16")
    assert err.line == P2_TILE
    assert err.problem == "tiles[1].back: 'purple' is not one of plain, question, reserve"


def test_bad_pattern_uses_the_pattern_help(art_dir: Path) -> None:
    err = problem_in(art_dir, "edges: LSSS", "edges: LXSS")
    assert (err.line, err.problem) == (
        10, "patterns.P2.edges: 'LXSS' is not valid: four letters, each L (land) or S (sea)"
    )


def test_bad_pattern_without_help_shows_the_pattern(art_dir: Path) -> None:
    err = problem_in(art_dir, "pattern: P2, back: plain", "pattern: Q2, back: plain")
    assert err.problem == r"tiles[1].pattern: 'Q2' is not valid: it must match the pattern P\d+"


def test_bad_mapping_key_is_reported_at_the_key(art_dir: Path) -> None:
    err = problem_in(art_dir, "  P2:\n", "  Pfour:\n")
    assert err.line == line_containing("P2:")
    assert err.problem == "patterns.Pfour: 'Pfour' is not valid: P and a number"


def test_missing_key_names_the_key_at_the_mapping(art_dir: Path) -> None:
    err = problem_in(art_dir, "back: plain, count: 16}", "back: plain}")
    assert (err.line, err.problem) == (P2_TILE, "tiles[1]: missing key 'count'")


def test_missing_key_of_a_block_mapping_points_at_its_name(art_dir: Path) -> None:
    err = problem_in(art_dir, "    name: cape\n", "")
    assert (err.line, err.problem) == (line_containing("P2:"), "patterns.P2: missing key 'name'")


def test_unknown_key_lists_the_allowed_keys(art_dir: Path) -> None:
    err = problem_in(art_dir, "back: plain, count: 16", "back: plain, cnt: 16")
    assert err.line == P2_TILE
    assert err.problem == (
        "tiles[1]: unknown key 'cnt' (allowed: id, pattern, back, count, reserve_number, event, art)"
    )


def test_unknown_key_of_a_block_mapping_is_reported_at_the_key_not_the_mapping(art_dir: Path) -> None:
    err = problem_in(art_dir, "    art: tile_p2.svg\n", "    art: tile_p2.svg\n    colour: red\n")
    assert err.line == line_containing("art: tile_p2.svg") + 1, "the line of 'colour', not of 'P2:'"
    assert err.problem == "patterns.P2: unknown key 'colour' (allowed: name, edges, land_pieces, art)"


def test_bad_key_whose_value_is_on_the_next_line_is_reported_at_the_key() -> None:
    doc = load_yaml_text("counts:\n  four:\n    4\n", "counts.yaml")
    with pytest.raises(DataError) as caught:
        check(doc, Map({"counts": MapOf(Str(pattern="[0-9]+", pattern_help="digits"), Int())}))
    assert (caught.value.line, caught.value.problem) == (2, "counts.four: 'four' is not valid: digits")


def test_missing_art_file_names_the_file_and_folder(art_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(art_dir.parent.parent)  # folders are shown relative to where the program runs
    err = problem_in(art_dir, "art: tile_p2.svg\nbacks", "art: tile_p9.svg\nbacks")
    assert err.line == line_containing("tile_p2.svg")
    assert err.problem == "patterns.P2.art: art file 'tile_p9.svg' not found in art/entdecker"


def test_art_file_outside_the_art_folder_is_refused(art_dir: Path) -> None:
    (art_dir.parent / "secret.svg").write_text("<svg/>")
    err = problem_in(art_dir, "art: tile_p2.svg\nbacks", "art: ../secret.svg\nbacks")
    assert "art file '../secret.svg' must be inside" in err.problem


def test_out_of_range_int_names_the_limit(art_dir: Path) -> None:
    low = problem_in(art_dir, "count: 16}", "count: 0}")
    assert (low.line, low.problem) == (P2_TILE, "tiles[1].count: 0 is less than the minimum 1")
    high = problem_in(art_dir, "reserve_number: 1", "reserve_number: 7")
    assert high.line == line_containing("reserve_number")
    assert high.problem == "tiles[0].reserve_number: 7 is more than the maximum 6"


def test_yes_is_not_a_whole_number(art_dir: Path) -> None:
    err = problem_in(art_dir, "count: 16}", "count: yes}")
    assert err.line == P2_TILE
    assert err.problem == "tiles[1].count: expected a whole number, got true (a yes/no value)"


def test_fixed_length_list_checks_its_length_and_items(art_dir: Path) -> None:
    short = problem_in(art_dir, "spot: [0.5, 0.2]", "spot: [0.5]")
    assert short.line == line_containing("spot:")
    assert short.problem == "patterns.P2.land_pieces[0].spot: expected a list of 2 values, got a list of 1"
    wide = problem_in(art_dir, "spot: [0.5, 0.2]", "spot: [0.5, 1.2]")
    assert wide.problem == "patterns.P2.land_pieces[0].spot[1]: 1.2 is more than the maximum 1"


def test_list_length_limits(art_dir: Path) -> None:
    empty = problem_in(art_dir, "edges: [N]", "edges: []")
    assert empty.problem == "patterns.P2.land_pieces[0].edges: needs at least 1 item, has 0"
    many = problem_in(art_dir, "edges: [N]", "edges: [N, E, S, W, N]")
    assert many.problem == "patterns.P2.land_pieces[0].edges: allows at most 4 items, has 5"


def test_list_where_a_mapping_belongs(art_dir: Path) -> None:
    err = problem_in(art_dir, "backs:\n  plain: back_plain.svg\n", "backs: [back_plain.svg]\n")
    assert err.line == line_containing("backs:")
    assert err.problem == "backs: expected a mapping (key: value lines), got a list"


def doc(text: str) -> YamlDoc:
    return load_yaml_text(text, "t.yaml")


def test_float_accepts_whole_numbers_but_not_yes() -> None:
    check(doc("x: 1\n"), Map({"x": Float()}))
    with pytest.raises(DataError, match="x: expected a number, got true"):
        check(doc("x: yes\n"), Map({"x": Float()}))


def test_bool_wants_true_or_false() -> None:
    check(doc("x: no\n"), Map({"x": Bool()}))
    with pytest.raises(DataError, match="x: expected true or false, got 1"):
        check(doc("x: 1\n"), Map({"x": Bool()}))


def test_str_refuses_numbers() -> None:
    with pytest.raises(DataError, match="line 2: b: expected text, got 12"):
        check(doc("a: x\nb: 12\n"), Map({"a": Str(), "b": Str()}))


def test_missing_value_is_called_nothing() -> None:
    with pytest.raises(DataError, match="line 1: name: expected text, got nothing"):
        check(doc("name:\n"), Map({"name": Str()}))


def test_optional_keys_may_be_left_out_and_extra_keys_allowed_when_asked() -> None:
    check(doc("a: 1\n"), Map({"a": Int()}, {"b": Int()}))
    check(doc("a: 1\nnote: hi\n"), Map({"a": Int()}, extra=True))
    with pytest.raises(DataError, match=r"unknown key 'note' \(allowed: a, b\)"):
        check(doc("a: 1\nnote: hi\n"), Map({"a": Int()}, {"b": Int()}))


def test_one_of_explains_with_the_alternative_of_the_right_kind() -> None:
    count = Map({"n": OneOf(Int(min=1), Str(choices=["all"]))})
    check(doc("n: all\n"), count)
    check(doc("n: 3\n"), count)
    with pytest.raises(DataError, match="n: 'some' is not one of all"):
        check(doc("n: some\n"), count)
    with pytest.raises(DataError, match="n: 0 is less than the minimum 1"):
        check(doc("n: 0\n"), count)
    with pytest.raises(DataError, match=r"n: expected a whole number or text, got a list"):
        check(doc("n: [1]\n"), count)


def test_tuple_and_pair_are_the_same_fixed_length_list() -> None:
    assert Pair is Tuple
    check(doc("x: [a, 2]\n"), Map({"x": Tuple(Str(), Int())}))
    with pytest.raises(DataError, match=r"x\[0\]: expected text, got 1"):
        check(doc("x: [1, 2]\n"), Map({"x": Tuple(Str(), Int())}))


def test_any_accepts_everything() -> None:
    check(doc("x: [1, {a: b}]\n"), Map({"x": Any_()}))


def test_check_a_part_of_the_document() -> None:
    d = doc("game:\n  tiles:\n    - 1\n    - two\n")
    with pytest.raises(DataError) as caught:
        check(d, ListOf(Int()), ("game", "tiles"))
    assert caught.value.line == 4
    assert caught.value.problem == "game.tiles[1]: expected a whole number, got 'two'"
    with pytest.raises(DataError, match="line 1: game: missing key 'backs'"):
        check(d, Map({}), ("game", "backs"))


def test_top_level_must_be_a_mapping() -> None:
    with pytest.raises(DataError) as caught:
        check(doc("- a\n- b\n"), Map({"a": Int()}))
    assert str(caught.value) == "t.yaml, line 1: expected a mapping (key: value lines), got a list"


def test_file_schema_can_name_other_kinds_of_file(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="sound 'ding.wav' not found in"):
        check(doc("x: ding.wav\n"), Map({"x": File(tmp_path, "sound")}))
