"""Realm of Sand art: every tile, card, board and power of data/realm_of_sand has its picture in the box the
screen relies on, every SVG renders and suits nanosvg, the board grid, track and crystal sockets lie where
the data puts them, a card draws exactly its pattern's cells, squares and discs differ in shape (not only in
hue), and the files are what art/realm_of_sand/make_art.py makes from the data."""
from __future__ import annotations

import itertools
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pygame
import pytest
import yaml
from tests.art_scripts import load_make_art, video  # noqa: F401 - video is a fixture

ROOT = Path(__file__).resolve().parents[1]
ART = ROOT / "art" / "realm_of_sand"
DATA = ROOT / "data" / "realm_of_sand"
SVGS = sorted(ART.rglob("*.svg"))
NS = "{http://www.w3.org/2000/svg}"


def data(name):
    return yaml.safe_load((DATA / name).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def make_art():
    return load_make_art("realm_of_sand")


def svg_root(path):
    return ET.parse(path).getroot()


def by_id(root):
    return {e.get("id"): e for e in root.iter() if e.get("id")}


def view_box(path):
    return tuple(float(v) for v in svg_root(path).get("viewBox").split())


def expected_boxes():
    """Every file the screen names, with its viewBox (0 0 w h)."""
    game, boards, tiles, cards = data("game.yaml"), data("boards.yaml"), data("tiles.yaml"), data("cards.yaml")
    boxes = {}
    for b in boards["boards"]:
        boxes[f"boards/{b['colour']}_basic.svg"] = (640, 768)
        boxes[f"boards/{b['colour']}_advanced.svg"] = (640, 768)
        boxes[f"icons/power_{b['advanced']['power']}.svg"] = (96, 96)
    for c in game["square_colours"]:
        boxes[f"pieces/square_{c}.svg"] = (96, 96)
    for c in game["disc_colours"]:
        boxes[f"pieces/disc_{c}.svg"] = (96, 96)
    for t in tiles["tiles"]:
        cells = tiles["shapes"][t["shape"]]
        boxes[f"tiles/{t['id']}.svg"] = (96 * (1 + max(x for x, _ in cells)), 96 * (1 + max(y for _, y in cells)))
    boxes["tiles/back.svg"] = (96, 96)
    boxes["pieces/queen.svg"] = (96, 128)
    boxes["pieces/crystal_clear.svg"] = boxes["pieces/crystal_charged.svg"] = (64, 64)
    boxes["pieces/level_marker.svg"] = (56, 56)
    for c in cards["cards"]:
        boxes[f"cards/{c['id']}.svg"] = (200, 280)
    for level in ("I", "II", "III"):
        boxes[f"cards/back_{level}.svg"] = (200, 280)
    for name in ("hourglass", "points", "plus1"):
        boxes[f"icons/{name}.svg"] = (96, 96)
    return boxes


def test_every_tile_card_board_and_power_of_the_data_has_its_picture_in_its_box():
    boxes = expected_boxes()
    assert len([n for n in boxes if n.startswith("tiles/T")]) == 28
    assert len([n for n in boxes if n.startswith("cards/") and "back" not in n]) == 54
    assert len([n for n in boxes if n.startswith("boards/")]) == 12
    missing = [n for n in boxes if not (ART / n).is_file()]
    assert not missing, f"missing {missing}; run: python art/realm_of_sand/make_art.py"
    wrong = {n: view_box(ART / n) for n in boxes if view_box(ART / n) != (0, 0) + boxes[n]}
    assert not wrong
    assert {"tiles/T01.svg": (288, 96), "tiles/T04.svg": (192, 192)}.items() <= boxes.items()


@pytest.mark.parametrize("path", SVGS, ids=lambda p: p.relative_to(ART).as_posix())
def test_svg_loads_at_play_sizes(video, path):
    own = pygame.image.load(str(path))
    _, _, w, h = view_box(path)
    assert own.get_size() == (round(w), round(h))
    for side in (32, 70, 200):
        image = pygame.image.load_sized_svg(str(path), (side, side))
        assert max(image.get_size()) == side
        drawn = pygame.mask.from_surface(image, 1).count()
        assert drawn >= 0.2 * image.get_width() * image.get_height(), f"{path.name} is nearly empty at {side}"


@pytest.mark.parametrize("path", SVGS, ids=lambda p: p.relative_to(ART).as_posix())
def test_svg_suits_nanosvg(path):
    text = path.read_text(encoding="utf-8")
    for banned in ("<text", "<filter", "clip-path", "<clipPath", "<image", "<mask"):
        assert banned not in text, f"{path.name} uses {banned}"
    for gradient in re.findall(r"<(?:linear|radial)Gradient [^>]*>", text):
        assert 'gradientUnits="userSpaceOnUse"' in gradient


def test_board_cells_lie_on_the_96_grid_from_32_32_light_and_dark_as_the_data_says():
    spec = data("boards.yaml")
    rows = spec["cells"]
    for b in spec["boards"]:
        for side in ("basic", "advanced"):
            ids = by_id(svg_root(ART / "boards" / f"{b['colour']}_{side}.svg"))
            cells = {k: v for k, v in ids.items() if k.startswith("cell-")}
            assert len(cells) == len(rows) * len(rows[0])
            for y, row in enumerate(rows):
                for x, kind in enumerate(row):
                    r = cells[f"cell-{x}-{y}"]
                    box = tuple(float(r.get(a)) for a in ("x", "y", "width", "height"))
                    assert box == (32 + 96 * x, 32 + 96 * y, 96, 96)
                    assert r.get("data-kind") == {"L": "light", "D": "dark"}[kind]


def test_the_track_has_a_numbered_slot_per_level_and_the_emblem_sits_right_of_it(make_art):
    spec = data("boards.yaml")
    lo, hi = spec["level_track"]["start"], spec["level_track"]["max"]
    for path in (ART / "boards").glob("*.svg"):
        ids = by_id(svg_root(path))
        slots = sorted(k for k in ids if k.startswith("slot-"))
        assert len(slots) == hi - lo + 1
        for i in range(hi - lo + 1):
            s = ids[f"slot-{i}"]
            assert (float(s.get("cx")), float(s.get("cy")), float(s.get("r"))) == (64 + 72 * i, 680, 28)
            assert int(s.get("data-value")) == lo + i
        assert "emblem" in ids
    assert make_art.EMBLEM_C == (576, 680) and make_art.EMBLEM_R == 44


def test_advanced_sides_have_a_socket_in_each_crystal_cell_and_basic_sides_none():
    for b in data("boards.yaml")["boards"]:
        adv = {k for k in by_id(svg_root(ART / "boards" / f"{b['colour']}_advanced.svg")) if k.startswith("crystal-")}
        assert adv == {f"crystal-{x}-{y}" for x, y in b["advanced"]["crystals"]}
        basic = by_id(svg_root(ART / "boards" / f"{b['colour']}_basic.svg"))
        assert not [k for k in basic if k.startswith("crystal-")]


def luminance(surface, rect):
    """Mean luminance (0-255) of a rectangle of a surface."""
    total = n = 0
    for x in range(rect[0], rect[0] + rect[2]):
        for y in range(rect[1], rect[1] + rect[3]):
            r, g, b, _ = surface.get_at((x, y))
            total += 0.299 * r + 0.587 * g + 0.114 * b
            n += 1
    return total / n


def test_dark_cells_render_clearly_darker_than_light_cells(video):
    rows = data("boards.yaml")["cells"]
    image = pygame.image.load_sized_svg(str(ART / "boards" / "blue_basic.svg"), (320, 384))
    dark = [(x, y) for y, row in enumerate(rows) for x, k in enumerate(row) if k == "D"]
    light = [(x, y) for y, row in enumerate(rows) for x, k in enumerate(row) if k == "L"]
    half = lambda c: (16 + 48 * c[0] + 8, 16 + 48 * c[1] + 8, 32, 32)  # noqa: E731
    d = max(luminance(image, half(c)) for c in dark[:6])
    lt = min(luminance(image, half(c)) for c in light[:6])
    assert d < 0.7 * lt, (d, lt)


def test_a_card_draws_one_cell_per_pattern_cell_of_its_colour(make_art):
    for card in data("cards.yaml")["cards"]:
        ids = by_id(svg_root(ART / "cards" / f"{card['id']}.svg"))
        drawn = {(k, v.get("data-colour")) for k, v in ids.items() if k.startswith("pat-")}
        rows = card["pattern"].split("/")
        want = {(f"pat-{x}-{y}", ch) for y, row in enumerate(rows) for x, ch in enumerate(row) if ch != "."}
        assert drawn == want, card["id"]
        assert len(drawn) == sum(ch != "." for ch in card["pattern"].replace("/", ""))


def test_a_tile_draws_its_colours_in_its_shape_cells_and_leaves_the_rest_transparent(video):
    spec = data("tiles.yaml")
    for t in spec["tiles"]:
        path = ART / "tiles" / f"{t['id']}.svg"
        ids = by_id(svg_root(path))
        cells = spec["shapes"][t["shape"]]
        drawn = {(k, v.get("data-colour")) for k, v in ids.items() if k.startswith("cell-")}
        assert drawn == {(f"cell-{x}-{y}", c) for (x, y), c in zip(cells, t["colours"])}, t["id"]
        _, _, w, h = view_box(path)
        image = pygame.image.load_sized_svg(str(path), (round(w / 2), round(h / 2)))
        for x in range(int(w // 96)):
            for y in range(int(h // 96)):
                alpha = image.get_at((x * 48 + 24, y * 48 + 24)).a
                assert (alpha == 255) == ([x, y] in cells), (t["id"], x, y, alpha)


def shape_of(image):
    """A picture's shape without its hue: each opaque pixel light or dark against the picture's own mean
    luminance, transparent pixels a third value (so a recoloured copy has the same shape)."""
    w, h = image.get_size()
    lum = {}
    for x in range(w):
        for y in range(h):
            r, g, b, a = image.get_at((x, y))
            if a > 128:
                lum[(x, y)] = 0.299 * r + 0.587 * g + 0.114 * b
    mean = sum(lum.values()) / len(lum)
    return [2 if (x, y) not in lum else int(lum[(x, y)] > mean) for x in range(w) for y in range(h)]


def shape_difference(a, b):
    return sum(p != q for p, q in zip(a, b)) / len(a)


def painted_as(make_art, tmp_path, kind, shape, colour):
    """The piece `shape` drawn in the colours of `colour` (its picture, another piece's hue), at 32 px."""
    palette = make_art.SQUARE if kind == "square" else make_art.DISC
    saved = palette[shape]
    palette[shape] = palette[colour]
    try:
        doc = make_art.Art(96, 96)
        doc.add(make_art.square_items(doc, shape) if kind == "square" else make_art.disc_items(doc, shape))
    finally:
        palette[shape] = saved
    path = tmp_path / f"{kind}_{shape}_as_{colour}.svg"
    path.write_text(doc.text(), encoding="utf-8")
    return pygame.image.load_sized_svg(str(path), (32, 32))


@pytest.mark.parametrize("kind", ["square", "disc"])
def test_squares_and_discs_differ_pairwise_in_shape_not_only_in_hue_at_32_px(video, make_art, tmp_path, kind):
    """Each piece drawn in another piece's colours still differs from that piece: they differ in shape (at
    least 8% of the 32 x 32 box, about a sixth of a disc's face; measured at least 9.6%)."""
    game = data("game.yaml")
    colours = game["square_colours"] if kind == "square" else game["disc_colours"]
    shapes = {c: shape_of(pygame.image.load_sized_svg(str(ART / "pieces" / f"{kind}_{c}.svg"), (32, 32)))
              for c in colours}
    for a, b in itertools.permutations(colours, 2):
        assert shape_difference(shape_of(painted_as(make_art, tmp_path, kind, a, b)), shapes[b]) > 0.08, (kind, a, b)
    # the measure sees no difference where there is none: a piece painted in its own colours is itself
    for c in colours:
        assert shape_difference(shape_of(painted_as(make_art, tmp_path, kind, c, c)), shapes[c]) == 0


def test_a_disc_has_a_light_and_a_dark_rim_so_it_shows_on_a_square_of_its_colour(video):
    for c in data("game.yaml")["disc_colours"]:
        image = pygame.image.load_sized_svg(str(ART / "pieces" / f"disc_{c}.svg"), (96, 96))
        for dx, dy in ((0, -1), (1, 0), (0, 1), (-1, 0)):
            # the pixel whose centre lies r from the disc's centre (48, 48) in direction (dx, dy)
            at = lambda r: (round(47.5 + r * dx), round(47.5 + r * dy), 1, 1)  # noqa: E731
            outer = luminance(image, at(36.2))     # the ivory rim, radius 35-37.2
            inner = luminance(image, at(34.2))     # the ink rim inside it, radius 33.5-35
            assert outer > 180 and inner < 80, (c, dx, dy, outer, inner)


def test_the_files_are_what_the_script_makes(make_art, tmp_path, monkeypatch):
    """The SVGs on disk come from make_art.py as it is (deterministic, nothing edited by hand)."""
    monkeypatch.setattr(make_art, "OUT_DIR", str(tmp_path))
    make_art.main()
    made = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.svg"))
    hint = "run: python art/realm_of_sand/make_art.py"
    assert made == [p.relative_to(ART).as_posix() for p in SVGS], hint
    for name in made:
        assert (tmp_path / name).read_bytes() == (ART / name).read_bytes(), f"{name} is out of date; {hint}"


def test_a_changed_card_or_tile_in_the_data_is_drawn_anew(make_art, tmp_path, monkeypatch):
    data_dir = tmp_path / "data"
    shutil.copytree(DATA, data_dir)
    cards = (data_dir / "cards.yaml").read_text(encoding="utf-8")
    (data_dir / "cards.yaml").write_text(cards.replace('pattern: "GGR"', 'pattern: "B./GG/.Y"'), encoding="utf-8")
    tiles = (data_dir / "tiles.yaml").read_text(encoding="utf-8")
    (data_dir / "tiles.yaml").write_text(tiles.replace("{id: T01, shape: I, colours: GGG}",
                                                       "{id: T01, shape: L, colours: KRG}"), encoding="utf-8")
    monkeypatch.setattr(make_art, "DATA", str(data_dir))
    monkeypatch.setattr(make_art, "OUT_DIR", str(tmp_path / "out"))
    make_art.main()
    card = by_id(svg_root(tmp_path / "out" / "cards" / "I-01.svg"))
    assert {(k, v.get("data-colour")) for k, v in card.items() if k.startswith("pat-")} == \
        {("pat-0-0", "B"), ("pat-0-1", "G"), ("pat-1-1", "G"), ("pat-1-2", "Y")}
    tile = tmp_path / "out" / "tiles" / "T01.svg"
    assert view_box(tile) == (0, 0, 192, 192)
    assert {(k, v.get("data-colour")) for k, v in by_id(svg_root(tile)).items() if k.startswith("cell-")} == \
        {("cell-0-0", "K"), ("cell-1-0", "R"), ("cell-0-1", "G")}
