"""Somerset: an unpublished 2016 prototype from "A Game Designer's Blog"."""
from engine.core.registry import GameInfo, game_options, register
from engine.core.words import N_


def _rules():
    from games.somerset.catalogue import load_catalogue
    from games.somerset.rules import SomersetRules

    return SomersetRules(load_catalogue())


def _scene(app, match):
    from games.somerset.scene import SomersetScene  # pygame only when a window shows the game

    return SomersetScene(app, match)


register(
    GameInfo(
        id="somerset",
        title=N_("Somerset"),
        min_seats=2,
        max_seats=5,
        make_rules=_rules,
        make_scene=_scene,
        blurb=N_("Send peasants, knights and wizards along Camelot's roads, build country tiles and buildings, "
        "climb the government and cast spells to be the richest ruler. An unpublished 2016 prototype "
        "(\"A Game Designer's Blog\", rules 1.0); the tiles, cards and numbers it never published were "
        "chosen by this table."),
        options=game_options("somerset"),
    )
)
