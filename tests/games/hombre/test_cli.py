"""L'hombre at the table: coups, the sheet, edits and the settlement, as typed (RULES H-6 to H-20)."""

import json

import pytest

# Seed 001, section 17.4 (H-20), as a player types it: A deals first, 3 et 2.
SEED_17_4 = [
    ["--hombre", "A", "--contract", "demande", "--tricks", "A=4,B=4,C=1"],  # remise
    ["--hombre", "B", "--contract", "demande", "--tricks", "A=3,B=3,C=3"],  # remise
    ["--pass"],
    ["--hombre", "B", "--contract", "demande", "--tricks", "A=4,B=4,C=1"],  # remise
    ["--hombre", "C", "--contract", "demande", "--tricks", "A=2,B=2,C=5"],  # won
    ["--hombre", "B", "--contract", "demande", "--tricks", "A=2,B=5,C=2"],  # won
    ["--hombre", "B", "--contract", "demande", "--tricks", "A=2,B=5,C=2"],  # won
]


@pytest.fixture
def table(run):
    assert run("new", "hombre", "-p", "A", "-p", "B", "-p", "C", "--option", "system=3-2", "--game", "h").code == 0
    return run


def sheet(run):
    return json.loads(run("sheet", "--json").out)


def test_h20_the_seeds_worked_example_typed_at_the_table(table):
    for said in SEED_17_4:
        ran = table("coup", *said)
        assert ran.code == 0, ran.err
    data = sheet(table)
    assert [coup["enjeu"] for coup in data["coups"]] == [27, 72, 90, 108, 126, 126, 90]
    assert [player["balance"] for player in data["players"]] == [-72, -9, 81]
    assert data["poule"] == {**data["poule"], "marks": 3, "jetons": 27}
    assert data["bete_in_play"] is None and data["betes_waiting"] == []
    assert [(b["owner"], b["amount"]) for b in data["betes"]] == [("A", 27), ("B", 72), ("B", 108)]
    assert data["poules_tirees"] == 3
    fifth = data["coups"][4]["payments"]
    assert [(p["from"], p["to"], p["jetons"]) for p in fifth] == [("A", "C", 33), ("B", "C", 33), ("A", "C", 27)]
    # holdings in fiches and jetons: A 200 - 72 = 128 = 6 fiches 8 jetons
    assert {k: data["players"][0][k] for k in ("name", "caves", "fiches", "jetons")} == {
        "name": "A",
        "caves": 1,
        "fiches": 6,
        "jetons": 8,
    }


def test_h13_sans_prendre_won_with_three_matadors_double_payments(table):
    ran = table("coup", "--hombre", "B", "--contract", "sans-prendre", "--tricks", "A=2,B=5,C=2", "--matadors", "3")
    assert ran.code == 0
    assert "A pays B 12: the sans prendre (H-15)" in ran.out
    assert "A pays B 6: 3 matadors x 2 (H-15)" in ran.out
    # poule 27: each tiers pays his share of 9; 12 sans prendre; 6 matadors: 27 each
    assert [p["balance"] for p in sheet(table)["players"]] == [-27, 54, -27]


def test_h15_matadors_counted_from_the_trumps_held(table):
    # Hearts trump: A♠ espadille, 7♥ manille, A♣ baste, A♥ ponte, K♥: five matadors (faux included).
    ran = table(
        "coup",
        "--hombre",
        "A",
        "--contract",
        "demande",
        "--tricks",
        "A=5,B=2,C=2",
        "--trump",
        "h",
        "--trumps",
        "As 7h Ac Ah Kh",
    )
    assert ran.code == 0, ran.err
    assert "A pays" not in ran.out and "pays A 10: 5 matadors x 2 (H-15)" in ran.out


def test_h7_bids_name_the_hombre_and_contract(table):
    # A deals: B is premier en cartes. B demande, C sans prendre, A passes, B passes.
    ran = table("coup", "--bids", "demande, sans-prendre, pass, pass", "--tricks", "A=2,B=2,C=5")
    assert ran.code == 0, ran.err
    coup = sheet(table)["coups"][0]
    assert (coup["hombre"], coup["contract"]) == ("C", "sans-prendre")


def test_undo_redo_and_edit_of_an_hombre_coup(table):
    table("coup", "--pass")
    table("coup", "--hombre", "B", "--contract", "demande", "--tricks", "A=4,B=3,C=2")  # codille to A
    assert sheet(table)["players"][0]["balance"] == 2 * 18
    assert table("edit", "2", "--tricks", "A=2,B=5,C=2").code == 0  # now B wins
    data = sheet(table)
    assert data["coups"][1]["outcome"] == "won" and data["coups"][1]["hombre"] == "B"
    assert table("undo").code == 0
    assert sheet(table)["coups"][1]["outcome"] == "codille"
    assert table("redo").code == 0
    assert sheet(table)["coups"][1]["outcome"] == "won"


def test_h19_settle_refused_before_the_end_unless_early(table):
    table("coup", "--hombre", "B", "--contract", "demande", "--tricks", "A=2,B=5,C=2")
    ran = table("settle")
    assert ran.code == 2 and "settle --early" in ran.err
    ran = table("settle", "--early", "--json")
    assert ran.code == 0
    data = json.loads(ran.out)
    assert sorted((t["from"], t["to"], t["jetons"]) for t in data["transfers"]) == [("A", "B", 9), ("C", "B", 9)]


def test_settle_is_for_hombre(marius):
    ran = marius("settle")
    assert ran.code == 2 and "settle is for l'hombre" in ran.err


@pytest.mark.parametrize(
    "args, message",
    [
        (["--hombre", "A", "--contract", "demande", "--tricks", "A=5,B=2,C=1"], "nine"),
        (["--hombre", "A", "--contract", "belote", "--tricks", "A=5,B=2,C=2"], "belote"),
        (["--hombre", "Z", "--contract", "demande", "--tricks", "A=5,B=2,C=2"], "unknown player 'Z'"),
        (["--hombre", "A", "--contract", "demande", "--tricks", "A=five"], "bad --tricks"),
        (["--bids", "demande, demande"], "H-7"),
        (["--pass", "--hombre", "A"], "pass"),
        (["--hombre", "A", "--contract", "demande", "--tricks", "A=5,B=2,C=2", "--trick", "As Ks Qs"], "not both"),
        (["--hombre", "A", "--contract", "demande", "--trick", "As Ks Qs"], "like --tricks A=5,B=2,C=2"),
    ],
)
def test_an_hombre_mistake_is_one_line_exit_2_nothing_written(table, home, args, message):
    before = (home / "games" / "h.toml").read_bytes()
    ran = table("coup", *args)
    assert ran.code == 2, ran.out
    assert message in ran.err and len(ran.err.splitlines()) == 1
    assert (home / "games" / "h.toml").read_bytes() == before


def test_h6_hombre_1709_has_no_retourne_contract(run):
    run("new", "hombre-1709", "-p", "A", "-p", "B", "-p", "C")
    ran = run("coup", "--hombre", "B", "--contract", "retourne", "--tricks", "A=2,B=5,C=2")
    assert ran.code == 2 and "retourne" in ran.err and "H-6" in ran.err


def test_hombre_sheet_shows_the_betes_and_the_holdings(table):
    for said in SEED_17_4[:2]:
        table("coup", *said)
    out = table("sheet").out
    assert "(A 27) in play" in out and "B 72 waiting" in out
    assert "poules taken 0 of 20" in out
    assert "A: " in out and "fiches" in out
    explained = table("sheet", "--explain").out
    assert "(H-13)" in explained and "(H-16)" in explained


def test_the_json_carries_the_payments_reasons_and_the_settlement_as_records(table):
    table("coup", "--hombre", "B", "--contract", "sans-prendre", "--tricks", "A=2,B=5,C=2", "--matadors", "3")
    why = sheet(table)["coups"][0]["payments"][-1]["why"]
    assert why == {
        "rule": "H-15",
        "event": "matadors_paid",
        "values": {"matadors": 3, "rate": 2},
        "text": "3 matadors x 2 (H-15)",
    }
    ran = table("settle", "--early", "--json")
    log = json.loads(ran.out)["log"]
    assert log[0]["event"] == "partie_stops" and log[0]["text"].startswith("the partie stops after 1 coup:")
    assert log[-1] == {
        "rule": "H-19",
        "event": "transfer",
        "values": {"payer": "C", "payee": "B", "jetons": 27, "fiches": 1, "rest": 7},
        "text": "C pays B 27 jetons (1 fiche and 7 jetons) (H-19)",
    }


def test_the_sheet_counts_in_words_one_cave_one_mark(table):
    out = table("sheet").out
    assert "(1 cave)" in out and "cave(s)" not in out and "caves)" not in out
