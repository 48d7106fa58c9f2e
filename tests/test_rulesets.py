from pathlib import Path

import pytest

from scorekeeper import games, rulesets
from scorekeeper.cards import Rank
from scorekeeper.errors import UserError


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_shipped_rulesets_all_validate():
    names = rulesets.builtin_names()
    assert {"manille-muette", "manille-parlee"} <= set(names)
    for name in names:
        assert games.load(name).name == name


def test_m1_m2_muette_counts_60_card_points_and_68_with_tricks():
    rules = games.load("manille-muette").rules
    assert rules.points[Rank.TEN] == 5 and rules.points[Rank.ACE] == 4 and rules.points[Rank.NINE] == 0
    assert sum(rules.points.values()) * 4 == 60
    assert rules.total == 68
    assert rules.baseline == 34  # M-4: half the total


def test_p1_muette_order_is_manille_manillon_then_king():
    rules = games.load("manille-muette").rules
    assert [r.value for r in rules.order] == ["10", "A", "K", "Q", "J", "9", "8", "7"]


def test_parlee_extends_muette_and_scores_the_same():
    muette, parlee = games.load("manille-muette"), games.load("manille-parlee")
    assert parlee.rules == muette.rules
    assert parlee.title == "Manille parlée"
    assert "extends" not in parlee.table


def test_house_ruleset_extends_by_name_and_changes_one_rule(tmp_path):
    path = write(tmp_path, "house.toml", 'extends = "manille-muette"\n[scoring]\nrenonce_penalty = "max"\n')
    house = games.load(str(path))
    assert house.name == "house"
    assert house.rules.renonce_penalty == "max"
    assert house.rules.trick_points == 1  # everything else from the parent


def test_extends_a_path_relative_to_the_file(tmp_path):
    write(tmp_path, "base.toml", 'extends = "manille-muette"\n[partie]\nmanche = 44\n')
    child = write(tmp_path, "child.toml", 'extends = "base.toml"\n[partie]\nkind = "seche"\n')
    rules = games.load(str(child)).rules
    assert (rules.partie, rules.manche) == ("seche", 44)


def test_extends_loop_is_refused(tmp_path):
    write(tmp_path, "a.toml", 'extends = "b.toml"\n')
    a = tmp_path / "a.toml"
    write(tmp_path, "b.toml", 'extends = "a.toml"\n')
    with pytest.raises(UserError, match="loop"):
        games.load(str(a))


@pytest.mark.parametrize(
    "text, expected",
    [
        (
            'extends = "manille-muette"\n[scoring]\nrenonce = 34\n',
            r"unknown key 'scoring.renonce'; accepted here: .*scoring.renonce_penalty",
        ),
        (
            'extends = "manille-muette"\n[partie]\nmanche = "34"\n',
            r"key 'partie.manche' must be a whole number, not \"34\"",
        ),
        (
            'extends = "manille-muette"\n[partie]\nmanche = 0\n',
            r"key 'partie.manche' must be a whole number >= 1 for partie.kind = 'liee'",
        ),
        ('extends = "manille-muette"\n[play]\nundertrump = "never"\n', r'must be one of "free", "only-if-no-other"'),
        ('extends = "manille-muette"\n[scoring]\nretourne_bonus = 1\n', r"must be true or false, not 1"),
        (
            'extends = "manille-muette"\n[scoring]\nrenonce_penalty = "all"\n',
            r'must be a whole number >= 0, "max", or "bid" \(with a taker, M-13\)',
        ),
        ('extends = "manille-muette"\n[cards]\norder = ["10", "A"]\n', r"must list each rank of the deck once"),
        ('extends = "manille-muette"\n[cards]\npoints = { "6" = 1 }\n', r"'6' is not a rank of the deck"),
        ('extends = "manille-muette"\n[scoring]\nbaseline = 99\n', r"at most the 68 points"),
        ('game = "manille"\n', r"missing key 'table.players'"),
        ('game = "belote"\n', r'key "game" must be one of manille'),
        ('extends = "manille-muette"\n[options]\nx = "nowhere.key"\n', r"option 'x' names 'nowhere.key'"),
        ("this is = not toml =", r"not valid TOML"),
    ],
)
def test_a_bad_ruleset_is_refused_naming_file_key_and_what_is_accepted(tmp_path, text, expected):
    path = write(tmp_path, "bad.toml", text)
    with pytest.raises(UserError, match=expected) as caught:
        games.load(str(path))
    assert "bad.toml" in str(caught.value)


def test_unknown_ruleset_name_lists_the_shipped_ones():
    with pytest.raises(UserError, match="shipped rulesets are .*manille-muette"):
        games.load("belote")


def test_missing_file_is_refused():
    with pytest.raises(UserError, match="no ruleset file"):
        games.load("./nowhere.toml")


def test_options_by_short_name_or_dotted_key_are_validated_like_the_file():
    muette = games.load("manille-muette")
    seche = muette.with_options({"partie": "seche", "manche": 44})
    assert (seche.rules.partie, seche.rules.manche) == ("seche", 44)
    assert muette.with_options({"scoring.renonce_penalty": "max"}).rules.renonce_penalty == "max"
    with pytest.raises(UserError, match=r'option partie=x: key .partie.kind. must be one of "liee", "seche"'):
        muette.with_options({"partie": "x"})
    with pytest.raises(UserError, match="unknown option 'colour'.*belle, manche, partie"):
        muette.with_options({"colour": "red"})


def test_parse_option_reads_numbers_booleans_and_words():
    assert rulesets.parse_option("manche=44") == ("manche", 44)
    assert rulesets.parse_option("scoring.tie_doubles_next=true") == ("scoring.tie_doubles_next", True)
    assert rulesets.parse_option("partie=seche") == ("partie", "seche")
    with pytest.raises(UserError, match="write KEY=VALUE"):
        rulesets.parse_option("partie")


def test_m9_two_in_a_row_needs_fixed_sides(tmp_path):
    path = write(tmp_path, "odd.toml", 'extends = "manille-encheres"\n[partie]\ntwo_in_a_row = true\n')
    with pytest.raises(UserError, match="two_in_a_row' needs fixed sides"):
        games.load(str(path))


def test_a_refused_key_says_its_meaning_and_what_it_accepts_as_records_of_the_catalogs():
    """Issue 11: what a key means and accepts are values of the error, worded by the catalog."""
    with pytest.raises(UserError) as caught:
        games.build({"game": "manille"}, "house.toml")
    error = caught.value
    assert (error.key, error.values["origin"], error.values["key"]) == ("missing_key", "house.toml", "table.players")
    assert error.values["meaning"].event == "key.manille.table.players"
    assert error.values["accepted"].values == {"choices": ("2", "3", "4")}
    assert (
        str(error)
        == "house.toml: missing key 'table.players' (how many players sit at the table); accepted: one of 2, 3, 4"
    )
    with pytest.raises(UserError) as caught:
        games.load("manille-muette").with_options({"multipliers.contre": 0})
    assert caught.value.key == "bad_key" and caught.value.values["problem"].event == "problem.must_be"
    assert str(caught.value).endswith(": key 'multipliers.contre' must be a whole number >= 1, not 0")


def test_a_house_ruleset_is_described_from_its_parent_and_its_file(tmp_path):
    """The description is data, kept so in the game's copy of the table; the edge says it in each language."""
    from scorekeeper import i18n
    from scorekeeper.i18n.rulebook import description_of
    from scorekeeper.language import Language

    house = games.load(str(write(tmp_path, "house.toml", 'extends = "manille-muette"\n')))
    assert (house.description.event, house.description.values) == (
        "ruleset.house_description",
        {"parent": "Manille muette", "file": "house.toml"},
    )
    assert house.table["description"] == {"parent": "Manille muette", "file": "house.toml"}
    assert games.build(house.table, "the game's copy").description == house.description
    assert str(house.origin).endswith("house.toml")
    spoken = i18n.spoken()
    try:
        i18n.speak(Language.named("en"))
        assert description_of(house) == "Manille muette, with the house rules of house.toml"
        i18n.speak(Language.named("fr"))
        assert description_of(house) == "Manille muette, avec les règles de la maison de house.toml"
    finally:
        i18n.speak(spoken)


def test_a_game_file_made_before_keeps_its_house_description_in_words(tmp_path):
    house = games.load(str(write(tmp_path, "house.toml", 'extends = "manille-muette"\n')))
    said = "Manille muette, with the house rules of house.toml"
    assert games.build({**house.table, "description": said}, "an old game").description == said


def test_a_house_description_that_is_not_its_two_names_is_refused(tmp_path):
    house = games.load(str(write(tmp_path, "house.toml", 'extends = "manille-muette"\n')))
    with pytest.raises(UserError) as caught:
        games.build({**house.table, "description": {"parent": "x", "file": 3}}, "a damaged game")
    assert (caught.value.key, caught.value.values["key"]) == ("bad_key", "description")


def test_a_shipped_ruleset_is_described_in_its_own_words():
    from scorekeeper.i18n.rulebook import described

    assert described(games.load("manillen"))[0] == "Manillen (Belgian)"


def test_a_ruleset_made_with_options_names_them_in_its_errors():
    with pytest.raises(UserError) as caught:
        games.load("manille-muette").with_options({"partie": "x", "manche": 44})
    origin = caught.value.values["origin"]
    assert (origin.event, origin.values) == (
        "origin.with_options",
        {"ruleset": "manille-muette", "options": ("partie=x", "manche=44")},
    )
    assert str(caught.value).startswith(
        "manille-muette with option partie=x, manche=44: key 'partie.kind' must be one of"
    )


def test_an_extends_with_an_unknown_users_home_is_no_file(tmp_path):
    """`~ /x.toml` asks for the home of a user named " ": no such file, said in one line (found by the fuzzer)."""
    path = tmp_path / "house.toml"
    path.write_text('extends = "~ /x.toml"\n', encoding="utf-8")
    with pytest.raises(UserError, match="no ruleset file at"):
        games.load(str(path))
