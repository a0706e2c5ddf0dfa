"""Reading YAML data files: safe loading, line numbers, and clear errors for bad files."""
from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from engine.core.errors import DataError
from engine.core.yamlfile import dotted, load_yaml, load_yaml_text


def write(tmp_path: Path, text: str, name: str = "tiles.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_data_error_text_names_file_line_and_problem() -> None:
    err = DataError("data/x.yaml", 12, "tiles[3].edges: bad")
    assert (err.path, err.line, err.problem) == ("data/x.yaml", 12, "tiles[3].edges: bad")
    assert str(err) == "data/x.yaml, line 12: tiles[3].edges: bad"
    assert str(DataError("data/x.yaml", None, "file not found")) == "data/x.yaml: file not found"


def test_loads_plain_python_values(tmp_path: Path) -> None:
    path = write(tmp_path, "total: 120\nname: cape\nspot: [0.5, 0.2]\nreserve: yes\nnone:\nday: 2001-12-14\n")
    doc = load_yaml(path)
    assert doc.path == str(path)
    assert doc.data == {
        "total": 120, "name": "cape", "spot": [0.5, 0.2], "reserve": True, "none": None,
        "day": datetime.date(2001, 12, 14),
    }


def test_syntax_error_names_the_file_and_the_line(tmp_path: Path) -> None:
    path = write(tmp_path, "total: 120\nbacks:\n  plain: a.svg\n  question: b.svg: c\n")
    with pytest.raises(DataError) as caught:
        load_yaml(path)
    err = caught.value
    assert err.path == str(path)
    assert err.line == 4
    assert err.problem.startswith("YAML syntax error: mapping values are not allowed")
    assert str(err).startswith(f"{path}, line 4: YAML syntax error")


def test_unclosed_bracket_reports_where_it_was_opened(tmp_path: Path) -> None:
    path = write(tmp_path, "total: 120\nspot: [0.5, 0.2\nname: cape\n")
    with pytest.raises(DataError) as caught:
        load_yaml(path)
    assert caught.value.line == 3
    assert "while parsing a flow sequence, from line 2" in caught.value.problem


def test_duplicate_key_names_the_key_and_both_lines(tmp_path: Path) -> None:
    path = write(tmp_path, "patterns:\n  P1:\n    name: sea\n    edges: SSSS\n    name: open sea\n")
    with pytest.raises(DataError) as caught:
        load_yaml(path)
    err = caught.value
    assert err.line == 5
    assert err.problem == "patterns.P1: duplicate key 'name' (first at line 3)"


def test_duplicate_key_inside_a_flow_mapping_in_a_list(tmp_path: Path) -> None:
    path = write(tmp_path, "tiles:\n  - {id: a, count: 1}\n  - {id: b, count: 2, count: 3}\n")
    with pytest.raises(DataError, match=r"line 3: tiles\[1\]: duplicate key 'count'"):
        load_yaml(path)


@pytest.mark.parametrize("text", ["", "\n\n", "# only a comment\n# and another\n"])
def test_empty_file_is_an_error(tmp_path: Path, text: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(DataError) as caught:
        load_yaml(path)
    err = caught.value
    assert (err.path, err.line, err.problem) == (str(path), None, "the file is empty")


def test_missing_file_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "nope.yaml"
    with pytest.raises(DataError) as caught:
        load_yaml(path)
    assert (caught.value.path, caught.value.line, caught.value.problem) == (str(path), None, "file not found")


def test_file_that_is_not_utf8_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "latin1.yaml"
    path.write_bytes("a: 1\nname: K\xf6ln\n".encode("latin-1"))
    with pytest.raises(DataError) as caught:
        load_yaml(path)
    assert caught.value.line == 2
    assert "not UTF-8" in caught.value.problem


NESTED = """\
# Entdecker test file
total: 120
patterns:
  P2:
    name: cape
    land_pieces:
      - {edges: [N], spot: [0.5, 0.2]}
      - edges: [N, E]
        spot:
          - 0.72
          - 0.28
tiles:
  - {id: p1, count: 20}
  - id: p2
    count:
      16
"""


@pytest.mark.parametrize(
    ("where", "line"),
    [
        ((), 2),
        (("total",), 2),
        (("patterns",), 3),
        (("patterns", "P2"), 4),
        (("patterns", "P2", "name"), 5),
        (("patterns", "P2", "land_pieces", 0), 7),
        (("patterns", "P2", "land_pieces", 0, "spot", 1), 7),
        (("patterns", "P2", "land_pieces", 1), 8),
        (("patterns", "P2", "land_pieces", 1, "spot"), 9),
        (("patterns", "P2", "land_pieces", 1, "spot", 1), 11),
        (("tiles", 0, "count"), 13),
        (("tiles", 1, "id"), 14),
        (("tiles", 1, "count"), 16),  # a scalar is found on its own line, below its key
    ],
)
def test_line_of_points_at_the_node(where: tuple, line: int) -> None:
    doc = load_yaml_text(NESTED)
    assert doc.line_of(where) == line


@pytest.mark.parametrize(
    ("where", "line"),
    [
        (("total",), 2),
        (("patterns", "P2"), 4),
        (("patterns", "P2", "land_pieces", 1, "spot"), 9),
        (("tiles", 1, "count"), 15),  # the key, where its value (line 16) is not
        (("tiles", 1, "back"), 14),  # no such key: the line of the mapping that lacks it
    ],
)
def test_key_line_of_points_at_the_key(where: tuple, line: int) -> None:
    assert load_yaml_text(NESTED).key_line_of(where) == line


def test_keys_merged_from_an_alias_are_placed_at_the_merge() -> None:
    text = "base: &b {back: plain, count: 4}\ntiles:\n  - <<: *b\n    id: p1\n    count: 5\n"
    doc = load_yaml_text(text)
    assert doc.key_line_of(("tiles", 0, "back")) == 3, "typed on line 1, brought in by '<<' on line 3"
    assert doc.key_line_of(("tiles", 0, "count")) == 5, "the key written here wins over the merged one"
    inline = load_yaml_text("tile:\n  <<:\n    back: plain\n    count: 4\n  id: p1\n")
    assert inline.key_line_of(("tile", "count")) == 4, "a mapping merged in place keeps its own lines"


def test_error_can_point_at_another_line() -> None:
    doc = load_yaml_text(NESTED, "tiles.yaml")
    assert doc.error(("tiles", 1), "unknown key 'cuont'", 15).line == 15


def test_line_of_a_missing_node_falls_back_to_the_nearest_parent() -> None:
    doc = load_yaml_text(NESTED)
    assert doc.line_of(("tiles", 1, "back")) == 14
    assert doc.line_of(("patterns", "P9", "name")) == 3
    assert doc.line_of(("nothing", "here")) == 2


def test_error_puts_the_dotted_path_before_the_problem() -> None:
    doc = load_yaml_text(NESTED, "data/entdecker/tiles.yaml")
    err = doc.error(("patterns", "P2", "land_pieces", 1, "spot"), "expected 2 values")
    assert str(err) == "data/entdecker/tiles.yaml, line 9: patterns.P2.land_pieces[1].spot: expected 2 values"


def test_dotted_spells_indices_in_brackets() -> None:
    assert dotted(("tiles", 3, "edges")) == "tiles[3].edges"
    assert dotted(("patterns", "P2")) == "patterns.P2"
    assert dotted(()) == ""


def test_anchors_and_merge_keys_give_plain_copies() -> None:
    doc = load_yaml_text("base: &b {back: plain, count: 4}\ntiles:\n  - <<: *b\n    id: p1\n    count: 5\n")
    assert doc.data["tiles"] == [{"back": "plain", "count": 5, "id": "p1"}]
    assert doc.data["base"] == {"back": "plain", "count": 4}


def test_recursive_alias_is_refused() -> None:
    with pytest.raises(DataError, match="refers to itself"):
        load_yaml_text("a: &x [1, *x]\n")


def test_control_character_names_its_line() -> None:
    with pytest.raises(DataError) as caught:
        load_yaml_text("name: K\u00f6ln\nnote: caf\u00e9\nbad: a\x07b\n")
    assert caught.value.line == 3
    assert caught.value.problem == "YAML syntax error: character #x0007 is not allowed"


def test_two_documents_in_one_file_are_refused() -> None:
    with pytest.raises(DataError) as caught:
        load_yaml_text("a: 1\n---\nb: 2\n")
    assert caught.value.line == 2
    assert "expected a single document" in caught.value.problem


def test_python_object_tags_are_refused_not_constructed() -> None:
    refused = r"line 2: hook: the tag !!python/object/apply:os.system is not allowed"
    with pytest.raises(DataError, match=refused):
        load_yaml_text("a: 1\nhook: !!python/object/apply:os.system ['echo hi']\n")
