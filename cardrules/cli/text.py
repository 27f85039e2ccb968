"""The command line's own messages, in English and in Spanish.

Only what the command itself says lives here: its help and argparse texts, its errors, the deal's
header, the status shown before the user plays, the prompt and the answers to it. What happens in
the deal (plays, exchanges, tricks taken, draws, who won and why) is told by
:class:`cardrules.account.narration.Narrator`, the one narrator that the widget and the diagrams
share.

Messages are :meth:`str.format` templates with named fields.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Final

from ..core.errors import Lang

MESSAGES: Final[Mapping[str, Mapping[Lang, str]]] = {
    # argparse: descriptions and help -------------------------------------------------------------
    "prog_description": {
        "en": "Play and replay Spanish-deck trick-taking games: Briscola, Brisca, Briscas, "
        "Alcalde, Aluette...",
        "es": "Juega y repasa juegos de bazas con baraja española: Briscola, Brisca, Briscas, "
        "Alcalde, Aluette...",
    },
    "prog_epilog": {
        "en": "examples:\n"
        "  cardrules games                               the games and their options\n"
        "  cardrules play brisca --players 2 --seed 3    a deal against a bot\n"
        "  cardrules play briscas --players 4 --auto     watch four bots play\n"
        "  cardrules replay examples/brisca-2p.json      how a recorded deal went\n"
        "  cardrules replay deal.json --json             the same as JSON",
        "es": "ejemplos:\n"
        "  cardrules games --lang es                     los juegos y sus opciones\n"
        "  cardrules play brisca --players 2 --lang es   una partida contra un bot\n"
        "  cardrules play briscas --players 4 --auto     ver jugar a cuatro bots\n"
        "  cardrules replay examples/brisca-2p.json      cómo fue una partida registrada\n"
        "  cardrules replay partida.json --json          lo mismo en JSON",
    },
    "usage_prefix": {"en": "usage: ", "es": "uso: "},
    "positionals_title": {"en": "arguments", "es": "argumentos"},
    "options_title": {"en": "options", "es": "opciones"},
    "commands_title": {"en": "commands", "es": "órdenes"},
    "help_help": {"en": "show this help and exit", "es": "muestra esta ayuda y termina"},
    "help_lang": {
        "en": "language of the messages: en (English) or es (Spanish); "
        "default: from the LANG environment variable, else English",
        "es": "idioma de los mensajes: en (inglés) o es (español); por defecto, el de la "
        "variable de entorno LANG, y si no, inglés",
    },
    "help_games": {
        "en": "list the games, their player counts and their options",
        "es": "lista los juegos, con cuántos se juegan y sus opciones",
    },
    "help_games_game": {
        "en": "show only this game",
        "es": "muestra solo este juego",
    },
    "help_term": {
        "en": "explain a word of the games (from the glossary), in any of its forms",
        "es": "explica un término de los juegos (del glosario), en cualquiera de sus formas",
    },
    "help_term_word": {
        "en": "the word, e.g. arrastro, fallar, pourrie, carico",
        "es": "la palabra, p. ej. arrastro, fallar, pourrie, carico",
    },
    "help_replay": {
        "en": "replay a deal record and tell how the deal went",
        "es": "reproduce un registro de partida y cuenta cómo fue",
    },
    "help_replay_file": {
        "en": "the deal record (a JSON file); - reads standard input",
        "es": "el registro de la partida (un archivo JSON); - lee la entrada estándar",
    },
    "help_replay_json": {
        "en": "print the tricks and the result as one JSON object",
        "es": "escribe las bazas y el resultado como un único objeto JSON",
    },
    "help_play": {
        "en": "play a deal in the terminal against bots",
        "es": "juega una partida en el terminal contra bots",
    },
    "help_play_game": {
        "en": "the game: {games} (see the games command)",
        "es": "el juego: {games} (véase la orden games)",
    },
    "help_players": {
        "en": "number of players (default: the smallest the game allows)",
        "es": "número de jugadores (por defecto, el mínimo del juego)",
    },
    "help_seed": {
        "en": "deal from this seed (0 to 2**64-1) to get the same cards again",
        "es": "reparte con esta semilla (de 0 a 2**64-1) para repetir las mismas cartas",
    },
    "help_seat": {
        "en": "your seat, from 0 (seat 0 leads the first trick); default 0",
        "es": "tu asiento, desde 0 (el asiento 0 sale en la primera baza); por defecto 0",
    },
    "help_bot": {
        "en": "how the bots play: pimc (a search: plays out deals that fit what it can see), "
        "greedy (the cheapest card that wins) or random; default pimc",
        "es": "cómo juegan los bots: pimc (busca: juega hasta el final repartos compatibles "
        "con lo que ve), greedy (la carta más barata que gana) o random (al azar); "
        "por defecto pimc",
    },
    "help_level": {
        "en": "how strong the pimc bots and the hints are: easy, normal or hard (the stronger, "
        "the more deals played out per decision, and the slower); default normal",
        "es": "fuerza de los bots pimc y de las pistas: easy (fácil), normal o hard (difícil); "
        "cuanto más fuerte, más repartos prueba en cada decisión y más tarda; por defecto normal",
    },
    "help_option": {
        "en": "set a game option, e.g. --option exchange=none (repeatable; values: true, "
        "false, numbers, null or text)",
        "es": "fija una opción del juego, p. ej. --option exchange=none (se puede repetir; "
        "valores: true, false, números, null o texto)",
    },
    "help_save": {
        "en": "write the deal record (JSON) to this file at the end, even if the game is "
        "abandoned; the file must not exist yet (see --force)",
        "es": "guarda al final el registro de la partida (JSON) en este archivo, aunque se "
        "abandone la partida; el archivo no debe existir todavía (véase --force)",
    },
    "help_force": {
        "en": "with --save: replace the file if it already exists",
        "es": "con --save: reemplaza el archivo si ya existe",
    },
    "help_auto": {
        "en": "bots play every seat; print the whole deal",
        "es": "los bots juegan en todos los asientos; muestra la partida entera",
    },
    # Errors --------------------------------------------------------------------------------------
    "error": {"en": "error", "es": "error"},
    "see_help": {"en": "see {prog} -h", "es": "véase {prog} -h"},
    "os_enoent": {"en": "no such file", "es": "no existe"},
    "os_eacces": {"en": "permission denied", "es": "permiso denegado"},
    "os_eisdir": {"en": "it is a folder", "es": "es una carpeta"},
    "os_enospc": {"en": "no space left on the disk", "es": "no queda espacio en el disco"},
    "os_erofs": {
        "en": "the disk is read-only",
        "es": "el disco es de solo lectura",
    },
    "os_enotdir": {
        "en": "a part of the path is not a folder",
        "es": "una parte de la ruta no es una carpeta",
    },
    "os_enametoolong": {"en": "the name is too long", "es": "el nombre es demasiado largo"},
    "os_other": {"en": "system error {number}", "es": "error del sistema {number}"},
    "stdin_closed": {
        "en": "cannot read standard input: it is closed",
        "es": "no se puede leer la entrada estándar: está cerrada",
    },
    "record_too_long": {
        "en": "{file}: too long for a deal record (over {limit} bytes; a deal's record takes a "
        "few kilobytes)",
        "es": "{file}: demasiado largo para un registro de partida (más de {limit} bytes; el "
        "registro de una partida ocupa unos pocos kilobytes)",
    },
    "cannot_read": {
        "en": "cannot read {file}: {reason}",
        "es": "no se puede leer {file}: {reason}",
    },
    "cannot_write": {
        "en": "cannot write {file}: {reason}",
        "es": "no se puede escribir {file}: {reason}",
    },
    "save_dir_missing": {
        "en": "cannot save to {file}: the folder {folder} does not exist",
        "es": "no se puede guardar en {file}: la carpeta {folder} no existe",
    },
    "save_is_dir": {
        "en": "cannot save to {file}: it is a folder",
        "es": "no se puede guardar en {file}: es una carpeta",
    },
    "save_exists": {
        "en": "{file} already exists: give another name, or add --force to replace it",
        "es": "{file} ya existe: indica otro nombre o añade --force para reemplazarlo",
    },
    "save_not_a_file": {
        "en": "cannot save to {file}: it is not an ordinary file (a device, a pipe...)",
        "es": "no se puede guardar en {file}: no es un archivo corriente (es un dispositivo, "
        "una tubería...)",
    },
    "save_failed": {
        "en": "cannot write {file}: {reason}; the record is printed below instead",
        "es": "no se puede escribir {file}: {reason}; el registro se muestra abajo en su lugar",
    },
    "bad_record": {
        "en": "{file}: {message}",
        "es": "{file}: {message}",
    },
    "action_not_text": {
        "en": "actions[{i}]: an action is text such as \"1O\" or \"exchange:7O\", not {value}",
        "es": "actions[{i}]: una acción es un texto como \"1O\" o \"exchange:7O\", no {value}",
    },
    "unreadable_record": {
        "en": "{file}: this deal record could not be read (a fault in cardrules itself: "
        "please report it, with the file)",
        "es": "{file}: no se ha podido leer este registro de partida (un fallo del propio "
        "cardrules: por favor, comunícalo y adjunta el archivo)",
    },
    "bad_option_syntax": {
        "en": "--option {text}: write NAME=VALUE, e.g. exchange=none",
        "es": "--option {text}: escribe NOMBRE=VALOR, p. ej. exchange=none",
    },
    "bad_number": {
        "en": "{flag} must be a whole number, not {text}",
        "es": "{flag} debe ser un número entero, no {text}",
    },
    "number_too_long": {
        "en": "{flag} is far too big: a number of {digits} digits",
        "es": "{flag} es demasiado grande: un número de {digits} cifras",
    },
    "output_failed": {
        "en": "cannot write to standard output: {reason}",
        "es": "no se puede escribir en la salida estándar: {reason}",
    },
    "bad_seat": {
        "en": "--seat must be a seat from 0 to {last}, not {seat}",
        "es": "--seat debe ser un asiento del 0 al {last}, no {seat}",
    },
    # The games listing ---------------------------------------------------------------------------
    "players_line": {"en": "players: {counts}", "es": "jugadores: {counts}"},
    "options_head": {
        "en": "options (--option NAME=VALUE):",
        "es": "opciones (--option NOMBRE=VALOR):",
    },
    "no_options": {"en": "no options", "es": "sin opciones"},
    "option_line": {
        "en": "{name}: {choices} (default: {default})",
        "es": "{name}: {choices} (por defecto: {default})",
    },
    # Names ---------------------------------------------------------------------------------------
    "you": {"en": "You", "es": "Tú"},
    "bot_name": {"en": "Bot {n}", "es": "Bot {n}"},
    "side_name": {"en": "side {n}", "es": "el bando {n}"},
    "your_side": {"en": "your side", "es": "tu bando"},
    "other_side": {"en": "the other side", "es": "el otro bando"},
    "cards_n": {"en": "{n} cards", "es": "{n} cartas"},
    "cards_1": {"en": "1 card", "es": "1 carta"},
    "bot_greedy": {
        "en": "greedy (the cheapest card that wins)",
        "es": "greedy (la carta más barata que gana)",
    },
    "bot_random": {
        "en": "random (any allowed card)",
        "es": "random (cualquier carta permitida, al azar)",
    },
    "bot_pimc": {
        "en": "pimc, level {level} (a search bot)",
        "es": "pimc, nivel {level} (un bot de búsqueda)",
    },
    "level_easy": {"en": "easy", "es": "fácil"},
    "level_normal": {"en": "normal", "es": "normal"},
    "level_hard": {"en": "hard", "es": "difícil"},
    # Deal header ---------------------------------------------------------------------------------
    "header": {
        "en": "{title} · {players} players",
        "es": "{title} · {players} jugadores",
    },
    "header_seed": {
        "en": "{title} · {players} players · seed {seed}",
        "es": "{title} · {players} jugadores · semilla {seed}",
    },
    "options_set": {"en": "Options: {options}", "es": "Opciones: {options}"},
    "you_are": {
        "en": "You are seat {seat}; the other seats are bots: {bot}.",
        "es": "Juegas en el asiento {seat}; los demás son bots: {bot}.",
    },
    "auto_bots": {
        "en": "Every seat is a bot: {bot}.",
        "es": "Todos los asientos son bots: {bot}.",
    },
    "sides_line": {"en": "Sides: {sides}", "es": "Bandos: {sides}"},
    "against": {"en": " against ", "es": " contra "},
    "hands_head": {"en": "Hands dealt:", "es": "Manos repartidas:"},
    "hand_of": {"en": "{who}: {cards}", "es": "{who}: {cards}"},
    "trick_head": {"en": "── Trick {n} ──", "es": "── Baza {n} ──"},
    # The status shown before you play ------------------------------------------------------------
    "status_trump": {"en": "trumps: {suit}", "es": "triunfo: {suit}"},
    "status_turn_up": {"en": "turned up: {card}", "es": "carta vuelta: {card}"},
    "status_stock": {"en": "stock: {stock}", "es": "mazo: {stock}"},
    "status_stock_out": {"en": "the stock is used up", "es": "el mazo se ha acabado"},
    "status_points": {"en": "Points: {points}", "es": "Puntos: {points}"},
    "status_tricks": {"en": "Tricks won: {points}", "es": "Bazas ganadas: {points}"},
    "table_empty": {
        "en": "Table: empty, you lead.",
        "es": "Mesa: vacía, sales tú.",
    },
    "table": {"en": "Table: {plays}", "es": "Mesa: {plays}"},
    "visible_hand": {
        "en": "{who}'s hand (face up): {cards}",
        "es": "Mano de {who} (boca arriba): {cards}",
    },
    "your_hand": {"en": "Your hand:", "es": "Tu mano:"},
    "trump_mark": {"en": "trump", "es": "triunfo"},
    "not_now_mark": {"en": "not allowed now", "es": "no se puede ahora"},
    # The prompt and the answers to it ------------------------------------------------------------
    "prompt": {
        "en": "Your play ({numbers}, a code such as {example}, hint, h help, q quit): ",
        "es": "Tu jugada ({numbers}, un código como {example}, pista, h ayuda, q salir): ",
    },
    "prompt_moves": {
        "en": "Your choice ({numbers}, hint, h help, q quit): ",
        "es": "Tu elección ({numbers}, pista, h ayuda, q salir): ",
    },
    "help_text": {
        "en": "Type the number of a card or move from the list, or a card code such as 7O "
        "(number then suit: O coins, C cups, E swords, B clubs; 10 jack, 11 knight, 12 king), "
        "or a move as written in the list (exchange:7O). hint (or pista) shows how the search "
        "bot rates each of your choices: how often it wins the deal, and the points it expects. "
        "h or ? shows this help, q quits.",
        "es": "Escribe el número de una carta o jugada de la lista, o un código de carta como "
        "7O (número y palo: O oros, C copas, E espadas, B bastos; 10 sota, 11 caballo, "
        "12 rey), o una jugada tal como aparece en la lista (exchange:7O). pista (o hint) "
        "muestra cómo valora el bot de búsqueda cada una de tus opciones: cuántas veces gana la "
        "mano y los puntos que espera. h o ? muestra esta ayuda, q sale.",
    },
    "no_such_number": {
        "en": "There is no {n} in the list: choose 1 to {last}.",
        "es": "No hay {n} en la lista: elige del 1 al {last}.",
    },
    "not_understood": {
        "en": "Cannot read {text}: type a number from 1 to {last}, a card code such as "
        "{example}, h for help or q to quit.",
        "es": "No entiendo {text}: escribe un número del 1 al {last}, un código de carta "
        "como {example}, h para la ayuda o q para salir.",
    },
    "not_understood_moves": {
        "en": "Cannot read {text}: type a number from 1 to {last}, a move as written in the "
        "list, h for help or q to quit.",
        "es": "No entiendo {text}: escribe un número del 1 al {last}, una jugada tal como "
        "aparece en la lista, h para la ayuda o q para salir.",
    },
    "not_in_hand": {
        "en": "You do not have {card}.",
        "es": "No tienes el {card}.",
    },
    "not_allowed": {"en": "Not allowed: {reason}", "es": "No se puede: {reason}"},
    "not_allowed_now": {
        "en": "{action} is not allowed now.",
        "es": "{action} no se puede ahora.",
    },
    "hint_head_points": {
        "en": "Hint from the search bot (level {level}): each of your choices tried in {worlds} "
        "deals that fit what you can see, played out to the end: how often it wins the deal, "
        "and the points it brings on average, best first:",
        "es": "Pista del bot de búsqueda (nivel {level}): cada una de tus opciones probada en "
        "{worlds} repartos compatibles con lo que ves, jugados hasta el final: cuántas veces "
        "gana la mano y cuántos puntos saca de media, de mejor a peor:",
    },
    "hint_head_tricks": {
        "en": "Hint from the search bot (level {level}): each of your choices tried in {worlds} "
        "deals that fit what you can see, played out to the end: how often it wins the deal, "
        "and the tricks it brings on average, best first:",
        "es": "Pista del bot de búsqueda (nivel {level}): cada una de tus opciones probada en "
        "{worlds} repartos compatibles con lo que ves, jugados hasta el final: cuántas veces "
        "gana la mano y cuántas bazas saca de media, de mejor a peor:",
    },
    "unit_points": {"en": "points", "es": "puntos"},
    "unit_tricks": {"en": "tricks", "es": "bazas"},
    "percent": {"en": "{n}%", "es": "{n} %"},
    "hint_thinking": {"en": "Working out the hint…", "es": "Calculando la pista…"},
    "bot_thinking": {"en": "{who} is thinking…", "es": "{who} está pensando…"},
    "quit": {"en": "Game abandoned.", "es": "Partida abandonada."},
    "eof": {
        "en": "Input closed: game abandoned.",
        "es": "Se cerró la entrada: partida abandonada.",
    },
    "saved": {"en": "Deal record saved to {file}.", "es": "Registro guardado en {file}."},
    "saved_unfinished": {
        "en": "Unfinished deal record saved to {file}.",
        "es": "Registro de la partida sin terminar guardado en {file}.",
    },
    # The end -------------------------------------------------------------------------------------
    "end_head": {"en": "── End of the deal ──", "es": "── Fin de la partida ──"},
    "not_over": {
        "en": "The deal is not finished (the record stops here).",
        "es": "La partida no está terminada (el registro acaba aquí).",
    },
    "final_points": {"en": "Points: {points}", "es": "Puntos: {points}"},
    "side_points": {"en": "{side} ({members}): {points}", "es": "{side} ({members}): {points}"},
}
"""Message templates by key and language."""


def text(key: str, lang: Lang, **fields: object) -> str:
    """The message ``key`` in ``lang``, with its fields filled in."""
    return MESSAGES[key][lang].format(**fields)


def visible(value: str, limit: int | None = None) -> str:
    """Text from the input as the terminal may show it unquoted (a player's name, a record's
    title, a typed answer echoed): control characters, line and paragraph separators escaped as
    ``\\x1b`` or ``\\u2028`` so that they can neither split nor repaint a line, and cut at
    ``limit`` characters with an ellipsis. To quote input in a message, use
    :func:`cardrules.core.errors.shown`.

    Examples:
        >>> visible("Ann\\x1b[2J\\r"), visible("x" * 50, 8)
        ('Ann\\\\x1b[2J\\\\x0d', 'xxxxxxxx…')
    """
    cut = value if limit is None else value[:limit]
    shown = "".join(_escape(ch) for ch in cut)
    return shown + ("…" if limit is not None and len(value) > limit else "")


def _escape(ch: str) -> str:
    if ch.isprintable() or ch == " ":
        return ch
    if unicodedata.category(ch) not in _HIDDEN:
        return ch  # other spaces (no-break, ideographic) show as themselves
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 \
        else f"\\U{code:08x}"


_HIDDEN = frozenset(("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"))
"""The Unicode categories :func:`visible` escapes (the same as
:func:`cardrules.core.errors.shown`)."""


ARGPARSE_ES: Final[tuple[tuple[str, str], ...]] = (
    (r"the following arguments are required: (.*)", r"faltan argumentos obligatorios: \1"),
    (r"unrecognized arguments: (.*)", r"argumentos no reconocidos: \1"),
    (r"argument (.+?): invalid choice: (.*?) \(choose from (.*)\)",
     r"argumento \1: valor no válido: \2 (elige entre \3)"),
    (r"argument (.+?): expected one argument", r"al argumento \1 le falta su valor"),
    (r"argument (.+?): expected at most one argument", r"el argumento \1 admite un solo valor"),
    (r"argument (.+?): ignored explicit argument (.*)",
     r"argumento \1: sobra el valor \2"),
    (r"argument (.+?): invalid (\S+) value: (.*)", r"argumento \1: valor no válido: \3"),
    (r"ambiguous option: (\S+) could match (.*)", r"opción ambigua: \1 puede ser \2"),
    (r"argument (.+?): not allowed with argument (.*)",
     r"el argumento \1 no se admite junto con \2"),
)
"""Spanish for the error messages of :mod:`argparse` (regular expression, replacement)."""
