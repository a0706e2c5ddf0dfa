"""Realm of Sand (Ji Hua Wei, EmperorS4 2018)."""
from engine.core.registry import GameInfo, game_options, register
from engine.core.words import N_


def _rules():
    from games.realm_of_sand.catalogue import load_catalogue
    from games.realm_of_sand.rules import RealmOfSandRules

    return RealmOfSandRules(load_catalogue())


def _scene(app, match):
    from games.realm_of_sand.scene import RealmOfSandScene  # pygame only when a window shows the game

    return RealmOfSandScene(app, match)


register(
    GameInfo(
        id="realm_of_sand",
        title=N_("Realm of Sand"),
        min_seats=1,
        max_seats=4,
        make_rules=_rules,
        make_scene=_scene,
        blurb=N_("Lay three-square rune tiles on your own 6x6 board, call spirits as discs, and claim kingdom "
        "cards whose patterns your board shows; the round in which someone reaches ten hourglasses is the "
        "last. Basic or advanced boards (crystal powers), and a 14-turn solo game with a rating. The cards' "
        "patterns, the tiles' colours and the boards' crystal cells were chosen by this table."),
        options=game_options("realm_of_sand"),
    )
)
