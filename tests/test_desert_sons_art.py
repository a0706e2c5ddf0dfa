"""Realm of the Desert Sons art: every SVG renders, the tiles named in tiles.yaml exist, tiles join seamlessly."""
from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest
import yaml
from tests.art_scripts import load_make_art, video  # noqa: F401 - video is a fixture

ROOT = Path(__file__).resolve().parents[1]
ART = ROOT / "art" / "desert_sons"
TILES_YAML = ROOT / "data" / "desert_sons" / "tiles.yaml"
SVGS = sorted(ART.rglob("*.svg"))


@pytest.fixture(scope="module")
def make_art():
    return load_make_art("desert_sons")


def tile_kinds():
    data = yaml.safe_load(TILES_YAML.read_text(encoding="utf-8"))
    return data["explorer_tiles"] + data["cross_squares"]


def test_there_is_art():
    names = {p.relative_to(ART).as_posix() for p in SVGS}
    for must in ("board_empty.svg", "back_1.svg", "back_5.svg", "icon_water1.svg", "icon_turban.svg", "turban.svg",
                 "water_stone.svg", "camel_card.svg", "rumor_back.svg", "rumor_board.svg", "caravan_board.svg",
                 "good_salt.svg", "rumor_gems_m2.svg", "camel_purple.svg", "explorer_white_16.svg"):
        assert must in names


@pytest.mark.parametrize("path", SVGS, ids=lambda p: p.relative_to(ART).as_posix())
def test_svg_renders_at_96_px(video, path):
    image = pygame.image.load_sized_svg(str(path), (96, 96))
    w, h = image.get_size()
    assert max(w, h) == 96
    drawn = pygame.mask.from_surface(image, 1).count()
    assert drawn >= 0.05 * w * h, f"{path.name} is nearly empty"


@pytest.mark.parametrize("path", SVGS, ids=lambda p: p.relative_to(ART).as_posix())
def test_svg_suits_nanosvg(path):
    text = path.read_text(encoding="utf-8")
    for banned in ("<text", "<filter", "clip-path", "<clipPath", "<image"):
        assert banned not in text, f"{path.name} uses {banned}"
    for gradient in re.findall(r"<(?:linear|radial)Gradient [^>]*>", text):
        assert 'gradientUnits="userSpaceOnUse"' in gradient
    if path.parent.name == "tiles" or path.name.startswith(("board_", "back_")):
        assert 'viewBox="0 0 256 256"' in text


def test_every_tile_art_named_in_the_yaml_exists():
    missing = [k["art"] for k in tile_kinds() if not (ART / k["art"]).is_file()]
    assert not missing, f"missing {missing}; run: python art/desert_sons/make_art.py"


def test_tiles_join_seamlessly(make_art):
    """Lines start at the edge midpoints and oases cross O edges exactly at the mouths (make_art.check_tile)."""
    specs = make_art.load_tiles(str(TILES_YAML))
    assert {s.id for s in specs} == {k["id"] for k in tile_kinds()}
    for spec in specs:
        make_art.check_tile(spec)


def test_seam_check_notices_a_misplaced_oasis(make_art):
    specs = {s.id: s for s in make_art.load_tiles(str(TILES_YAML))}
    lobe = specs["E_I"]
    wrong = make_art.TileSpec("wrong", "DDDD", lobe.parts, lobe.art)
    with pytest.raises(AssertionError):
        make_art.check_tile(wrong)


def test_the_files_are_what_the_script_makes(make_art, tmp_path, monkeypatch, capsys):
    """The SVGs on disk come from make_art.py as it is (deterministic, nothing edited by hand)."""
    monkeypatch.setattr(make_art, "OUT_DIR", str(tmp_path))
    make_art.main()
    made = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.svg"))
    hint = "run: python art/desert_sons/make_art.py"
    assert made == [p.relative_to(ART).as_posix() for p in SVGS], hint
    for name in made:
        assert (tmp_path / name).read_bytes() == (ART / name).read_bytes(), f"{name} is out of date; {hint}"


def test_brown_lines_meet_as_the_rules_join_them(make_art):
    """Issue 13: a camel crosses a square from any brown edge to any other (rules_board: moves go from square to
    square across edges), so no brown line may stop at an oasis: it runs on to the hub where the other lines
    meet, across the oasis of a strip, corner or fork; on a pond tile, whose pond fills the middle, the brown
    lines meet on a track round the pond."""
    hub = (make_art.MID, make_art.MID)
    for spec in make_art.load_tiles(str(TILES_YAML)):
        lay = make_art.TileLayout(spec)
        ring = getattr(lay, "ring", None)
        for side, _a, b, kind in lay.lines:
            if kind != "D":
                continue
            at_hub = make_art.dist(b, hub) < 0.5
            on_ring = ring is not None and abs(make_art.dist(b, hub) - ring) < 0.5
            assert at_hub or on_ring, f"{spec.id}: the brown {side} line stops short of the other lines"


def _blue(pixel) -> bool:
    r, g, b = pixel[:3]
    return b > r + 50 and b > g + 15


def test_only_icons_look_like_water(video, make_art):
    """Issue 13: decorative blue pools read as water icons at 11 px. No tile shows water outside its icons'
    roundels (checked on the files as drawn, pixel by pixel)."""
    size = 128
    k = size / make_art.SIZE
    for spec in make_art.load_tiles(str(TILES_YAML)):
        image = pygame.image.load_sized_svg(str(ART / spec.art), (size, size))
        icons = [(x * k, y * k) for part in spec.parts for _name, (x, y) in part.icons]
        blue = 0
        for y in range(size):
            for x in range(size):
                if any((x - cx) ** 2 + (y - cy) ** 2 <= (make_art.ICON_R * k + 2) ** 2 for cx, cy in icons):
                    continue
                blue += _blue(image.get_at((x, y)))
        assert blue <= 2, f"{spec.id}: {blue} water-blue pixels outside the icons"
