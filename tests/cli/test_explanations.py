"""Explanations a player accepts (issue 26), through the real command: P-6 under a partner's trump, answered
before the player answers with P-7; a suit alone in a sentence is a word where cards are letters (--ascii, JSON)."""

import json

# Whisthub (undertrump = "only-if-no-other"): O leads A♠, the partner trumps with 9♥, O follows with 8♠; the
# player, void in ♠, holds 7♥ and A♣ and under-trumps the partner with 7♥.
UNDER_PARTNER = ("check", "manille-whisthub", "--trump", "h", "--table", "O:A♠ P:9♥ O:8♠", "--hand", "7♥ A♣")
# The same log as an audit: Dédé (Brun's partner) under-trumps Brun's 9♥ at trick 1, holding A♣ (trick 2).
AUDIT = (
    "audit", "manille-whisthub", "--players", "Ana Brun César Dédé", "--trump", "h", "--leader", "Ana",
    "--trick", "As 9h 7s 7h", "--trick", "Kd 8d Ac Qd",
)  # fmt: skip


def test_p6_p7_check_says_the_trump_under_is_the_partners_and_the_ruleset_bars_it_even_so(run):
    ran = run(*UNDER_PARTNER, "--play", "7h")
    assert (ran.code, ran.err) == (1, "")
    assert (
        "legal cards: A♣ 7♥ is a renonce: may not under-trump 9♥, the partner's trump, while holding A♣: this"
        " ruleset forbids under-trumping even a partner, and P-7 does not lift that (P-6) renonce (P-6):"
    ) in " ".join(ran.out.split())


def test_p6_p7_check_in_json_carries_the_partners_event_and_its_words(run):
    ran = run(*UNDER_PARTNER, "--play", "7h", "--json")
    assert ran.code == 1
    data = json.loads(ran.out)
    assert (data["rule"], data["legal_cards"]) == ("P-6", ["AC"])
    reason = data["records"][0]["values"]["reason"]
    assert (reason["event"], reason["values"]) == ("duty.no_undertrump_partner", {"master": "9H", "cards": "AC"})
    assert data["explanation"] == (
        "7H is a renonce: may not under-trump 9H, the partner's trump, while holding AC: this ruleset forbids"
        " under-trumping even a partner, and P-7 does not lift that (P-6)"
    )


def test_p6_p7_check_in_french(run):
    ran = run("--lang", "fr", *UNDER_PARTNER, "--play", "7c", "--json")
    assert ran.code == 1
    assert json.loads(ran.out)["explanation"] == (
        "7H est une renonce : ne peut pas sous-couper 9H, l'atout du partenaire, en ayant AC : ce règlement"
        " interdit de sous-couper même le partenaire, et P-7 ne lève pas cette interdiction (P-6)"
    )


def test_p6_under_an_opponents_trump_the_reason_stays_short(run):
    ran = run("check", "manille-whisthub", "--trump", "h", "--table", "P:A♠ O:9♥", "--hand", "7♥ A♣", "--play", "7h")
    assert ran.code == 1
    assert "7♥ is a renonce: may not under-trump 9♥ while holding A♣ (P-6)" in ran.out


def test_p6_p7_the_audit_proof_says_the_master_trump_is_the_partners_and_still_barred(run):
    ran = run(*AUDIT, "--json")
    assert ran.code == 1
    (renonce,) = json.loads(ran.out)["renonces"]
    assert (renonce["player"], renonce["card"], renonce["rule"]) == ("Dédé", "7H", "P-6")
    assert renonce["proof"]["values"]["where"]["event"] == "where.partner_undertrumped"
    assert renonce["proof"]["text"] == (
        "Dédé under-trumped with 7H on a spades lead at trick 1, where the partner Brun's 9H was master, and this"
        " ruleset forbids under-trumping even a partner (P-7 does not lift that), while holding AC, which the same"
        " hand played at trick 2 (P-6)"
    )


def test_p6_p7_the_audit_proof_in_french_text(run):
    ran = run("--lang", "fr", *AUDIT[:-1], "Rk 8k At Dk")
    assert ran.code == 1
    assert (
        "renonce (P-6) : Dédé a sous-coupé du 7♥ sur une entame à ♠ au pli 1, où le 9♥ du partenaire, Brun, était"
        " maître, et ce règlement interdit de sous-couper même le partenaire (P-7 ne lève pas cette interdiction),"
        " en ayant A♣, que la même main a joué au pli 2 (P-6)"
    ) in " ".join(ran.out.split())


# --- a suit alone in a sentence: a word where the cards are letters --------------------------------------


def test_p10_json_text_names_the_suit_led_as_a_word_never_a_letter(run):
    ran = run(*AUDIT, "--json")
    texts = json.dumps(json.loads(ran.out), ensure_ascii=False)
    assert "a spades lead" in texts and "a diamonds lead" in texts
    assert " S lead" not in texts and " D lead" not in texts
    # The values stay the machine's: the suit led as its letter.
    (renonce,) = json.loads(ran.out)["renonces"]
    assert renonce["proof"]["values"]["play"]["values"]["lead"]["values"] == {"suit": "S"}


def test_p3_p7_ascii_text_and_json_say_the_suit_in_words_in_english_and_french(run):
    follow = ("check", "manille-muette", "--trump", "h", "--table", "P:9♥ O:8♥", "--hand", "7♥ A♣", "--play", "7h")
    assert "7H is legal: must follow hearts: holds 7H (P-3)" in run(*follow, "--ascii").out
    assert "7♥ is legal: must follow ♥: holds 7♥ (P-3)" in run(*follow).out  # the symbol where cards have theirs
    french = json.loads(run("--lang", "fr", *follow, "--json").out)["explanation"]
    assert french.startswith("7H est jouable : doit fournir à cœur : 7H en main (P-3)")


def test_m5_ascii_explain_names_the_atout_in_words(run):
    ran = run("demo", "--ascii", "--explain")
    assert ran.code == 0
    assert "retourne 10H: atout hearts (M-5)" in ran.out
    assert "│ 10H " in ran.out  # a cell of the sheet keeps the card's letters
