"""engine.simulate: random full games with invariants, set-up options from the command line, one-seat games."""
from __future__ import annotations

from engine.core import registry
from engine.simulate import main, parse_options, play_one

GAME = "realm_of_sand"  # the table's one game that is played by one seat as well (solo)


def test_option_pairs_are_read_as_yaml_values():
    assert parse_options(["side=advanced", "flag=true", "count=3"]) == {"side": "advanced", "flag": True, "count": 3}
    assert "NAME=VALUE" in parse_options(["side"])


def test_play_one_passes_the_set_up_options_to_the_match():
    rules = registry.get(GAME).make_rules()
    match, problem, _ = play_one(rules, 2, 3, options={"side": "advanced"})
    assert problem is None and match.options == {"side": "advanced"}
    assert match.states[0].options["side"] == "advanced"


def test_a_one_seat_game_plays_to_its_end_with_invariants_and_saves_and_loads(tmp_path):
    info = registry.get(GAME)
    assert info.min_seats == 1
    match, problem, number = play_one(info.make_rules(), 1, 4)
    assert problem is None and match.finished and number > 0
    path = tmp_path / "solo.yaml"
    match.save(path)
    from engine.core.match import Match
    loaded = Match.load(path, lambda gid: registry.get(gid).make_rules())
    assert loaded.state == match.state and len(loaded.seats) == 1


def test_the_command_line_takes_options_and_refuses_an_unknown_one(capsys):
    assert main([GAME, "--games", "2", "--seats", "1", "--option", "side=advanced"]) == 0
    assert "2 realm_of_sand games" in capsys.readouterr().out
    assert main([GAME, "--games", "1", "--option", "colour=mauve"]) == 2
    assert "unknown option 'colour'" in capsys.readouterr().err
    assert main([GAME, "--games", "1", "--option", "side=sideways"]) == 2
    assert "cannot be 'sideways'" in capsys.readouterr().err


def test_without_seats_the_simulator_cycles_from_one_seat_up():
    """--seats left out: seats cycle through the game's range, starting at its minimum (one seat here)."""
    assert main([GAME, "--games", "4"]) == 0


def test_the_arena_plays_one_seat_games_and_reports_their_scores():
    """A one-seat line-up: every game is a win for its only seat, its margin 0, its score the solo score."""
    from engine.arena import run

    rows = run(GAME, ["random"], games=2, seed=1, seats=1)
    assert rows[0]["games"] == 2 and rows[0]["wins"] == 2 and rows[0]["mean_margin"] == 0
