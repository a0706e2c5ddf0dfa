"""Five Tribes art: every SVG renders with pygame's nanosvg, is up to date, and every `art:` file exists."""
from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pygame
import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]
ART = ROOT / "art" / "five_tribes"
DATA = ROOT / "data" / "five_tribes"
SVGS = sorted(ART.rglob("*.svg"))
TRIBES = ("vizier", "elder", "builder", "merchant", "assassin")


def _seat_colours() -> list[str]:
    doc = yaml.safe_load((ROOT / "data" / "seats.yaml").read_text(encoding="utf-8"))
    return [c["id"] for c in doc["colours"]]


def _named_art(node, found: list[str]) -> list[str]:
    """Every string under an `art` or `back` key, anywhere in a YAML tree."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("art", "back") and isinstance(value, str):
                found.append(value)
            else:
                _named_art(value, found)
    elif isinstance(node, list):
        for value in node:
            _named_art(value, found)
    return found


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    yield
    pygame.quit()


def test_there_is_art():
    assert len(SVGS) > 80


@pytest.mark.parametrize("path", SVGS, ids=lambda p: str(p.relative_to(ART)))
def test_svg_renders_non_empty(path: Path):
    surf = pygame.image.load_sized_svg(str(path), (96, 96))
    w, h = surf.get_size()
    assert max(w, h) >= 90, f"{path.name} rendered at {w}x{h}"
    covered = pygame.mask.from_surface(surf).count()
    assert covered > 0.1 * w * h, f"{path.name}: only {covered} of {w * h} pixels drawn"
    colours = {tuple(surf.get_at((x, y))) for x in range(0, w, 6) for y in range(0, h, 6)}
    assert len(colours) > 4, f"{path.name} is nearly one flat colour"


@pytest.mark.parametrize("path", SVGS, ids=lambda p: str(p.relative_to(ART)))
def test_svg_uses_only_what_nanosvg_draws(path: Path):
    text = path.read_text(encoding="utf-8")
    for banned in ("<text", "<filter", "clipPath", "clip-path", "<mask", "<image"):
        assert banned not in text, f"{path.name} uses {banned}"
    for gradient in re.findall(r"<(?:linear|radial)Gradient [^>]*>", text):
        assert 'gradientUnits="userSpaceOnUse"' in gradient, f"{path.name}: {gradient}"


def test_every_art_file_named_in_the_data_exists():
    names: list[str] = []
    for yml in sorted(DATA.glob("*.yaml")):
        names += _named_art(yaml.safe_load(yml.read_text(encoding="utf-8")), [])
    assert names, "no art: fields found in data/five_tribes"
    missing = [n for n in names if not (ART / n).is_file()]
    assert not missing, f"missing art files: {missing}"


def test_board_images_of_the_tmx_exist():
    tmx = (DATA / "board.tmx").read_text(encoding="utf-8")
    sources = re.findall(r'<image source="([^"]+)"', tmx)
    assert sources
    for src in sources:
        assert (DATA / src).resolve().is_file(), src


def test_pieces_exist_for_every_tribe_and_seat_colour():
    game = yaml.safe_load((DATA / "game.yaml").read_text(encoding="utf-8"))
    arts = {t["id"]: t["art"] for t in game["tribes"]}
    assert sorted(arts) == sorted(TRIBES)
    wanted = [arts[t] for t in TRIBES]
    for colour in _seat_colours():
        wanted += [f"camel_{colour}.svg", f"turn_marker_{colour}.svg"]
    wanted += ["palm.svg", "palace.svg", "assassin_marker.svg", "coin.svg", "bag.svg",
               "bid_track.svg", "bid_track_5p.svg", "turn_track.svg", "turn_track_5p.svg"]
    missing = [n for n in wanted if not (ART / n).is_file()]
    assert not missing, f"missing pieces: {missing}"


def test_shipped_svgs_are_what_make_art_writes(tmp_path: Path):
    spec = importlib.util.spec_from_file_location("five_tribes_make_art", ART / "make_art.py")
    module = importlib.util.module_from_spec(spec)
    assert spec.loader is not None
    spec.loader.exec_module(module)
    module.OUT_DIR = str(tmp_path)
    module.main()
    fresh = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*.svg"))
    assert fresh == sorted(p.relative_to(ART) for p in SVGS), "make_art.py and the shipped SVGs list differ"
    stale = [str(p) for p in fresh if (tmp_path / p).read_bytes() != (ART / p).read_bytes()]
    assert not stale, f"run python art/five_tribes/make_art.py: stale {stale}"
