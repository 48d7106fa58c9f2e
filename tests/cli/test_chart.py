"""`scorekeeper chart` (issue 20): the partie entry by entry in the terminal, in 80 columns, with the
manches (M-9), poules (H-16) and the end marked; the HTML export carries the same series as SVG."""

from __future__ import annotations

import re
import subprocess

from scorekeeper.present.paper import Mark, Series
from scorekeeper.present.paper.chart import svg, terminal
from tests.cli.test_export import BROWSER, hombre_three, needs_browser, pictures


def test_m9_chart_fits_80_columns_with_each_sides_line_and_the_manches_marked(run):
    run("demo")
    out = run("chart", "--game", "demo").out
    lines = out.splitlines()
    assert max(map(len, lines)) <= 80
    assert lines[0] == "running score of each side, coup by coup"
    assert lines[-2:] == ["● César & Escartefigue", "○ Panisse & Brun"]
    marks = next(line for line in lines if "manche 1" in line)
    assert re.search(r"manche 1\s+manche 2\s+end$", marks)  # the third manche ends the partie
    assert lines[1].startswith("53 │") and re.match(r"\s*0 │", lines[14])  # Panisse & Brun's 53, the top


def test_chart_of_a_long_partie_still_fits_80_columns():
    values = [float(n % 37 - 12) + 0.5 for n in range(301)]
    series = Series(
        "long", [("A", values), ("B", [-v for v in values])], [Mark(n, f"manche {n // 40}") for n in range(40, 301, 40)]
    )
    lines = terminal(series).splitlines()
    assert max(map(len, lines)) <= 80 and len(lines) == 1 + 14 + 2 + 2
    assert terminal(series, width=60).count("\n") == len(lines) - 1
    assert max(map(len, terminal(series, width=60).splitlines())) <= 60


def test_h16_chart_at_lhombre_is_each_players_balance_with_the_poule_taken(run):
    hombre_three(run)
    lines = run("chart", "--game", "ombre").out.splitlines()
    assert lines[0] == "each player's balance in jetons, coup by coup"
    assert lines[1].startswith(" 66 │") and lines[14].startswith("-69 │")  # Cid's top, Bea's bottom
    assert lines[-3:] == ["● Ana", "○ Bea", "◆ Cid"]
    assert lines[-4].strip() == "poule 1"


def test_chart_ascii_draws_with_ascii_and_names_stay_as_typed(run):
    run("demo")
    out = run("chart", "--game", "demo", "--ascii").out
    assert not set("●○┊│─") & set(out)
    assert out.splitlines()[-2:] == ["* César & Escartefigue", "o Panisse & Brun"]


def test_the_terminal_and_the_svg_draw_the_same_values():
    series = Series("t", [("A", [0, 10, -5]), ("B", [0, -10, 5])], [Mark(2, "end")])
    drawing = svg(series)
    points = re.findall(r'<polyline points="([^"]+)"', drawing)
    ys = [[float(point.split(",")[1]) for point in line.split()] for line in points]
    assert ys[0][1] < ys[0][0] < ys[0][2] and ys[1][1] > ys[1][0] > ys[1][2]  # up is more, in SVG's y-down
    text = terminal(series)
    assert text.splitlines()[1].startswith(" 10 │") and text.splitlines()[14].startswith("-10 │")


def test_chart_without_coups_is_a_flat_line_not_a_failure(run, marius):
    ran = run("chart", "--game", "marius")
    assert ran.code == 0 and "0 │" in ran.out


@needs_browser
def test_the_readme_picture_of_chart_is_the_commands_output(run, tmp_path):
    """The chart as a terminal shows it: the command's output, monospaced, shot by the tests' browser."""
    from html import escape

    run("demo")
    out = run("chart", "--game", "demo").out
    assert max(map(len, out.splitlines())) <= 80
    page = tmp_path / "chart.html"
    page.write_text(
        '<!DOCTYPE html><meta charset="utf-8"><body style="margin:0;background:#1e1e1e">'
        "<pre style=\"margin:0;padding:12px;color:#e8e8e8;font:15px/1.25 'DejaVu Sans Mono',monospace\">"
        f"$ scorekeeper chart\n{escape(out)}</pre>",
        encoding="utf-8",
    )
    shot = (pictures() or tmp_path) / "chart.png"
    subprocess.run(
        [BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
        + ["--disable-component-update", "--disable-sync", f"--user-data-dir={tmp_path / 'profile'}"]
        + ["--hide-scrollbars", "--window-size=760,420", f"--screenshot={shot}", page.as_uri()],
        check=True,
        capture_output=True,
        timeout=120,
    )
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
