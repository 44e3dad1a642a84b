"""What the pure Aliwar machine hands the face: its events as objects (twin of
``_views.pxi``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardwars.aliwar.tables import AliwarFaces

__all__: list[str] = []  # the machine's event_objects method is the public name

# ``faces`` is the face's table of what to build with (the kernels know no classes), an
# AliwarFaces (aliwar.tables documents each field), read by field name.
# Objects are made as their frozen dataclass's __init__ would make them, without it:
# object.__setattr__ sets each slot (the values were checked by the rule steps).


def _make(cls: type, **fields: Any) -> Any:
    """An instance of the frozen dataclass ``cls`` with these fields, without its __init__."""
    obj: Any = object.__new__(cls)
    for name, value in fields.items():
        object.__setattr__(obj, name, value)
    return obj


def event_objects(codes: Sequence[int], faces: AliwarFaces, result: Any) -> tuple[Any, ...]:
    """A step's events, the ints ``codes``, as the face's objects (from ``faces``)."""
    cards, out = faces.cards, []
    i = 0
    while i < len(codes):
        kind = codes[i]
        if kind == 0:
            out.append(faces.revealed[codes[i + 1]][codes[i + 2]])
            i += 3
        elif kind == 1:
            column, card_0, card_1, protected_0, protected_1, winner = codes[i + 1 : i + 7]
            out.append(
                _make(
                    faces.conflict,
                    column=column,
                    cards=(cards[card_0], cards[card_1]),
                    protected=faces.protected[2 * protected_0 + protected_1],
                    winner=faces.winners[2 if winner < 0 else winner],
                )
            )
            i += 7
        elif kind == 2:
            out.append(faces.emptied[codes[i + 1]][codes[i + 2]])
            i += 3
        elif kind == 3:
            count = codes[i + 1]
            discarded = tuple(cards[card] for card in codes[i + 2 : i + 2 + count])
            out.append(_make(faces.discarded, cards=discarded))
            i += 2 + count
        elif kind == 4:
            seat, count = codes[i + 1], codes[i + 2]
            pairs = codes[i + 3 : i + 3 + 2 * count]
            returned = tuple((pairs[k], cards[pairs[k + 1]]) for k in range(0, 2 * count, 2))
            out.append(_make(faces.returned, seat=seat, returned=returned))
            i += 3 + 2 * count
        elif kind == 5:
            seat, card, stack = codes[i + 1 : i + 4]
            out.append(_make(faces.kept, seat=seat, card=cards[card], stack=stack))
            i += 4
        elif kind == 6:
            out.append(faces.declined[codes[i + 1]])
            i += 2
        elif kind == 7:
            tops = [cards[card] for card in codes[i + 1 : i + 11]]
            out.append(_make(faces.flipped, tops=(tuple(tops[:5]), tuple(tops[5:]))))
            i += 11
        else:
            out.append(_make(faces.over, result=result))
            i += 3
    return tuple(out)
