"""A game's running state kept as JSON data and made again (issue 28, `contract.Keeping`): restored and advanced
through the coups after it, it gives the whole replay's figures and the same lines for those coups, at every
coup of every fixture game and of random legal parties; its fiche is partial, and every reader of the whole
fiche refuses it."""

from __future__ import annotations

import json
import random
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper import games
from scorekeeper.explain import Record
from scorekeeper.games import contract
from scorekeeper.games.hombre import HombreRules
from scorekeeper.games.hombre.money import Bete
from scorekeeper.games.snapshot import Unpacked
from scorekeeper.rulesets import Ruleset
from scorekeeper.store.ledger import Ledger
from tests.games.test_invariants import NAMES, PLAYERS, SYSTEMS, hombre_coup, hombre_parties, manille_coup, runs

FIXTURES = Path(__file__).resolve().parents[1] / "store" / "fixtures"


def _plain(value: Any) -> Any:
    """`value` with each bête said by its owner and amount, as every line names it: l'hombre's replay makes a
    line that names a bête once for its owner and amount (`replay.State.bete_payments`, `stakes`, a kind of
    coup's `settled`: issue 25's memo), so that a whole replay's line may carry an earlier bête of the same
    owner and amount than a replay from a kept state; the words they say are the same."""
    if isinstance(value, Bete):
        return ("bete", value.owner, value.amount)
    if isinstance(value, Record):
        return ("record", value.rule, value.event, {key: _plain(item) for key, item in value.values.items()})
    if isinstance(value, tuple):
        return tuple(_plain(item) for item in value)
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    return value


def _figures(fiche: Any) -> dict[str, Any]:
    """Every field of a fiche but its lines (and l'hombre's list of every bête made: `_same_betes`)."""
    names = fiche._fields if hasattr(fiche, "_fields") else fiche.__dataclass_fields__
    return {name: getattr(fiche, name) for name in names if name not in ("coups", "betes")}


def same_betes(resumed: Any, whole: Any, at: int) -> None:
    """A partial l'hombre fiche's bêtes: those still owed after coup `at` and those made after it, each with
    the fate the whole replay gives it, in the order made (the bêtes struck before are the sheet's alone)."""
    if not hasattr(whole, "betes"):
        return
    if not isinstance(resumed, contract.Partial):
        assert resumed.betes == whole.betes
        return
    kept = {fate.bete.number for fate in resumed.betes}
    assert list(resumed.betes) == [fate for fate in whole.betes if fate.bete.number in kept]
    owed = {f.bete.number for f in whole.betes if f.bete.made_at > at or f.settled_at is None or f.settled_at > at}
    assert owed <= kept


def both_ways(ruleset: Ruleset, players: list[str], dealer: str, coups: list[dict[str, Any]], at: int) -> None:
    """The partie replayed whole, and from the state kept after its first `at` coups (through JSON text, as
    the cache keeps it): the same figures, the same lines for the coups after `at` (manille's exactly,
    l'hombre's but for which of two equal bêtes a memoised line names: `_plain`)."""
    engine = ruleset.engine
    whole = games.replay(ruleset, players, dealer, coups)
    kept = engine.snapshot(games.state_after(ruleset, players, dealer, coups[:at]))
    state = engine.restore(ruleset, players, dealer, json.loads(json.dumps(kept)))
    resumed = engine.fiche(games.advance_all(engine, state, coups[at:]))
    assert isinstance(resumed, contract.Partial) == (at > 0)
    assert _figures(resumed) == _figures(whole)
    same_betes(resumed, whole, at)
    if ruleset.game == "manille":
        assert resumed.coups == whole.coups[at:]
    else:
        assert [result.number for result in resumed.coups] == [result.number for result in whole.coups[at:]]
        assert _plain(resumed.coups) == _plain(whole.coups[at:])
    if resumed.coups:
        assert engine.echo(resumed.coups[-1]) == engine.echo(whole.coups[-1]) or ruleset.game == "hombre"
        assert engine.status(resumed) == engine.status(whole)


def _fixture(path: Path) -> tuple[Ruleset, list[str], str, list[dict[str, Any]]]:
    from scorekeeper.service.reads import ruleset_of, said

    game = Ledger.from_toml(tomllib.loads(path.read_text()), str(path))
    return ruleset_of(game), list(game.players), game.dealer, said(game.coups)


def _demo() -> tuple[Ruleset, list[str], str, list[dict[str, Any]]]:
    script = games.demo()
    return games.load(script.RULESET), list(script.PLAYERS), script.PLAYERS[0], [dict(c) for c in script.COUPS]


def _long_manille(count: int) -> tuple[Ruleset, list[str], str, list[dict[str, Any]]]:
    """The bench's game: a partie that never ends, renonces among the coups."""
    ruleset = games.load("manille-muette").with_options({"partie": "seche", "manche": 10**9})
    players = ["César", "Panisse", "Escartefigue", "Brun"]
    cards = ["7S", "10H", "AC", "KD", "QS", "JH", "9C", "8D"]
    coups: list[dict[str, Any]] = [
        {"retourne": cards[n % 8], "renonce": players[n % 4]}
        if n % 11 == 5
        else {"retourne": cards[n % 8], "points": {players[n % 2]: n * 7 % 69}}
        for n in range(count)
    ]
    return ruleset, players, "César", coups


def _long_hombre(count: int) -> tuple[Ruleset, list[str], str, list[dict[str, Any]]]:
    """The bench's l'hombre: random coups, poules without end, bêtes made and paid again and again."""
    from bench.bench import hombre_coup as bench_coup

    rng = random.Random(28)
    coups = [bench_coup(rng) for _ in range(count)]
    return games.load("hombre").with_options({"poules": 10**9}), ["A", "B", "C"], "A", coups


GAMES = {
    **{path.stem: (lambda path=path: _fixture(path)) for path in sorted(FIXTURES.glob("*.toml"))},
    "demo": _demo,
    "manille-400": lambda: _long_manille(400),
    "hombre-400": lambda: _long_hombre(400),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_fixture_game_gives_the_same_figures_and_lines_from_every_coup_kept(name):
    ruleset, players, dealer, coups = GAMES[name]()
    assert coups, name
    step = max(1, len(coups) // 40)  # a long game at some 40 places, its first and last coups among them
    for at in sorted({*range(0, len(coups) + 1, step), 1, len(coups) - 1, len(coups)}):
        both_ways(ruleset, players, dealer, coups, at)


@runs(60)
@given(system=st.sampled_from(sorted(SYSTEMS)), seed=st.integers(0, 2**32 - 1), count=st.integers(1, 12))
def test_random_legal_manille_parties_kept_at_any_coup_give_the_whole_replay(system, seed, count):
    from scorekeeper.errors import UserError

    ruleset = SYSTEMS[system]
    rng = random.Random(seed)
    players = list(NAMES[: ruleset.rules.players])
    first = rng.choice(players)
    coups: list[dict[str, Any]] = []
    for _ in range(count):
        state = games.state_after(ruleset, players, first, coups)
        if state.partie.over:
            break
        coup, _ = manille_coup(ruleset, players, games.replay(ruleset, players, first, coups).next_dealer, rng)
        for attempt in (coup, {"retourne": coup.get("retourne")}):
            try:
                games.replay(ruleset, players, first, [*coups, attempt])
            except UserError:
                continue
            coups.append(attempt)
            break
    for at in range(len(coups) + 1):
        both_ways(ruleset, players, first, coups, at)


@runs(60)
@hombre_parties
def test_random_legal_hombre_parties_kept_at_any_coup_give_the_whole_replay(
    system, payments, retourne, poules, cave, seed, count
):
    from scorekeeper.errors import UserError

    rules = HombreRules(system=system, payments=payments, retourne_contract=retourne, poules=poules, cave=cave)
    ruleset = games.load("hombre")._replace(rules=rules)
    rng = random.Random(seed)
    players = list(PLAYERS)
    first = rng.choice(players)
    coups: list[dict[str, Any]] = []
    for n in range(count):
        coup = hombre_coup(ruleset.rules, players[(players.index(first) + n) % 3], rng)
        try:
            games.replay(ruleset, players, first, [*coups, coup])
        except UserError:  # the partie over (H-19)
            break
        coups.append(coup)
    for at in range(len(coups) + 1):
        both_ways(ruleset, players, first, coups, at)


@pytest.mark.parametrize("name", ["manille-400", "hombre-400"])
def test_a_partial_fiche_is_refused_by_every_reader_of_the_whole_fiche(name):
    ruleset, players, dealer, coups = GAMES[name]()
    engine = ruleset.engine
    kept = engine.snapshot(games.state_after(ruleset, players, dealer, coups[:-1]))
    partial = engine.fiche(games.advance_all(engine, engine.restore(ruleset, players, dealer, kept), coups[-1:]))
    assert isinstance(partial, contract.Partial)
    readers = [
        lambda: engine.sheet(partial),
        lambda: engine.after(partial, False),
        lambda: engine.explained(partial),
        lambda: engine.paper({}, partial),
        lambda: engine.chart({}, partial),
        lambda: engine.figures(partial),
        partial.as_dict,
    ]
    if contract.settles(engine):
        readers += [lambda: engine.settle(partial, True), lambda: engine.stopped(partial)]
    for reader in readers:
        with pytest.raises(contract.PartialFiche):
            reader()
    whole = games.replay(ruleset, players, dealer, coups)
    assert not isinstance(whole, contract.Partial)
    engine.echo(partial.coups[-1]), engine.status(partial)  # what `coup` and `undo` read of it


@pytest.mark.parametrize("name", ["manille-400", "hombre-400"])
@pytest.mark.parametrize(
    "damage",
    [
        lambda data: None,
        lambda data: [],
        lambda data: "state",
        lambda data: {},
        lambda data: _changed(data, 7),
        lambda data: _changed(data, -1),
        lambda data: _changed(data, True),
        lambda data: _changed(data, 1.5),
        lambda data: _changed(data, None),
        lambda data: _changed(data, [1] * 9),
        lambda data: _changed(data, {"a": 1}),
        lambda data: _changed(data, "x"),
        lambda data: _changed(data, 10**30),
        lambda data: _changed(data, -(10**30)),
    ],
)
def test_a_kept_state_of_another_form_is_refused_never_a_crash(name, damage):
    ruleset, players, dealer, coups = GAMES[name]()
    engine = ruleset.engine
    kept = json.loads(json.dumps(engine.snapshot(games.state_after(ruleset, players, dealer, coups))))
    data = damage(kept)
    try:
        state = engine.restore(ruleset, players, dealer, data)
    except Unpacked:
        return
    # what is not refused is a state of the right form, which goes on: the cache is trusted as its JSON copy is
    engine.status(engine.fiche(state))


def _changed(data: Any, value: Any) -> Any:
    """`data` with its first value that is a number (walked in order) made `value`."""
    done = False

    def walk(part: Any) -> Any:
        nonlocal done
        if not done and type(part) is int:
            done = True
            return value
        if isinstance(part, dict):
            return {key: walk(item) for key, item in part.items()}
        if isinstance(part, list):
            return [walk(item) for item in part]
        return part

    return walk(data)
