"""Fixing the past (issue 17): `delete N`, `insert N`, `--drop-after`, and the whole list in `fix`.

The figures are the demo partie's (`scorekeeper demo`, Marius at the Bar de la Marine: RULES M-4, M-5,
M-8, M-9) and a manillen partie's (M-10), worked by hand next to each assertion.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from scorekeeper import store
from scorekeeper.store import Ledger
from tests.cli.test_completion import complete

DEMO_SCORES = [[11, 0], [11, 14], [14, 14], [30, 14], [34, 14], [0, 19], [0, 53], [10, 2], [41, 2], [45, 2]]
DEMO_LINES = [
    "10h César=40",
    "7s Panisse=48",
    "Kd Brun=34",
    "9c César=50",
    "Ah",
    "Js Panisse=52",
    "8d renonce Escartefigue",
    "Qh César=44",
    "10c César=60",
    "7h Brun=30",
]


def sheet(run) -> dict:
    ran = run("sheet", "--json")
    assert ran.code == 0, ran.err
    return json.loads(ran.out)


def scores(run) -> list[list[int]]:
    return [coup["scores"] for coup in sheet(run)["coups"]]


def declared(run) -> list[dict]:
    return [coup["declared"] for coup in sheet(run)["coups"]]


def refused(ran, *words: str) -> None:
    """A user's mistake: one line on stderr, exit 2."""
    assert ran.code == 2 and ran.out == "" and len(ran.err.strip().splitlines()) == 1, ran
    for word in words:
        assert word in ran.err, ran.err


@pytest.fixture
def demo(run):
    assert run("demo", "--yes").code == 0
    assert scores(run) == DEMO_SCORES
    return run


def written(tmp_path: Path, *lines: str) -> str:
    path = tmp_path / "coups.txt"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


# --- delete and insert ---------------------------------------------------------------------------------


def test_m4_deleting_the_last_coup_leaves_the_belle_at_41_2_and_insert_puts_it_back(demo, run, home):
    before = (home / "games" / "demo.toml").read_bytes()
    ran = run("delete", "10")
    assert ran.code == 0 and "coup 10 deleted" in ran.out
    assert scores(run) == DEMO_SCORES[:9] and sheet(run)["over"] is False  # the belle at 41-2, not 44 yet
    # M-4: 7♥ dealt by Panisse again, Brun's side 30, César's 38: 38 - 34 = 4, the 7 worth nothing (M-5).
    ran = run("insert", "10", "--retourne", "7h", "--points", "Brun=30")
    assert ran.code == 0, ran.err  # after the last entry, an insert is the next coup, as `coup` says it
    assert run("insert", "12", "7h", "brun", "30").code == 2  # no entry 11 to insert before
    assert scores(run) == DEMO_SCORES and sheet(run)["winner"] == ["César", "Escartefigue"]
    ran = run("undo")
    assert "last coup" in ran.out and scores(run) == DEMO_SCORES[:9]
    assert "deletion of coup 10" in run("undo").out
    assert (home / "games" / "demo.toml").read_bytes() != before and scores(run) == DEMO_SCORES


def test_m4_m5_a_coup_deleted_then_inserted_again_gives_the_demo_back(demo, run):
    assert run("delete", "9").code == 0
    # M-5: 7♥ now dealt by César (coup 9): nothing for the 7; M-4: 38 - 34 = +4 to César & Escartefigue.
    assert scores(run) == [*DEMO_SCORES[:8], [14, 2]]
    ran = run("insert", "9", "--retourne", "10c", "--points", "César=60")
    assert ran.code == 0 and "inserted as coup 9" in ran.out
    assert scores(run) == DEMO_SCORES and declared(run)[8] == {"retourne": "10C", "points": {"César": 60}}
    assert "insertion before coup 9" in run("undo").out and scores(run) == [*DEMO_SCORES[:8], [14, 2]]
    assert "insertion before coup 9" in run("redo").out and scores(run) == DEMO_SCORES


def test_insert_takes_the_short_line_as_coup_does(demo, run):
    assert run("delete", "9").code == 0
    assert run("insert", "9", "10c", "césar", "60").code == 0
    assert scores(run) == DEMO_SCORES


def test_a_deletion_that_makes_a_later_coup_impossible_is_refused_naming_it_and_fix(demo, run, home):
    before = (home / "games" / "demo.toml").read_bytes()
    # Without coup 3 the manche goes on at coup 5 (A♥ alone no longer ends it: M-5), which says no points.
    refused(run("delete", "3"), "deletion of coup 3 refused: coup 5 no longer makes sense", "scorekeeper fix")
    assert (home / "games" / "demo.toml").read_bytes() == before


def test_delete_and_insert_refuse_a_coup_that_is_not_there(demo, run):
    refused(run("delete", "11"), "no coup 11 in game demo: it has coups 1 to 10")
    refused(run("insert", "0", "--retourne", "7h", "--points", "Brun=30"), "no coup 0")


# --- --drop-after ------------------------------------------------------------------------------------


def test_m9_drop_after_deleting_the_renonce_the_partie_ends_at_coup_8_and_undo_brings_all_back(demo, run):
    refused(
        run("delete", "7"),
        "deletion of coup 7 refused: coup 10: the partie was already won by César & Escartefigue",
        "--drop-after",
    )
    ran = run("delete", "7", "--drop-after")
    assert ran.code == 0 and "the new end removes 1 coup too" in ran.out
    # Manche 2 stood at 0-19. Q♥ dealt by Escartefigue: +2 (M-5), 44 - 34 = +10 (M-4): 12-19.
    # 10♣ dealt by Brun: +5 to Panisse & Brun (M-5): 12-24; 60 - 34 = +26: 38-24, manche 2 and the
    # partie to César & Escartefigue, 2-0 (M-9): 7♥ (coup 10) has no place left.
    assert scores(run) == [*DEMO_SCORES[:6], [12, 19], [38, 24]]
    assert sheet(run)["winner"] == ["César", "Escartefigue"]
    ran = run("undo")
    assert "undone: deletion of coup 7, with 1 coup after the new end" in ran.out
    assert scores(run) == DEMO_SCORES
    assert run("redo").code == 0 and len(scores(run)) == 8


def test_m9_an_edit_that_wins_the_belle_earlier_names_drop_after_then_drops_the_last_coup(demo, run):
    # Coup 9 said as 68: 10♣ +5 (M-5), 68 - 34 = +34: 10 + 39 = 49 >= 44, the belle won at coup 9.
    refused(
        run("edit", "9", "--points", "César=68"),
        "edit of coup 9 refused: coup 10: the partie was already won by César & Escartefigue",
        "--drop-after",
    )
    ran = run("edit", "9", "--points", "César=68", "--drop-after")
    assert ran.code == 0 and "coup 9 replaced" in ran.out and "the new end removes 1 coup too" in ran.out
    assert scores(run) == [*DEMO_SCORES[:8], [49, 2]]
    assert "edit of coup 9, with 1 coup after the new end" in run("undo").out
    assert scores(run) == DEMO_SCORES and declared(run)[8] == {"retourne": "10C", "points": {"César": 60}}


def test_m9_an_insert_that_ends_the_partie_earlier_drops_what_follows(demo, run):
    # Before coup 9, at 10-2 in the belle, César dealing: 7♠ +0, 68 - 34 = +34: 44, the belle is won.
    refused(run("insert", "9", "--retourne", "7s", "--points", "César=68"), "coup 9: the partie was already won")
    assert run("insert", "9", "--retourne", "7s", "--points", "César=68", "--drop-after").code == 0
    assert scores(run) == [*DEMO_SCORES[:8], [44, 2]]
    assert "with 2 coups after the new end" in run("undo").out and scores(run) == DEMO_SCORES


# --- fix -------------------------------------------------------------------------------------------------


def test_fix_print_writes_each_entry_as_its_short_line_and_reads_back_with_no_undo_step(demo, run, tmp_path, home):
    ran = run("fix", "--print")
    assert ran.code == 0 and ran.out.splitlines() == ["# lang: en", *DEMO_LINES]  # its language first (C-2)
    path = written(tmp_path, *ran.out.splitlines())
    before = (home / "games" / "demo.toml").read_bytes()
    ran = run("fix", "--from", path)
    assert ran.code == 0 and "nothing changed" in ran.out
    assert (home / "games" / "demo.toml").read_bytes() == before  # nothing written: no undo step either


def test_a_swapped_pair_of_coups_is_repaired_in_one_fix(demo, run, tmp_path):
    swapped = [*DEMO_LINES[:7], DEMO_LINES[8], DEMO_LINES[7], DEMO_LINES[9]]
    assert run("fix", "--from", written(tmp_path, *swapped)).code == 0  # entered in the wrong order
    # M-5: 10♣ dealt by Brun now, +5 to Panisse & Brun; M-4: 60 - 34 = +26 to César & Escartefigue.
    assert scores(run)[7] == [26, 5]
    ran = run("fix", "--from", written(tmp_path, *DEMO_LINES))
    assert ran.code == 0 and "the list is replaced: 10 coups" in ran.out
    assert scores(run) == DEMO_SCORES
    assert "undone: fix of the list of coups" in run("undo").out and scores(run)[7] == [26, 5]
    assert run("redo").code == 0 and scores(run) == DEMO_SCORES


def test_undo_after_fix_brings_back_exactly_the_list_before_times_and_notes_kept(marius, run, tmp_path, home):
    for coup in (["7s", "césar", "40"], ["7d", "panisse", "40"], ["7c", "césar", "50"]):
        assert run("coup", *coup).code == 0
    assert run("note", "2", "Brun came late").code == 0
    before = store.read("marius").coups
    lines = run("fix", "--print").out.splitlines()
    assert lines == ["# lang: en", "7s César=40", "7d Panisse=40  # Brun came late", "7c César=50"]
    # Coup 1 and 3 swapped, coup 2 said differently, its note changed, and one coup added.
    fixed = [lines[3], "7d Panisse=44  # Brun came very late", lines[1], "8h Brun=38"]
    assert run("fix", "--from", written(tmp_path, *fixed)).code == 0
    after = store.read("marius").coups
    assert [coup["time"] for coup in after[:3:2]] == [before[2]["time"], before[0]["time"]]  # unchanged lines
    assert after[1]["note"] == "Brun came very late" and after[1]["time"] >= before[1]["time"]
    assert len(after) == 4 and "note" not in after[3]
    assert run("undo").code == 0 and store.read("marius").coups == before
    assert run("redo").code == 0 and store.read("marius").coups == after


def test_a_line_that_makes_no_sense_names_the_line_and_nothing_is_written(demo, run, tmp_path, home):
    before = (home / "games" / "demo.toml").read_bytes()
    path = written(tmp_path, "# the demo, by hand", *DEMO_LINES[:4], "Ah  # the retourne", "Ah", *DEMO_LINES[5:])
    # Line 7 (coup 6): an A♥ again, and from one deck (C-1); the partie of line 6 goes on.
    refused(run("fix", "--from", path), "line 7 (coup 6)")
    assert (home / "games" / "demo.toml").read_bytes() == before
    refused(run("fix", "--from", written(tmp_path, "# nothing")), "lists no coup")
    refused(run("fix", "--from", str(tmp_path / "missing.txt")), "cannot read")
    refused(run("fix", "--print", "--from", path), "--print")


# --- a deletion that breaks a later chooser (M-10), repaired in one fix ---------------------------------------

BELGE = ["h Ana=40", "sa Bert=36", "s Cid=35", "d Dan=42", "h chooser Cid Ana=40"]


@pytest.fixture
def belge(run):
    players = [arg for name in ("Ana", "Bert", "Cid", "Dan") for arg in ("-p", name)]
    assert run("new", "manillen", *players, "-g", "belge").code == 0
    for line in BELGE:
        assert run("coup", *line.split()).code == 0, line
    # M-10: Ana deals coup 5 and passes the choice to her partner Cid.
    assert sheet(run)["coups"][4]["chooser"] == "Cid"
    return run


def test_m10_a_deletion_that_makes_a_later_chooser_wrong_is_refused_and_repaired_in_one_fix(belge, run, tmp_path):
    # Coup 3 was never played: without it Dan deals coup 4 (now 5), whose partner is Bert, not Cid.
    refused(run("delete", "3"), "deletion of coup 3 refused: coup 5 no longer makes sense", "fix")
    refused(run("edit", "5", "--chooser", "Bert"), "edit of coup 5 refused")  # nor the other way round
    ran = run("fix", "--from", written(tmp_path, *BELGE[:2], BELGE[3], "h chooser Bert Ana=40"))
    assert ran.code == 0 and "4 coups" in ran.out
    coups = sheet(run)["coups"]
    assert [coup["dealer"] for coup in coups] == ["Ana", "Bert", "Cid", "Dan"]
    assert [coup["chooser"] for coup in coups] == ["Ana", "Bert", "Cid", "Bert"]
    # Manillen (M-4, M-6): 60 a coup, 30 the half. 1 Ana 40: +10 AC; 2 SA x2, Bert 36: +12 BD;
    # 3 Dan 42 for BD: +12 BD; 4 Dan passes to Bert, Ana 40: +10 AC.
    assert [coup["scores"] for coup in coups] == [[10, 0], [10, 12], [10, 24], [20, 24]]
    assert "fix of the list of coups" in run("undo").out and len(sheet(run)["coups"]) == 5


# --- fix in the editor -------------------------------------------------------------------------------------

FAKE_EDITOR = """
import pathlib, sys
path = pathlib.Path(sys.argv[1])
runs = pathlib.Path(sys.argv[0]).with_suffix(".runs")
seen = runs.read_text(encoding="utf-8") if runs.exists() else ""
text = path.read_text(encoding="utf-8")
runs.write_text(seen + "=== run\\n" + text, encoding="utf-8")
lines = text.splitlines()
if not seen:  # first run: delete coup 3 only, which breaks coup 5's chooser (M-10)
    lines.remove("s Cid=35")
else:  # second run: the chooser put right under the message
    lines[lines.index("h chooser Cid Ana=40")] = "h chooser Bert Ana=40"
path.write_text("\\n".join(lines) + "\\n", encoding="utf-8")
"""


def editor(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, script: str) -> Path:
    path = tmp_path / "editor.py"
    path.write_text(script, encoding="utf-8")
    monkeypatch.delenv("VISUAL", raising=False)
    monkeypatch.setenv("EDITOR", f"{sys.executable} {path}")
    at_a_terminal(monkeypatch)
    return path.with_suffix(".runs")


def at_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The editor opens only at a terminal (issue 27): the tests' standard input says it is one."""
    from scorekeeper.cli import terminal

    monkeypatch.setattr(terminal, "at_a_terminal", lambda: True)


def test_fix_in_the_editor_reopens_with_the_refusal_on_top_until_the_list_makes_sense(
    belge, run, tmp_path, monkeypatch
):
    runs = editor(tmp_path, monkeypatch, FAKE_EDITOR)
    ran = run("fix")
    assert ran.code == 0 and "the list is replaced: 4 coups" in ran.out, ran.err
    first, second = runs.read_text(encoding="utf-8").split("=== run\n")[1:]
    assert first.startswith("# Fixing the coups of game belge") and first.endswith("\n".join(BELGE) + "\n")
    assert "save this file\n# unchanged, or empty" in first
    top = second.splitlines()[0]
    reopened = second.splitlines()
    assert top.startswith("# Not saved: line ") and "(coup 4):" in top, top
    line = int(top.removeprefix("# Not saved: line ").split()[0])
    assert reopened[line - 1] == "h chooser Cid Ana=40"  # the line named, where the file has it now
    assert [coup["chooser"] for coup in sheet(run)["coups"]] == ["Ana", "Bert", "Cid", "Bert"]


@pytest.mark.parametrize("change", ["", "text", "path.write_text('')"])
def test_fix_saved_unchanged_or_empty_drops_the_change(belge, run, tmp_path, monkeypatch, home, change):
    script = "import pathlib, sys\npath = pathlib.Path(sys.argv[1])\ntext = path.read_text(encoding='utf-8')\n"
    editor(tmp_path, monkeypatch, script + change)
    before = (home / "games" / "belge.toml").read_bytes()
    ran = run("fix")
    assert ran.code == 0 and "the fix is dropped: nothing changed" in ran.out
    assert (home / "games" / "belge.toml").read_bytes() == before


def test_an_editor_that_fails_changes_nothing(belge, run, tmp_path, monkeypatch):
    editor(tmp_path, monkeypatch, "raise SystemExit(3)")
    refused(run("fix"), "stopped with code 3: nothing was changed")
    monkeypatch.setenv("EDITOR", str(tmp_path / "no-such-editor"))
    refused(run("fix"), "no-such-editor")


# --- the journal --------------------------------------------------------------------------------------------


def test_a_splice_is_undone_and_redone_exactly_and_an_old_journal_still_reads(home):
    game = Ledger("cafe", "manille-muette", {}, ["A", "B", "C", "D"], "A")
    for points in (40, 41, 42, 43):
        game.add({"retourne": "7S", "points": {"A": points}})
    before = [dict(coup) for coup in game.coups]
    game.splice(1, 3, [before[1], {"misdeal": True}, before[3]], "fix")
    assert game.undo_journal[-1] == {  # only what changed: coup 3 became a misdeal
        "op": "splice", "index": 2, "coups": [before[2]], "count": 1, "change": "fix", "number": 0, "dropped": 0,
    }  # fmt: skip
    assert game.undo().event == "step.fix" and game.coups == before
    assert game.redo().event == "step.fix" and game.coups == [*before[:2], {"misdeal": True}, before[3]]
    data = game.to_toml()
    assert Ledger.from_toml(data, "cafe.toml").undo_journal == game.undo_journal
    old = {**data, "journal": {"undo": [{"op": "add"}, {"op": "edit", "index": 0, "coup": before[0]}], "redo": []}}
    assert Ledger.from_toml(old, "cafe.toml").undo().event == "step.edit"


@pytest.mark.parametrize(
    "step",
    [
        {"op": "splice", "index": -1, "coups": [], "count": 0, "change": "fix", "number": 0, "dropped": 0},
        {"op": "splice", "index": 0, "coups": [1], "count": 0, "change": "fix", "number": 0, "dropped": 0},
        {"op": "splice", "index": 0, "coups": [], "count": 0, "change": "shuffle", "number": 0, "dropped": 0},
        {"op": "splice", "index": 0, "coups": [], "count": True, "change": "fix", "number": 0, "dropped": 0},
    ],
)
def test_a_hand_broken_splice_in_the_journal_is_a_damaged_file(marius, run, home, step):
    game = store.read("marius")
    game.undo_journal = [step]
    store.write(game)  # as a hand would have written it: the store reads it back checked
    refused(run("undo"), "damaged")


def test_a_coup_entered_while_the_list_is_in_the_editor_is_never_lost(belge, run, tmp_path, monkeypatch, home):
    script = (
        "import pathlib, subprocess, sys\n"
        "subprocess.run([sys.executable, '-m', 'scorekeeper', 'coup', 'c', 'Bert=40', '-g', 'belge'], check=True)\n"
        "path = pathlib.Path(sys.argv[1])\n"
        "path.write_text(path.read_text(encoding='utf-8').replace('s Cid=35\\n', ''), encoding='utf-8')\n"
    )
    editor(tmp_path, monkeypatch, script)
    refused(run("fix"), "game belge changed while the list was in the editor")
    assert [line.split()[0] for line in run("fix", "--print").out.splitlines()[1:]] == ["h", "sa", "s", "d", "h", "c"]


def test_the_new_commands_and_their_options_complete(marius) -> None:
    assert {"delete", "demo"} <= set(complete("scorekeeper de"))
    assert complete("scorekeeper delete 3 --dr") == ["--drop-after"]
    assert complete("scorekeeper insert 3 --drop") == ["--drop-after"]
    assert complete("scorekeeper fix --p") == ["--print"]
    assert complete("scorekeeper insert 3 --renonce ces") == ["César"]


# --- what the review found -----------------------------------------------------------------------------


def test_a_reason_with_a_quote_and_a_hash_round_trips_through_the_list(run, tmp_path):
    assert run("new", "manille-muette", "-p", "César", "-p", "Panisse", "-p", "Escartefigue", "-p", "Brun").code == 0
    assert run("coup", "10h", "césar", "40").code == 0
    assert run("adjust", "--score", "César=+3", "--reason", 'he said "no # way').code == 0  # M-18
    listed = run("fix", "--print").out
    assert '{adjust = {"César" = 3}, reason = "he said \\"no # way"}' in listed
    ran = run("fix", "--from", written(tmp_path, *listed.splitlines()))
    assert ran.code == 0 and "nothing changed" in ran.out, ran


def test_a_note_of_several_lines_round_trips_unchanged(demo, run, tmp_path):
    assert run("note", "3", "Brun saw\na card").code == 0
    ran = run("fix", "--from", written(tmp_path, *run("fix", "--print").out.splitlines()))
    assert ran.code == 0 and "nothing changed" in ran.out, ran
    assert store.read("demo").coups[2]["note"] == "Brun saw\na card"


def test_a_stopped_partie_takes_no_new_entry_by_fix_or_insert(run, tmp_path):
    assert run("new", "manille-muette", "-p", "César", "-p", "Panisse", "-p", "Escartefigue", "-p", "Brun").code == 0
    assert run("coup", "10h", "césar", "40").code == 0
    assert run("stop", "--reason", "the café closes").code == 0
    refused(run("fix", "--from", written(tmp_path, "10h César=40", "7s Panisse=48")), "stopped")
    refused(run("insert", "1", "7s", "panisse", "48"), "stopped")
    assert len(store.read("manille-muette-1").coups) == 1


def test_m9_a_list_that_ends_the_partie_early_names_the_line_to_cut_after(demo, run, tmp_path):
    # Coup 9 said as César 64 instead of 60: 64 - 34 = 30, the belle reached at 40 (M-9): coup 10 is one too many.
    lines = [*DEMO_LINES[:8], "10c César=64", DEMO_LINES[9]]
    ran = run("fix", "--from", written(tmp_path, *lines))
    refused(ran, "line 10 (coup 10)", "remove the lines after line 9")
    assert scores(run) == DEMO_SCORES


def test_an_editor_left_without_saving_changes_nothing_and_says_so(demo, run, monkeypatch):
    monkeypatch.setenv("EDITOR", "false")  # vi's :cq: the editor ends with a code other than 0
    at_a_terminal(monkeypatch)
    refused(run("fix"), "'false' stopped with code 1: nothing was changed")
    assert scores(run) == DEMO_SCORES


def test_m5_a_refused_insert_names_its_coup_once(demo, run):
    ran = run("insert", "3", "césar", "40")  # no retourne in a system where it sets trump (M-5)
    refused(ran)
    assert ran.err.strip() == (
        "scorekeeper: insertion before coup 3 refused: this ruleset sets trump by the retourne: "
        "give the dealer's last card with --retourne (M-5)"
    )


# --- issue 27: an editor that takes the file away, a hand-damaged file ---------------------------------------


@pytest.mark.parametrize(
    "change",
    ["path.unlink()", "path.unlink(); path.mkdir()", "import shutil; shutil.rmtree(path.parent)"],
    ids=["removed", "a folder in its place", "its folder removed"],
)
def test_an_editor_that_takes_the_file_away_changes_nothing_in_one_line(
    belge, run, tmp_path, monkeypatch, home, change
):
    editor(tmp_path, monkeypatch, f"import pathlib, sys\npath = pathlib.Path(sys.argv[1])\n{change}")
    before = (home / "games" / "belge.toml").read_bytes()
    refused(run("fix"), "left no file to read at")
    assert (home / "games" / "belge.toml").read_bytes() == before


@pytest.mark.parametrize("retourne", ["-1", "1979-05-27T07:32:00Z"], ids=["a number", "a datetime"])
def test_fix_print_on_a_hand_damaged_entry_is_the_one_line_sheet_gives(marius, run, home, retourne):
    assert run("coup", "-r", "10h", "--points", "César=40").code == 0
    path = home / "games" / "marius.toml"
    damaged = path.read_text(encoding="utf-8").replace('retourne = "10H"', f"retourne = {retourne}")
    path.write_text(damaged, encoding="utf-8")
    sheet_said = run("sheet")
    refused(sheet_said, "coup 1: the retourne must be a card")
    assert run("fix", "--print").err == sheet_said.err


def test_d2_fix_print_says_a_danish_evening_as_it_was_typed_bare_tricks_and_all(run) -> None:
    """Danish l'hombre moves its state on in place: each line is written before its deal is played (D-2: the
    tricks in play order, the declarer's first), so `fix --print` gives back the bare « 6 2 1 »."""
    assert run("new", "lhombre-dlu", "-p", "Ole", "-p", "Bent", "-p", "Kaj", "-p", "Mette").code == 0
    typed = ["Bent solo spar 6 2 1", "Kaj tourne kruk", "Mette solo 5 2 2", "strafpoint Ole", "Ole ren nolo 1"]
    for line in typed:
        assert run("coup", *line.split()).code == 0
    assert run("fix", "--print").out.splitlines()[1:] == typed
