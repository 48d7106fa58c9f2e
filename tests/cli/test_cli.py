"""The commands as a player types them (CliRunner through the real entry point)."""

import json

import pytest


def test_issue_session_retourne_points_renonce_undo_redo_edit(marius, home):
    ran = marius("coup", "--retourne", "10h", "--points", "César=40")
    assert ran.code == 0
    assert "retourne 10♥: +5 to César & Escartefigue (M-5)" in ran.out
    assert "40 - 34 = 6 to César & Escartefigue (M-4)" in ran.out
    assert marius("coup", "--retourne", "7s", "--points", "Panisse=48").code == 0
    ran = marius("coup", "--retourne", "Ac", "--renonce", "Brun")
    assert "retourne A♣: +4 to César & Escartefigue (M-5)" in ran.out
    assert "renonce by Brun: coup cancelled, +34 to César & Escartefigue (M-8)" in ran.out
    assert "manche 1 won (M-9)" in ran.out
    assert marius("undo").code == 0
    assert json.loads(marius("sheet", "--json").out)["sides"][0]["score"] == 11
    assert marius("redo").code == 0
    assert marius("edit", "2", "--points", "Panisse=50").code == 0
    sheet = json.loads(marius("sheet", "--json").out)
    assert [c["scored"] for c in sheet["coups"]] == [[11, 0], [0, 16], [38, 0]]
    assert sheet["sides"] == [
        {"players": ["César", "Escartefigue"], "score": 0, "manches": 1},
        {"players": ["Panisse", "Brun"], "score": 0, "manches": 0},
    ]
    assert sheet["winner"] is None
    assert sheet["next_dealer"] == "Brun"
    assert len(sheet["coups"]) == 3


def test_sheet_prints_the_fiche_with_manche_and_next_dealer(marius):
    marius("coup", "-r", "10h", "--points", "César=40")
    out = marius("sheet").out
    assert "+11 = 11" in out and "César & Escartefigue" in out
    assert "Panisse deals, Escartefigue leads." in out
    explained = marius("sheet", "--explain", "--ascii").out
    assert "retourne 10H: +5 to César & Escartefigue (M-5)" in explained
    assert "10♥" not in explained


def test_new_with_dealer_and_option(run):
    ran = run(
        "new",
        "manille-muette",
        "-p",
        "A",
        "-p",
        "B",
        "-p",
        "C",
        "-p",
        "D",
        "--dealer",
        "c",
        "--option",
        "partie=seche",
        "--game",
        "t",
    )
    assert ran.code == 0, ran.err
    sheet = json.loads(run("sheet", "--json").out)
    assert sheet["next_dealer"] == "C"
    run("coup", "-r", "7s", "--points", "D=68")
    assert json.loads(run("sheet", "--json").out)["winner"] == ["B", "D"]


def test_game_flag_picks_a_game_for_one_command_only(marius, run):
    run("new", "manille-parlee", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "--game", "other")
    assert marius("coup", "--game", "marius", "-r", "7s", "--points", "César=40").code == 0
    assert json.loads(run("sheet", "--json").out)["name"] == "other"  # the current game did not change
    games = json.loads(run("games", "--json").out)
    assert [(g["name"], g["current"], g["coups"]) for g in games] == [("marius", False, 1), ("other", True, 0)]


def test_the_retourne_that_ends_the_manche_needs_no_points(marius):
    marius("coup", "-r", "7s", "--points", "César=64")
    marius("coup", "-r", "7d", "--points", "César=34")
    ran = marius("coup", "-r", "Ah", "--points", "César=40")
    assert ran.code == 2 and "enter it with --retourne alone" in ran.err
    ran = marius("coup", "-r", "Ah")
    assert ran.code == 0
    assert "the retourne ended the manche: the coup is not played (M-5)" in ran.out


@pytest.mark.parametrize(
    "args, message",
    [
        (["coup", "-r", "11h", "--points", "César=40"], "bad card '11h'"),
        (["coup", "-r", "6h", "--points", "César=40"], "6♥ is not in the manille deck"),
        (["coup", "-r", "10h", "--points", "Marius=40"], "unknown player 'Marius'"),
        (["coup", "-r", "10h", "--points", "César=70"], "70 points is impossible"),
        (["coup", "-r", "10h", "--points", "César"], "bad --points 'César': write PLAYER=N"),
        (["coup", "-r", "10h", "--points", "César=forty"], "bad --points"),
        (["coup", "-r", "10h"], "give the points"),
        (["coup", "--points", "César=40"], "--retourne"),
        (["coup", "-r", "10h", "--pints", "César=40"], "No such option: --pints"),
        (["coup", "--game", "nope", "-r", "10h", "--points", "César=40"], "no game named 'nope'"),
        (["edit", "7", "--points", "César=40"], "no coup 7"),
        (["edit", "1"], "nothing to change"),
        (["edit", "x"], "'x' is not a valid integer"),
        (["redo"], "nothing to redo"),
        (["new", "belote", "-p", "A"], "unknown ruleset 'belote'"),
        (["new", "manille-muette", "-p", "A", "-p", "B"], "for 4 players, 2 given"),
        (["new", "manille-muette", "-p", "A", "-p", "B", "-p", "C", "-p", "a"], "same name"),
        (
            ["new", "manille-muette", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "--option", "partie=x"],
            'must be one of "liee", "seche"',
        ),
        (["new", "manille-muette", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "--option", "x"], "write KEY=VALUE"),
        (["new", "manille-muette", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "--dealer", "Z"], "unknown player 'Z'"),
        (["new", "manille-muette", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "--game", "x" * 65], "too long"),
        (["new", "manille-muette", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "--game", "marius"], "exists already"),
        (["rules", "show", "belote"], "unknown ruleset"),
        (["rules", "check", "./missing.toml"], "no ruleset file"),
    ],
)
def test_a_user_mistake_is_one_line_exit_2_and_nothing_written(marius, home, args, message):
    marius("coup", "-r", "10h", "--points", "César=40")
    files = {path: path.read_bytes() for path in home.rglob("*") if path.is_file()}
    ran = marius(*args)
    assert ran.code == 2
    assert message in ran.err
    assert len(ran.err.strip().splitlines()) == 1
    assert "Traceback" not in ran.err + ran.out
    assert {path: path.read_bytes() for path in home.rglob("*") if path.is_file()} == files


def test_nothing_to_undo_in_a_new_game(marius):
    ran = marius("undo")
    assert ran.code == 2 and "nothing to undo in game marius" in ran.err


def test_no_current_game(run):
    ran = run("sheet")
    assert ran.code == 2 and "no current game" in ran.err


def test_a_corrupt_game_file_is_one_line(marius, home):
    (home / "games" / "marius.toml").write_text("format = 1\nname = [", encoding="utf-8")
    ran = marius("sheet")
    assert ran.code == 2 and "is damaged" in ran.err and len(ran.err.splitlines()) == 1


def test_rules_list_show_check(run, tmp_path):
    listed = json.loads(run("rules", "list", "--json").out)
    assert {r["name"] for r in listed} >= {"manille-muette", "manille-parlee"}
    shown = json.loads(run("rules", "show", "manille-muette", "--json").out)
    assert shown["settings"]["scoring.renonce_penalty"] == 34
    assert shown["settings"]["play.undertrump"] == "free"
    assert "(M-8)" in run("rules", "show", "manille-muette").out
    house = tmp_path / "house.toml"
    house.write_text('extends = "manille-muette"\n[partie]\nmanche = 44\n', encoding="utf-8")
    assert json.loads(run("rules", "check", str(house), "--json").out)["valid"] is True
    house.write_text('extends = "manille-muette"\n[partie]\nmanch = 44\n', encoding="utf-8")
    ran = run("rules", "check", str(house))
    assert ran.code == 2 and "unknown key 'partie.manch'" in ran.err and "house.toml" in ran.err


def test_a_house_ruleset_file_plays(run, tmp_path):
    house = tmp_path / "house.toml"
    house.write_text('extends = "manille-muette"\n[scoring]\nrenonce_penalty = 20\n', encoding="utf-8")
    assert run("new", str(house), "-p", "A", "-p", "B", "-p", "C", "-p", "D").code == 0
    run("coup", "-r", "7s", "--renonce", "A")
    assert json.loads(run("sheet", "--json").out)["sides"][1]["score"] == 20


def test_demo_prints_the_fiche_and_keeps_it_as_the_game_demo(run, home):
    ran = run("demo")
    assert ran.code == 0
    assert "partie won by César & Escartefigue (2-1 in manches)" in ran.out
    assert (home / "games" / "demo.toml").exists()  # issue 20: kept, to try sheet, export and chart on
    data = json.loads(run("demo", "--json", "--yes").out)
    assert data["winner"] == ["César", "Escartefigue"]


def test_every_command_help_shows_a_real_example(run):
    for command in (
        ["new"],
        ["coup"],
        ["sheet"],
        ["edit"],
        ["undo"],
        ["redo"],
        ["games"],
        ["demo"],
        ["rules", "list"],
        ["rules", "show"],
        ["rules", "check"],
    ):
        ran = run(*command, "--help")
        assert ran.code == 0
        assert "Examples:" in ran.out and f"scorekeeper {' '.join(command)}" in ran.out


def test_bare_command_shows_help(run):
    ran = run()
    assert ran.code == 0 and "Commands" in ran.out


@pytest.mark.parametrize("name", ["A=1", "B,2", "C:3", "Dédé's mort"])
def test_c3_a_name_that_would_be_misread_is_refused(run, name):
    ran = run("new", "manille-muette", "-p", "A", "-p", "B", "-p", "C", "-p", name)
    assert ran.code == 2 and "would be misread" in ran.err


def test_the_same_players_points_twice_are_refused(marius):
    ran = marius("coup", "-r", "10h", "--points", "Brun=40", "--points", "Brun=28")
    assert ran.code == 2 and "--points gives Brun twice" in ran.err


def test_a_failed_command_does_not_change_the_current_game(marius, run, home):
    run("new", "manille-parlee", "-p", "A", "-p", "B", "-p", "C", "-p", "D", "--game", "other")
    ran = run("coup", "--game", "marius", "-r", "11h", "--points", "César=40")
    assert ran.code == 2
    assert (home / "current").read_text(encoding="utf-8") == "other"
    shown = run("sheet", "--game", "marius")
    assert shown.code == 0 and shown.out.startswith("marius · Manille muette\n")
    assert (home / "current").read_text(encoding="utf-8") == "other"  # --game is for one command only


def test_a_house_ruleset_path_with_a_tilde_is_expanded(run, tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "house.toml").write_text('extends = "manille-muette"\n', encoding="utf-8")
    ran = run("rules", "check", "~/house.toml")
    assert (ran.code, ran.out) == (0, f"{tmp_path / 'house.toml'}: valid manille ruleset 'house' (Manille muette)\n")


def test_a_bad_count_is_worded_for_its_option_so_each_game_gives_its_own_example(run):
    """Issue 11: no `César=40` at l'hombre; `--tricks` is l'hombre's, its example one of its own."""
    assert run("new", "hombre", "-p", "Ana", "-p", "Bea", "-p", "Cid").code == 0
    ran = run("coup", "--hombre", "Ana", "--contract", "demande", "--tricks", "Ana=x")
    assert (ran.code, ran.err) == (2, "scorekeeper: bad --tricks 'Ana=x': write PLAYER=N, like Ana=5\n")


def test_undo_and_redo_say_what_they_took_back_and_put_back(marius):
    marius("coup", "-r", "10h", "--points", "César=40")
    marius("edit", "1", "--points", "César=50")
    assert marius("undo").out.startswith("undone: edit of coup 1. ")
    assert marius("undo").out.startswith("undone: last coup (1). ")
    assert marius("redo").out.startswith("redone: last coup (1). ")
    assert marius("edit", "1", "--points", "César=30").out.startswith("coup 1 replaced\n")
