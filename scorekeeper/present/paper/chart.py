"""The chart of a partie: in the terminal as text, in the HTML export as SVG, from one `Series`.

Both are drawn here in a few lines rather than with a plotting library: the ones measured (plotext
6.1 for the terminal, pygal 3.1 for SVG) cost 154 ms and 38 ms to import, plotext's interface changed
between releases, and neither draws the manche marks the table wants without as much code again.
"""

from __future__ import annotations

from scorekeeper.present.paper import Series, escape, figure

MARKERS = ("●", "○", "◆", "■")
ASCII_MARKERS = ("*", "o", "+", "#")
COLOURS = ("#1f5fa8", "#c0392b", "#2e8b57", "#8e44ad")
STYLE = (
    'svg.chart text { font: 11px "DejaVu Sans", Arial, sans-serif; fill: #333; }'
    " svg.chart .mark { stroke: #777; stroke-dasharray: 4 3; }"
)


def _scale(values: list[float]) -> tuple[float, float]:
    """The lowest and highest value shown (0 always in sight), never an empty range."""
    low, high = min(0, *values), max(0, *values)
    return (low, high) if high > low else (low, low + 1)


def _figure(value: float, decimal: str) -> str:
    """A value of the axis, to a tenth, with the language's decimal sign: `99,5` on a French page."""
    return figure(round(value, 1)).replace(".", decimal)


def terminal(series: Series, width: int = 80, height: int = 14, ascii: bool = False, decimal: str = ".") -> str:
    """The chart in at most `width` columns: a marker a line (lines joined point to point), a `┊` (`:`)
    column after each marked entry with its label beneath, the entry numbers along the bottom; the
    values with the language's `decimal` sign."""
    markers = ASCII_MARKERS if ascii else MARKERS
    every = [value for _, values in series.lines for value in values]
    low, high = _scale(every)
    labels = [_figure(high, decimal), figure(0), _figure(low, decimal)]
    margin = max(map(len, labels)) + 1
    entries = len(series.lines[0][1]) - 1 if series.lines else 0
    plot = max(10, min(width - margin - 1, entries * 6 + 1))
    rows = [[" "] * plot for _ in range(height)]

    def x_of(at: float) -> int:
        return round(at * (plot - 1) / max(entries, 1))

    def y_of(value: float) -> int:
        return height - 1 - round((value - low) * (height - 1) / (high - low))

    for mark in series.marks:
        for row in rows:
            row[x_of(mark.at)] = ":" if ascii else "┊"
    zero = y_of(0)
    rows[zero] = [("-" if ascii else "─") if cell == " " else cell for cell in rows[zero]]
    for index, (_, values) in enumerate(series.lines):
        for at in range(entries):
            start, end = x_of(at), x_of(at + 1)
            for column in range(start, end + 1):
                share = (column - start) / max(end - start, 1)
                rows[y_of(values[at] + (values[at + 1] - values[at]) * share)][column] = markers[index % len(markers)]
    side = {0: labels[0], zero: labels[1], height - 1: labels[2]}
    out = [series.title]
    out += [f"{side.get(y, ''):>{margin - 1}} {'|' if ascii else '│'}{''.join(row)}" for y, row in enumerate(rows)]
    axis, names = [" "] * plot, [" "] * plot
    for at in range(1, entries + 1):
        _place(axis, x_of(at), str(at))
    for mark in series.marks:
        _place(names, x_of(mark.at), mark.label)
    out += [" " * (margin + 1) + "".join(axis).rstrip(), " " * (margin + 1) + "".join(names).rstrip()]
    out += [f"{markers[index % len(markers)]} {name}" for index, (name, _) in enumerate(series.lines)]
    return "\n".join(line[:width].rstrip() for line in out)


def _place(line: list[str], at: int, word: str) -> None:
    """`word` written from column `at`, or ending there near the right edge, if it finds room (a space
    before it); else left out."""
    for start in (at, at - len(word) + 1):
        end = start + len(word)
        if start >= 0 and end <= len(line) and all(cell == " " for cell in line[max(start - 1, 0) : end]):
            line[start:end] = word
            return


def svg(series: Series, width: int = 680, height: int = 220, decimal: str = ".") -> str:
    """The chart as SVG: a polyline and its points a line, dashed marks with their labels, the zero line,
    the entry numbers and a legend, on white. The same element is inline in the printed page, where its
    viewBox sizes it to the page's width, and a file of its own (`chart --svg`), `width` by `height`:
    its style is its own, so it draws alike in both. Its values have the language's `decimal` sign."""
    left, right, top, bottom = 44, 12, 16, 46
    every = [value for _, values in series.lines for value in values]
    low, high = _scale(every)
    entries = len(series.lines[0][1]) - 1 if series.lines else 0

    def x(at: float) -> float:
        return round(left + at * (width - left - right) / max(entries, 1), 1)

    def y(value: float) -> float:
        return round(top + (high - value) * (height - top - bottom) / (high - low), 1)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}"'
        ' role="img" class="chart">',
        f"<title>{escape(series.title)}</title>",
        f"<style>{STYLE}</style>",
        f'<rect width="{width}" height="{height}" fill="#fff"/>',
        f'<line x1="{left}" x2="{width - right}" y1="{y(0)}" y2="{y(0)}" stroke="#999"/>',
    ]
    for value in dict.fromkeys((high, 0, low)):
        parts.append(f'<text x="{left - 4}" y="{y(value) + 4}" text-anchor="end">{_figure(value, decimal)}</text>')
    step = max(1, entries // 20)
    for at in range(1, entries + 1, step):
        parts.append(f'<text x="{x(at)}" y="{height - bottom + 14}" text-anchor="middle">{at}</text>')
    # Each entry's x and each distinct value's y written once: a partie of 2,000 entries draws 4,000
    # points a line, its values the same few hundred again and again. A value's y is the same whatever its
    # type (1, 1.0 and True; 0.0 and -0.0): each is looked up by the interpreter's own loop (docs/performance.md).
    span, last = width - left - right, max(entries, 1)  # `x`, written out: 2,000 calls less
    count = max((len(values) for _, values in series.lines), default=0)
    xs = [str(round(left + at * span / last, 1)) for at in range(count)]
    ys = {value: str(y(value)) for value in set(every)}
    for mark in series.marks:
        at = x(mark.at)
        said = xs[mark.at] if 0 <= mark.at < len(xs) else str(at)
        parts.append(f'<line x1="{said}" x2="{said}" y1="{top}" y2="{height - bottom}" class="mark"/>')
        anchor = "end" if at > width - right - 40 else "middle"  # a label at the edge stays on the page
        parts.append(f'<text x="{said}" y="{top - 4}" text-anchor="{anchor}">{escape(mark.label)}</text>')
    for index, (name, values) in enumerate(series.lines):
        colour = COLOURS[index % len(COLOURS)]
        at_y = list(map(ys.__getitem__, values))
        points = " ".join([f"{at_x},{said}" for at_x, said in zip(xs, at_y, strict=False)])
        parts.append(f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2"/>')
        dots = zip(xs, at_y, strict=False)
        parts += [f'<circle cx="{at_x}" cy="{said}" r="2.5" fill="{colour}"/>' for at_x, said in dots]
        legend = left + index * (width - left) // max(len(series.lines), 1)
        parts.append(f'<rect x="{legend}" y="{height - 16}" width="10" height="10" fill="{colour}"/>')
        parts.append(f'<text x="{legend + 14}" y="{height - 7}">{escape(name)}</text>')
    return "\n".join([*parts, "</svg>"])
