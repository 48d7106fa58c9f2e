"""A Danish l'hombre tournament through `concours` (issue 44, RULES D-2, D-5, D-7, T-1, T-2, T-7, T-8):
players alone at tables of four with an oversidder, rounds of N deals, the standing in spillepoint, a
hold's four players at four tables, and the same deal set beside itself across the tables (mapper)."""

from __future__ import annotations

import json
from collections import Counter

from scorekeeper.concours import files

PLAYERS = ("Ole", "Bent", "Kaj", "Mette", "Anna", "Bo", "Carl", "Dorte")


def _drawn(run) -> dict:
    ran = run("concours", "draw", "--json")
    assert ran.code == 0, ran.err
    return json.loads(ran.out)


def _play(run, game: str, seats: list[str]) -> None:
    """Two deals (D-2: seat 1 deals first, the seat opposite sits out; forhånd is the dealer's next):
    deal 1, seat 2 (forhånd) solo spar 6 2 1, vundet, 4 from each opponent (D-3 to D-5); deal 2, seat 1
    (mellemhånd, seat 2 dealing) tourné kruk, 3 to each opponent. By seat: +11, +3, -4, -10."""
    first, second = run("coup", "--game", game, seats[1], "solo", "spar", "6", "2", "1"), None
    assert first.code == 0, first.err
    second = run("coup", "--game", game, seats[0], "tourne", "kruk")
    assert second.code == 0, second.err


def test_t1_t2_players_alone_at_tables_of_four_rounds_of_deals_standing_in_spillepoint(run) -> None:
    made = run("concours", "new", "Vinter", "--ruleset", "lhombre-dlu", "--format", "individuel", "--coups", "2")
    assert made.code == 0, made.err
    for player in PLAYERS:
        assert run("concours", "register", "-p", player).code == 0
    drawn = _drawn(run)
    assert [len(table["seats"]) for table in drawn["tables"]] == [4, 4] and drawn["bye"] == []
    for table in drawn["tables"]:
        _play(run, table["game"], table["seats"])
    third = run("coup", "--game", drawn["tables"][0]["game"], "pas")  # T-2: the round's 2 deals are played
    assert third.code == 2 and "T-2" in third.err and len(third.err.strip().splitlines()) == 1
    standing = json.loads(run("concours", "standing", "--json").out)
    points = {row["team"]: row["points"] for row in standing["teams"]}
    made_ = {row["team"]: row["manches"] for row in standing["teams"]}
    for table in drawn["tables"]:
        seats = table["seats"]
        assert [points[seat] for seat in seats] == [-10, 11, 3, -4]
        assert [made_[seat] for seat in seats] == [0, 1, 0, 0]  # contracts made: the solo spar alone
    assert [row["place"] for row in standing["teams"]] == [1, 1, 3, 3, 5, 5, 7, 7]  # equals share a place
    said = run("concours", "standing").out
    assert "points 11, contracts made 1" in said and "difference" not in said


def test_t2_the_same_deal_beside_itself_at_every_table_mapper(run) -> None:
    assert (
        run("concours", "new", "Vinter", "--ruleset", "lhombre-dlu", "--format", "individuel", "--coups", "2").code == 0
    )
    for player in PLAYERS:
        assert run("concours", "register", "-p", player).code == 0
    drawn = _drawn(run)
    first = drawn["tables"][0]
    assert run("coup", "--game", first["game"], "strafpoint", first["seats"][3]).code == 0  # D-7: no deal
    for table in drawn["tables"]:
        _play(run, table["game"], table["seats"])
    mapper = json.loads(run("concours", "deals", "--json").out)
    assert [deal["deal"] for deal in mapper["deals"]] == [1, 2]  # the strafpoint is numbered as no deal
    one, two = mapper["deals"]
    assert [(t["table"], t["hand"], t["scored"][t["declarer"]]) for t in one["tables"]] == [(1, 0, 8), (2, 0, 8)]
    assert [(t["hand_said"], t["scored"][t["declarer"]]) for t in two["tables"]] == [("mellemhånd", -6)] * 2
    shown = run("concours", "deals").out
    assert "Deal 2:" in shown and "tourné, kruk, mellemhånd, -6" in shown
    manille = run("concours", "new", "Printemps", "--ruleset", "manille-muette")
    assert manille.code == 0
    refused = run("concours", "deals")
    assert refused.code == 2 and "T-2" in refused.err


def _one_table(run) -> None:
    """A Danish concours of four players alone, its first round drawn: one table of four."""
    assert run("concours", "new", "Vinter", "--ruleset", "lhombre-dlu", "--format", "individuel").code == 0
    for player in PLAYERS[:4]:
        assert run("concours", "register", "-p", player).code == 0
    _drawn(run)


def test_t8_a_danish_result_from_paper_pays_what_it_wins_less_the_strafpoints(run, home) -> None:
    _one_table(run)
    before = (home / "concours" / "Vinter.toml").read_bytes()
    wrong = run("concours", "result", "1", "1", "--points", "3,-1,0,-1")  # makes +1: nobody pays a point in
    assert wrong.code == 2 and "D-7" in wrong.err and len(wrong.err.strip().splitlines()) == 1
    assert (home / "concours" / "Vinter.toml").read_bytes() == before
    fined = run("concours", "result", "1", "1", "--points", "3,-1,0,-3")  # one strafpoint, paid to no one
    assert fined.code == 0, fined.err
    assert "3, -1, 0, -3" in fined.out
    standing = json.loads(run("concours", "standing", "--json").out)
    seats = files.read("Vinter").rounds[0].tables[0].seats
    assert {row["team"]: row["points"] for row in standing["teams"]} == dict(zip(seats, (3, -1, 0, -3), strict=True))


def test_t1_quadrettes_a_holds_four_players_at_four_tables_summed(run) -> None:
    made = run("concours", "new", "DM", "--ruleset", "lhombre-dlu", "--format", "quadrettes", "--rounds", "2")
    assert made.code == 0, made.err
    holds = {"Nord": PLAYERS[:4], "Syd": PLAYERS[4:], "Øst": ("Erik", "Fie", "Gert", "Hans")}
    holds["Vest"] = ("Ib", "Jens", "Karen", "Lis")
    for hold, players in holds.items():
        assert run("concours", "register", "--team", hold, *(f"-p{player}" for player in players)).code == 0
    of = {player: hold for hold, players in holds.items() for player in players}
    drawn = _drawn(run)
    assert len(drawn["tables"]) == 4 and drawn["bye"] == []
    for table in drawn["tables"]:
        assert sorted(of[seat] for seat in table["seats"]) == sorted(holds)  # a table: four holds
    tables_of = Counter(of[seat] for table in drawn["tables"] for seat in table["seats"])
    assert set(tables_of.values()) == {4}  # a hold: four players, four tables
    paper = {1: (8, -4, 0, -4), 2: (0, 6, -3, -3), 3: (-2, -2, 4, 0), 4: (1, 0, 0, -2)}  # 4: one strafpoint
    for number, figures in paper.items():
        assert run("concours", "result", "1", str(number), "--points", ",".join(map(str, figures))).code == 0
    expected = Counter()
    for table in drawn["tables"]:
        for seat, figure in zip(table["seats"], paper[table["table"]], strict=True):
            expected[of[seat]] += figure
    standing = json.loads(run("concours", "standing", "--json").out)
    assert {row["team"]: row["points"] for row in standing["teams"]} == dict(expected)
    assert sum(expected.values()) == -1
    seat_before = {seat: at for table in drawn["tables"] for at, seat in enumerate(table["seats"])}
    again = _drawn(run)
    seat_after = {seat: at for table in again["tables"] for at, seat in enumerate(table["seats"])}
    assert all(seat_after[player] != seat_before[player] for player in of)  # each changes seat (and company)


def test_t1_quadrettes_are_refused_where_a_table_is_not_four_players_alone(run, home) -> None:
    for ruleset, option in (("manille-muette", ()), ("hombre", ()), ("lhombre-dlu", ("-o", "players=3"))):
        ran = run("concours", "new", "DM", "--ruleset", ruleset, "--format", "quadrettes", *option)
        assert ran.code == 2 and "T-1" in ran.err and len(ran.err.strip().splitlines()) == 1, ruleset
        assert not (home / "concours" / "DM.toml").exists()
    three = run("concours", "new", "DM", "--ruleset", "lhombre-dlu", "-o", "players=3", "--format", "individuel")
    assert three.code == 0, three.err
    assert files.read("DM").settings.seats == 3 and files.read("DM").settings.figure == "points"
    pair = run("concours", "register", "-p", "Ole", "-p", "Bent")
    assert pair.code == 2 and "T-1" in pair.err


def _holds(run) -> dict[str, tuple[str, ...]]:
    assert run("concours", "new", "DM", "--ruleset", "lhombre-dlu", "--format", "quadrettes").code == 0
    holds = {"Nord": PLAYERS[:4], "Syd": PLAYERS[4:], "Øst": ("Erik", "Fie", "Gert", "Hans")}
    holds["Vest"], holds["Fyn"] = ("Ib", "Jens", "Karen", "Lis"), ("Ulla", "Vagn", "Wenche", "Xena")
    for hold, players in holds.items():
        assert run("concours", "register", "--team", hold, *(f"-p{player}" for player in players)).code == 0
    return holds


def test_t5_a_hold_that_withdraws_forfeits_each_of_its_four_tables_and_takes_it_back(run) -> None:
    _holds(run)
    _drawn(run)
    withdrawn = run("concours", "withdraw", "Nord")
    assert withdrawn.code == 0 and withdrawn.out.count("forfeit") == 4, withdrawn.out  # one line a table
    tables = files.read("DM").rounds[0].tables
    nord = files.read("DM").entrants[0].number
    assert [table.forfeit for table in tables if nord in table.entrants] == [(nord,)] * 4
    assert run("concours", "withdraw", "Nord", "--undo").code == 0
    assert all(not table.forfeit for table in files.read("DM").rounds[0].tables)


def test_t7_t10_the_standing_of_players_alone_shows_their_points_and_contracts_made(run) -> None:
    _holds(run)
    drawn = _drawn(run)
    for number in range(1, len(drawn["tables"]) + 1):
        assert run("concours", "result", "1", str(number), "--points", "2,0,-1,-1", "--manches", "1,0,0,0").code == 0
    csv = run("concours", "export", "--what", "standing", "--format", "csv", "--dialect", "rfc4180").out
    header, first = csv.splitlines()[:2]
    assert header.lstrip("\ufeff") == "place,team,players,points,contracts made,played,byes"
    assert first.endswith(",0,1,1,0")  # each hold sat once at each seat of four tables: 2 + 0 - 1 - 1, one made


def test_t9_a_player_of_a_hold_replaced_at_the_table_that_player_sits_at(run) -> None:
    _holds(run)
    drawn = _drawn(run)
    assert "By player:" in run("concours", "export", "--what", "wall", "--format", "html").out
    mette = next(table for table in drawn["tables"] if "Mette" in table["seats"])
    other = next(table for table in drawn["tables"] if "Ole" in table["seats"])
    assert run("coup", "--game", other["game"], "pas").code == 0  # Ole's table has begun: Mette's has not
    ran = run("concours", "register", "--replace", "Nord", "-p", "Ole", "-p", "Bent", "-p", "Kaj", "-p", "Zoe")
    assert ran.code == 0, ran.err
    seats = {table.number: table.seats for table in files.read("DM").rounds[0].tables}
    assert "Zoe" in seats[mette["table"]] and "Mette" not in seats[mette["table"]]
    assert sum("Zoe" in each for each in seats.values()) == 1


def test_t8_contracts_made_are_never_negative_and_a_refusal_shows_both_results_whole(run, home) -> None:
    _one_table(run)
    before = (home / "concours" / "Vinter.toml").read_bytes()
    negative = run("concours", "result", "1", "1", "--points", "3,-1,0,-2", "--manches", "-5,0,0,0")
    assert negative.code == 2 and len(negative.err.strip().splitlines()) == 1
    assert (home / "concours" / "Vinter.toml").read_bytes() == before
    assert run("concours", "result", "1", "1", "--points", "3,-1,0,-2", "--manches", "1,0,0,0").code == 0
    again = run("concours", "result", "1", "1", "--points", "3,-1,0,-2")
    assert again.code == 2 and "3, -1, 0, -2 (1, 0, 0, 0)" in again.err and "(0, 0, 0, 0)" in again.err
    assert run("concours", "standing").code == 0  # the file reads as ever


def test_t9_a_replacement_refused_at_one_table_of_a_hold_moves_no_game(run, home) -> None:
    _holds(run)
    drawn = _drawn(run)
    mette = next(table for table in drawn["tables"] if "Mette" in table["seats"])
    kaj = next(table for table in drawn["tables"] if "Kaj" in table["seats"])
    run("sheet", "--game", mette["game"])  # a table's sheet asked before its first coup: its game is made
    assert run("coup", "--game", kaj["game"], "pas").code == 0  # Kaj's table has begun
    games_before = sorted(path.name for path in (home / "games").iterdir())
    ran = run("concours", "register", "--replace", "Nord", "-p", "Ole", "-p", "Bent", "-p", "Kim", "-p", "Zoe")
    assert ran.code == 2 and "T-9" in ran.err and len(ran.err.strip().splitlines()) == 1
    assert sorted(path.name for path in (home / "games").iterdir()) == games_before
    assert "Mette" in files.read("DM").rounds[0].table(mette["table"]).seats
