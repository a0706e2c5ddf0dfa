"""The rules screen: a game's data/<id>/rules.md drawn with headings, lists, tables and bold, scrollable.

Only the small Markdown subset the rules files use is understood: #/##/### headings,
paragraphs, "- " bullets, "1. " numbered items, pipe tables and **bold** spans.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import pygame

from engine.core.paths import project_root
from engine.ui import theme
from engine.ui.i18n import ENGLISH, language, t, use_game
from engine.ui.scene import Scene
from engine.ui.widgets import centred_rect, draw_background, draw_panel, draw_text

_NUMBERED = re.compile(r"^(\d+)\.\s+(.*)$")


@dataclass
class Block:
    """One piece of the document: kind is heading1-3, para, bullet, number or table."""

    kind: str
    text: str = ""
    rows: list[list[str]] | None = None
    mark: str = ""


def parse_markdown(text: str) -> list[Block]:
    """Split the rules text into blocks."""
    blocks: list[Block] = []
    para: list[str] = []
    table: list[list[str]] = []

    def flush() -> None:
        if para:
            blocks.append(Block("para", " ".join(para)))
            para.clear()
        if table:
            blocks.append(Block("table", rows=[r[:] for r in table]))
            table.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("|"):
            if para:
                blocks.append(Block("para", " ".join(para)))
                para.clear()
            cells = [c.strip() for c in line.strip("|").split("|")]
            if all(re.fullmatch(r":?-{2,}:?", c) for c in cells if c):
                continue  # the separator under the header row
            table.append(cells)
            continue
        if table:
            flush()
        if not line:
            flush()
        elif line.startswith("#"):
            flush()
            level = min(3, len(line) - len(line.lstrip("#")))
            blocks.append(Block(f"heading{level}", line.lstrip("#").strip()))
        elif line.startswith(("- ", "* ")):
            flush()
            blocks.append(Block("bullet", line[2:].strip(), mark="•"))
        elif m := _NUMBERED.match(line):
            flush()
            blocks.append(Block("number", m.group(2), mark=f"{m.group(1)}."))
        elif blocks and blocks[-1].kind in ("bullet", "number") and raw.startswith("  ") and not para:
            blocks[-1].text += " " + line  # a wrapped list item
        else:
            para.append(line)
    flush()
    return blocks


def _words(text: str) -> list[tuple[str, bool]]:
    """Words with their bold flag (from **bold** spans)."""
    out: list[tuple[str, bool]] = []
    for i, part in enumerate(text.split("**")):
        out += [(w, i % 2 == 1) for w in part.split()]
    return out


class RulesView:
    """Lays the document out for a width and draws it into one tall surface (made once per width)."""

    def __init__(self, app, blocks: list[Block]) -> None:
        self.app = app
        self.blocks = blocks
        self._cache: dict[int, pygame.Surface] = {}

    def render(self, width: int) -> pygame.Surface:
        hit = self._cache.get(width)
        if hit is None:
            hit = self._cache[width] = self._draw(width)
        return hit

    def _fonts(self):
        px = self.app.px
        return {
            "heading1": self.app.font(px(26), True), "heading2": self.app.font(px(20), True),
            "heading3": self.app.font(px(16), True), "body": self.app.font(px(15)), "bold": self.app.font(px(15), True),
            "small": self.app.font(px(13)), "small_bold": self.app.font(px(13), True),
        }

    def _flow(self, surface, text, x, y, width, font, bold, colour, draw=True) -> int:
        """Wrap words with bold spans into width; returns the height used."""
        space = font.size(" ")[0]
        line_h = font.get_linesize()
        cx, cy = x, y
        for word, strong in _words(text):
            f = bold if strong else font
            w = f.size(word)[0]
            if cx > x and word[0] in ",.;:)!?":
                cx -= space  # punctuation right after a bold span hugs it
            if cx > x and cx + w > x + width:
                cx, cy = x, cy + line_h
            if draw:
                draw_text(surface, word, (cx, cy), f, colour)
            cx += w + space
        return cy - y + line_h

    def _draw(self, width: int) -> pygame.Surface:
        height = self._layout(None, width)
        surface = pygame.Surface((width, height), pygame.SRCALPHA)
        self._layout(surface, width)
        return surface

    def _layout(self, surface, width: int) -> int:
        px = self.app.px
        f = self._fonts()
        draw = surface is not None
        y = 0
        for b in self.blocks:
            if b.kind.startswith("heading"):
                y += px({"heading1": 6, "heading2": 18, "heading3": 12}[b.kind])
                h = self._flow(surface, b.text, 0, y, width, f[b.kind], f[b.kind], theme.INK, draw)
                y += h
                if b.kind == "heading2" and draw:
                    pygame.draw.line(surface, theme.PARCHMENT_EDGE, (0, y + px(2)), (width, y + px(2)), 1)
                y += px(8)
            elif b.kind == "para":
                y += self._flow(surface, b.text, 0, y, width, f["body"], f["bold"], theme.INK, draw) + px(8)
            elif b.kind in ("bullet", "number"):
                indent = px(26)
                if draw:
                    draw_text(surface, b.mark, (px(6), y), f["bold"] if b.kind == "number" else f["body"], theme.INK)
                y += self._flow(surface, b.text, indent, y, width - indent, f["body"], f["bold"], theme.INK, draw) + px(4)
            elif b.kind == "table":
                y += self._table(surface, b.rows or [], y, width, f, draw) + px(10)
        return max(1, y + px(10))

    def _table(self, surface, rows: list[list[str]], y0: int, width: int, f, draw: bool) -> int:
        px = self.app.px
        n = max(len(r) for r in rows)
        longest = [max((len(r[i]) if i < len(r) else 0) for r in rows) for i in range(n)]
        total = sum(min(60, max(6, c)) for c in longest)
        widths = [int(width * min(60, max(6, c)) / total) for c in longest]
        y = y0
        for k, row in enumerate(rows):
            font, bold = (f["small_bold"], f["small_bold"]) if k == 0 else (f["small"], f["small_bold"])
            heights = [self._flow(None, row[i] if i < len(row) else "", 0, 0, widths[i] - px(12), font, bold, theme.INK, False)
                       for i in range(n)]
            h = max(heights) + px(8)
            if draw:
                fill = theme.PARCHMENT_DARK if k == 0 else (theme.PARCHMENT if k % 2 else (230, 216, 184))
                pygame.draw.rect(surface, fill, (0, y, width, h))
                x = 0
                for i in range(n):
                    self._flow(surface, row[i] if i < len(row) else "", x + px(6), y + px(4), widths[i] - px(12), font, bold,
                               theme.INK, True)
                    x += widths[i]
                pygame.draw.rect(surface, theme.PARCHMENT_EDGE, (0, y, width, h), 1)
            y += h
        return y - y0


class RulesScene(Scene):
    """The game's rules on parchment; wheel, arrows, Page Up/Down and Home/End scroll; Esc or F1 closes."""

    def __init__(self, app, game_id: str, title: str = "") -> None:
        super().__init__(app)
        self.game_id = game_id
        use_game(game_id)
        self.title = title or game_id
        self.scroll = 0
        self._read()

    def _read(self) -> None:
        """The page in the table's language (data/<id>/rules.<lang>.md), else the English one."""
        self.language = language()
        folder = project_root() / "data" / self.game_id
        own = folder / f"rules.{self.language}.md"
        self.path = own if self.language != ENGLISH and own.exists() else folder / "rules.md"
        try:
            text = self.path.read_text(encoding="utf-8")
        except OSError:
            text = "# " + t("No rules text") + "\n\n" + t("This game has no rules file yet ({path}).", path=self.path)
        self.view = RulesView(self.app, parse_markdown(text))
        self._layout()

    def on_resize(self, size) -> None:
        if language() != self.language:
            self._read()  # the language was switched: the page in the new one
            return
        self._layout()

    def _layout(self) -> None:
        px = self.app.px
        w, h = self.app.size
        self.rect = centred_rect(self.app.size, min(w - px(60), px(900)), h - px(50))
        self.inner = self.rect.inflate(-px(64), -px(48))

    def max_scroll(self) -> int:
        return max(0, self.view.render(self.inner.width).get_height() - self.inner.height)

    def handle(self, event) -> None:
        step = self.app.px(60)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_F1):
                self.app.pop()
                return
            moves = {pygame.K_DOWN: step, pygame.K_UP: -step, pygame.K_PAGEDOWN: self.inner.height - step,
                     pygame.K_PAGEUP: -(self.inner.height - step), pygame.K_HOME: -10**9, pygame.K_END: 10**9}
            if event.key in moves:
                self.scroll += moves[event.key]
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll -= event.y * step
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.rect.collidepoint(event.pos):
            self.app.pop()
            return
        self.scroll = max(0, min(self.scroll, self.max_scroll()))

    def draw(self, surface) -> None:
        draw_background(surface)
        px = self.app.px
        draw_panel(surface, self.rect, fill=theme.PARCHMENT, edge=theme.PARCHMENT_EDGE, radius=px(12),
                   inner_edge=theme.PARCHMENT_DARK)
        page = self.view.render(self.inner.width)
        surface.blit(page, self.inner.topleft, pygame.Rect(0, self.scroll, self.inner.width, self.inner.height))
        total = page.get_height()
        if total > self.inner.height:
            track = pygame.Rect(self.rect.right - px(18), self.inner.top, px(6), self.inner.height)
            pygame.draw.rect(surface, theme.PARCHMENT_DARK, track, border_radius=3)
            thumb_h = max(px(30), track.height * self.inner.height // total)
            top = track.top + (track.height - thumb_h) * self.scroll // max(1, self.max_scroll())
            pygame.draw.rect(surface, theme.PARCHMENT_EDGE, (track.left, top, track.width, thumb_h), border_radius=3)
        hint = t("{title}: rules. Wheel or arrows scroll; Esc or F1 closes.", title=self.title)
        draw_text(surface, hint, (self.rect.centerx, self.rect.bottom + px(4)), self.app.font(px(12)), theme.TEXT_DIM, "midtop")
