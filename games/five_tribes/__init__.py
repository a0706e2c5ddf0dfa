"""Five Tribes (Bruno Cathala, Days of Wonder 2014) with the expansion "Whims of the Sultan" (2017)."""
from engine.core.registry import GameInfo, register
from engine.core.words import N_


def _rules():
    from games.five_tribes.catalogue import load_catalogue
    from games.five_tribes.rules import FiveTribesRules

    cat = load_catalogue()
    # A missing picture would otherwise crash the table at its first draw, maybe late in a game.
    cat.check_art()
    return FiveTribesRules(cat)


def _scene(app, match):
    from games.five_tribes.scene import FiveTribesScene  # pygame only when a window shows the game

    return FiveTribesScene(app, match)


register(
    GameInfo(
        id="five_tribes",
        title=N_("Five Tribes: Whims of the Sultan"),
        min_seats=2,
        max_seats=5,
        make_rules=_rules,
        make_scene=_scene,
        blurb=N_("Bid for turn order, then sow meeples across the Sultanate of Naqala: every move ends with a "
        "tribe's action and a tile's, Djinns bend the rules and the Sultan's whims pay in gold. "
        "Bruno Cathala, 2014, with the Whims of the Sultan expansion."),
    )
)
