"""A manille coup in one short line (issue 16), read into the declaration `--retourne`, `--points`
and the other options make, and written back.

The words, in any order, in either language (game words are French in both):

- a card: the retourne (M-5), `10h`, `Dc` (C-2); a suit or `sa`: the trump named (M-7, M-10, M-13);
- a player and a number, `césar 40` or `César=40`: the card points his side made (M-3); at the
  enchères the first pair is the taker and his bid, `ben 45 c 50`, and a number alone after it his
  points (M-13); each for himself (M-14), every player's points, or bare numbers in seating order
  when the points were asked for;
- `renonce NAME`, `contre NAME` (`frappe`, `coinche`), `surcontre NAME` (`contre-frappe`),
  `choix NAME` (passe-parole, M-10), `donne NAME` (who dealt), `menteur NAME` (M-8, parlée),
  `échange N` (M-11), `preneur NAME` and `enchère N` (M-13);
- `maldonne` (M-17), `passe` (everyone passed, M-17), `forcé` (M-10's quota), `laisse` (play went
  on after a renonce the log shows).

The keywords are the game's words, in `words/LANG.toml`.

>>> from scorekeeper import games
>>> from scorekeeper.language import Language
>>> english, french = Language.named("en"), Language.named("fr")
>>> ruleset = games.load("manille-muette")
>>> state = games.state_after(ruleset, ["César", "Panisse", "Escartefigue", "Brun"], "César", [])
>>> read(state, ["10h", "cesar", "40"], english)
{'retourne': '10H', 'points': {'César': 40}}
>>> read(state, "ac renonce brun".split(), french), write(state, {"retourne": "AH", "renonce": "Brun"}, french)
({'retourne': 'AH', 'renonce': 'Brun'}, 'Ac renonce Brun')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from scorekeeper.cards import Card, Suit, card_words, letters, rank_said, trump_written
from scorekeeper.errors import UserError
from scorekeeper.explain import record
from scorekeeper.games.line import (
    Ask,
    Keywords,
    Words,
    ambiguous,
    given_twice,
    inline,
    keyword,
    read_back,
    reading,
    spoken_numbers,
    write_inline,
)
from scorekeeper.games.manille.replay import State
from scorekeeper.language import Language

# The calls a system may not have (M-5, M-6, M-8, M-11, M-13): each field and whether the system has it.
_CALLS_OF_A_SYSTEM: dict[str, Callable[[State], bool]] = {
    "contre": lambda state: state.rules.contre,
    "surcontre": lambda state: state.rules.surcontre,
    "menteur": lambda state: bool(state.ruleset.settings.get("calls.parlee")),
    "chooser": lambda state: state.rules.trump_from != "retourne",
    "taker": lambda state: state.rules.sides == "taker",
    "bid": lambda state: state.rules.sides == "taker",
    "exchange": lambda state: state.rules.chien > 0,
}

_WRITTEN = ("dealer", "misdeal", "pass", "retourne", "trump", "chooser", "taker", "bid", "contre", "surcontre")


def read(state: State, words: Sequence[str], language: Language, asked: str | None = None) -> dict[str, Any]:
    """The declaration the words say, in `state` (the partie before this coup); `asked` is the field
    a question asked for (`Ask.field`), which a bare number answers: `points:César` for his side's."""
    table = inline(words)
    if table is not None:
        return table
    language = language.playing("manille")  # "manille de carreau" is the 10♦ (C-2)
    said_with = Keywords.of("manille", language)
    little = said_with.little
    owner = state.table.owner
    morts = said_with.morts((seat, owner[seat]) for seat in state.table.seats if seat != owner[seat])
    line = Words(words, state.table.seats, morts, spoken_numbers(language))
    rules, deck = state.rules, state.ruleset.deck
    said: dict[str, Any] = {}
    points: dict[str, int] = {}
    pending: tuple[str, str] | None = None  # a player named, waiting for his number
    bare: list[int] = []

    def put(field: str, value: Any, word: str) -> None:
        if field in said:
            raise given_twice(field, word)
        said[field] = value

    def count(player: str, number: int, word: str) -> None:
        if rules.sides == "taker" and "taker" not in said and "bid" not in said:
            said["taker"], said["bid"] = player, number  # M-13: the first pair is the taker's bid
        elif player in points:
            raise given_twice("points", word)
        else:
            points[player] = number

    def spoken(at: int, part: str) -> int:  # the words from `at` that make a little word of `part`
        return line.phrase(at, little[part])

    at = 0
    while at < len(line):
        size = line.phrase(at, said_with.fields)  # a keyword of several words: « a renoncé », « gaat mee »
        word = line.items[at] if size <= 1 else " ".join(line.items[at : at + size])
        named = line.name(at) if size <= 1 else None
        field = keyword(said_with.fields, word)
        if field is not None and not said_in(state, field):
            field = None  # a call of another system is no word of this one: `contre` in a muette
        if field is not None and named is not None:
            raise ambiguous(word, reading("word", word=word), reading("player", name=named[0]))
        if field is not None and size > 1:
            at += size - 1  # the keyword's last word: what it names is said after it
        folded = line.folded(at).replace("\u2019", "'")
        if field == "pass" and size <= 1 and rules.trump_from == "dealer-or-partner":
            put("chooser", _passed_to(state, said, pending), word)  # « Jan past », « pas »: to his partner (M-10)
            pending = None
            at += 1
            continue
        if field is None and named is None and (aux := spoken(at, "before_verb")):
            if at + aux < len(line) and line.phrase(at + aux, said_with.fields):
                at += aux  # « Brun a renoncé », « Jan heeft verzaakt », « Piet gaat mee »
                continue
        if field is None and named is None and "trump" in said and (after := spoken(at, "trump_after")):
            at += after  # « harten is troef »
            continue
        if field is None and named is None and pending is not None and (capot := spoken(at, "all")):
            count(pending[0], rules.total, pending[1])  # « César capot »: every point of the coup (M-3)
            pending = None
            at += capot
            continue
        if field is None and named is None and (both := _both_counts(line, at, little, rules.total)) is not None:
            made, taken = both  # « 38-22 », « 34 partout », « 30-30 »: both sides' points (M-3)
            if pending is None and (made * 2 != rules.total or rules.sides != "teams"):  # a tie alone names no side
                raise UserError("line_number_alone", number=made, player=state.players[0])
            count(pending[0] if pending else _points_of(state, said), made, word)
            pending = None
            at += taken
            continue
        if field is None and named is None and pending is None and (figure := line.number(at)) is not None:
            heard = spoken(at + 1, "for")
            whose = line.name(at + 1 + heard) if heard else None
            if whose is not None:  # « 40 pour César », « 38 voor Jan »
                count(whose[0], figure, line.items[at + 1 + heard])
                at = whose[1]
                continue
        if field is None and named is None and _trump_follows(line, at, folded, little, language, deck):
            at += 1  # « à carreau », « atout pique », « troef harten »: the trump or the card turned follows
            continue
        if field is None and named is None and _little(line, at, folded, little, pending is not None):
            if folded in little["joined"]:  # "César et Escartefigue 50": one side, named by both
                _same_side(state, pending, line.name(at + 1))
            at = at + 2 if folded in little["joined"] else at + 1
            continue
        if pending is not None and field is None and line.number(at) is None:
            raise UserError("line_number_missing", name=pending[0])
        counts = line.counts(at)
        if counts is not None:
            for player, number in counts:
                count(player, number, word)
            at += 1
        elif field is not None and said_with.player_before and said_with.takes.get(field) == "player":
            if pending is None:  # "jan verzaakt": the player was said before his keyword
                raise UserError("line_name_missing", word=word, players=line.names)
            put(field, pending[0], word)
            pending = None
            at += 1
        elif field is not None and pending is not None and _said_before(line, at, said_with, field):
            put(field, pending[0], word)  # "Escartefigue renonce": the player said before the keyword
            pending = None
            at += 1
        elif field is not None:
            value, at = line.said_after(at, said_with.takes.get(field, "flag"), little["of"])
            put(field, value, word)
        elif named is not None:
            others = line.beside_a_name(at, language, deck, sans_atout=True)
            if others:
                raise ambiguous(word, reading("player", name=named[0]), others[0])
            pending = (named[0], word)
            at = named[1]
        elif (figure := line.number(at)) is not None and pending is not None:
            count(pending[0], figure, pending[1])
            pending = None
            at += 1
        elif (card := line.card(at, deck, language)) is not None:
            put("retourne", card[0].ascii, word)
            at = card[1]
        elif (turned := _rank_of_the_trump(state, said, word, language, asked)) is not None:
            put("retourne", turned, word)
            at += 1
        elif (figure := line.number(at)) is not None:
            bare.append(figure)
            at += 1
        elif (trump := line.trump(at, language)) is not None:
            put("trump", "SA" if trump[0] is None else trump[0].value, word)
            at = trump[1]
        elif (prefix := line.prefixed(at)) is not None:  # « esc 40 »: Escartefigue, by the start of his name
            pending = (prefix[0], word)
            at = prefix[1]
        else:
            raise UserError("line_unknown_word", word=word, players=line.names, words=calls(state, language))
    if pending is not None:
        raise UserError("line_number_missing", name=pending[0])
    _bare_numbers(state, said, points, bare, asked)
    _both_sides(state, points)
    if points:
        said["points"] = points
    return said


def _little(line: Words, at: int, folded: str, little: Mapping[str, frozenset[str]], pending: bool) -> bool:
    """Whether the word at `at` is a little word said where it is read past: after a player waiting for
    his points, `et NAME`, `fait`, `:`; after a number, `points`."""
    if pending and folded in little["joined"]:
        return line.name(at + 1) is not None
    if pending and folded in little["makes"]:
        return True
    return folded in little["unit"] and at > 0 and line.number(at - 1) is not None


def _rank_of_the_trump(
    state: State, said: Mapping[str, Any], word: str, language: Language, asked: str | None
) -> str | None:
    """The card turned said in two steps (M-5, issue 39): asked for it after the line said its suit
    (« à carreau César 40 »), the table answers its rank alone (« dix »): the 10♦, as the ledger writes it."""
    suit = said.get("trump")
    if asked != "retourne" or state.rules.trump_from != "retourne" or not isinstance(suit, str) or suit == "SA":
        return None
    rank = rank_said(word, language)
    if rank is None:
        return None
    card = Card(rank, Suit(suit))
    return card.ascii if card in state.ruleset.deck else None


def _both_counts(line: Words, at: int, little: Mapping[str, frozenset[str]], total: int) -> tuple[int, int] | None:
    """Both sides' points said at `at` (M-3), and the words they take: « 38-22 » (one side's, then the other's,
    which must make the coup's total), « 34 partout » or « 30-30 » (a tie). None where none is said."""
    first, dash, second = line.items[at].partition("-")
    figures = first + second
    if dash and first and second and figures.isascii() and figures.isdigit() and len(figures) < 6:
        if int(first) + int(second) != total:
            raise UserError("points_sum", "M-3", points=int(first) + int(second), total=total)
        return int(first), 1
    figure = line.number(at)
    both = line.phrase(at + 1, little["both"]) if figure is not None else 0
    if figure is None or not both:
        return None
    if figure * 2 != total:
        raise UserError("points_sum", "M-3", points=figure * 2, total=total)
    return figure, 1 + both


def _trump_follows(
    line: Words, at: int, folded: str, little: Mapping[str, frozenset[str]], language: Language, deck: Any
) -> bool:
    """Whether the word at `at` is said before the trump or the card turned (`trump`: « à », « atout »,
    « troef »), and one follows it. « à carreau » says the trump, never the A♦ (issue 39): where the
    retourne sets trump (M-5), the card turned is asked. `folded`: the word at `at`, as the line folds it."""
    if folded not in little["trump"] or at + 1 >= len(line):
        return False
    return line.trump(at + 1, language) is not None or line.card(at + 1, deck, language) is not None


def _said_before(line: Words, at: int, said_with: Keywords, field: str) -> bool:
    """Whether the keyword at `at` names the player said right before it, its subject: « Escartefigue
    renonce », « Fanny coinche Félicien 30 » (Fanny coinches, Félicien's side made 30; issue 39), « noel
    kiest jan 40 ». It takes a player, and no `of` word says its player after it (« renonce de Brun »)."""
    if said_with.takes.get(field) != "player":
        return False
    after = line.folded(at + 1).replace("\u2019", "'") if at + 1 < len(line) else ""
    return not any(after == word or (word.endswith("'") and after.startswith(word)) for word in said_with.little["of"])


def _same_side(state: State, first: tuple[str, str] | None, other: tuple[str, int] | None) -> None:
    """Two players named for one count are of one side (M-3)."""
    table = state.table
    if first is None or other is None or state.rules.sides == "each":
        raise UserError("one_side_points", "M-3")
    if table.column_of(first[0]) != table.column_of(other[0]):
        raise UserError("one_side_points", "M-3")


def _both_sides(state: State, points: dict[str, int]) -> None:
    """Both sides' points said ("César 40 Panisse 20", M-3): they make the coup's total, and one side's
    is what the coup keeps (the other side has the rest); refused with their sum where they do not."""
    rules, table = state.rules, state.table
    if rules.sides == "each" or len(points) != 2:
        return
    (first, made), (other, also) = points.items()
    if table.column_of(first) == table.column_of(other):
        return  # one side named twice: the engine's to refuse (M-3)
    if made + also != rules.total:
        raise UserError("points_sum", "M-3", points=made + also, total=rules.total)
    del points[other]


def _bare_numbers(
    state: State, said: dict[str, Any], points: dict[str, int], bare: list[int], asked: str | None
) -> None:
    """Numbers said with no player before them: the taker's points at the enchères (M-13), the points
    asked for (of the side asked, or each player's in seating order, M-14), the bid or exchange asked."""
    if not bare:
        return
    asked, _, whose = (asked or "").partition(":")  # `points:César`: the side asked for, named by a player
    if asked in ("bid", "exchange") and len(bare) == 1 and asked not in said:
        said[asked] = bare[0]
        return
    if not asked and state.rules.sides == "taker" and "taker" in said and "bid" in said and len(bare) == 1:
        asked = "points"
    if asked != "points":
        raise UserError("line_number_alone", number=bare[0], player=state.players[0])
    if state.rules.sides == "each":
        if len(bare) > len(state.players) or points:
            raise UserError("line_numbers_order", count=len(state.players))
        points.update(zip(state.players, bare, strict=False))
        return
    if len(bare) != 1 or points:
        raise UserError("line_number_alone", number=bare[-1], player=state.players[0])
    points[whose if whose in state.table.seats else _points_of(state, said)] = bare[0]


def _dealer(state: State, said: Mapping[str, Any]) -> str:
    dealer = said.get("dealer")
    if isinstance(dealer, str) and dealer in state.players:
        return dealer
    return state.players[state.turn % len(state.players)]


def _passed_to(state: State, said: Mapping[str, Any], who: tuple[str, str] | None) -> str:
    """Who chooses when the dealer passes (« Jan past », « César passe », « pas »): his partner, who
    must choose (M-10); refused when the player said to pass is not this coup's dealer."""
    dealer = _dealer(state, said)
    if who is not None and who[0] != dealer:
        raise UserError("line_pass_not_dealer", "M-10", player=who[0], dealer=dealer)
    side = state.table.columns[state.table.column_of(dealer)]
    return next(seat for seat in side.seats if seat != dealer)


def _points_of(state: State, said: Mapping[str, Any]) -> str:
    """Whose points a bare number is when they are asked: the taker's (M-13), else the dealer's side."""
    taker = said.get("taker")
    return taker if isinstance(taker, str) and taker in state.players else _dealer(state, said)


def ask(state: State, declared: Mapping[str, Any], error: UserError, language: Language) -> Ask | None:
    """What the refused `declared` lacks, as a question (issue 16), or None when it lacks nothing; its
    answers offered in `language`."""
    seats = state.table.seats
    if error.key == "retourne_missing":
        return Ask("retourne", record("ask.retourne", "M-5", dealer=_dealer(state, declared)), ())
    if error.key == "trump_missing":
        return Ask("trump", record("ask.trump", None), sans_atout(state, language))
    if error.key == "taker_and_bid_missing":
        return Ask("taker", record("ask.taker", "M-13"), seats)
    if error.key in ("outcome_missing", "every_player_points") and state.rules.sides == "each":
        return Ask("points", record("ask.points_each", "M-14", players=state.players), ())
    if error.key == "outcome_missing":
        player = _points_of(state, declared)
        column = state.table.columns[state.table.column_of(player)]
        asked = record("ask.points", "M-3", side=column.name, players=column.players)
        return Ask(f"points:{player}", asked, seats)  # a bare number answers for the side of `player`
    return None


def sans_atout(state: State, language: Language) -> tuple[str, ...]:
    """The words a table says sans-atout with where this system plays it (M-7, P-8), which Tab offers when
    the table asks for trump: the game's words file's (`[cards] sans_atout`: `zt`, `zonder troef` in Dutch)."""
    if not state.rules.sans_atout:
        return ()
    said = language.game("manille").get("cards", {}).get("sans_atout", ())
    return tuple(said) or (trump_written(None, language.playing("manille")),)


def write(state: State, declared: Mapping[str, Any], language: Language) -> str:
    """The entry as a short line that `read` reads back to `declared` in `state`; what words cannot
    say (a trick log, an agreement) is written as the declaration itself."""
    plain = set(_WRITTEN) | {"points", "renonce", "menteur", "exchange", "force", "let_renonce_pass"}
    if not set(declared) <= plain or not _plain_values(declared):
        return write_inline(declared)
    said_with = Keywords.of("manille", language)
    say = said_with.say
    out: list[str] = []
    for field in _WRITTEN:
        value = declared.get(field)
        if value is None or value is False:
            continue
        if field == "retourne":
            out.append(letters(state.ruleset.deck.parse(value), language))
        elif field == "trump":
            suit = None if value.upper() == "SA" else _suit(value)
            out.append(trump_written(suit, language.playing("manille")))  # `zt` in Dutch: words/LANG.toml
        elif field == "taker":
            continue  # with its bid, below
        elif field == "bid":
            out += [say["taker"], str(declared["taker"]), say["bid"], str(value)] if "taker" in declared else []
        elif value is True:
            out.append(say[field])
        else:  # a player: `donne Brun`, `klop Piet`
            out += said_with.named(field, str(value))
    if "exchange" in declared:
        out += [say["exchange"], str(declared["exchange"])]
    for field in ("renonce", "menteur"):  # `renonce Brun`, `Jan verzaakt`: as the language orders them
        if field in declared:
            out += said_with.named(field, str(declared[field]))
    out += [f"{player}={number}" for player, number in declared.get("points", {}).items()]
    out += [say[flag] for flag in ("force", "let_renonce_pass") if declared.get(flag)]
    return read_back(out, declared, lambda words: read(state, words, language))


def _plain_values(declared: Mapping[str, Any]) -> bool:
    points = declared.get("points", {})
    return isinstance(points, Mapping) and all(
        isinstance(who, str) and " " not in who and isinstance(n, int) for who, n in points.items()
    )


def _suit(value: str) -> Any:
    return Suit(value.upper())


def said_in(state: State, field: str) -> bool:
    """Whether the system played says `field` at all (`_CALLS_OF_A_SYSTEM`): no contre in a muette (M-6)."""
    has = _CALLS_OF_A_SYSTEM.get(field)
    return has is None or has(state)


def calls(state: State, language: Language) -> tuple[str, ...]:
    """The words of the table this system's line takes, as this language writes them (`contre` where
    the system has it), in the order the words file gives them."""
    say = Keywords.of("manille", language).say
    return tuple(dict.fromkeys(word for field, word in say.items() if said_in(state, field)))


def vocabulary(state: State, language: Language) -> dict[str, tuple[str, ...]]:
    """The words a line may hold, for completion: the players, the calls of this system, the cards of
    the deck in letters, and the words cards are said with (`as de tr`: `trèfle`)."""
    said = card_words(language.playing("manille"))
    return {
        "players": tuple(state.table.seats),
        "calls": tuple(sorted(calls(state, language))),
        "contracts": (),
        "cards": (*(letters(card, language) for card in state.ruleset.deck.cards), *said),
    }


def needs(state: State) -> tuple[Any, ...]:
    """What the next coup is said with, for the status line: the retourne or the trump, the taker's bid,
    the points (one side's, or each player's)."""
    rules = state.rules
    said = [record("need.retourne", "M-5") if rules.trump_from == "retourne" else record("need.trump", None)]
    if rules.sides == "taker":
        said.insert(0, record("need.taker", "M-13"))
    said.append(record("need.points_each", "M-14") if rules.sides == "each" else record("need.points", "M-3"))
    return tuple(said)
