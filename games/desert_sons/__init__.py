"""Im Reich der Wüstensöhne / Realm of the Desert Sons (Klaus Teuber, Kosmos 2008)."""
from engine.core.registry import GameInfo, game_options, register
from engine.core.words import N_


def _rules():
    from games.desert_sons.catalogue import load_catalogue
    from games.desert_sons.rules import DesertSonsRules

    cat = load_catalogue()
    # A missing picture would otherwise crash the table at its first draw, maybe late in a game.
    cat.check_art()
    return DesertSonsRules(cat)


def _scene(app, match):
    from games.desert_sons.scene import DesertSonsScene  # pygame only when a window shows the game

    return DesertSonsScene(app, match)


register(
    GameInfo(
        id="desert_sons",
        title=N_("Realm of the Desert Sons"),
        min_seats=2,
        max_seats=4,
        make_rules=_rules,
        make_scene=_scene,
        blurb=N_("Lead your caravan across an unknown desert, lay desert and oasis tiles, and send explorers "
        "to the oases for water, goods and rumors. Klaus Teuber, Kosmos 2008."),
        options=game_options("desert_sons"),
    )
)
