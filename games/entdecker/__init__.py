"""Entdecker (Klaus Teuber, Goldsieber 1996), Soeding variant."""
from engine.core.registry import GameInfo, register
from engine.core.words import N_


def _rules():
    from games.entdecker.catalogue import load_catalogue
    from games.entdecker.rules import EntdeckerRules

    cat = load_catalogue()
    # A missing picture would otherwise crash the table at its first draw, maybe late in a game.
    cat.check_art()
    return EntdeckerRules(cat)


def _scene(app, match):
    from games.entdecker.scene import EntdeckerScene  # pygame only when a window shows the game

    return EntdeckerScene(app, match)


register(
    GameInfo(
        id="entdecker",
        title=N_("Entdecker"),
        min_seats=2,
        max_seats=4,
        make_rules=_rules,
        make_scene=_scene,
        blurb=N_("Sail into the unknown, lay sea and island tiles, and claim the islands you discover. "
        "Klaus Teuber, 1996, with Emanuel Soeding's variant."),
    )
)
