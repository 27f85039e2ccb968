"""Write the sample deal records in this folder: one per game and number of players.

Usage: python examples/generate.py [OUTPUT_FOLDER]

Each record is a deal of Briscola, Brisca or Briscas for 2, 3, 4 or 6 players, of Alcalde and
its variation (3 players), of Aluette (4), of Tute and of Guiñote (2 and 4), played to the end
by a fixed mix of bots (:class:`~cardrules.bots.GreedyBot` at the even seats,
:class:`~cardrules.bots.RandomBot` at the odd ones, seeded by the deal's seed and the seat). For
each game and player count the script takes the first seed, counting from 1, whose deal suits
it: for two players and for Alcalde, a deal in which the trump card is exchanged
(``exchange:...``); for Tute and Guiñote, a deal with a marriage declared (and with two players the
exchange); for Aluette, a deal played out to the ninth trick with at least one spoiled trick;
so that the samples show those rules.
The auction games get several samples each, one per rule worth seeing (a made contract, a
failed one, a lone caller, a void deal, *Chiamata buia*, a marriage, a forced bid), with the
bots' choices steered where a rule needs it (see :data:`AUCTION_SAMPLES`).
One sample of each game carries ``notes``: comments in English and Spanish on the decisions that
mattered (see :data:`NOTES`); each note states the facts it relies on, and the script checks
them against the engine before it writes the record (:func:`check_note`; the tests do too).
Everything is deterministic: running the script again writes identical files.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, NamedTuple

from cardrules import Action, Exchange, Game, SeatView, format_action, new_game, parse_cards
from cardrules.bots import Bot, GreedyBot, RandomBot, play_out
from cardrules.core.players import default_names
from cardrules.games.auction import Pass
from cardrules.games.chiamata import Call

SAMPLES: tuple[tuple[str, int], ...] = (
    *((game, n) for game in ("briscola", "brisca", "briscas") for n in (2, 3, 4, 6)),
    ("alcalde", 3),
    ("alcalde-variation", 3),
    ("aluette", 4),
    ("tute", 2),
    ("tute", 4),
    ("guinote", 4),
    ("guinote", 2),
)
"""Every (game, number of players) that gets a sample."""
MAX_SEED = 10_000


def bots_for(players: int, seed: int) -> list[Bot]:
    """GreedyBot at the even seats, RandomBot at the odd ones."""
    return [GreedyBot() if s % 2 == 0 else RandomBot(seed * 10 + s) for s in range(players)]


def bot_names(players: int) -> str:
    """Who played which bot, by name ("GreedyBot: Ana, Carmen; RandomBot: Bruno, Diego")."""
    names = default_names(players)
    return f"GreedyBot: {', '.join(names[0::2])}; RandomBot: {', '.join(names[1::2])}"


def sample(game_id: str, players: int) -> tuple[Game, int]:
    """The first seeded deal, played out by the bots, that suits the sample."""
    for seed in range(1, MAX_SEED):
        game = new_game(game_id, players=players, seed=seed)
        play_out(game, bots_for(players, seed))
        if suits(game):
            return game, seed
    raise RuntimeError(f"no seed below {MAX_SEED} suits {game_id} for {players}")


def suits(game: Game) -> bool:
    """Whether a finished deal shows what its sample should show (see the module docstring)."""
    if game.rules.id in ("tute", "guinote"):  # a cante, and with two players the exchange too
        declared = bool(game.details.marriages)  # type: ignore[attr-defined]
        return declared and (game.rules.players > 2 or any(isinstance(a, Exchange)
                                                             for a in game.log))
    if game.rules.id == "aluette":
        return len(game.tricks) == 9 and any(t.winner is None for t in game.tricks)
    if game.rules.players == 2 or game.rules.id.startswith("alcalde"):
        return any(isinstance(a, Exchange) for a in game.log)
    return True


def record(game_id: str, players: int) -> dict[str, Any]:
    """The sample record, with a ``title`` saying how it was played."""
    game, seed = sample(game_id, players)
    title = f"{game.rules.title['en']}, {players} players, seed {seed}: {bot_names(players)}"
    exchanges = [a.notation() for a in game.log if isinstance(a, Exchange)]
    if exchanges:
        title += f"; trump card exchanged ({', '.join(exchanges)})"
    return {"title": title, **game.to_record()}


class Steered:
    """A greedy bot whose choice is replaced where ``steer`` says (``None``: its own)."""

    def __init__(self, steer: Callable[[SeatView], Action | None]) -> None:
        self.steer = steer
        self.greedy = GreedyBot()

    def choose(self, view: SeatView) -> Action:
        return self.steer(view) or self.greedy.choose(view)

    def interject(self, view: SeatView) -> Action | None:
        return self.greedy.interject(view)


def _no_steer(view: SeatView) -> Action | None:
    return None


def _all_pass(view: SeatView) -> Action | None:
    return next((a for a in view.legal_actions if isinstance(a, Pass)), None)


def _call_own(view: SeatView) -> Action | None:
    own = [a for a in view.legal_actions if isinstance(a, Call) and a.card in view.hand]
    return max(own, key=lambda c: view.rules.strength[c.card.index]) if own else None


Sample = tuple[str, str, dict[str, Any], Callable[[SeatView], Action | None],
               Callable[[Game], bool], str]
AUCTION_SAMPLES: tuple[Sample, ...] = (
    ("chiamata-5p", "chiamata", {}, _no_steer,
     lambda g: _made(g) and g.result is not None and g.result.to_json()["partner"] != g.result
     .to_json()["caller"], "the caller and his hidden partner make the contract"),
    ("chiamata-failed", "chiamata", {}, _no_steer, lambda g: not _made(g),
     "the caller's side falls short of the bid"),
    ("chiamata-alone", "chiamata", {}, _call_own, lambda g: _made(g) is not None,
     "the caller calls a card of his own and plays alone"),
    ("chiamata-void", "chiamata", {}, _all_pass, lambda g: True,
     "all five pass: a void deal"),
    ("chiamata-buia", "chiamata", {"buia": True}, _no_steer, lambda g: _made(g) is not None,
     "Chiamata buia: the call after a first trick without trumps"),
    ("rematada-3p", "rematada", {}, _no_steer,
     lambda g: _made(g) is True and bool(g.details.marriages),  # type: ignore[attr-defined]
     "the declarer makes his bid, with a marriage"),
    ("rematada-failed", "rematada", {}, _no_steer, lambda g: _made(g) is False,
     "the declarer falls short: the other two share the bid"),
    ("rematada-forced", "rematada", {"scoring": "game"},
     lambda v: _all_pass(v) if v.seat < 2 else None, lambda g: _made(g) is not None,
     "the first two pass: the third must bid (game-point scoring)"),
)
"""``(file name, game, options, steering, what the deal must show, title)`` for each sample of
the auction games."""


def _made(game: Game) -> bool | None:
    """Whether the contract was made (``None``: a void deal)."""
    result = game.result
    if result is None or result.winner is None:
        return None
    return result.winner == 0


def auction_record(sample: Sample) -> dict[str, Any]:
    """The first seeded deal, played by the steered greedy bots, that shows the sample."""
    _, game_id, options, steer, shows, about = sample
    for seed in range(1, MAX_SEED):
        game = new_game(game_id, seed=seed, options=options)
        play_out(game, [Steered(steer) for _ in range(game.players)])
        if shows(game):
            title = f"{game.rules.title['en']}, seed {seed}: {about} (GreedyBot at every seat)"
            return {"title": title, **game.to_record()}
    raise RuntimeError(f"no seed below {MAX_SEED} shows {about}")


def generate(folder: Path) -> list[Path]:
    """Write every sample into ``folder``; return the paths written."""
    written = []
    records = [(f"{game_id}-{players}p", record(game_id, players))
               for game_id, players in SAMPLES]
    records += [(sample[0], auction_record(sample)) for sample in AUCTION_SAMPLES]
    for name, data in records:
        if name in NOTES:
            data["notes"] = annotate(name, data)
        path = folder / f"{name}.json"
        path.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append(path)
    return written


# Notes ------------------------------------------------------------------------------------------


class Note(NamedTuple):
    """A comment on one step of a sample, in English and Spanish, and the facts it states.

    ``step`` counts as a record's notes do: 0 is the deal, ``n`` the ``n``-th action. The facts
    are checked against the engine (:func:`check_note`):

    ``holds``, ``lacks``: cards a seat holds (or does not) just before the step (for the deal,
    just after it); ``holds_after``: just after it; ``drawn``: the card a seat drew last before
    the step; ``draws``: cards drawn right after it; ``takes``: the seat that takes the trick
    the step belongs to (``None``: the trick is spoiled); ``points``: that trick's card points;
    ``in_trick``: cards each seat played to that trick; ``richest``: no trick of the deal holds
    more; ``label``: the play's label; ``trumps``: the
    trump suit after the step; ``score``: every seat's points after it; ``auction``: ``(seat,
    bid)``, the auction won; ``result``: the points of each side at the end of the deal (a note
    on the last step); ``winner``: the winning side; ``game_points``: what each seat or side
    scores for the deal; ``next``: the seat that acts next; ``stock``: the cards left to draw
    after the step (the turned-up card included); ``sides``: the sides after the step.
    """

    step: int
    action: str
    en: str
    es: str
    facts: Mapping[str, Any] = MappingProxyType({})


def _trick_of(steps: list[Any], index: int) -> Any:
    """The trick that step ``index`` belongs to: the next one finished, from that step on."""
    return next((s.trick for s in steps[index:] if s.trick is not None), None)


def check_note(game: Game, note: Note) -> list[str]:
    """What in ``note`` the deal does not bear out (nothing: the note is true)."""
    steps = list(game.steps())
    wrong: list[str] = []
    if not 0 <= note.step < len(steps):
        return [f"step {note.step}: the deal has steps 0 to {len(steps) - 1}"]
    step = steps[note.step]
    action = "deal" if note.step == 0 else format_action(step.action)
    if action != note.action:
        wrong.append(f"the action is {action}, not {note.action}")
    before = step.after if note.step == 0 else step.before
    for fact, value in note.facts.items():
        if fact in ("holds", "lacks", "holds_after"):
            state = step.after if fact == "holds_after" else before
            for seat, codes in value.items():
                hand = set(state.hands[seat])
                for card in parse_cards(codes):
                    if (card in hand) != (fact != "lacks"):
                        wrong.append(f"{fact}: seat {seat} and {card.code}")
        elif fact == "drawn":
            for seat, code in value.items():
                last = next((c for s in reversed(steps[:note.step]) for who, c in
                             reversed(s.draws) if who == seat), None)
                if last is None or last.code != code:
                    wrong.append(f"drawn: seat {seat} last drew {last}, not {code}")
        elif fact == "draws":
            drawn = {seat: card.code for seat, card in step.draws}
            if any(drawn.get(seat) != code for seat, code in value.items()):
                wrong.append(f"draws: {drawn}")
        elif fact in ("takes", "points", "richest", "in_trick"):
            trick = _trick_of(steps, note.step)
            if trick is None:
                wrong.append(f"{fact}: no trick is finished from step {note.step} on")
            elif fact == "takes" and trick.winner != value:
                wrong.append(f"takes: seat {trick.winner} takes the trick, not {value}")
            elif fact == "points" and trick.points != value:
                wrong.append(f"points: the trick holds {trick.points}, not {value}")
            elif fact == "richest" and any(t.points > trick.points for t in game.tricks):
                wrong.append("richest: another trick holds more points")
            elif fact == "in_trick":
                for seat, codes in value.items():
                    played = {card for who, card in trick.plays if who == seat}
                    if not set(parse_cards(codes)) <= played:
                        wrong.append(f"in_trick: seat {seat} did not play {codes}")
        elif fact == "label":
            label = step.label.value if step.label is not None else None
            if label != value:
                wrong.append(f"label: {label}, not {value}")
        elif fact == "trumps":
            trump = step.after.trump.value if step.after.trump is not None else None
            if trump != value:
                wrong.append(f"trumps: {trump}, not {value}")
        elif fact == "score":
            if tuple(step.after.points) != tuple(value):
                wrong.append(f"score: {tuple(step.after.points)}, not {value}")
        elif fact == "auction":
            auction = getattr(step.after.details, "auction", None)
            won = (getattr(auction, "high_seat", None), getattr(auction, "high", None))
            if won != tuple(value) or step.after.phase.value == "auction":
                wrong.append(f"auction: {won} in phase {step.after.phase.value}, not {value}")
        elif fact in ("result", "winner", "game_points"):
            result = game.result
            if note.step != len(steps) - 1 or result is None:
                wrong.append(f"{fact}: only on the last step of a finished deal")
                continue
            got = {"result": tuple(result.side_points), "winner": result.winner,
                   "game_points": tuple(result.game_points)}[fact]
            if got != (tuple(value) if isinstance(value, (list, tuple)) else value):
                wrong.append(f"{fact}: {got}, not {value}")
        elif fact == "sides":
            if tuple(map(tuple, step.after.sides)) != tuple(map(tuple, value)):
                wrong.append(f"sides: {step.after.sides}, not {value}")
        elif fact == "stock":
            if step.after.stock_size != value:
                wrong.append(f"stock: {step.after.stock_size} cards, not {value}")
        elif fact == "next":
            if note.step + 1 >= len(steps) or steps[note.step + 1].seat != value:
                wrong.append(f"next: seat {value} does not act next")
        else:
            wrong.append(f"unknown fact {fact!r}")
    return [f"step {note.step} ({note.action}): {w}" for w in wrong]


def annotate(name: str, data: Mapping[str, Any]) -> dict[str, dict[str, str]]:
    """The ``notes`` of a sample record, each checked against its deal first.

    Raises:
        ValueError: a note says something the deal does not bear out.
    """
    from cardrules import replay

    game = replay(data)
    wrong = [w for note in NOTES[name] for w in check_note(game, note)]
    if wrong:
        raise ValueError(f"{name}: " + "; ".join(wrong))
    return {str(n.step): {"en": n.en, "es": n.es} for n in sorted(NOTES[name],
                                                                 key=lambda n: n.step)}


NOTES: dict[str, tuple[Note, ...]] = {
    "brisca-4p": (
        Note(0, "deal",
             "Four players in two partnerships, Ana and Carmen against Bruno and Diego, "
             "partners sitting opposite each other. The five of clubs is turned up: clubs are "
             "trumps. Partners pool their points, so the last to play to a trick their partner "
             "is sure to win can load it with points.",
             "Cuatro jugadores en dos parejas, Ana y Carmen contra Bruno y Diego, cada uno "
             "sentado frente a su pareja. La carta vuelta es el cinco de bastos: triunfan "
             "bastos. Los compañeros suman sus puntos, así que quien juega el último a una baza "
             "que su compañero tiene asegurada puede cargarla de puntos.",
             {"trumps": "B", "sides": ((0, 2), (1, 3))}),
        Note(8, "1O",
             "Diego heads the trick with the three of coins, 10 points, but Ana plays after him "
             "and holds the ace of coins: 21 points for Ana and Carmen. A card that counts, "
             "played while an opponent is still to play, is a gamble.",
             "Diego se pone por delante con el tres de oros, 10 puntos, pero después juega Ana, "
             "que tiene el as de oros: 21 puntos para Ana y Carmen. Echar una carta de puntos "
             "cuando aún le falta jugar a un contrario es jugársela.",
             {"in_trick": {3: "3O", 0: "1O"}, "label": "montar", "takes": 0, "points": 21}),
        Note(12, "1C",
             "Bruno trumps with the ace of clubs, which nothing can beat, so Diego, his "
             "partner, playing last, loads the trick with his ace of cups: 26 points for their "
             "side. Carmen's king of clubs, played under the ace, is lost with it.",
             "Bruno falla con el as de bastos, al que nada puede ganar, así que Diego, su "
             "compañero, que juega el último, carga la baza con su as de copas: 26 puntos para "
             "su bando. El rey de bastos de Carmen, echado por debajo del as, se pierde con él.",
             {"in_trick": {1: "1B", 2: "12B", 3: "1C"}, "takes": 1, "points": 26}),
        Note(28, "exchange:2B",
             "Four cards are left in the stock, and a turned-up 7 or lower is taken by the 2 of "
             "trumps: Carmen gives her two of clubs for the five. Then she trumps with it a "
             "trick that her partner Ana's jack of swords was already winning: the 5 points "
             "were her side's anyway, and a trump is spent.",
             "Quedan cuatro cartas en el mazo, y una carta vuelta de siete o menos se cambia "
             "por el dos de triunfo: Carmen da su dos de bastos por el cinco. Luego falla con "
             "él una baza que ya ganaba la sota de espadas de su compañera Ana: los 5 puntos ya "
             "eran de su bando, y gasta un triunfo.",
             {"stock": 4, "holds": {2: "2B"}, "holds_after": {2: "5B"},
              "in_trick": {3: "2E", 0: "10E", 1: "11C", 2: "5B"}, "takes": 2, "points": 5}),
        Note(37, "3E",
             "Bruno trumps the jack of coins with the two of clubs, the turned-up card he drew "
             "last. Neither Ana nor Carmen has a trump left, so they must give him points: the "
             "king and the three of swords, 16 points in the trick.",
             "Bruno falla la sota de oros con el dos de bastos, la carta vuelta que robó el "
             "último. Ni Ana ni Carmen tienen ya triunfo, así que tienen que darle puntos: el "
             "rey y el tres de espadas, 16 puntos en la baza.",
             {"drawn": {1: "2B"}, "lacks": {2: "1B 3B 4B 5B 6B 7B 10B 11B 12B"},
              "in_trick": {3: "10O", 0: "12E", 1: "2B", 2: "3E"}, "takes": 1, "points": 16}),
        Note(41, "3C",
             "Carmen's ace of swords takes the last trick, 24 points, but it is not enough: "
             "Bruno and Diego win by 66 points to 54.",
             "El as de espadas de Carmen se lleva la última baza, 24 puntos, pero no basta: "
             "Bruno y Diego ganan por 66 puntos a 54.",
             {"in_trick": {2: "1E"}, "takes": 2, "points": 24, "result": (54, 66), "winner": 1}),
    ),
    "briscas-2p": (
        Note(0, "deal",
             "The ace of coins is turned up: coins are “la vida”, the trump suit, as Puerto Rico "
             "calls it. In Briscas the 7 of trumps may take a turned-up ace at any moment, with "
             "no trick won first, but nobody holds the 7 of coins yet. The deal and the play are "
             "those of the two-player Brisca sample (brisca-2p.json): only the rules differ.",
             "La carta vuelta es el as de oros: la vida son los oros. En las briscas el siete de "
             "triunfo puede quedarse con un as vuelto en cualquier momento, sin haber ganado "
             "antes una baza, pero de momento nadie tiene el siete de oros. El reparto y el juego "
             "son los del ejemplo de la brisca a dos (brisca-2p.json): solo cambian las reglas.",
             {"lacks": {0: "7O", 1: "7O"}, "trumps": "O"}),
        Note(13, "exchange:7O",
             "Ana has just drawn the 7 of coins and takes the ace with it at once: in Briscas she "
             "would not even need a trick won. The ace and the three of coins, the two best "
             "trumps, are now both in her hand.",
             "Ana acaba de robar el siete de oros y se queda enseguida con el as: en las briscas "
             "ni siquiera le haría falta haber ganado una baza. El as y el tres de oros, los dos "
             "mejores triunfos, están ya en su mano.",
             {"drawn": {0: "7O"}, "holds_after": {0: "1O 3O"}}),
        Note(15, "4O",
             "Bruno trumps the three of swords, 10 points, with the four of coins, his only "
             "trump: a card worth nothing wins a card worth 10.",
             "Bruno falla el tres de espadas, 10 puntos, con el cuatro de oros, su única vida: una "
             "carta que no vale nada se lleva una que vale 10.",
             {"in_trick": {0: "3E", 1: "4O"},
              "holds": {1: "4O"}, "lacks": {1: "1O 3O 5O 6O 7O 10O 11O 12O 2O"},
              "label": "fallar", "takes": 1, "points": 10}),
        Note(17, "3O",
             "Ana trumps a worthless five of clubs with her three of coins: only the ace beats it, "
             "and she holds the ace herself, so the three's 10 points are safe.",
             "Ana falla un cinco de bastos que no vale nada con su tres de oros: solo le gana el "
             "as, y el as lo tiene ella, así que los 10 puntos del tres están a salvo.",
             {"in_trick": {0: "3O", 1: "5B"}, "holds": {0: "3O 1O"}, "takes": 0, "points": 10}),
        Note(20, "exchange:2O",
             "The 7 of coins now lies turned up. A turned-up 7 or lower is taken by the 2 of "
             "trumps, at any moment: Ana gives her two of coins for it, and leads the 7.",
             "Ahora la carta vuelta es el siete de oros. Una carta vuelta de siete o menos se "
             "cambia por el dos de triunfo, en cualquier momento: Ana da su dos de oros por ella y "
             "sale con el siete.",
             {"holds": {0: "2O"}, "holds_after": {0: "7O"}, "next": 0}),
        Note(22, "3C",
             "Bruno has no trump to answer with, so whatever he plays is lost: he throws the three "
             "of cups, 10 points, where the king of clubs would have cost him only 4.",
             "Bruno no tiene vida con la que responder, así que pierde lo que eche: echa el "
             "tres de copas, 10 puntos, cuando el rey de bastos solo le habría costado 4.",
             {"in_trick": {0: "7O", 1: "3C"}, "holds": {1: "3C 12B 1B"}, "takes": 0, "points": 10}),
        Note(42, "1E",
             "The last trick goes to Ana's ace of swords: she wins the deal by 80 points to 40.",
             "La última baza es para el as de espadas de Ana: gana el reparto por 80 puntos a 40.",
             {"in_trick": {0: "1E"}, "takes": 0, "result": (80, 40), "winner": 0}),
    ),
    "briscola-6p": (
        Note(0, "deal",
             "Six players in two teams of three, Ana, Carmen and Elena against Bruno, Diego and "
             "Félix: partners sit one seat apart. With six the 2s leave the pack, so no 2 of "
             "trumps can take the turned-up card: the knight of clubs stays there, and clubs "
             "are trumps.",
             "Seis jugadores en dos equipos de tres, Ana, Carmen y Elena contra Bruno, Diego y "
             "Félix: los compañeros se sientan dejando un asiento entre ellos. A seis se quitan "
             "los doses de la baraja, así que ningún dos de triunfo puede quedarse con la carta "
             "vuelta: el caballo de bastos se queda donde está, y triunfan bastos.",
             {"lacks": {0: "2B", 1: "2B", 2: "2B", 3: "2B", 4: "2B", 5: "2B"}, "trumps": "B",
              "sides": ((0, 2, 4), (1, 3, 5))}),
        Note(6, "5C",
             "Three players trump the six of cups. Bruno leads the way with the five of clubs, "
             "Carmen overtrumps with the three, worth 10, and neither Diego's six nor Elena's "
             "seven beats it: 10 points for Carmen's side, though Elena, her partner, has spent "
             "a trump for nothing.",
             "Tres jugadores fallan el seis de copas. Primero Bruno, con el cinco de bastos; "
             "Carmen pisa con el tres, que vale 10, y ni el seis de Diego ni el siete de Elena "
             "lo superan: 10 puntos para el equipo de Carmen, aunque Elena, su compañera, ha "
             "gastado un triunfo para nada.",
             {"in_trick": {1: "5B", 2: "3B", 3: "6B", 4: "7B"}, "takes": 2, "points": 10}),
        Note(12, "11E",
             "Ana takes the trick with the ace of clubs, the best trump, over Félix's jack: 19 "
             "points for her side.",
             "Ana se lleva la baza con el as de bastos, el mejor triunfo, por encima de la sota de "
             "Félix: 19 puntos para su equipo.",
             {"in_trick": {0: "1B", 5: "10B"}, "takes": 0, "points": 19}),
        Note(18, "10O",
             "The stock is used up: Diego draws the last card, the turned-up knight of clubs, a "
             "trump. Three more tricks are played without drawing.",
             "Se acaba el mazo: Diego roba la última carta, la carta vuelta, el caballo de bastos, "
             "que es triunfo. Quedan tres bazas que se juegan sin robar.",
             {"draws": {3: "11B"}}),
        Note(24, "11B",
             "Diego overtrumps Carmen's four of clubs with that knight: 10 points for his side, "
             "the only points it will make in the whole deal.",
             "Diego pisa el cuatro de bastos de Carmen con ese caballo: 10 puntos para su "
             "equipo, los únicos que hará en todo el reparto.",
             {"in_trick": {2: "4B", 3: "11B"}, "label": "pisar", "takes": 3, "points": 10,
              "score": (19, 0, 10, 10, 8, 0)}),
        Note(27, "1C",
             "Elena has trumped the four of swords with the king of clubs, and Félix, who "
             "cannot beat it, throws his ace of cups, 11 points, when his four of cups would "
             "have cost nothing. Elena's side takes 31 points in this trick.",
             "Elena ha fallado el cuatro de espadas con el rey de bastos, y Félix, que no puede "
             "superarlo, echa su as de copas, 11 puntos, cuando su cuatro de copas no le habría "
             "costado nada. El equipo de Elena se lleva 31 puntos en esta baza.",
             {"holds": {5: "1C 4C"}, "lacks": {5: "1B 3B 4B 5B 6B 7B 10B 11B 12B"},
              "in_trick": {3: "4E", 4: "12B"}, "takes": 4, "points": 31}),
        Note(36, "1O",
             "The ace of swords takes the last trick: 42 points, with two aces and two threes in "
             "it, the richest trick of the deal. Ana's side wins by 110 points to 10.",
             "El as de espadas se lleva la última baza: 42 puntos, con dos ases y dos treses, la "
             "baza más rica del reparto. El equipo de Ana gana por 110 puntos a 10.",
             {"in_trick": {2: "1E", 3: "1O", 0: "3C", 4: "3E"}, "takes": 2, "points": 42,
              "richest": True, "result": (110, 10), "winner": 0}),
    ),
    "alcalde-3p": (
        Note(0, "deal",
             "Carmen is the Alcalde: she deals, holds six cards and plays two at each turn, alone "
             "against Ana and Bruno, who pool their points. The six of cups is turned up: cups are "
             "trumps.",
             "Carmen es la alcaldesa: da las cartas, tiene seis y juega dos en cada turno, ella "
             "sola contra Ana y Bruno, que suman sus puntos. La carta vuelta es el seis de "
             "copas: triunfan copas.",
             {"holds": {2: "2B 6E 10E 11C 10B 5C"}, "trumps": "C"}),
        Note(4, "2B",
             "The Alcalde plays last, and with two cards: her knight of cups beats Ana's seven of "
             "cups and brings in Bruno's three of clubs with it, 13 points. A partner who plays "
             "before the Alcalde should not throw points that she may take.",
             "La alcaldesa juega la última, y con dos cartas: su caballo de copas gana al siete "
             "de copas de Ana y se lleva con él el tres de bastos de Bruno, 13 puntos. El "
             "compañero que juega antes que la alcaldesa no debe echar puntos que ella pueda "
             "llevarse.",
             {"in_trick": {0: "7C", 1: "3B", 2: "11C 2B"}, "takes": 2, "points": 13}),
        Note(27, "exchange:2C",
             "In the middle of her turn the Alcalde takes the turned-up six of cups with her two "
             "of cups (a 7 or lower goes to the 2 of trumps, at any moment), then plays the four "
             "and the six of cups: the six takes Bruno's ace of swords, 11 points.",
             "En mitad de su turno la alcaldesa cambia la carta vuelta, el seis de copas, por su "
             "dos de copas (una carta vuelta de siete o menos es para el dos de triunfo, en "
             "cualquier momento) y luego juega el cuatro y el seis de copas: el seis se lleva el "
             "as de espadas de Bruno, 11 puntos.",
             {"holds": {2: "2C 4C"}, "holds_after": {2: "6C"}, "in_trick": {1: "1E", 2: "4C 6C"},
              "takes": 2, "points": 11}),
        Note(41, "1B",
             "The Alcalde's two aces take the last trick, 33 points. She ends with 93 of the 120 "
             "against the partners' 27: with 60 or more he wins, and stays Alcalde.",
             "Los dos ases de la alcaldesa se llevan la última baza, 33 puntos. Acaba con 93 de "
             "los 120, frente a 27 de los compañeros: con 60 o más gana, y sigue siendo "
             "alcaldesa.",
             {"in_trick": {2: "1O 1C"}, "takes": 2, "points": 33, "result": (27, 93), "winner": 1}),
    ),
    "alcalde-variation-3p": (
        Note(0, "deal",
             "In the variation the Alcalde, Carmen, holds only four cards and plays one at a time, "
             "but she needs only 31 of the 120 points to win. The four of cups is turned up: cups "
             "are trumps.",
             "En la variante la alcaldesa, Carmen, tiene solo cuatro cartas y juega una cada "
             "vez, pero le bastan 31 de los 120 puntos para ganar. La carta vuelta es el cuatro "
             "de copas: triunfan copas.",
             {"holds": {2: "3E 11B 10C 5O"}, "trumps": "C"}),
        Note(9, "exchange:2C",
             "The turned-up card is a four, so the 2 of trumps may take it: Bruno gives his two of "
             "cups for it and trumps the Alcalde's knight of clubs with the four at once.",
             "La carta vuelta es un cuatro, así que el dos de triunfo puede quedarse con ella: "
             "Bruno da su dos de copas a cambio y falla enseguida con el cuatro el caballo de "
             "bastos de la alcaldesa.",
             {"in_trick": {1: "4C", 2: "11B"},
              "holds": {1: "2C"}, "holds_after": {1: "4C"}, "takes": 1, "points": 3}),
        Note(19, "1C",
             "Bruno trumps with the knight of cups, and the Alcalde, last to play, overtrumps with "
             "the ace of cups: 14 points for her.",
             "Bruno falla con el caballo de copas, y la alcaldesa, que juega la última, pisa "
             "con el as de copas: 14 puntos para ella.",
             {"in_trick": {1: "11C", 2: "1C"}, "label": "pisar", "takes": 2, "points": 14}),
        Note(40, "1O",
             "Ana's ace of coins takes the last trick, 24 points, and the Alcalde's last card, the "
             "ace of clubs, goes to her own pile: 11 more for her. The partners have 66 points to "
             "her 54, and still lose: the Alcalde needed only 31.",
             "El as de oros de Ana se lleva la última baza, 24 puntos, y la última carta de la "
             "alcaldesa, el as de bastos, va a su propio montón: 11 más para ella. Los compañeros "
             "suman 66 puntos frente a sus 54, y aun así pierden: a la alcaldesa le bastaban 31.",
             {"in_trick": {0: "1O"},
              "holds": {2: "1B"}, "takes": 0, "points": 24, "score": (38, 28, 54),
              "result": (66, 54), "winner": 1}),
    ),
    "aluette-4p": (
        Note(0, "deal",
             "No trumps and no card points: nine tricks, and the one player who takes the most "
             "wins the deal for their partnership (Ana and Carmen against Bruno and Diego). The "
             "named cards decide: Carmen holds monsieur, the three of coins, the best card of "
             "all, and the grand-neuf (the nine of cups); Diego holds madame, the three of cups.",
             "Sin triunfos y sin puntos en las cartas: nueve bazas, y el jugador que se lleve "
             "más gana el reparto para su pareja (Ana y Carmen contra Bruno y Diego). Mandan "
             "las cartas con nombre: Carmen tiene monsieur, el tres de oros, la mejor de todas, "
             "y el grand-neuf (el nueve de copas); Diego tiene madame, el tres de copas.",
             {"holds": {2: "3O 9C", 3: "3C"}, "sides": ((0, 2), (1, 3))}),
        Note(20, "1C",
             "Two aces tie for the best card: the trick is spoiled (“pourri”) and nobody takes "
             "it; Ana, who led it, leads again. Diego could have won it with madame, but he "
             "spoils it with his ace of cups and keeps madame for later.",
             "Dos ases empatan como mejor carta: la baza queda nula («pourri») y no es de "
             "nadie; Ana, que salió, vuelve a salir. Diego podía ganarla con madame, pero la "
             "anula con su as de copas y se guarda a madame para más adelante.",
             {"in_trick": {2: "1O", 3: "1C"}, "holds": {3: "1C 3C"}, "takes": None, "next": 0}),
        Note(32, "12B",
             "Madame's moment: Carmen led the grand-neuf, which only the four named cards above it "
             "beat, and Diego took the trick with madame.",
             "El momento de madame: Carmen ha salido con el grand-neuf, al que solo ganan las "
             "cuatro cartas con nombre que tiene por encima, y Diego se ha llevado la baza con "
             "madame.",
             {"in_trick": {2: "9C", 3: "3C"}, "takes": 3}),
        Note(36, "3O",
             "Monsieur takes the last trick: Carmen ends with five tricks, more than anyone, "
             "and wins the deal for herself and Ana. Ana's two tricks are not added to hers: "
             "only the player with the most tricks counts.",
             "Monsieur se lleva la última baza: Carmen acaba con cinco bazas, más que nadie, y "
             "gana el reparto para ella y para Ana. Las dos bazas de Ana no se suman a las "
             "suyas: solo cuenta el jugador que más bazas tiene.",
             {"in_trick": {2: "3O"}, "takes": 2, "score": (2, 0, 5, 1), "winner": 0}),
    ),
    "chiamata-failed": (
        Note(0, "deal",
             "Five players, eight cards each and no turned-up card: the auction decides the "
             "trumps and the sides. Ana's strength is in swords: the three, the jack, the six and "
             "the five.",
             "Cinco jugadores, ocho cartas cada uno y ninguna carta vuelta: la subasta decide el "
             "triunfo y los bandos. La fuerza de Ana está en las espadas: el tres, la sota, el "
             "seis y el cinco.",
             {"holds": {0: "3E 10E 6E 5E"}}),
        Note(17, "pass",
             "Bruno gives up, and Ana wins the auction at 73: with the partner she is about to "
             "call, she must take at least 73 of the 120 points. Every raise in the duel with "
             "Bruno made that harder.",
             "Bruno se retira, y Ana gana la subasta con 73: con el compañero que va a llamar, "
             "tendrá que llevarse al menos 73 de los 120 puntos. Cada puja del duelo con Bruno "
             "se lo ha puesto más difícil.",
             {"auction": (0, 73)}),
        Note(18, "call:1E",
             "Ana calls the ace of swords: swords, her long suit, become trumps, and the ace is "
             "the one trump that beats her three. Whoever holds it is her partner, in secret: "
             "only Diego, who has it, knows.",
             "Ana llama al as de espadas: las espadas, su palo largo, pasan a ser triunfo, y el as "
             "es el único triunfo que gana a su tres. Quien lo tenga es su compañero, en secreto: "
             "solo lo sabe Diego, que lo tiene.",
             {"holds": {0: "3E", 3: "1E"}, "trumps": "E"}),
        Note(42, "1E",
             "Diego overtrumps Bruno with the called ace: now everyone knows he is Ana's "
             "partner. The trick brings their side 16 points.",
             "Diego pisa a Bruno con el as llamado: ahora todos saben que es el compañero de "
             "Ana. La baza da 16 puntos a su bando.",
             {"in_trick": {1: "4E", 3: "1E"}, "label": "pisar", "takes": 3, "points": 16}),
        Note(48, "7B",
             "Coins are not trumps: Ana's three of coins beats the king, but Bruno tops it with "
             "the ace of coins, and the defenders take 25 points, 10 of them from the caller's "
             "own three. Ana still held the three of swords, a trump.",
             "Los oros no son triunfo: el tres de oros de Ana gana al rey, pero Bruno lo supera "
             "con el as de oros, y los defensores se llevan 25 puntos, 10 de ellos del propio "
             "tres del que llama. Ana todavía tenía el tres de espadas, un triunfo.",
             {"in_trick": {0: "3O", 1: "1O", 4: "12O"}, "holds": {0: "3E"}, "takes": 1,
              "points": 25}),
        Note(58, "12B",
             "Bruno's ace of cups takes the last trick, 33 points. The defenders end with 64 "
             "and the caller's side with 56, 17 short of 73: the caller loses 2, her partner 1, "
             "and each defender scores 1.",
             "El as de copas de Bruno se lleva la última baza, 33 puntos. Los defensores acaban "
             "con 64 y el bando del que llama con 56, a 17 de los 73: el que llama pierde 2, su "
             "compañero 1, y cada defensor se apunta 1.",
             {"in_trick": {1: "1C"}, "takes": 1, "points": 33, "result": (56, 64),
              "game_points": (-2, 1, 1, -1, 1)}),
    ),
    "rematada-failed": (
        Note(14, "pass",
             "Ana passes at 111 and Bruno has the contract: he must make 111 points alone "
             "against the other two. His two discards, the last trick and any marriages put "
             "more than 120 points within reach, but 111 leaves him almost nothing to lose.",
             "Ana pasa en 111 y el contrato es de Bruno: tendrá que hacer 111 puntos él solo "
             "contra los otros dos. Sus dos descartes, las diez de últimas y los cantes ponen a "
             "su alcance más de 120 puntos, pero con 111 apenas puede permitirse perder nada.",
             {"auction": (1, 111)}),
        Note(16, "discard:12C",
             "Bruno has taken the talon and puts two cards face down on his own pile, the three of "
             "coins and the king of cups: 14 points he can no longer lose.",
             "Bruno se ha quedado con el talón y aparta dos cartas boca abajo en su propio montón, "
             "el tres de oros y el rey de copas: 14 puntos que ya no puede perder.",
             {"holds": {1: "12C"}, "lacks": {1: "3O"}, "score": (0, 14, 0)}),
        Note(17, "trump:E",
             "He names swords trumps: he holds the ace, the king and the knight. The three of "
             "swords, the second-best trump, is in Ana's hand.",
             "Elige espadas de triunfo: tiene el as, el rey y el caballo. El tres de espadas, el "
             "segundo mejor triunfo, está en la mano de Ana.",
             {"holds": {1: "1E 12E 11E", 0: "3E"}, "trumps": "E"}),
        Note(41, "10E",
             "Ana leads her three of swords and Bruno catches it with the ace: 23 points for the "
             "declarer. Even so he has only 47, far from 111, with two tricks left.",
             "Ana sale con su tres de espadas y Bruno lo caza con el as: 23 puntos para el que "
             "remata. Aun así solo tiene 47, lejos de 111, y quedan dos bazas.",
             {"in_trick": {0: "3E", 1: "1E"}, "takes": 1, "points": 23, "score": (28, 47, 6)}),
        Note(47, "3B",
             "Ana's ace of coins takes the last trick, and the 10 for it. Bruno ends with 47 "
             "points, 64 short of his 111: the contract fails, and the other two share the bid, "
             "55.5 each.",
             "El as de oros de Ana se lleva la última baza, y las diez de últimas. Bruno acaba "
             "con 47 puntos, a 64 de sus 111: no cumple el contrato, y los otros dos se "
             "reparten la puja, 55,5 cada uno.",
             {"in_trick": {0: "1O"}, "takes": 0, "score": (77, 47, 6), "result": (47, 83),
              "game_points": (55.5, 0, 55.5)}),
    ),
    "tute-4p": (
        Note(0, "deal",
             "Four players in two partnerships, Ana and Carmen against Bruno and Diego. The "
             "whole pack is dealt, ten cards each, and the last card, Diego's five of cups, is "
             "shown before he takes it up: cups are trumps. With no stock, every duty holds from "
             "the first trick: follow suit and beat the card heading the trick; with none of the "
             "suit, trump.",
             "Cuatro jugadores en dos parejas, Ana y Carmen contra Bruno y Diego. Se reparte "
             "toda la baraja, diez cartas a cada uno, y la última, el cinco de copas de Diego, "
             "se enseña antes de que la recoja: triunfan copas. Como no hay monte, todas las "
             "obligaciones rigen desde la primera baza: asistir y montar; sin cartas del palo, "
             "fallar.",
             {"trumps": "C", "sides": ((0, 2), (1, 3)), "holds": {3: "5C"}}),
        Note(11, "1O",
             "Diego's three of coins heads the trick, and Ana, who holds the ace, must beat it: "
             "she could not keep the ace back even if she wanted to. 21 points for Ana and "
             "Carmen.",
             "El tres de oros de Diego va ganando, y Ana, que tiene el as, está obligada a "
             "montar: no podría guardarse el as aunque quisiera. 21 puntos para Ana y Carmen.",
             {"in_trick": {3: "3O", 0: "1O"}, "label": "montar", "takes": 0, "points": 21}),
        Note(13, "declare:E",
             "Ana has just won a trick, so before leading she may declare one marriage: the "
             "king and the knight of swords, 20 points. Swords are not trumps; the king and "
             "knight of cups would have been las cuarenta, 40.",
             "Ana acaba de ganar una baza, así que antes de salir puede cantar: rey y caballo "
             "de espadas, las veinte. Las espadas no son triunfo; el rey y el caballo de copas "
             "habrían sido las cuarenta.",
             {"holds": {0: "12E 11E"}, "score": (41, 0, 12, 10)}),
        Note(25, "1C",
             "Ana has no coins left, so she must trump, and her only trump is the ace of cups: "
             "it takes the king of coins and the jack, 17 points.",
             "A Ana no le quedan oros, así que tiene que fallar, y su único triunfo es el as de "
             "copas: se lleva el rey y la sota de oros, 17 puntos.",
             {"lacks": {0: "1O"}, "label": "fallar", "takes": 0, "points": 17}),
        Note(41, "3C",
             "Carmen trumps the last trick with the three of cups and takes 14 points and the "
             "10 for the last trick, the diez de últimas. Ana and Carmen end with 114 points to "
             "36: over 100, so the deal counts two games for them.",
             "Carmen falla la última baza con el tres de copas y se lleva 14 puntos y las diez "
             "de últimas. Ana y Carmen acaban con 114 tantos contra 36: pasan de 100, así que "
             "el reparto les vale dos juegos.",
             {"label": "fallar", "takes": 2, "points": 14, "result": (114, 36),
              "game_points": (2, 0)}),
    ),
    "guinote-4p": (
        Note(0, "deal",
             "Four players in two partnerships, Ana and Carmen against Bruno and Diego. Six "
             "cards each, and the next card, the king of clubs, is turned up under the stock: "
             "clubs are trumps. While the stock lasts there is no duty: any card may be played.",
             "Cuatro jugadores en dos parejas, Ana y Carmen contra Bruno y Diego. Seis cartas a "
             "cada uno, y la siguiente, el rey de bastos, queda boca arriba bajo el monte: "
             "triunfan bastos. Mientras quede monte no hay obligación: se juega cualquier carta.",
             {"trumps": "B", "sides": ((0, 2), (1, 3)), "holds": {0: "7B"}, "stock": 16}),
        Note(5, "exchange:7B",
             "Ana's side has won a trick, so the holder of the seven of trumps may take the "
             "turned-up card: Ana gives her seven of clubs for the king.",
             "La pareja de Ana ya ha ganado una baza, así que quien tiene el siete de triunfo "
             "puede cambiarlo por la pinta: Ana da su siete de bastos por el rey.",
             {"holds": {0: "7B"}, "holds_after": {0: "12B"}}),
        Note(14, "declare:B",
             "Ana has just won a trick and holds the king and the jack of clubs, trumps: she "
             "sings las cuarenta, 40 points. In Guiñote the pair is the king and the jack (sota), "
             "not the king and the knight of Tute.",
             "Ana acaba de ganar una baza y tiene el rey y la sota de bastos, que son triunfo: "
             "canta las cuarenta. En el guiñote se canta con rey y sota, no con rey y caballo "
             "como en el tute.",
             {"holds": {0: "12B 10B"}, "score": (45, 0, 0, 0)}),
        Note(18, "7E",
             "This trick empties the stock: Diego draws the turned-up card. From the next trick "
             "on it is the arrastre: follow suit and beat the card heading the trick; with none "
             "of the suit, trump.",
             "Con esta baza se acaba el monte: Diego roba la pinta. Desde la baza siguiente se "
             "juega el arrastre: asistir y montar; sin cartas del palo, fallar.",
             {"draws": {3: "7B"}, "stock": 0}),
        Note(24, "1O",
             "Bruno's king of coins heads the trick, and Carmen, an opponent holding coins, must "
             "follow and beat it if she can: her ace does, and takes 27 points.",
             "El rey de oros de Bruno va ganando, y Carmen, que es contraria y tiene oros, debe "
             "asistir y montar si puede: su as monta y se lleva 27 tantos.",
             {"in_trick": {1: "12O"}, "label": "montar", "takes": 2, "points": 27}),
        Note(42, "5C",
             "Carmen takes the last trick, and the ten for it, las diez de últimas. Ana and "
             "Carmen end with 130 points, the cuarenta included, to 40: over 100, so they win "
             "the game at the first deal, with no deal de vueltas.",
             "Carmen se lleva la última baza, y las diez de últimas. Ana y Carmen acaban con "
             "130 tantos, las cuarenta incluidas, contra 40: pasan de 100 y ganan a la primera "
             "mano, sin mano de vueltas.",
             {"takes": 2, "result": (130, 40), "winner": 0, "game_points": (1, 0)}),
    ),
}
"""The notes of the annotated samples, by file name: one sample of each game."""


def main(argv: list[str]) -> int:
    folder = Path(argv[0]) if argv else Path(__file__).resolve().parent
    for path in generate(folder):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
