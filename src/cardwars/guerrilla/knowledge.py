"""What one seat knows of a Guerrilla game's hidden cards, and the uniform draw of a world
(:meth:`State.determinize <cardwars.guerrilla.State.determinize>`; the method is on
:doc:`/api/guerrilla`), on card ids and without the machine."""

from __future__ import annotations

import math
from collections.abc import Sequence
from math import factorial
from typing import TYPE_CHECKING, Any

import cardwars.guerrilla.moves as gt

if TYPE_CHECKING:
    from cardwars.core_rng import Rng

__all__ = ["InconsistentError", "Knowledge"]

MAX_BRANCHES = 512
"""Beyond this many branches the knowledge keeps the first ones, so the sample leaves out some
consistent worlds (never admitting an inconsistent one); no game of the tests came near it."""


class InconsistentError(Exception):
    """The events contradict the knowledge (a bug, or a branch to drop)."""


class _Branch:
    """One way the hidden slots may lie: a set of cards per slot, and the zones."""

    __slots__ = ("discards", "down", "draws", "hands", "sets")

    def __init__(self, players: int) -> None:
        self.sets: list[frozenset[int]] = []  # by slot id; a slot once used keeps its id
        self.hands: list[list[int]] = [[] for _ in range(players)]  # slot ids
        self.draws: list[list[int]] = [[] for _ in range(players)]
        self.discards: list[list[int]] = [[] for _ in range(players)]
        self.down: list[tuple[int, int]] = []  # this skirmish's face-down (seat, slot)s

    def copy(self) -> _Branch:
        other = _Branch(0)
        other.sets = list(self.sets)
        other.hands = [list(z) for z in self.hands]
        other.draws = [list(z) for z in self.draws]
        other.discards = [list(z) for z in self.discards]
        other.down = list(self.down)
        return other

    def new(self, cards: frozenset[int]) -> int:
        self.sets.append(cards)
        return len(self.sets) - 1

    def live(self) -> list[int]:
        """Every hidden slot."""
        out = [i for zone in (*self.hands, *self.draws, *self.discards) for i in zone]
        return out + [i for _, i in self.down]

    def signature(self) -> tuple[Any, ...]:
        """What tells two branches' worlds apart (hands as multisets of sets)."""
        s = self.sets
        return (
            tuple(tuple(sorted(tuple(sorted(s[i])) for i in h)) for h in self.hands),
            tuple(tuple(tuple(sorted(s[i])) for i in z) for z in self.draws),
            tuple(tuple(tuple(sorted(s[i])) for i in z) for z in self.discards),
            tuple((seat, tuple(sorted(s[i]))) for seat, i in self.down),
        )

    # --- the knowledge's steps ----------------------------------------------------------
    def forget(self, card: int, keep: Sequence[int] = ()) -> None:
        """``card`` is in none of the live slots but ``keep``."""
        kept = set(keep)
        for i in self.live():
            if i not in kept and card in self.sets[i]:
                self.sets[i] = self.sets[i] - {card}
                if not self.sets[i]:
                    raise InconsistentError(card)

    def pin(self, slot: int, card: int) -> None:
        if card not in self.sets[slot]:
            raise InconsistentError(card)
        self.sets[slot] = frozenset((card,))
        self.forget(card, (slot,))

    def take_top(self, s: int, count: int, into: list[int]) -> None:
        """Move the top ``count`` slots of seat ``s``'s draw pile to the end of ``into``
        (reshuffling its discard pile when it runs out)."""
        for _ in range(count):
            if not self.draws[s]:
                pile = self.discards[s]
                if not pile:
                    raise InconsistentError(s)
                union = frozenset().union(*(self.sets[i] for i in pile))
                self.draws[s] = [self.new(union) for _ in pile]
                self.discards[s] = []
            into.append(self.draws[s].pop(0))


def _hand_options(branch: _Branch, s: int, card: int | None) -> list[int]:
    """The hand slots of seat ``s`` that ``card`` (None: any card) may leave, one per set."""
    seen: set[frozenset[int]] = set()
    out = []
    for i in branch.hands[s]:
        cards = branch.sets[i]
        if (card is None or card in cards) and cards not in seen:
            seen.add(cards)
            out.append(i)
    return out


class Knowledge:
    """Seat ``seat``'s knowledge of the hidden cards, followed event by event.

    ``branches`` are the ways the slots may lie (usually one; at most :data:`MAX_BRANCHES`)."""

    def __init__(self, players: int, seat: int) -> None:
        self.players = players
        self.seat = seat
        self.branches = [_Branch(players)]

    # --- the start ----------------------------------------------------------------------
    @classmethod
    def dealt(cls, players: int, seat: int, suits: Sequence[Sequence[int]]) -> Knowledge:
        """At the deal, before the first Draw: each seat's draw pile is its own cards."""
        k = cls(players, seat)
        b = k.branches[0]
        for s, own in enumerate(suits):
            cards = frozenset(own)
            b.draws[s] = [b.new(cards) for _ in own]
        return k

    @classmethod
    def positioned(
        cls,
        players: int,
        seat: int,
        hands: Sequence[Sequence[int]],
        draws: Sequence[Sequence[int]],
        discards: Sequence[Sequence[int]],
    ) -> Knowledge:
        """A hand-built position: the seat knows its own hand; every other hand, draw pile
        and discard pile card is one of the unseen cards."""
        k = cls(players, seat)
        b = k.branches[0]
        unseen = frozenset(
            c
            for zones in (hands, draws, discards)
            for s, zone in enumerate(zones)
            for c in zone
            if zones is not hands or s != seat
        )
        for s in range(players):
            b.hands[s] = [b.new(frozenset((c,)) if s == seat else unseen) for c in hands[s]]
            b.draws[s] = [b.new(unseen) for _ in draws[s]]
            b.discards[s] = [b.new(unseen) for _ in discards[s]]
        return k

    # --- the events -----------------------------------------------------------------------
    def see(self, event: object) -> None:
        """Follow one event of the seat's feed."""
        if isinstance(event, gt.CardsDrawn):
            self._each(lambda b: b.take_top(event.seat, event.count, b.hands[event.seat]))
        elif isinstance(event, gt.CardsRecruited):
            self._each(lambda b: b.take_top(event.source, event.count, b.discards[event.seat]))
        elif isinstance(event, (gt.CardPlayed, gt.SupportAdded)):
            self._shown(event.seat, event.card.id)
        elif isinstance(event, gt.TieCardsPlaced):
            if event.face_down:
                self._face_down(event.seat)
            self._shown(event.seat, event.up.id)
        elif isinstance(event, gt.FaceDownRevealed):
            self._each(lambda b: _reveal_down(b, event.seat, event.card.id))
        elif isinstance(event, gt.ProposalCancelled):
            for s, card in event.reveals:
                self._each(lambda b, s=s, c=card.id: b.forget(c, b.hands[s]))
        elif isinstance(event, gt.PlayerEliminated):
            self._eliminated(event.seat, [card.id for card in event.hand])
        elif isinstance(event, gt.SpoilsTaken) and event.seat >= 0:
            # Public cards: known slots at the end of the pile.
            self._each(
                lambda b: b.discards[event.seat].extend(
                    b.new(frozenset((card.id,))) for card in event.cards
                )
            )
        # Every other event moves no hidden card (removals and table cards are public).

    def _each(self, step: Any) -> None:
        kept = []
        for b in self.branches:
            try:
                step(b)
            except InconsistentError:
                continue
            kept.append(b)
        self._keep(kept)

    def _keep(self, branches: list[_Branch]) -> None:
        if not branches:
            raise InconsistentError("no branch is consistent with the events")
        unique: dict[tuple[Any, ...], _Branch] = {}
        for b in branches:
            unique.setdefault(b.signature(), b)
        self.branches = list(unique.values())

    def _split(self, step: Any, options: Any) -> None:
        """Apply ``step(branch, slot)`` for each slot of ``options(branch)``, one branch each."""
        out = []
        for b in self.branches:
            slots = options(b)
            for n, slot in enumerate(slots):
                c = b.copy() if n < len(slots) - 1 else b
                try:
                    step(c, slot)
                except InconsistentError:
                    continue
                out.append(c)
        if len(out) > MAX_BRANCHES:
            out = out[:MAX_BRANCHES]  # bounded work; see MAX_BRANCHES
        self._keep(out)

    def _shown(self, s: int, card: int) -> None:
        """Seat ``s`` shows ``card`` from its hand: it goes to the table."""

        def step(b: _Branch, slot: int) -> None:
            b.hands[s].remove(slot)
            b.forget(card)

        self._split(step, lambda b: _hand_options(b, s, card))

    def _face_down(self, s: int) -> None:
        """Seat ``s`` puts a hand card face down: the slot goes to the table, unseen."""

        def step(b: _Branch, slot: int) -> None:
            b.hands[s].remove(slot)
            b.down.append((s, slot))

        self._split(step, lambda b: _hand_options(b, s, None))

    def _eliminated(self, s: int, cards: list[int]) -> None:
        def step(b: _Branch) -> None:
            _pin_set(b, b.hands[s], cards)  # shown: known to be nowhere else
            b.hands[s] = []

        self._each(step)

    # --- the end: the seat's own cards, and the draw --------------------------------------
    def finish(self, hand: Sequence[int], downs: Sequence[tuple[int, int]]) -> None:
        """Pin the seat's own hand (a set) and its face-down tie cards still hidden.

        ``downs`` are every face-down tie card on the table, as (seat, card), in table
        order; those already shown (a finished tie, GT-10.6) are the first ones and are
        public, so only the last ones, as many as the knowledge still hides, are pinned
        (the seat's own) or left to the sample (the others')."""
        seat = self.seat

        def step(b: _Branch) -> None:
            _pin_set(b, b.hands[seat], hand)
            if len(b.down) > len(downs):
                raise InconsistentError(downs)
            still = downs[len(downs) - len(b.down) :]
            for (s, slot), (owner, card) in zip(b.down, still, strict=True):
                if s != owner:
                    raise InconsistentError(downs)
                if s == seat:
                    b.pin(slot, card)
            _propagate(b)  # may show the branch has no world: it is dropped

        self._each(step)

    def sample(self, rng: Rng) -> _World:
        """A world drawn uniformly among the matchings of all branches."""
        flows = {id(b): _Flows([(i, b.sets[i]) for i in b.live()]) for b in self.branches}
        # A world is kept with chance floor / (its matchings over all branches), floor being at most
        # that count for every world: a hand's places with the same set can always swap their cards,
        # so each hand has at least the product of k! over its classes of k such places.
        counts = [flows[id(b)].total for b in self.branches]
        if not any(counts):
            raise InconsistentError("no world is consistent with the events")
        floor = min(
            math.prod(_swaps(b, h) for h in b.hands)
            for b, n in zip(self.branches, counts, strict=True)
            if n
        )
        while True:
            b = self.branches[_choose(rng, counts)]
            world = _World(b, flows[id(b)].draw(rng))
            # A world is a set per hand: it is held by every matching of every branch
            # that gives it (and kept with one chance in that many).
            holders = sum(
                _realizations(other, world)
                for other, n in zip(self.branches, counts, strict=True)
                if n
            )
            if holders <= floor or _below(rng, holders) < floor:
                return world


class _World:
    """One sampled world: the cards of the zones, in the zones' slot order."""

    __slots__ = ("discards", "down", "draws", "hands")

    def __init__(self, b: _Branch, card_of: dict[int, int]) -> None:
        self.hands = [[card_of[i] for i in z] for z in b.hands]
        self.draws = [[card_of[i] for i in z] for z in b.draws]
        self.discards = [[card_of[i] for i in z] for z in b.discards]
        self.down = [card_of[i] for _, i in b.down]


def _reveal_down(b: _Branch, s: int, card: int) -> None:
    """The first unseen face-down card of the table (they are shown in table order) is seat
    ``s``'s, and it is ``card``."""
    if not b.down or b.down[0][0] != s:
        raise InconsistentError(s)
    _, slot = b.down.pop(0)
    if card not in b.sets[slot]:
        raise InconsistentError(card)
    b.forget(card)


def _matching(sets: Sequence[frozenset[int]], cards: Sequence[int]) -> list[int] | None:
    """A slot index for each card (card ``n`` into ``sets[result[n]]``), one each, or None."""
    owner: dict[int, int] = {}  # slot -> card index

    def place(n: int, seen: set[int]) -> bool:
        for j, cs in enumerate(sets):
            if cards[n] in cs and j not in seen:
                seen.add(j)
                if j not in owner or place(owner[j], seen):
                    owner[j] = n
                    return True
        return False

    if len(sets) != len(cards):
        return None
    for n in range(len(cards)):
        if not place(n, set()):
            return None
    out = [0] * len(cards)
    for j, n in owner.items():
        out[n] = j
    return out


def _pin_set(b: _Branch, slots: list[int], cards: Sequence[int]) -> None:
    """The slots hold exactly ``cards`` (as a set): each slot is pinned to one of them."""
    match = _matching([b.sets[i] for i in slots], cards)
    if match is None:
        raise InconsistentError(cards)
    for n, card in enumerate(cards):
        b.sets[slots[match[n]]] = frozenset((card,))
    for n, card in enumerate(cards):
        b.forget(card, (slots[match[n]],))


def _propagate(b: _Branch) -> None:
    """Pin what is forced: a slot with one card, a card with one slot."""
    changed = True
    while changed:
        changed = False
        live = b.live()
        where: dict[int, list[int]] = {}
        for i in live:
            for c in b.sets[i]:
                where.setdefault(c, []).append(i)
        for c, slots in where.items():
            if len(slots) == 1 and len(b.sets[slots[0]]) > 1:
                b.sets[slots[0]] = frozenset((c,))
                changed = True
        for i in live:
            if len(b.sets[i]) == 1:
                (c,) = b.sets[i]
                if len(where.get(c, ())) > 1:
                    b.forget(c, (i,))
                    changed = True


class _Flows:
    """The classes of a branch's slots and cards, and the number of matchings per flow.

    Slots with the same set form a class; cards in the same slot classes form a class.
    A matching sends ``d`` cards of each card class to each slot class (a flow), in
    ``m! / prod(d!)`` ways per card class, then arranges each slot class in ``n!`` ways."""

    def __init__(self, slots: Sequence[tuple[int, frozenset[int]]]) -> None:
        by_set: dict[frozenset[int], list[int]] = {}
        for i, cards_of_slot in slots:
            by_set.setdefault(cards_of_slot, []).append(i)
        self.slot_classes = list(by_set.items())
        cards = sorted(frozenset().union(*by_set) if by_set else frozenset())
        by_sig: dict[tuple[int, ...], list[int]] = {}
        for c in cards:
            sig = tuple(n for n, (cs, _) in enumerate(self.slot_classes) if c in cs)
            by_sig.setdefault(sig, []).append(c)
        self.card_classes = list(by_sig.items())
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}
        sizes = tuple(len(slots) for _, slots in self.slot_classes)
        if len(cards) != len(slots):
            self.total = 0
        else:
            self.total = self.ways(0, sizes) * math.prod(factorial(n) for n in sizes)
        self.sizes = sizes

    def splits(
        self, j: int, caps: tuple[int, ...]
    ) -> list[tuple[tuple[int, ...], int, tuple[int, ...]]]:
        """Each way to spread card class ``j`` over its slot classes: with its weight, and
        the room it leaves in each slot class."""
        sig, cards = self.card_classes[j]
        m = len(cards)
        out: list[tuple[tuple[int, ...], int, tuple[int, ...]]] = []

        def go(k: int, left: int, taken: list[int]) -> None:
            if k == len(sig) - 1:
                if left <= caps[sig[k]]:
                    parts = (*taken, left)
                    rest = list(caps)
                    for at, d in zip(sig, parts, strict=True):
                        rest[at] -= d
                    weight = factorial(m) // math.prod(factorial(d) for d in parts)
                    out.append((parts, weight, tuple(rest)))
                return
            for d in range(min(left, caps[sig[k]]) + 1):
                go(k + 1, left - d, [*taken, d])

        if sig:
            go(0, m, [])
        return out

    def ways(self, j: int, caps: tuple[int, ...]) -> int:
        if j == len(self.card_classes):
            return 1 if not any(caps) else 0
        key = (j, caps)
        got = self.memo.get(key)
        if got is None:
            got = sum(w * self.ways(j + 1, rest) for _, w, rest in self.splits(j, caps))
            self.memo[key] = got
        return got

    def draw(self, rng: Rng) -> dict[int, int]:
        """A matching, uniformly: the flow by its weight, then uniform placements."""
        caps = self.sizes
        into: list[list[int]] = [[] for _ in self.slot_classes]
        for j, (sig, cards) in enumerate(self.card_classes):
            options: list[tuple[int, tuple[int, ...], tuple[int, ...]]] = []
            for split, w, left in self.splits(j, caps):
                n = w * self.ways(j + 1, left)
                if n:
                    options.append((n, split, left))
            _, parts, rest = options[_choose(rng, [n for n, _, _ in options])]
            pool = list(cards)
            rng.shuffle(pool)
            at = 0
            for k, d in zip(sig, parts, strict=True):
                into[k].extend(pool[at : at + d])
                at += d
            caps = rest
        card_of: dict[int, int] = {}
        for (_, slots), got in zip(self.slot_classes, into, strict=True):
            rng.shuffle(got)
            card_of.update(zip(slots, got, strict=True))
        return card_of


def _swaps(b: _Branch, hand: list[int]) -> int:
    """The product of k! over the classes of k places of ``hand`` with the same set."""
    sizes: dict[frozenset[int], int] = {}
    for i in hand:
        sizes[b.sets[i]] = sizes.get(b.sets[i], 0) + 1
    return math.prod(factorial(k) for k in sizes.values())


def _choose(rng: Rng, weights: Sequence[int]) -> int:
    """An index drawn with probability proportional to its (exact, int) weight."""
    pick = _below(rng, sum(weights))
    for n, w in enumerate(weights):
        if pick < w:
            return n
        pick -= w
    raise AssertionError("unreachable")


def _below(rng: Rng, n: int) -> int:
    """A uniform int in [0, n), for any n >= 1 (counts of worlds exceed 64 bits)."""
    if n < 1 << 32:
        return int(rng.below(n))
    words = (n.bit_length() + 63) // 64
    top = 1 << (64 * words)
    limit = top - top % n
    while True:
        v = 0
        for _ in range(words):
            v = v << 64 | int(rng.next_u64())
        if v < limit:
            return v % n


def _realizations(b: _Branch, world: _World) -> int:
    """In how many of branch ``b``'s matchings ``world`` is (its hands taken as sets)."""
    s = b.sets
    for zones, cards in ((b.draws, world.draws), (b.discards, world.discards)):
        for z, zc in zip(zones, cards, strict=True):
            if len(z) != len(zc) or any(c not in s[i] for i, c in zip(z, zc, strict=True)):
                return 0
    if len(b.down) != len(world.down):
        return 0
    if any(c not in s[i] for (_, i), c in zip(b.down, world.down, strict=True)):
        return 0
    ways = 1
    for z, zc in zip(b.hands, world.hands, strict=True):
        if len(z) != len(zc):
            return 0
        hand = frozenset(zc)
        ways *= _Flows([(i, s[i] & hand) for i in z]).total
    return ways
