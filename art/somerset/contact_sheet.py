#!/usr/bin/env python3
"""Render Somerset's art into contact sheets (PNG) to look at: python art/somerset/contact_sheet.py [OUT_DIR]

Headless (SDL_VIDEODRIVER=dummy). Writes, into OUT_DIR (default /tmp/somerset_art):
  tiles.png        every tile at 200 px high, on a dark table;
  tiles_70.png     every tile at 70 px high, as a scene draws them on a full map;
  map.png          a few tiles laid side by side at 140 px, so the road stubs meet on shared edges;
  pieces.png       workers (standing and lying), roads, barricades, claim and track markers per seat,
                   resources, sword, hex backdrops;
  cards.png        spell and building cards; board.png: the government track.
"""
from __future__ import annotations

import math
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

ART = Path(__file__).resolve().parent
BG = (46, 58, 44)


def load(path, h):
    """An SVG scaled to h pixels high (width in proportion)."""
    probe = pygame.image.load(str(path))
    w = max(1, round(probe.get_width() * h / probe.get_height()))
    return pygame.image.load_sized_svg(str(path), (w, h))


def sheet(paths, h, cols, out, pad=8):
    images = [load(p, h) for p in paths]
    if not images:
        return
    cw = max(i.get_width() for i in images) + pad
    rows = math.ceil(len(images) / cols)
    surf = pygame.Surface((cols * cw + pad, rows * (h + pad) + pad))
    surf.fill(BG)
    for k, img in enumerate(images):
        r, c = divmod(k, cols)
        surf.blit(img, (pad + c * cw + (cw - pad - img.get_width()) // 2, pad + r * (h + pad)))
    pygame.image.save(surf, str(out))
    print("wrote", out)


def rows_sheet(rows, h, out, pad=10):
    """Each row of paths drawn left to right at h pixels high."""
    loaded = [[load(p, h) for p in row] for row in rows if row]
    width = max(sum(i.get_width() + pad for i in row) for row in loaded) + pad
    surf = pygame.Surface((width, len(loaded) * (h + pad) + pad))
    surf.fill(BG)
    for r, row in enumerate(loaded):
        x = pad
        for img in row:
            surf.blit(img, (x, pad + r * (h + pad)))
            x += img.get_width() + pad
    pygame.image.save(surf, str(out))
    print("wrote", out)


def hex_map(out, h=140):
    """Tiles side by side on a pointy-top grid (rotation 0), so the stubs can be seen meeting."""
    tiles = sorted((ART / "tiles").glob("*.svg"))
    size = h / 2                                   # corner radius in pixels (the picture is 2R high)
    w = size * math.sqrt(3)
    cells = [(q, r) for r in range(4) for q in range(-(r // 2), 6 - (r // 2))]
    surf = pygame.Surface((int(w * 6.8), int(size * 1.5 * 4 + size * 1.2)))
    surf.fill(BG)
    for (q, r), path in zip(cells, tiles):
        img = load(path, h)
        x = w * (q + r / 2) + w * 0.7
        y = size * 1.5 * r + size * 1.1
        surf.blit(img, (round(x - img.get_width() / 2), round(y - img.get_height() / 2)))
    pygame.image.save(surf, str(out))
    print("wrote", out)


def main():
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/somerset_art")
    out.mkdir(parents=True, exist_ok=True)
    pygame.display.init()
    tiles = sorted((ART / "tiles").glob("*.svg"))
    sheet(tiles, 200, 9, out / "tiles.png")
    sheet(tiles, 70, 15, out / "tiles_70.png", pad=4)
    hex_map(out / "map.png")
    seats = sorted({p.stem.split("_")[-1] for p in (ART / "pieces").glob("claim_*.svg")})
    rows = []
    for seat in seats:
        names = [f"{k}_{seat}{v}" for k in ("peasant", "knight", "wizard") for v in ("", "_lying")]
        names += [f"road_{seat}", f"barricade_{seat}", f"claim_{seat}", f"track_marker_{seat}"]
        rows.append([ART / "pieces" / f"{n}.svg" for n in names])
    rows.append([p for p in sorted(ART.glob("*.svg")) if "board" not in p.name])
    rows_sheet(rows, 110, out / "pieces.png")
    cards = sorted((ART / "cards").glob("*.svg"))
    sheet(cards, 220, 10, out / "cards.png")
    boards = sorted(ART.glob("*board*.svg"))
    for b in boards:
        sheet([b], 400, 1, out / f"{b.stem}.png")
    pygame.display.quit()


if __name__ == "__main__":
    main()
