"""What completion says to each shell: the scripts `--show-completion` prints and `--install-completion`
writes, and the values a Tab asks for, written so that the shell takes each as one word, never as code.

A name may come from a game file someone sent (C-4): `x\\") ; touch /tmp/P ; ws=(\\'` or `$(…)`. So
nothing a shell runs is built from a name: bash gets each value quoted as a word (`bash_word`) and
reads the lines without splitting or globbing them; zsh's script evaluates what it is sent, which is
a `compadd` whose every value is one `$'…'` word of ASCII (`zsh_word`), so zsh holds the exact name and
quotes it itself when it inserts it; fish never evaluates a value and escapes it itself, so it gets the
names as they are, one a line, but a name that cannot be one line (a line break, a control character)
is not offered. Scripts installed by an older scorekeeper (typer's) read the same answers just as safely.

Loaded only when the shell asks or a script is shown or installed (`cli.complete`): start-up never pays.
"""

from __future__ import annotations

import os
import re
from typing import Any

from click.shell_completion import CompletionItem, split_arg_string
from typer._completion_classes import BashComplete, FishComplete, ZshComplete

# The shell function each script defines (`_scorekeeper_completion`) and the command it is bound to.
BASH = """\
%(complete_func)s() {
    local IFS=$'\\n' word
    COMPREPLY=()
    # One value a line, each already a bash word: read as it is, neither split nor globbed.
    while IFS= read -r word; do
        COMPREPLY+=("$word")
    done < <(env COMP_WORDS="${COMP_WORDS[*]}" COMP_CWORD="$COMP_CWORD" %(autocomplete_var)s=complete_bash "$1")
    return 0
}

complete -o default -F %(complete_func)s %(prog_name)s
"""

ZSH = """\
#compdef %(prog_name)s

%(complete_func)s() {
    # What is sent is a `compadd` whose values are each one $'...' word: nothing of a name is code.
    eval "$(env _TYPER_COMPLETE_ARGS="${words[1,$CURRENT]}" %(autocomplete_var)s=complete_zsh %(prog_name)s)"
}

compdef %(complete_func)s %(prog_name)s
"""

# `string collect`: a command line of several lines stays one value, not more words for env to run.
FISH = (
    "complete --command %(prog_name)s --no-files"
    ' --arguments "(env %(autocomplete_var)s=complete_fish _TYPER_COMPLETE_FISH_ACTION=get-args'
    ' _TYPER_COMPLETE_ARGS=(commandline -cp | string collect) %(prog_name)s)"'
    ' --condition "env %(autocomplete_var)s=complete_fish _TYPER_COMPLETE_FISH_ACTION=is-args'
    ' _TYPER_COMPLETE_ARGS=(commandline -cp | string collect) %(prog_name)s"\n'
)

SCRIPTS = {"bash": BASH, "zsh": ZSH, "fish": FISH}

_PLAIN = re.compile(r"[A-Za-z0-9_./,+%-]")  # ASCII that means nothing to bash or zsh inside a word


def bash_word(value: str, quote: str = "") -> str:
    """`value` as one bash word that bash reads back as `value` (as `printf %q` writes it): the shell's
    signs each behind a backslash, a value holding a line break or another control character as one
    `$'…'` word. Letters beyond ASCII stay as they are, so the list shows `Café\\ du\\ Port`. After
    a `quote` the word opened (`'Caf`), what goes inside it (a printable value).

    >>> print(bash_word("Café du Port"), bash_word("$(touch /tmp/Q)"), bash_word("a\\nb"))
    Café\\ du\\ Port \\$\\(touch\\ /tmp/Q\\) $'a\\x0ab'
    >>> print(bash_word("it's $HOME", "'"), bash_word("it's $HOME", '"'))
    it'\\''s $HOME it's \\$HOME
    """
    if quote == "'":
        return value.replace("'", "'\\''")
    if quote == '"':
        return re.sub(r'(["$`\\\\!])', r"\\\1", value)
    if not value:
        return "''"
    if any(not char.isprintable() for char in value):
        return _ansi_c(value, keep=lambda char: char.isprintable() and char not in "\\'")
    return "".join(char if _PLAIN.fullmatch(char) or ord(char) > 0x7F else f"\\{char}" for char in value)


def zsh_word(value: str) -> str:
    """`value` as one zsh word of ASCII letters, digits and escapes (`$'…'`): nothing in it splits,
    expands or ends a quote, wherever zsh reads it, even unquoted after a command substitution.

    >>> print(zsh_word("Café;"))
    $'Caf\\xc3\\xa9\\x3b'
    """
    return _ansi_c(value, keep=lambda char: char.isascii() and char.isalnum())


def _ansi_c(value: str, keep: Any) -> str:
    """`value` as a `$'…'` word: the characters `keep` accepts as they are, the others as their UTF-8 bytes."""
    return (
        "$'"
        + "".join(char if keep(char) else "".join(f"\\x{byte:02x}" for byte in char.encode()) for char in value)
        + "'"
    )


def _quietly(complete: Any) -> str:
    """A completion never prints a mistake or a traceback into the command line: nothing, instead."""
    try:
        return str(complete())
    except Exception:
        return ""


class Bash(BashComplete):
    """Bash: the words so far (`COMP_WORDS`, one a line) and the index of the one completed (`COMP_CWORD`);
    each value sent back as a bash word, one a line."""

    source_template = BASH

    quote = ""  # the quote the word being completed opens, inside which bash inserts the value

    def get_completion_args(self) -> tuple[list[str], str]:
        # Missing, or not a number: a request no bash script sends, which the completion answers with nothing.
        words = split_arg_string(os.environ["COMP_WORDS"])
        place = int(os.environ["COMP_CWORD"])
        if place < 1:
            raise ValueError(place)
        typed = os.environ["COMP_WORDS"].split("\n")  # as the script joins them, quotes kept
        self.quote = typed[place][:1] if place < len(typed) and typed[place][:1] in ("'", '"') else ""
        return words[1:place], words[place] if place < len(words) else ""

    def get_completions(self, args: list[str], incomplete: str) -> list[CompletionItem]:
        found = super().get_completions(args, incomplete)
        return [item for item in found if not self.quote or str(item.value).isprintable()]

    def format_completion(self, item: CompletionItem) -> str:
        return bash_word(item.value, self.quote) + self.quote  # closed, as zsh and fish close it

    def complete(self) -> str:
        return _quietly(super().complete)


class Zsh(ZshComplete):
    """Zsh: the line so far; a `compadd` of the values sent back, each one `$'…'` word, for the script to
    evaluate (`_files` when there is none, as before)."""

    source_template = ZSH

    def complete(self) -> str:
        return _quietly(self._compadd)

    def _compadd(self) -> str:
        args, incomplete = self.get_completion_args()
        values = [item.value for item in self.get_completions(args, incomplete)]
        if not values:
            return "_files"
        # `--game=caf`: the value replaces what follows the `=` (-U: matched as folded here, not by zsh).
        option, equals, _ = incomplete.partition("=")
        kept = f" -p {zsh_word(option + equals)}" if equals and option.startswith("-") else ""
        # Inside a quote the user opened, zsh quotes the values itself. Else -Q: inserted as quoted here, a
        # leading `~` or `=` too, which zsh's own quoting leaves to expand; -d: listed as they are.
        quoted = " ".join(zsh_word(bash_word(value)) for value in values)  # zsh reads bash's quoting alike
        return (
            f"local -a shown=({' '.join(map(zsh_word, values))}); "
            f"if [[ -n $compstate[quote] ]]; then compadd -U -V unsorted{kept} -a shown; "
            f"else compadd -Q -U -V unsorted -d shown{kept} -- {quoted}; fi"
        )


class Fish(FishComplete):
    """Fish: the line so far; the values sent back as they are, one a line (fish escapes what it inserts),
    but a value that cannot be one line is not offered."""

    source_template = FISH

    def get_completions(self, args: list[str], incomplete: str) -> list[CompletionItem]:
        return [item for item in super().get_completions(args, incomplete) if str(item.value).isprintable()]

    def complete(self) -> str:
        return _quietly(super().complete)


def register() -> None:
    """These three classes answer the shells (typer's answer powershell, which has no script here)."""
    from click.shell_completion import add_completion_class
    from typer._completion_classes import completion_init

    completion_init()
    for shell in (Bash, Zsh, Fish):
        add_completion_class(shell, shell.name)


def script(shell: str, prog_name: str, complete_var: str) -> str:
    """The script `shell` sources to complete `prog_name`."""
    from click.shell_completion import get_completion_class

    register()
    found = get_completion_class(shell)
    assert found is not None, shell  # `shell` is one of SCRIPTS, checked by the caller
    return found(None, {}, prog_name, complete_var).source()  # type: ignore[arg-type]
