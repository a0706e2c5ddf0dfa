#!/usr/bin/env python3
"""Render Realm of Sand's art into contact sheets (PNG) at play sizes: python art/realm_of_sand/contact_sheet.py [OUT]

Headless (SDL_VIDEODRIVER=dummy). Writes, into OUT (default /tmp/realm_of_sand_art):
  pieces.png   squares and discs at 24, 32, 48 and 70 px, each disc also on the square of its colour; queen,
               crystals, level marker, icons;
  tiles.png    every rune tile and the back at a cell of 48 px, a few at 70 px;
  cards.png    every card and the three backs at 90 x 126 (as a 1280 x 720 screen draws them);
  cards_big.png  a few cards at 200 x 280;
  boards.png   the six boards, basic and advanced, at 320 x 384; board_play.png one board at 448 x 538
               with pieces on it (a cell of 70 px).
"""
from __future__ import annotations

import math
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

ART = Path(__file__).resolve().parent
BG = (58, 46, 36)


def load(path, w=None, h=None):
    """An SVG scaled to w pixels wide or h pixels high (the other side in proportion)."""
    probe = pygame.image.load(str(path))
    pw, ph = probe.get_size()
    if h is None:
        h = max(1, round(ph * w / pw))
    if w is None:
        w = max(1, round(pw * h / ph))
    return pygame.image.load_sized_svg(str(path), (w, h))


def grid(images, cols, pad=8):
    cw = max(i.get_width() for i in images) + pad
    ch = max(i.get_height() for i in images) + pad
    rows = math.ceil(len(images) / cols)
    surf = pygame.Surface((cols * cw + pad, rows * ch + pad))
    surf.fill(BG)
    for k, img in enumerate(images):
        r, c = divmod(k, cols)
        surf.blit(img, (pad + c * cw, pad + r * ch))
    return surf


def stack(surfaces, pad=8):
    w = max(s.get_width() for s in surfaces)
    h = sum(s.get_height() for s in surfaces) + pad * (len(surfaces) - 1)
    out = pygame.Surface((w, h))
    out.fill(BG)
    y = 0
    for s in surfaces:
        out.blit(s, (0, y))
        y += s.get_height() + pad
    return out


def pieces_sheet():
    rows = []
    squares = sorted((ART / "pieces").glob("square_*.svg"))
    discs = sorted((ART / "pieces").glob("disc_*.svg"))
    for size in (24, 32, 48, 70):
        imgs = [load(p, size, size) for p in squares + discs]
        for d in discs:   # a disc on the square of its colour (or the black one for blue and yellow)
            c = d.stem[-1]
            sq = ART / "pieces" / f"square_{c if c in 'GRK' else 'K'}.svg"
            base = load(sq, size, size).copy()
            base.blit(load(d, size, size), (0, 0))
            imgs.append(base)
        rows.append(grid(imgs, len(imgs), pad=6))
    others = [load(ART / "pieces" / n, h=64) for n in ("queen.svg", "crystal_clear.svg", "crystal_charged.svg",
                                                      "level_marker.svg")]
    others += [load(p, 48, 48) for p in sorted((ART / "icons").glob("*.svg"))]
    others += [load(p, 28, 28) for p in sorted((ART / "icons").glob("*.svg"))]
    rows.append(grid(others, len(others)))
    return stack(rows)


def main():
    out = Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/realm_of_sand_art")
    out.mkdir(parents=True, exist_ok=True)
    pygame.display.init()
    pygame.image.save(pieces_sheet(), str(out / "pieces.png"))
    tiles = sorted((ART / "tiles").glob("T*.svg")) + [ART / "tiles" / "back.svg"]
    small = [load(p, h=48 * (2 if "192" in p.read_text()[:200] else 1)) for p in tiles]
    big = [load(p, h=70 * (2 if "192" in p.read_text()[:200] else 1)) for p in tiles[:10]]
    pygame.image.save(stack([grid(small, 10), grid(big, 6)]), str(out / "tiles.png"))
    cards = sorted((ART / "cards").glob("I-*.svg")) + sorted((ART / "cards").glob("II-*.svg")) + \
        sorted((ART / "cards").glob("III-*.svg")) + sorted((ART / "cards").glob("back_*.svg"))
    pygame.image.save(grid([load(p, 90, 126) for p in cards], 14, pad=6), str(out / "cards.png"))
    few = [ART / "cards" / f"{n}.svg" for n in ("I-09", "II-11", "III-12", "III-18", "back_III")]
    pygame.image.save(grid([load(p, 200, 280) for p in few], 5), str(out / "cards_big.png"))
    boards = sorted((ART / "boards").glob("*.svg"))
    pygame.image.save(grid([load(p, 320, 384) for p in boards], 6), str(out / "boards.png"))
    pygame.image.save(board_play(), str(out / "board_play.png"))
    pygame.display.quit()
    print("wrote", out)


def board_play():
    """One advanced board at a cell of 70 px with a tile's squares, discs and the level marker on it."""
    k = 70 / 96
    board = load(ART / "boards" / "red_advanced.svg", round(640 * k), round(768 * k))
    cell = 70

    def put(name, x, y, size=cell):
        img = load(ART / "pieces" / name, size, size)
        board.blit(img, (round((32 + 96 * x) * k), round((32 + 96 * y) * k)))

    put("square_G.svg", 1, 1)
    put("square_R.svg", 2, 1)
    put("square_K.svg", 2, 2)
    put("disc_K.svg", 3, 2)
    put("disc_G.svg", 1, 2)
    put("disc_B.svg", 4, 4)
    put("disc_Y.svg", 0, 0)
    mk = load(ART / "pieces" / "level_marker.svg", 40, 40)
    board.blit(mk, (round(136 * k - 20), round(680 * k - 20)))
    return board


if __name__ == "__main__":
    main()
