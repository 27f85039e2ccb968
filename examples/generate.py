"""Write the sample deal records in this folder: one per game and number of players.

Usage: python examples/generate.py [OUTPUT_FOLDER]

Each record is a deal of Briscola, Brisca or Briscas for 2, 3, 4 or 6 players, of Alcalde and
its variation (3 players) and of Aluette (4), played to the end by a fixed mix of bots
(:class:`~cardrules.bots.GreedyBot` at the even seats, :class:`~cardrules.bots.RandomBot` at the
odd ones, seeded by the deal's seed and the seat). For each game and player count the script
takes the first seed, counting from 1, whose deal suits it: for two players and for Alcalde, a
deal in which the trump card is exchanged (``exchange:...``); for Aluette, a deal played out to
the ninth trick with at least one spoiled trick; so that the samples show those rules.
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
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardrules import Action, Exchange, Game, SeatView, format_action, new_game, parse_cards
from cardrules.bots import Bot, GreedyBot, RandomBot, play_out
from cardrules.games.auction import Pass
from cardrules.games.chiamata import Call

SAMPLES: tuple[tuple[str, int], ...] = (
    *((game, n) for game in ("briscola", "brisca", "briscas") for n in (2, 3, 4, 6)),
    ("alcalde", 3),
    ("alcalde-variation", 3),
    ("aluette", 4),
)
"""Every (game, number of players) that gets a sample."""
MAX_SEED = 10_000


def bots_for(players: int, seed: int) -> list[Bot]:
    """GreedyBot at the even seats, RandomBot at the odd ones."""
    return [GreedyBot() if s % 2 == 0 else RandomBot(seed * 10 + s) for s in range(players)]


def bot_names(players: int) -> str:
    return ", ".join(
        f"seat {s} {'GreedyBot' if s % 2 == 0 else 'RandomBot'}" for s in range(players)
    )


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


@dataclass(frozen=True)
class Note:
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
    scores for the deal; ``next``: the seat that acts next.
    """

    step: int
    action: str
    en: str
    es: str
    facts: Mapping[str, Any] = field(default_factory=dict)


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
    "brisca-2p": (
        Note(0, "deal",
             "The ace of coins is turned up: coins are trumps, and the best trump of the pack, "
             "worth 11 points, lies under the stock. With two players whoever holds the 7 of "
             "coins may take it in exchange, once he has won a trick; neither player has the 7 "
             "yet.",
             "La muestra es el as de oros: triunfan oros, y el mejor triunfo de la baraja, que "
             "vale 11 puntos, queda debajo del mazo. A dos jugadores, quien tenga el siete de "
             "oros puede cambiarlo por la muestra en cuanto haya ganado una baza; todavía no lo "
             "tiene ninguno de los dos.",
             {"lacks": {0: "7O", 1: "7O"}, "trumps": "O"}),
        Note(13, "exchange:7O",
             "P0 has just drawn the 7 of coins, and he has won tricks already, so he takes the "
             "turned-up ace at once and leaves the 7 in its place. He now holds the ace and the "
             "three of coins, the two best trumps.",
             "P0 acaba de robar el siete de oros y ya ha ganado bazas, así que se queda "
             "enseguida con el as de la muestra y deja el siete en su lugar. Ahora tiene el as y "
             "el tres de oros, los dos mejores triunfos.",
             {"drawn": {0: "7O"}, "holds_after": {0: "1O 3O"}}),
        Note(15, "4O",
             "P0 led the three of swords, worth 10, without knowing what P1 holds. P1 trumps it "
             "with the four of coins, his only trump: 10 points for a card worth nothing. Leading "
             "a card that counts is a risk while the other player may still have a trump.",
             "P0 ha salido con el tres de espadas, que vale 10, sin saber qué tiene P1. P1 lo "
             "falla con el cuatro de oros, su único triunfo: 10 puntos con una carta que no vale "
             "nada. Salir con una carta de puntos es arriesgado mientras el otro pueda tener "
             "triunfo.",
             {"in_trick": {0: "3E", 1: "4O"},
              "holds": {1: "4O 3C 5B"}, "lacks": {1: "1O 3O 5O 6O 7O 10O 11O 12O 2O"},
              "label": "fallar", "takes": 1, "points": 10}),
        Note(17, "3O",
             "P0 trumps a worthless five of clubs with the three of coins. It looks like a waste, "
             "but only the ace of coins beats the three, and P0 holds that ace himself: the three "
             "could not be lost, and its 10 points are now safe in his pile.",
             "P0 falla un cinco de bastos que no vale nada con el tres de oros. Parece un "
             "derroche, pero al tres solo le gana el as de oros, y ese as lo tiene él: el tres no "
             "se podía perder, y sus 10 puntos ya están a salvo en su montón.",
             {"in_trick": {0: "3O", 1: "5B"}, "holds": {0: "3O 1O"}, "takes": 0, "points": 10}),
        Note(20, "exchange:2O",
             "The turned-up card is now the 7 of coins, and a 7 or lower is taken by the 2 of "
             "trumps: P0 gives his two of coins for it.",
             "Ahora la muestra es el siete de oros, y una muestra de siete o menos se cambia por "
             "el dos de triunfo: P0 da su dos de oros por ella.",
             {"holds": {0: "2O"}, "holds_after": {0: "7O"}}),
        Note(22, "3C",
             "P0 leads a trump and P1 has none. Whatever he plays is lost, so the cheapest card is "
             "best: the king of clubs would have cost 4 points, but he throws the three of cups, "
             "worth 10.",
             "P0 arrastra y P1 no tiene triunfo. Eche lo que eche, lo pierde, así que conviene la "
             "carta más barata: el rey de bastos le habría costado 4 puntos, pero echa el tres de "
             "copas, que vale 10.",
             {"in_trick": {0: "7O", 1: "3C"},
              "holds": {1: "3C 12B 1B"}, "label": "contrafallar", "takes": 0, "points": 10}),
        Note(42, "1E",
             "The ace of swords takes the last trick: 80 points to 40. More than 60 of the 120 "
             "wins the deal.",
             "El as de espadas se lleva la última baza: 80 puntos a 40. Gana la mano quien pasa "
             "de 60 de los 120.",
             {"in_trick": {0: "1E"}, "takes": 0, "points": 15, "result": (80, 40), "winner": 0}),
    ),
    "briscas-2p": (
        Note(0, "deal",
             "The ace of coins is turned up: coins are “la vida”, the trump suit, as Puerto Rico "
             "calls it. In Briscas the 7 of trumps may take a turned-up ace at any moment, with no "
             "trick won first, but nobody holds the 7 of coins yet. This is the same deal, played "
             "the same way, as the Brisca sample: only the rules around it differ.",
             "La muestra es el as de oros: la vida son los oros. En las briscas el siete de "
             "triunfo puede quedarse con un as de muestra en cualquier momento, sin haber ganado "
             "antes una baza, pero de momento nadie tiene el siete de oros. Es la misma mano, "
             "jugada igual, que la de ejemplo de la brisca: solo cambian las reglas.",
             {"lacks": {0: "7O", 1: "7O"}, "trumps": "O"}),
        Note(13, "exchange:7O",
             "P0 has just drawn the 7 of coins and takes the ace with it at once: in Briscas he "
             "would not even need a trick won. The ace and the three of coins, the two best "
             "trumps, are now both in his hand.",
             "P0 acaba de robar el siete de oros y se queda enseguida con el as: en las briscas "
             "ni siquiera le haría falta haber ganado una baza. El as y el tres de oros, los dos "
             "mejores triunfos, están ya en su mano.",
             {"drawn": {0: "7O"}, "holds_after": {0: "1O 3O"}}),
        Note(15, "4O",
             "P1 trumps the three of swords, 10 points, with the four of coins, his only trump: a "
             "card worth nothing wins a card worth 10.",
             "P1 falla el tres de espadas, 10 puntos, con el cuatro de oros, su única vida: una "
             "carta que no vale nada se lleva una que vale 10.",
             {"in_trick": {0: "3E", 1: "4O"},
              "holds": {1: "4O"}, "lacks": {1: "1O 3O 5O 6O 7O 10O 11O 12O 2O"},
              "label": "fallar", "takes": 1, "points": 10}),
        Note(17, "3O",
             "P0 trumps a worthless five of clubs with his three of coins: only the ace beats it, "
             "and he holds the ace himself, so the three's 10 points are safe.",
             "P0 falla un cinco de bastos que no vale nada con su tres de oros: solo le gana el "
             "as, y el as lo tiene él, así que los 10 puntos del tres están a salvo.",
             {"in_trick": {0: "3O", 1: "5B"}, "holds": {0: "3O 1O"}, "takes": 0, "points": 10}),
        Note(20, "exchange:2O",
             "The 7 of coins now lies turned up. A turned-up 7 or lower is taken by the 2 of "
             "trumps, at any moment: P0 gives his two of coins for it, and leads the 7.",
             "Ahora la muestra es el siete de oros. Una muestra de siete o menos se cambia por el "
             "dos de triunfo, en cualquier momento: P0 da su dos de oros por ella y sale con el "
             "siete.",
             {"holds": {0: "2O"}, "holds_after": {0: "7O"}, "next": 0}),
        Note(22, "3C",
             "P1 has no trump to answer with, so whatever he plays is lost: he throws the three "
             "of cups, 10 points, where the king of clubs would have cost him only 4.",
             "P1 no tiene vida con la que responder, así que pierde lo que eche: echa el tres de "
             "copas, 10 puntos, cuando el rey de bastos solo le habría costado 4.",
             {"in_trick": {0: "7O", 1: "3C"}, "holds": {1: "3C 12B 1B"}, "takes": 0, "points": 10}),
        Note(42, "1E",
             "The last trick goes to P0's ace of swords: he wins the deal by 80 points to 40.",
             "La última baza es para el as de espadas de P0: gana la mano por 80 puntos a 40.",
             {"in_trick": {0: "1E"}, "takes": 0, "result": (80, 40), "winner": 0}),
    ),
    "briscola-2p": (
        Note(0, "deal",
             "The five of swords is turned up: swords are trumps. P0 holds the two of swords, the "
             "lowest trump, and in Briscola the 2 of trumps may take the turned-up card, but only "
             "before the first trick is over.",
             "La muestra es el cinco de espadas: triunfan espadas. P0 tiene el dos de espadas, el "
             "triunfo más bajo, y en la briscola el dos de triunfo puede quedarse con la muestra, "
             "pero solo hasta que se acaba la primera baza.",
             {"holds": {0: "2E"}, "trumps": "E"}),
        Note(1, "exchange:2E",
             "So he exchanges at once, before the first card: neither card is worth a point, but "
             "the five ranks higher than the two. The two now lies under the stock, to be drawn "
             "last.",
             "Así que la cambia enseguida, antes de la primera carta: ninguna de las dos vale "
             "puntos, pero el cinco es más alto que el dos. El dos queda debajo del mazo: será la "
             "última carta que se robe.",
             {"holds": {0: "2E"}, "holds_after": {0: "5E"}}),
        Note(9, "1E",
             "P1 trumps a six of cups, worth nothing, with the ace of swords, the best trump: the "
             "ace's 11 points are banked, but his strongest card is spent on an empty trick.",
             "P1 falla un seis de copas, que no vale nada, con el as de espadas, el mejor "
             "triunfo: se asegura los 11 puntos del as, pero gasta su carta más fuerte en una "
             "baza vacía.",
             {"in_trick": {0: "6C", 1: "1E"},
              "holds": {1: "1E"}, "label": "fallar", "takes": 1, "points": 11}),
        Note(31, "3E",
             "P1 leads the ace of coins, 11 points, and P0 trumps it with the three of swords, 10 "
             "more: 21 points, the richest trick of the deal. An ace led while the other player "
             "may still hold a trump is an ace offered.",
             "P1 sale con el as de oros, 11 puntos, y P0 lo falla con el tres de espadas, que "
             "vale otros 10: 21 puntos, la baza más rica de la mano. Un as que sale mientras el "
             "otro aún puede tener triunfo es un as regalado.",
             {"in_trick": {0: "3E", 1: "1O"},
              "holds": {0: "3E"}, "label": "fallar", "takes": 0, "points": 21, "richest": True}),
        Note(35, "4E",
             "The stock is used up, and the last card drawn is the turned-up one: the two of "
             "swords that P0 put there at the start comes back to him.",
             "Se acaba el mazo, y la última carta que se roba es la muestra: el dos de espadas "
             "que P0 dejó allí al principio vuelve a su mano.",
             {"draws": {0: "2E"}}),
        Note(41, "11C",
             "P0 takes the last trick too and wins by 83 points to 37.",
             "P0 se lleva también la última baza y gana por 83 puntos a 37.",
             {"takes": 0, "result": (83, 37), "winner": 0}),
    ),
    "alcalde-3p": (
        Note(0, "deal",
             "P2 is the Alcalde: he deals, holds six cards and plays two at each turn, alone "
             "against P0 and P1, who pool their points. The six of cups is turned up: cups are "
             "trumps.",
             "P2 es el alcalde: da las cartas, tiene seis y juega dos en cada turno, él solo "
             "contra P0 y P1, que suman sus puntos. La muestra es el seis de copas: triunfan "
             "copas.",
             {"holds": {2: "2B 6E 10E 11C 10B 5C"}, "trumps": "C"}),
        Note(4, "2B",
             "The Alcalde plays last, and with two cards: his knight of cups beats P0's seven of "
             "cups and brings in P1's three of clubs with it, 13 points. A partner who plays "
             "before the Alcalde should not throw points that he may take.",
             "El alcalde juega el último, y con dos cartas: su caballo de copas gana al siete de "
             "copas de P0 y se lleva con él el tres de bastos de P1, 13 puntos. El compañero que "
             "juega antes que el alcalde no debe echar puntos que él pueda llevarse.",
             {"in_trick": {0: "7C", 1: "3B", 2: "11C 2B"}, "takes": 2, "points": 13}),
        Note(27, "exchange:2C",
             "In the middle of his turn the Alcalde takes the turned-up six of cups with his two "
             "of cups (a 7 or lower goes to the 2 of trumps, at any moment), then plays the four "
             "and the six of cups: the six takes P1's ace of swords, 11 points.",
             "En mitad de su turno el alcalde cambia la muestra, el seis de copas, por su dos de "
             "copas (una muestra de siete o menos es para el dos de triunfo, en cualquier "
             "momento) y luego juega el cuatro y el seis de copas: el seis se lleva el as de "
             "espadas de P1, 11 puntos.",
             {"holds": {2: "2C 4C"}, "holds_after": {2: "6C"}, "in_trick": {1: "1E", 2: "4C 6C"},
              "takes": 2, "points": 11}),
        Note(41, "1B",
             "The Alcalde's two aces take the last trick, 33 points. He ends with 93 of the 120 "
             "against the partners' 27: with 60 or more he wins, and stays Alcalde.",
             "Los dos ases del alcalde se llevan la última baza, 33 puntos. Acaba con 93 de los "
             "120, frente a 27 de los compañeros: con 60 o más gana, y sigue siendo alcalde.",
             {"in_trick": {2: "1O 1C"}, "takes": 2, "points": 33, "result": (27, 93), "winner": 1}),
    ),
    "alcalde-variation-3p": (
        Note(0, "deal",
             "In the variation the Alcalde, P2, holds only four cards and plays one at a time, but "
             "he needs only 31 of the 120 points to win. The four of cups is turned up: cups are "
             "trumps.",
             "En la variante el alcalde, P2, tiene solo cuatro cartas y juega una cada vez, pero "
             "le bastan 31 de los 120 puntos para ganar. La muestra es el cuatro de copas: "
             "triunfan copas.",
             {"holds": {2: "3E 11B 10C 5O"}, "trumps": "C"}),
        Note(9, "exchange:2C",
             "The turned-up card is a four, so the 2 of trumps may take it: P1 gives his two of "
             "cups for it and trumps the Alcalde's knight of clubs with the four at once.",
             "La muestra es un cuatro, así que el dos de triunfo puede quedarse con ella: P1 da "
             "su dos de copas a cambio y falla enseguida con el cuatro el caballo de bastos del "
             "alcalde.",
             {"in_trick": {1: "4C", 2: "11B"},
              "holds": {1: "2C"}, "holds_after": {1: "4C"}, "takes": 1, "points": 3}),
        Note(19, "1C",
             "P1 trumps with the knight of cups, and the Alcalde, last to play, overtrumps with "
             "the ace of cups: 14 points for him.",
             "P1 falla con el caballo de copas, y el alcalde, que juega el último, pisa con el as "
             "de copas: 14 puntos para él.",
             {"in_trick": {1: "11C", 2: "1C"}, "label": "pisar", "takes": 2, "points": 14}),
        Note(40, "1O",
             "P0's ace of coins takes the last trick, 24 points, and the Alcalde's last card, the "
             "ace of clubs, goes to his own pile: 11 more for him. The partners have 66 points to "
             "his 54, and still lose: the Alcalde needed only 31.",
             "El as de oros de P0 se lleva la última baza, 24 puntos, y la última carta del "
             "alcalde, el as de bastos, va a su propio montón: 11 más para él. Los compañeros "
             "suman 66 puntos frente a sus 54, y aun así pierden: al alcalde le bastaban 31.",
             {"in_trick": {0: "1O"},
              "holds": {2: "1B"}, "takes": 0, "points": 24, "score": (38, 28, 54),
              "result": (66, 54), "winner": 1}),
    ),
    "aluette-4p": (
        Note(0, "deal",
             "No trumps and no card points: nine tricks, and the one player who takes the most "
             "wins the deal for his partnership (P0 and P2 against P1 and P3). The named cards "
             "decide: P2 holds monsieur, the three of coins, the best card of all, and the "
             "grand-neuf (the nine of cups); P3 holds madame, the three of cups.",
             "Sin triunfos y sin puntos en las cartas: nueve bazas, y el jugador que se lleve más "
             "gana la mano para su pareja (P0 y P2 contra P1 y P3). Mandan las cartas con nombre: "
             "P2 tiene monsieur, el tres de oros, la mejor de todas, y el grand-neuf (el nueve de "
             "copas); P3 tiene madame, el tres de copas.",
             {"holds": {2: "3O 9C", 3: "3C"}}),
        Note(20, "1C",
             "Two aces tie for the best card: the trick is spoiled (“pourri”) and nobody takes "
             "it; P0, who led it, leads again. P3 could have won it with madame, but he spoils it "
             "with his ace of cups and keeps madame for later.",
             "Dos ases empatan como mejor carta: la baza queda nula («pourri») y no es de nadie; "
             "P0, que salió, vuelve a salir. P3 podía ganarla con madame, pero la anula con su as "
             "de copas y se guarda a madame para más adelante.",
             {"in_trick": {2: "1O", 3: "1C"}, "holds": {3: "1C 3C"}, "takes": None, "next": 0}),
        Note(32, "12B",
             "Madame's moment: P2 led the grand-neuf, which only the four named cards above it "
             "beat, and P3 took the trick with madame.",
             "El momento de madame: P2 ha salido con el grand-neuf, al que solo ganan las cuatro "
             "cartas con nombre que tiene por encima, y P3 se ha llevado la baza con madame.",
             {"in_trick": {2: "9C", 3: "3C"}, "takes": 3}),
        Note(36, "3O",
             "Monsieur takes the last trick: P2 ends with five tricks, more than anyone, and wins "
             "the deal for himself and P0. P0's two tricks are not added to his: only the player "
             "with the most tricks counts.",
             "Monsieur se lleva la última baza: P2 acaba con cinco bazas, más que nadie, y gana la "
             "mano para él y para P0. Las dos bazas de P0 no se suman a las suyas: solo cuenta el "
             "jugador que más bazas tiene.",
             {"in_trick": {2: "3O"}, "takes": 2, "score": (2, 0, 5, 1), "winner": 0}),
    ),
    "chiamata-failed": (
        Note(0, "deal",
             "Five players, eight cards each and no turned-up card: the auction decides the "
             "trumps and the sides. P0's strength is in swords: the three, the jack, the six and "
             "the five.",
             "Cinco jugadores, ocho cartas cada uno y ninguna muestra: la subasta decide el "
             "triunfo y los bandos. La fuerza de P0 está en las espadas: el tres, la sota, el seis "
             "y el cinco.",
             {"holds": {0: "3E 10E 6E 5E"}}),
        Note(17, "pass",
             "P1 gives up, and P0 wins the auction at 73: with the partner he is about to call, "
             "he must take at least 73 of the 120 points. Every raise in the duel with P1 made "
             "that harder.",
             "P1 se retira, y P0 gana la subasta con 73: con el compañero que va a llamar, tendrá "
             "que llevarse al menos 73 de los 120 puntos. Cada puja del duelo con P1 se lo ha "
             "puesto más difícil.",
             {"auction": (0, 73)}),
        Note(18, "call:1E",
             "P0 calls the ace of swords: swords, his long suit, become trumps, and the ace is "
             "the one trump that beats his three. Whoever holds it is his partner, in secret: "
             "only P3, who has it, knows.",
             "P0 llama al as de espadas: las espadas, su palo largo, pasan a ser triunfo, y el as "
             "es el único triunfo que gana a su tres. Quien lo tenga es su compañero, en secreto: "
             "solo lo sabe P3, que lo tiene.",
             {"holds": {0: "3E", 3: "1E"}, "trumps": "E"}),
        Note(42, "1E",
             "P3 overtrumps P1 with the called ace: now everyone knows he is P0's partner. The "
             "trick brings their side 16 points.",
             "P3 pisa a P1 con el as llamado: ahora todos saben que es el compañero de P0. La "
             "baza da 16 puntos a su bando.",
             {"in_trick": {1: "4E", 3: "1E"}, "label": "pisar", "takes": 3, "points": 16}),
        Note(48, "7B",
             "Coins are not trumps: P0's three of coins beats the king, but P1 tops it with the "
             "ace of coins, and the defenders take 25 points, 10 of them from the caller's own "
             "three. P0 still held the three of swords, a trump.",
             "Los oros no son triunfo: el tres de oros de P0 gana al rey, pero P1 lo supera con el "
             "as de oros, y los defensores se llevan 25 puntos, 10 de ellos del propio tres del "
             "que llama. P0 todavía tenía el tres de espadas, un triunfo.",
             {"in_trick": {0: "3O", 1: "1O", 4: "12O"}, "holds": {0: "3E"}, "takes": 1,
              "points": 25}),
        Note(58, "12B",
             "P1's ace of cups takes the last trick, 33 points. The defenders end with 64 and the "
             "caller's side with 56, 17 short of 73: the caller loses 2, his partner 1, and each "
             "defender scores 1.",
             "El as de copas de P1 se lleva la última baza, 33 puntos. Los defensores acaban con "
             "64 y el bando del que llama con 56, a 17 de los 73: el que llama pierde 2, su "
             "compañero 1, y cada defensor se apunta 1.",
             {"in_trick": {1: "1C"}, "takes": 1, "points": 33, "result": (56, 64),
              "game_points": (-2, 1, 1, -1, 1)}),
    ),
    "rematada-failed": (
        Note(14, "pass",
             "P0 passes at 111 and P1 has the contract: he must make 111 points alone against the "
             "other two. His two discards, the last trick and any marriages put more than 120 "
             "points within reach, but 111 leaves him almost nothing to lose.",
             "P0 pasa en 111 y el contrato es de P1: tendrá que hacer 111 puntos él solo contra "
             "los otros dos. Sus dos descartes, las diez de últimas y los cantes ponen a su "
             "alcance más de 120 puntos, pero con 111 apenas puede permitirse perder nada.",
             {"auction": (1, 111)}),
        Note(16, "discard:12C",
             "P1 has taken the talon and puts two cards face down on his own pile, the three of "
             "coins and the king of cups: 14 points he can no longer lose.",
             "P1 se ha quedado con el talón y aparta dos cartas boca abajo en su propio montón, el "
             "tres de oros y el rey de copas: 14 puntos que ya no puede perder.",
             {"holds": {1: "12C"}, "lacks": {1: "3O"}, "score": (0, 14, 0)}),
        Note(17, "trump:E",
             "He names swords trumps: he holds the ace, the king and the knight. The three of "
             "swords, the second-best trump, is in P0's hand.",
             "Elige espadas de triunfo: tiene el as, el rey y el caballo. El tres de espadas, el "
             "segundo mejor triunfo, está en la mano de P0.",
             {"holds": {1: "1E 12E 11E", 0: "3E"}, "trumps": "E"}),
        Note(41, "10E",
             "P0 leads his three of swords and P1 catches it with the ace: 23 points for the "
             "declarer. Even so he has only 47, far from 111, with two tricks left.",
             "P0 sale con su tres de espadas y P1 lo caza con el as: 23 puntos para el que "
             "remata. Aun así solo tiene 47, lejos de 111, y quedan dos bazas.",
             {"in_trick": {0: "3E", 1: "1E"}, "takes": 1, "points": 23, "score": (28, 47, 6)}),
        Note(47, "3B",
             "P0's ace of coins takes the last trick, and the 10 for it. P1 ends with 47 points, "
             "64 short of his 111: the contract fails, and the other two share the bid, 55.5 "
             "each.",
             "El as de oros de P0 se lleva la última baza, y las diez de últimas. P1 acaba con 47 "
             "puntos, a 64 de sus 111: no cumple el contrato, y los otros dos se reparten la puja, "
             "55,5 cada uno.",
             {"in_trick": {0: "1O"}, "takes": 0, "score": (77, 47, 6), "result": (47, 83),
              "game_points": (55.5, 0, 55.5)}),
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
