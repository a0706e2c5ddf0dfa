"""Somerset: an unpublished 2016 prototype from "A Game Designer's Blog"."""
from engine.core.registry import GameInfo, register
from engine.core.words import N_


def _rules():
    from games.somerset.catalogue import load_catalogue
    from games.somerset.rules import SomersetRules

    return SomersetRules(load_catalogue())


def _scene(app, match):
    from games.somerset.scene import SomersetScene  # pygame only when a window shows the game

    return SomersetScene(app, match)


def _options() -> dict:
    """The set-up options of data/somerset/game.yaml by id, read without the full catalogue (a broken file
    must not hide the game: starting it names the problem)."""
    try:
        from engine.core.paths import project_root
        from engine.core.yamlfile import load_yaml

        options = load_yaml(project_root() / "data" / "somerset" / "game.yaml").data["options"]
        return {o["id"]: o for o in options}
    except Exception:  # noqa: BLE001
        return {}


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
        options=_options(),
    )
)
