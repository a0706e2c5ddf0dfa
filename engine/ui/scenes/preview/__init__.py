"""The tile previewer: every tile, back, piece and card of a game, drawn as the game draws them, reloaded live.

What a game shows comes from its hook games/<id>/preview.py (see engine/core/preview.py).
The files the game reads are polled every POLL_SECONDS; a change reloads the data
through the game's own loader. A broken edit leaves the last good version on screen
and shows the file, the line and the problem.

model.py    one game's items through its hook, the watched files, the last good version
render.py   an item's picture, its overlays, section headings, the definition tooltip
scene.py    the screen: the item grid, the stage and its controls, the problems list
sheet.py    the contact sheet (--preview GAME --screenshot) and the previewer's command line
"""
from engine.ui.scenes.preview.model import POLL_SECONDS, GameView, load_source, shown_path
from engine.ui.scenes.preview.render import (
    KIND_NAMES,
    KIND_TITLES,
    ItemRenderer,
    broken_image,
    draw_definition,
    draw_overlay,
    heading_text,
    overlay_types,
    rotated_size,
    type_colour,
)
from engine.ui.scenes.preview.scene import BACKGROUNDS, OVERLAYS, STAGE_TIP_SECONDS, PreviewScene
from engine.ui.scenes.preview.sheet import contact_sheet, run_from_command_line

__all__ = [
    "BACKGROUNDS",
    "KIND_NAMES",
    "KIND_TITLES",
    "OVERLAYS",
    "POLL_SECONDS",
    "STAGE_TIP_SECONDS",
    "GameView",
    "ItemRenderer",
    "PreviewScene",
    "broken_image",
    "contact_sheet",
    "draw_definition",
    "draw_overlay",
    "heading_text",
    "load_source",
    "overlay_types",
    "rotated_size",
    "run_from_command_line",
    "shown_path",
    "type_colour",
]
