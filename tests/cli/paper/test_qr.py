"""A table's card carries its page's address and a QR code of it (issue 33): segno's SVG inline, the
address as text escaped, `--url BASE` checked."""

from __future__ import annotations

import pytest

from scorekeeper.concours.links import table_token
from scorekeeper.errors import UserError
from scorekeeper.present.paper.qr import base_url, card_links, links, qr_svg

WORDS = {"view": "The table's page", "entry": "Enter the coups"}


def test_a_card_carries_the_qr_code_of_its_tables_page_and_with_entry_of_its_entry_page():
    made = links("http://192.168.1.20:8733", 2, 7, "secret", entry=True)
    assert [what for what, _ in made] == ["view", "entry"]
    assert made[0][1].endswith(f"/table/2-7?token={table_token('secret', entry=False)}")
    html = card_links(made, WORDS)
    assert html.count("<svg") == 2 and "<path" in html and "viewBox" in html
    assert qr_svg(made[1][1]) in html and made[0][1] in html
    assert "http" not in html.replace(made[0][1], "").replace(made[1][1], "").replace("http://www.w3.org", "")


def test_what_a_card_says_is_text_never_markup():
    html = card_links([("view", 'http://h/table/1-1?token=x"><script>')], {"view": "<b>page</b>"})
    assert "<script>" not in html and "<b>" not in html and "&lt;b&gt;page" in html


@pytest.mark.parametrize(
    "given",
    [
        "192.168.1.20:8733",
        "ftp://h",
        "http://",
        "http://h/?token=x",
        "http://h/#x",
        "http://h:port",
        "http://h/ a",
        "javascript:alert(1)",
        'http://"><script>',
        "http://h/<x>",
        "http://user:pw@h",
        'http://h/a"b',
    ],
)
def test_url_takes_an_http_address_and_nothing_else(given: str):
    with pytest.raises(UserError) as refused:
        base_url(given)
    assert refused.value.key == "concours_bad_url"


def test_url_keeps_the_address_without_its_last_slash():
    assert base_url(" http://192.168.1.20:8733/ ") == "http://192.168.1.20:8733"
    assert base_url("https://club.example/concours") == "https://club.example/concours"
