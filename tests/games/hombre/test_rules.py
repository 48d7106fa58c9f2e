"""The settings of an hombre system and their TOML keys (RULES H-6, H-8, H-12, H-15, H-16, H-19)."""

import pytest

from scorekeeper.errors import UserError
from scorekeeper.games.hombre import HOMBRE_KEYS, HombreRules, hombre_rules
from scorekeeper.i18n import render
from scorekeeper.rulesets import COMMON_KEYS

SEED_CONCLUSION = {  # the seed's own recommendation: 3 et 1, retourne, double payments, 20 poules, play on
    "table.players": 3,
    "cards.deck": "hombre",
    "money.system": "3-1",
    "money.payments": "double",
    "bidding.retourne_contract": True,
    "partie.poules": 20,
    "partie.end": "play-on",
}


def test_the_keys_are_dotted_distinct_documented_with_rule_ids_and_clear_of_the_common_keys():
    names = [key.name for key in HOMBRE_KEYS]
    assert len(set(names)) == len(names)
    assert all("." in name for name in names)
    assert not set(names) & {key.name for key in COMMON_KEYS}
    meanings = [render(key.meaning) for key in HOMBRE_KEYS]
    assert all("(H-" in meaning or "(C-" in meaning for meaning in meanings), meanings


def test_hombre_rules_from_the_flat_dict_with_defaults_for_cave_fiche_and_espadille_forcee():
    rules = hombre_rules({**SEED_CONCLUSION, "game": "hombre", "name": "hombre"})
    assert rules == HombreRules()
    assert (rules.cave, rules.fiche, rules.espadille_forcee) == (200, 20, False)


def test_hombre_rules_the_1709_system():
    values = {**SEED_CONCLUSION, "money.system": "3-2", "bidding.retourne_contract": False, "partie.end": "split"}
    values.update({"money.cave": 400, "money.fiche": 10, "bidding.espadille_forcee": True, "partie.poules": 40})
    rules = hombre_rules(values)
    assert rules == HombreRules("3-2", "double", False, True, 40, "split", 400, 10)


def test_hombre_rules_refuses_a_missing_key():
    values = dict(SEED_CONCLUSION)
    del values["money.system"]
    with pytest.raises(UserError, match=r"missing key 'money.system'"):
        hombre_rules(values)


@pytest.mark.parametrize(
    ("field", "value"), [("system", "4-2"), ("payments", "triple"), ("end", "stop"), ("poules", 0), ("cave", True)]
)
def test_refused_settings_outside_the_rules(field, value):
    with pytest.raises(UserError):
        HombreRules(**{field: value})


@pytest.mark.parametrize(("system", "first", "added"), [("3-2", 3, 2), ("2-1", 2, 1), ("3-1", 3, 1)])
def test_h16_i_et_a(system, first, added):
    rules = HombreRules(system=system)
    assert (rules.marks_first, rules.marks_added) == (first, added)
    assert rules.normalising_exceptions == (system == "3-2")


@pytest.mark.parametrize(
    ("payments", "matador", "sans_prendre", "retourne"), [("double", 2, 12, 6), ("simple", 1, 6, 3)]
)
def test_h15_rates_double_or_simple_retourne_half_the_sans_prendre(payments, matador, sans_prendre, retourne):
    rules = HombreRules(payments=payments)
    assert (rules.matador_rate, rules.sans_prendre_rate, rules.retourne_rate) == (matador, sans_prendre, retourne)
