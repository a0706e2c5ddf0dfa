"""Somerset art: every SVG renders and suits nanosvg, the files are what make_art.py makes, every road stub ends
on its edge midpoint, and every tile, spell and building of data/somerset has its picture."""
from __future__ import annotations

import math
import re
from pathlib import Path

import pygame
import pytest
import yaml
from tests.art_scripts import load_make_art, video  # noqa: F401 - video is a fixture

ROOT = Path(__file__).resolve().parents[1]
ART = ROOT / "art" / "somerset"
DATA = ROOT / "data" / "somerset"
SVGS = sorted(ART.rglob("*.svg"))


@pytest.fixture(scope="module")
def make_art():
    return load_make_art("somerset")


def data(name):
    """A data file of the game; missing data fails the test (the art must follow the data)."""
    path = DATA / name
    assert path.is_file(), f"{path} is missing: the art is drawn from it"
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def seats():
    return yaml.safe_load((ROOT / "data" / "seats.yaml").read_text(encoding="utf-8"))["colours"]


def test_there_is_art():
    names = {p.relative_to(ART).as_posix() for p in SVGS}
    for must in ("hex_empty.svg", "hex_buildable.svg", "sword.svg", "gov_board.svg", "icon_wood.svg",
                 "icon_brick.svg", "icon_stone.svg", "icon_grain.svg", "icon_crystal.svg", "icon_coin.svg",
                 "cards/spell_frame.svg", "cards/spell_back.svg", "cards/building_back.svg"):
        assert must in names, must
    for seat in seats():
        s = seat["id"]
        for kind in ("peasant", "knight", "wizard"):
            assert f"pieces/{kind}_{s}.svg" in names and f"pieces/{kind}_{s}_lying.svg" in names
        for piece in ("road", "barricade", "claim", "track_marker"):
            assert f"pieces/{piece}_{s}.svg" in names


def test_every_tile_spell_and_building_in_the_data_has_its_picture():
    tiles = data("tiles.yaml")
    ids = [t["id"] for t in tiles["city_tiles"] + tiles["country_tiles"]]
    assert len(ids) == 43
    missing = [i for i in ids if not (ART / "tiles" / f"{i}.svg").is_file()]
    spells = [s["id"] for s in data("spells.yaml")["spells"]]
    missing += [i for i in spells if not (ART / "cards" / f"spell_{i}.svg").is_file()]
    b = data("buildings.yaml")
    buildings = [b["residence"]["id"]] + [x["id"] for x in b["buildings"]]
    missing += [i for i in buildings if not (ART / "cards" / f"building_{i}.svg").is_file()]
    assert spells and buildings
    assert not missing, f"missing {missing}; run: python art/somerset/make_art.py"


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
    for banned in ("<text", "<filter", "clip-path", "<clipPath", "<image", "<mask"):
        assert banned not in text, f"{path.name} uses {banned}"
    for gradient in re.findall(r"<(?:linear|radial)Gradient [^>]*>", text):
        assert 'gradientUnits="userSpaceOnUse"' in gradient
    if path.parent.name == "tiles" or path.name.startswith("hex_"):
        assert 'viewBox="0 0 256 256"' in text


def test_road_stubs_end_on_the_edge_midpoints(make_art):
    """Each tile has a stub for exactly the '1' sides of its road mask, from the edge midpoint straight towards
    the centre (make_art.check_tile), as the files on disk draw it."""
    specs = make_art.load_tiles(str(DATA / "tiles.yaml"))
    assert len(specs) == 43
    for spec in specs:
        make_art.check_tile(spec, (ART / spec.art).read_text(encoding="utf-8"))


def test_stubs_of_neighbours_meet_at_the_shared_midpoint(make_art):
    """Tile A's stub on side d and tile B's on the opposite side, B beside A across d, end on one point."""
    step = 2 * make_art.HEX_APO
    for side, ang in make_art.SIDE_ANGLE.items():
        a = math.radians(ang)
        other = next(s for s, g in make_art.SIDE_ANGLE.items() if abs(((g - ang) % 360) - 180) < 1e-9)
        mid_a = make_art.edge_mid(side)
        b_centre = (make_art.MID + step * math.cos(a), make_art.MID + step * math.sin(a))
        mid_b = make_art.edge_mid(other, b_centre[0], b_centre[1])
        assert math.dist(mid_a, mid_b) < 1e-9, (side, other)


def test_the_stub_check_notices_a_wrong_stub(make_art):
    spec = make_art.load_tiles(str(DATA / "tiles.yaml"))[0]
    text = (ART / spec.art).read_text(encoding="utf-8")
    wrong = re.sub(r'(<path id="road-\w+" d="M)(-?[\d.]+)', lambda m: m[1] + str(float(m[2]) + 3), text, count=1)
    with pytest.raises(AssertionError):
        make_art.check_tile(spec, wrong)


def test_the_files_are_what_the_script_makes(make_art, tmp_path, monkeypatch):
    """The SVGs on disk come from make_art.py as it is (deterministic, nothing edited by hand)."""
    monkeypatch.setattr(make_art, "OUT_DIR", str(tmp_path))
    make_art.main()
    made = sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*.svg"))
    hint = "run: python art/somerset/make_art.py"
    assert made == [p.relative_to(ART).as_posix() for p in SVGS], hint
    for name in made:
        assert (tmp_path / name).read_bytes() == (ART / name).read_bytes(), f"{name} is out of date; {hint}"


def test_seat_pieces_carry_their_mark(make_art):
    """Players are told apart by their mark as well as by hue: every seat piece draws its seat's mark."""
    for seat in seats():
        for path in (ART / "pieces").glob(f"*_{seat['id']}*.svg"):
            text = path.read_text(encoding="utf-8")
            assert f'data-mark="{seat["mark"]}"' in text, path.name


def test_a_spell_cast_only_before_or_after_the_move_carries_its_ribbon_and_no_other_does():
    # spells.yaml `timing`: the card itself tells when it may be cast (the scene writes the words on the ribbon)
    spells = yaml.safe_load((DATA / "spells.yaml").read_text(encoding="utf-8"))["spells"]
    for spell in spells:
        text = (ART / "cards" / f"spell_{spell['id']}.svg").read_text(encoding="utf-8")
        marks = re.findall(r'id="timing-(\w+)"', text)
        assert marks == ([] if spell["timing"] == "any" else [spell["timing"]]), spell["id"]
