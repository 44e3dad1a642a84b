"""What the pure Guerrilla machine hands out besides its protocol: its events as the
face's objects and the RL encodings (twin of ``guerrilla/_views.pxi``).

The machine records a step's events as a flat tuple of ints (the table in
``guerrilla.machine``); :func:`event_objects` turns them into the face's event
objects, from the face's table of shared events and classes. :class:`GuerrillaViews`
adds to the rule steps the encodings of ``cardwars.envs.encoding``.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from typing import Any

from cardwars import exclusive
from cardwars.guerrilla.steps import OVER, GuerrillaRules
from cardwars.guerrilla.tables import GuerrillaFaces

__all__: list[str] = []  # the machine's methods are the public names


def event_objects(
    codes: Sequence[int], faces: GuerrillaFaces, result: object
) -> tuple[object, ...]:
    """The last step's events as the face's objects, from its table ``faces`` (a
    :class:`~cardwars.guerrilla.tables.GuerrillaFaces`, which documents each field): the
    shared events by their ints, the others made with their classes. Codes as in the
    module's table."""

    cards = faces.cards
    events: list[object] = []
    append = events.append
    i, n = 0, len(codes)
    kind = -1
    while i < n:
        last, kind = kind, codes[i]
        if kind == 8:
            append(faces.played[codes[i + 1]][codes[i + 2]][codes[i + 3]])
            i += 4
        elif kind == 6:
            append(faces.drawn[codes[i + 1]][codes[i + 2]])
            i += 3
        elif kind == 10:
            # GT-7's evaluation follows the cards played (code 8) at once; any other is
            # a re-evaluation (GT-9, or GT-8 with the support cascade).
            count = codes[i + 1]
            outcomes = tuple(codes[i + 2 : i + 2 + count])
            key = (outcomes, last != 8)
            event = faces.evaluations.get(key)
            if event is None:
                event = faces.evaluations[key] = faces.evaluated(*key)
            append(event)
            i += 2 + count
        elif kind == 14:
            count = codes[i + 2]
            taken = tuple([cards[c] for c in codes[i + 3 : i + 3 + count]])
            append(faces.spoils(codes[i + 1], taken))
            i += 3 + count
        elif kind == 15:
            count = codes[i + 2]
            append(faces.won(codes[i + 1], tuple(codes[i + 3 : i + 3 + count])))
            i += 3 + count
        elif kind == 0:
            append(faces.started(codes[i + 1], codes[i + 2]))
            i += 3
        elif kind == 9:
            append(faces.supports[codes[i + 1]][codes[i + 2]])
            i += 3
        elif kind == 11:
            append(faces.placed[codes[i + 1]][codes[i + 2]][codes[i + 3]])
            i += 4
        elif kind == 12:
            append(faces.revealed[codes[i + 1]][codes[i + 2]])
            i += 3
        elif kind == 13:
            count = codes[i + 1]
            append(faces.lost(tuple([cards[c] for c in codes[i + 2 : i + 2 + count]])))
            i += 2 + count
        elif kind == 5:
            append(faces.reshuffled(codes[i + 1], codes[i + 2]))
            i += 3
        elif kind == 7:
            count = codes[i + 2]
            hand = tuple([cards[c] for c in codes[i + 3 : i + 3 + count]])
            append(faces.eliminated(codes[i + 1], hand))
            i += 3 + count
        elif kind == 16:
            append(faces.spy[codes[i + 1]])
            i += 2
        elif kind == 1:
            count = codes[i + 2]
            append(faces.proposal(codes[i + 1], tuple(codes[i + 3 : i + 3 + count])))
            i += 3 + count
        elif kind == 2:
            append(faces.promoted(codes[i + 1]))
            i += 2
        elif kind == 3:
            count = codes[i + 1]
            pairs = codes[i + 2 : i + 2 + 2 * count]
            reveals = tuple([(pairs[k], cards[pairs[k + 1]]) for k in range(0, 2 * count, 2)])
            i += 2 + 2 * count
            count = codes[i]
            append(faces.cancelled(reveals, tuple(codes[i + 1 : i + 1 + count])))
            i += 1 + count
        elif kind == 4:
            append(faces.recruited(codes[i + 1], codes[i + 2], codes[i + 3]))
            i += 4
        else:
            assert kind == 17 and result is not None
            append(faces.over(result))
            i += 2
    return tuple(events)


class GuerrillaViews(GuerrillaRules):
    """The rule steps plus the RL encodings of the position."""

    # --- the RL encodings ---------------------------------------------------------------
    # ``out`` is a writable float32 buffer (a NumPy float32 array, or a memoryview cast to
    # "f") of at least the encoding's size; its first elements are overwritten with the
    # layout of ``cardwars.envs.encoding`` (the reference, which documents each field).

    @exclusive.read
    def encode_observation(self, seat: int, out: Any) -> None:
        """Write seat ``seat``'s observation vector (``64 * players + 115`` floats) into ``out``."""
        n = self._n
        if type(seat) is not int or not 0 <= seat < n:
            raise ValueError(f"a seat is a plain int 0..{n - 1}")
        size = 64 * n + 115
        if len(out) < size:
            raise ValueError(f"a Guerrilla observation needs {size} floats, got {len(out)}")
        out[:size] = array("f", self._encode(seat))

    @exclusive.read
    def encode_state(self, out: Any) -> None:
        """Write the god's-eye state vector (``243 * players + 66`` floats) into ``out``."""
        size = 243 * self._n + 66
        if len(out) < size:
            raise ValueError(f"a Guerrilla state needs {size} floats, got {len(out)}")
        out[:size] = array("f", self._encode(-1))

    def _encode(self, seat: int) -> list[int]:
        n = self._n
        seats = range(n)

        def pile(cards: Sequence[int]) -> list[int]:
            return [c + 1 for c in cards] + [0] * (52 - len(cards))

        codes = [1 if s == seat else 0 for s in seats] if seat >= 0 else []
        codes += [1 if p == self._phase else 0 for p in range(8)]
        codes += [self._to_act >> s & 1 for s in seats]
        for s in seats:
            if seat < 0 or s == seat:
                codes += pile(self._hands[s])
        codes += [self._g, self._k]
        for flags in (self._in_game, self._played_g, self._penalty, self._spy):
            codes += [1 if flags[s] else 0 for s in seats]
        if seat >= 0:
            for piles in (self._hands, self._draw, self._discard):
                codes += [len(piles[s]) for s in seats]
        else:
            for piles in (self._draw, self._discard):
                for s in seats:
                    codes += pile(piles[s])
        codes += pile(self._removed)
        codes += [c + 1 if c >= 0 else 0 for c in self._played]
        codes += [c + 1 if c >= 0 else 0 for c in self._supports]
        width = 2 if seat >= 0 else 3
        ties = [0] * (26 * n * width)
        for r, placements in enumerate(self._tie_rounds[:26]):
            for s, down, up in placements:
                at = (r * n + s) * width
                ties[at] = up + 1
                if seat >= 0:
                    ties[at + 1] = 1 if down >= 0 else 0
                elif down >= 0:
                    ties[at + 1], ties[at + 2] = down + 1, 1
        codes += ties
        proposer = n if self._proposer < 0 else self._proposer
        codes += [1 if s == proposer else 0 for s in range(n + 1)]
        if seat < 0:
            over = self._phase == OVER
            codes += [1 if over and s in self._result_winners else 0 for s in seats]
            codes += [1 if over and self._termination == t else 0 for t in range(3)]
        return codes
