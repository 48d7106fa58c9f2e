"""The sheet fits the screen (issue 16): 80 columns in both languages, a phone's 40 with `--narrow`
(automatic below 60), the running scores first and each coup on demand (`sheet --detail N`).

Every system's partie of the rule texts (the same coups as `test_systems`, M-4 to M-16; l'hombre's
seed example, H-20), with the demo's names and with names of twelve letters and more that begin
alike, a misdeal (M-17), an agreement (M-18) and notes: no line is wider than the screen, and each
coup's running scores, as `sheet --json` gives them, stand whole on that coup's line.
"""

from __future__ import annotations

import json
import re

import pytest

from scorekeeper import i18n, service, store
from scorekeeper.cli.grid import Grid
from scorekeeper.cli.render import fiche_lines, row_lines, table_lines
from scorekeeper.cli.render.layout import labels
from scorekeeper.errors import UserError
from scorekeeper.games.manille.demo import PLAYERS as MARIUS
from scorekeeper.players import fold_name
from scorekeeper.service import session
from tests.games.hombre.test_seed_example import SEED_17_4
from tests.games.manille.test_systems import A_TROIS, ENCHERES, ENVERS, MANILLEN_3_12, MANILLEN_18, WHISTHUB

LONG = ("Escartefigue", "Marie-Thérèse", "Jean-Baptiste", "Marie-Claire")
MISDEAL = {"misdeal": True}

# Each system's partie (the coups before its end, so that a misdeal and an agreement can follow) and
# its seats as the rule texts' A, B, C, D.
SYSTEMS = {
    "manille-muette": (4, [{"retourne": "10H", "points": {"A": 40}}, {"retourne": "8D", "renonce": "C"}]),
    "manillen": (4, MANILLEN_18),
    "manillen-3": (3, MANILLEN_3_12),
    "manille-encheres": (4, ENCHERES[:-1]),
    "manille-envers": (4, ENVERS[:-1]),
    "manille-whisthub": (4, WHISTHUB[:-1]),
    "manille-a-trois": (3, A_TROIS[:-1]),
    "hombre": (3, SEED_17_4),
    "hombre-1709": (3, SEED_17_4[:2]),
}


def named(value, names):
    """A coup of the rule texts with its seats A, B, C, D given `names`."""
    if isinstance(value, dict):
        return {named(key, names): named(item, names) for key, item in value.items()}
    if isinstance(value, list):
        return [named(item, names) for item in value]
    if isinstance(value, str) and value.endswith("'s mort"):
        return names[value.removesuffix("'s mort")] + "'s mort"
    return names.get(value, value) if isinstance(value, str) else value


def played(system: str, players: tuple[str, ...]) -> str:
    """The system's partie stored as a game, with a misdeal, an agreement and two notes after its coups."""
    count, coups = SYSTEMS[system]
    players = players[:count]
    names = dict(zip("ABCD", players, strict=False))
    options = {"system": "3-2"} if system == "hombre" else {}
    game = service.new(system, players, options=options, name=system)
    for coup in coups:
        service.add(game.name, named(coup, names))
    if system.startswith("hombre"):
        pay = [{"from": players[0], "to": players[1], "jetons": 5}]
        service.add(game.name, {"pay": pay, "reason": "a bet on the last coup, settled now"})
    else:
        service.add(game.name, MISDEAL)
        service.add(game.name, {"adjust": {players[1]: 3}, "reason": "the bet on the belle, as agreed"})
    service.note(game.name, "Escartefigue says the 8♦ was led, not played", 1)
    service.note(game.name, "a long evening at the Bar de la Marine, under the plane trees")
    return game.name


def running(run, name: str) -> list[list[str]]:
    """Each entry's running scores as the sheet shows a figure (`13,5` in French), from `sheet --json`."""
    data = json.loads(run("sheet", "--game", name, "--json").out)
    if data["game"] == "hombre":  # each player's balance, in seating order
        players = [player["name"] for player in data["players"]]
        return [[i18n.number(_exact(entry["balances"][p])) for p in players] for entry in data["coups"]]
    return [[str(value) for value in entry["scores"]] for entry in data["coups"]]


def _exact(value):
    from fractions import Fraction

    return Fraction(value).limit_denominator(2) if isinstance(value, float) else value


def figures_on_their_lines(out: str, scores: list[list[str]], narrow: bool) -> None:
    """Each coup's first line holds its number and each side's running score whole, in its own cell."""
    for number, expected in enumerate(scores, 1):
        if narrow:
            # An entry with a note wears its mark (`3*`, issue 29).
            found = [line.split() for line in out.splitlines() if line.split()[:1] in ([str(number)], [f"{number}*"])]
            assert found, number
            assert found[0][1 : 1 + len(expected)] == expected, (number, found[0])
            continue
        cells = [
            [cell.strip() for cell in line.split("│")[1:-1]]
            for line in out.splitlines()
            if line.startswith("│") and line.split("│")[1].strip() in (str(number), f"{number}*")
        ]
        assert len(cells) == 1, number
        shown = cells[0][-len(expected) :]
        for cell, score in zip(shown, expected, strict=True):
            assert cell == score or re.fullmatch(rf"[+-]\d+([.,]5)? = {re.escape(score)}", cell), (number, cell)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("players", [MARIUS, LONG], ids=["marius", "long-names"])
@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_every_system_fits_80_columns_and_a_phones_40_with_every_figure_whole(run, monkeypatch, system, players, lang):
    name = played(system, players)
    scores = running(run, name)
    for width in (80, 40):
        monkeypatch.setenv("COLUMNS", str(width))
        out = run("--lang", lang, "sheet", "--game", name, "--explain").out
        too_wide = [line for line in out.splitlines() if len(line) > width]
        assert too_wide == [], (width, too_wide)
        figures_on_their_lines(out, scores, narrow=width < 60)
        if width < 60:
            assert "--detail N" in out  # the rest on demand


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_demo_partie_at_80_columns_shows_its_running_scores_whole(run, monkeypatch, lang):
    """The demo's figures (M-5, M-4, M-8, M-9): 11-0, 11-14, ... 45-2, never `+8 =` on one line and `8`
    on the next; names short enough not to be shortened keep their whole words."""
    monkeypatch.setenv("COLUMNS", "80")
    out = run("--lang", lang, "demo", "--yes").out
    scores = [["11", "0"], ["11", "14"], ["14", "14"], ["30", "14"], ["34", "14"], ["0", "19"], ["0", "53"]]
    scores += [["10", "2"], ["41", "2"], ["45", "2"]]
    figures_on_their_lines(out, scores, narrow=False)
    assert max(map(len, out.splitlines())) <= 80
    assert re.search(r"│   10 │ Pan +│ 7♥    │ Brun 30", out)  # the dealer named as the header names him (issue 29)
    header = next(line for line in out.splitlines() if line.startswith("│ coup"))
    assert "Pan " in header and "Pan = Panisse, Esc = Escartefigue" in out  # a shortened name is in the legend
    monkeypatch.setenv("COLUMNS", "40")
    narrow = run("--lang", lang, "sheet").out
    figures_on_their_lines(narrow, scores, narrow=True)
    assert [line.split()[-1] for line in narrow.splitlines() if line.split()[:1] in (["5"], ["7"], ["10"])] == [
        "M1",
        "M2",
        "M3",
    ]
    assert "  7    " in narrow and " R M2" in narrow  # coup 7: Escartefigue's renonce ends manche 2 (M-8, M-9)


def test_narrow_is_automatic_below_60_columns_and_asked_for_with_narrow(run, monkeypatch):
    run("demo", "--yes")
    monkeypatch.setenv("COLUMNS", "59")
    assert "┌" not in run("sheet").out
    monkeypatch.setenv("COLUMNS", "60")
    assert "┌" in run("sheet").out
    monkeypatch.setenv("COLUMNS", "200")
    out = run("sheet", "--narrow").out
    assert "┌" not in out and "A coup in full: sheet --detail N" in out


def test_json_is_the_same_at_any_width(run, monkeypatch):
    run("demo", "--yes")
    monkeypatch.setenv("COLUMNS", "40")
    narrow = run("sheet", "--json", "--narrow").out
    monkeypatch.setenv("COLUMNS", "200")
    assert narrow == run("sheet", "--json").out
    assert json.loads(run("sheet", "--json", "--detail", "7").out)["scores"] == [0, 53]


def test_the_detail_of_a_coup_on_demand_names_everything_and_explains_it(run, monkeypatch):
    """Coup 7 of the demo: Escartefigue's renonce, +34 to Panisse & Brun, who win manche 2 (M-8, M-9)."""
    run("demo", "--yes")
    monkeypatch.setenv("COLUMNS", "40")
    out = run("sheet", "--detail", "7").out.splitlines()
    assert out[:6] == [
        "coup 7",
        "dealer: Escartefigue",
        "atout: 8♦",
        "said: renonce Escartefigue",
        "César & Escartefigue: 0",
        "Panisse & Brun: +34 = 53, manche 2",
    ]
    assert out[8:11] == ["  renonce by Escartefigue: coup", "    cancelled, +34 to Panisse & Brun", "    (M-8)"]
    assert max(map(len, out)) <= 40
    french = run("--lang", "fr", "sheet", "--detail", "7").out
    assert "compté : renonce Escartefigue" in french and "Panisse et Brun : +34 = 53, manche 2" in french


def test_the_detail_of_a_coup_that_is_not_there_is_one_line_and_exit_2(run):
    run("demo", "--yes")
    ran = run("sheet", "--detail", "11")
    assert ran.code == 2 and ran.out == ""
    assert ran.err == "scorekeeper: no coup 11 in game demo: it has coups 1 to 10\n"


@pytest.mark.parametrize("width", [80, 40])
def test_the_new_line_of_a_coup_is_the_sheets_own_lines(width):
    """What the guided table prints after a coup (`render.row_lines`): the lines of that entry in the
    whole sheet at that width, its manche line and rule with it."""
    service.demo(replace=True, lang="en")
    fiche = service.fiche(store.read("demo"))
    whole = fiche_lines(fiche, "demo", False, False, width)
    for index in range(len(fiche.coups)):
        lines = row_lines(fiche, index, False, width)
        start = next(i for i in range(len(whole)) if whole[i : i + len(lines)] == lines)
        assert str(index + 1) == whole[start].split()[1 if width == 80 else 0]
    assert row_lines(fiche, -1, False, width) == row_lines(fiche, 9, False, width)
    if width == 80:  # coup 10 ends manche 3: its line under it (M-9)
        assert [line.split("│")[-3].strip() for line in row_lines(fiche, 9, False, 80)] == ["+4 = 45", "manche 3"]


@pytest.mark.parametrize("players", [MARIUS, LONG], ids=["marius", "long-names"])
@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_the_table_lays_out_its_new_row_alone_and_shows_what_the_whole_fiche_would(system, players):
    """Issue 28: the guided table lays out only a coup's own row, measured with the rows it drew before
    (`table_lines`); what it shows is what laying out the whole fiche shows: the new row in the whole
    sheet's columns, or the whole sheet again when a column's width changed (a wider score, a column of
    calls written in at last, a narrower shape; at 80 columns and a phone's 40), a manche's line with its
    coup; and whenever the fiche is not the one it drew and one coup more (read again), it lays out all."""
    count, coups = SYSTEMS[system]
    names = dict(zip("ABCD", players[:count], strict=False))
    options = {"system": "3-2"} if system == "hombre" else {}
    entries = [named(coup, names) for coup in coups]
    if not system.startswith("hombre"):
        entries += [MISDEAL, {"adjust": {players[1]: 3}, "reason": "the bet on the belle"}]
    entries += entries[:3]  # where the partie goes on: coups said again after a wider score
    for width in (80, 40):
        game = service.new(system, list(players[:count]), options=options, name=f"{system}-{width}")
        table = session.Session(game.name)
        drawing = table_lines(table.fiche(), False, None, width)[1]
        extended = 0  # coups whose row alone was laid out
        for number, entry in enumerate(entries, 1):
            if table.fiche().over:
                break
            if number == 2:  # another command's coup: the table reads the game again and lays it out whole
                service.add(game.name, entry)
                table.refresh()
                fiche = table.fiche()
            else:
                try:
                    fiche = table.add(entry)
                except UserError:  # a coup repeated where it cannot be said again
                    continue
            shown, now = table_lines(fiche, False, drawing, width)
            whole, laid_out = table_lines(fiche, False, None, width)
            expected = row_lines(fiche, -1, False, width) if laid_out.widths == drawing.widths else whole
            assert shown == expected, (width, number)
            assert now.widths == laid_out.widths
            extended += now.drawn is drawing.drawn
            drawing = now
        assert extended


def test_c4_short_names_are_told_apart_as_names_are_compared():
    players = ["Marie-Thérèse", "Marie-Claire", "Jean", "Jeanne", "jean-baptiste", "Émile", "Emilienne"]
    short = labels(players)
    assert short == {
        "Marie-Thérèse": "Marie-T",
        "Marie-Claire": "Marie-C",
        "Jean": "Jean",
        "Jeanne": "Jeann",
        "jean-baptiste": "jean-b",
        "Émile": "Émile",
        "Emilienne": "Emili",
    }
    for player, label in short.items():  # a short name begins its own player's name and no other (C-4)
        begun = [other for other in players if fold_name(other).startswith(fold_name(label))]
        assert begun == [player] or label == player


def test_a_figure_is_never_broken_even_in_a_grid_too_wide_for_its_screen():
    grid = Grid("", ["coup", "said", "César & Escartefigue"], right={0, 2})
    grid.add_row("12", "Escartefigue 40, contre Panisse", "+16 = 130")
    grid.add_row("13", "manche 2", "-8 = 122")
    lines = grid.lines(20)
    assert any("│    +16 = 130 │" in line for line in lines) and any("│     -8 = 122 │" in line for line in lines)
    assert any("│ Escartefigue 40, │" in line for line in lines) and any("│ manche 2 " in line for line in lines)
    # Its narrowest: the number's header, the longest words with their figures, the longest figure and a
    # header word, and the box lines.
    assert grid.minimum() == len("coup") + len("Escartefigue 40,") + len("Escartefigue") + 10


@pytest.mark.parametrize(("lang", "said"), [("en", "renonce Esc's mort"), ("fr", "renonce le mort d'Esc")])
def test_m15_a_morts_seat_is_shortened_with_its_players_name(run, monkeypatch, lang, said):
    """At three with a mort (M-15), coup 5 is a renonce by Escartefigue's mort: shortened as he is where
    the said column is (at 80 columns the headers and dealers alone are: issue 29)."""
    name = played("manille-a-trois", LONG)
    monkeypatch.setenv("COLUMNS", "64")
    out = run("--lang", lang, "sheet", "--game", name).out
    framed = [line.split("│") for line in out.splitlines() if line.startswith("│")]
    column = [cell.strip() for cell in framed[0]].index("said" if lang == "en" else "compté")
    assert said in " ".join(cells[column].strip() for cells in framed)
    assert "Esc = Escartefigue" in out


def test_a_narrow_sheet_says_only_the_marks_it_shows(run, monkeypatch):
    """The demo's marks: manches won (M-9) and a renonce (M-8); a manillen partie of deals has neither."""
    monkeypatch.setenv("COLUMNS", "40")
    run("demo", "--yes")
    assert "M1: manche 1 won; R: renonce" in run("sheet").out
    run("new", "manillen", "-p", "Ana", "-p", "Bert", "-p", "Cid", "-p", "Dan")
    run("coup", "h", "ana", "40")
    out = run("sheet").out
    assert "M1" not in out and "R: renonce" not in out


def test_what_a_command_says_breaks_between_words_never_before_a_figure(run, monkeypatch):
    """`undo`'s status line at 60 columns (M-9: the standing after the demo's coup 3, 14-14): each side's score
    stays with its name, and the continuation is indented."""
    run("new", "manille-muette", "-p", "César", "-p", "Panisse", "-p", "Escartefigue", "-p", "Brun")
    for line in ("10h césar 40", "7s panisse 48", "kd brun 34", "9c césar 50"):
        run("coup", *line.split())
    monkeypatch.setenv("COLUMNS", "60")
    lines = run("undo").out.splitlines()
    assert lines[0].startswith("undone: last coup (4). ")
    assert len(lines) > 1 and all(len(line) <= 60 for line in lines)
    assert not any(line.strip()[:1].isdigit() for line in lines[1:])  # no line starts with a figure
    assert all(line.startswith("  ") for line in lines[1:])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_80_columns_shorten_a_name_alike_in_the_sides_headers_and_the_dealer_column(run, monkeypatch, lang) -> None:
    """Issue 29: where the sides' headers say `Esc`, the dealer column says `Esc` too, not `Escartefigue`."""
    name = played("manille-muette", MARIUS)
    monkeypatch.setenv("COLUMNS", "80")
    out = run("--lang", lang, "sheet", "--game", name).out
    lines = out.splitlines()
    headers = "".join(lines[lines.index(next(line for line in lines if line.startswith("┌"))) : 5])
    assert "Esc" in headers and "Escartefigue" not in headers, out  # this shape shortens the headers
    dealers = [line.split("│")[2].strip() for line in out.splitlines() if re.match(r"│\s+\d+\*? │", line)]
    assert "Esc" in dealers and "Pan" in dealers and "Escartefigue" not in dealers, out
    assert all(len(line) <= 80 for line in out.splitlines())


def test_m6_p8_the_40_column_sheet_keeps_kloppen_and_zonder_troef(run, monkeypatch):
    """At a Flemish table on a phone, the running scores alone still say which coup was klopt and which was
    played zonder troef, and the legend under them says what K and ZT are."""
    assert run("--lang", "nl", "new", "manillen", "-p", "Jef", "-p", "Mieke", "-p", "Staf", "-p", "Fien").code == 0
    assert run("--lang", "nl", "coup", "--trump", "s", "--klop", "Mieke", "--points", "Jef=38").code == 0
    assert run("--lang", "nl", "coup", "zonder", "troef", "Mieke", "40").code == 0
    monkeypatch.setenv("COLUMNS", "40")
    lines = run("--lang", "nl", "sheet").out.splitlines()
    assert lines[3].rstrip().endswith("0  K") and lines[4].rstrip().endswith("20  ZT"), lines
    assert "ZT: zonder troef; K: klop" in lines
