# Clone War's compiled machine: the table's position (_CWTable of _table.pxi) and its rule
# steps (_cw_battle, _cw_cycle_length: the very functions the batch loop plays) behind the
# methods of the twin machine.CloneWarMachine, which documents each of them. The table
# and the batch loop are in _table.pxi (twin: table.py). Compiler directives are set once,
# in setup.py.

cimport cython
from libc.stdint cimport uint64_t
from libc.stdlib cimport free, malloc
from libc.string cimport memcpy

from cardwars._core cimport SlotBuilder, _GAMMA, _check_u64, _mix, _shuffle_ints

# A step refused while its machine is in the middle of another (cardwars.exclusive).
from cardwars.exclusive import busy_error as _busy_error

# key() is a NamedTuple of clone_war/tables.py, the leaf module beside the twins that also
# names the face's table (read by field name below). key() makes it from its values in
# field order (a keyword call costs microseconds): its fields are checked here, once.
from cardwars.clone_war.tables import CloneWarKey as _CwmKey

if _CwmKey._fields != (
    "piles", "dead", "out", "rng_state", "options", "battles", "wars", "termination",
    "winner", "cycle_at", "log",
):
    raise ImportError("CloneWarKey's fields are not those CloneWarMachine.key() writes")

include "_table.pxi"

_CWM_NOBODY = frozenset()
cdef object _ABSENT = object()  # apply_keyed: a seat with no entry

# The builders of the face's event objects and its shared values, read once from its table
# (the faces argument, a CloneWarFaces of clone_war/tables.py, by field name) and kept
# while the face passes that same table.
cdef object _cwm_faces = None
cdef SlotBuilder _cwm_make_flipped, _cwm_make_war, _cwm_make_forfeited, _cwm_make_placed
cdef SlotBuilder _cwm_make_last, _cwm_make_split, _cwm_make_collected, _cwm_make_eliminated
cdef SlotBuilder _cwm_make_over
cdef tuple _cwm_cards       # faces.cards: the 48 labels
cdef tuple _cwm_seats       # faces.seats[mask]: the seats of a 4-bit mask
cdef tuple _cwm_seat_cards  # (seat, card) by 48 * seat + card id: a face-up card


cdef int _cwm_learn_faces(object faces) except -1:
    global _cwm_faces, _cwm_make_flipped, _cwm_make_war, _cwm_make_forfeited
    global _cwm_make_placed, _cwm_make_last, _cwm_make_split, _cwm_make_collected
    global _cwm_make_eliminated, _cwm_make_over, _cwm_seat_cards, _cwm_cards, _cwm_seats
    _cwm_faces = None  # until every field is read: a table that fails is never half learnt
    cdef tuple cards = faces.cards
    cdef tuple seats = faces.seats
    if len(cards) != 48 or len(seats) != 16:
        raise ValueError("the faces of Clone War's events: 48 cards, 16 seat sets")
    _cwm_seat_cards = tuple([(s, card) for s in range(4) for card in cards])
    _cwm_make_flipped = SlotBuilder(faces.flipped, ("battle", "cards"))
    _cwm_make_war = SlotBuilder(faces.war, ("stage", "seats"))
    _cwm_make_forfeited = SlotBuilder(faces.forfeited, ("seat", "cards", "to_dead"))
    _cwm_make_placed = SlotBuilder(faces.placed, ("seat", "face_up"))
    _cwm_make_last = SlotBuilder(faces.last, ("seat", "card", "played"))
    _cwm_make_split = SlotBuilder(faces.split, ("seats", "cards_each", "to_dead"))
    _cwm_make_collected = SlotBuilder(faces.collected, ("seat", "cards", "shuffled"))
    _cwm_make_eliminated = SlotBuilder(faces.eliminated, ("seats", "place"))
    _cwm_make_over = SlotBuilder(faces.over, ("result",))
    _cwm_cards = cards
    _cwm_seats = seats
    _cwm_faces = faces
    return 0


cdef tuple _cwm_event_objects(
    int* log, int n, object faces, object result, long long battle, int still_in
):
    # The event objects of a battle's log[0:n] (the twin: machine.py).
    cdef int i = 0, op, a, b, c
    cdef list out = []
    cdef list flips = []
    if faces is not _cwm_faces:
        _cwm_learn_faces(faces)
    cdef tuple cards = _cwm_cards
    cdef tuple seats = _cwm_seats
    while i < n and log[i] == _CW_OP_FLIP:  # the log opens with the stage-0 flips
        flips.append(_cwm_seat_cards[48 * log[i + 1] + log[i + 2]])
        i += 4
    out.append(_cwm_make_flipped.make2(battle, tuple(flips)))
    while i < n:
        op = log[i]
        a = log[i + 1]
        b = log[i + 2]
        c = log[i + 3]
        if op == _CW_OP_COLLECT:
            out.append(_cwm_make_collected.make3(a, b, c == 1))
        elif op == _CW_OP_WAR:
            out.append(_cwm_make_war.make2(a, seats[b]))
        elif op == _CW_OP_PLACE:
            out.append(_cwm_make_placed.make2(a, cards[c]))
        elif op == _CW_OP_FORFEIT:
            out.append(_cwm_make_forfeited.make3(a, 1 if b >= 0 else 0, c == 1))
        elif op == _CW_OP_LAST:
            out.append(_cwm_make_last.make3(a, cards[b], c == 1))
        elif op == _CW_OP_SPLIT:
            out.append(_cwm_make_split.make3(seats[a], b, c))
        elif op == _CW_OP_ELIMINATED:
            out.append(_cwm_make_eliminated.make2(seats[a], still_in + 1))
        i += 4
    if result is not None:
        obj = _cwm_make_over.blank()
        _cwm_make_over.put(obj, 0, result)
        out.append(obj)
    return tuple(out)


@cython.auto_pickle(False)
cdef class CloneWarMachine:
    """A Clone War position as a C struct, stepped by the rule steps the batch loop plays (compiled).

    The twin, with the full documentation, is ``machine.CloneWarMachine`` (machine.py in this folder).
    """

    cdef _CWTable t
    cdef int* _log          # the last battle's log: [op, a, b, c] entries (table.py)
    cdef int _nlog
    cdef long long _cycle_at  # the battle after which the cycle rule ends the game, or -1
    cdef bint _cycle_detection
    cdef tuple _cards       # the 48 labels the views are built from, by card id
    cdef bint _busy         # a step is running (cardwars.exclusive)

    def __cinit__(self):
        self._log = <int*>malloc(_CW_LOG_MAX * sizeof(int))
        if self._log == NULL:
            raise MemoryError()
        self._nlog = 0
        self._cycle_at = -1

    def __dealloc__(self):
        free(self._log)

    def __init__(
        self,
        cards: object,
        piles: object,
        dead: object,
        rng_state: object,
        collect_order: int,
        forfeit_to_dead: int,
        play_what_you_can: int,
        split_round_robin: int,
        max_battles: int,
        cap_most_cards: int,
        cycle_detection: int,
    ) -> None:
        cdef int s
        cdef list seat_piles = [list(pile) for pile in piles]
        cdef list dead_cards = list(dead)
        cdef list every = []
        self._setup(cards, len(seat_piles), rng_state, collect_order, forfeit_to_dead,
                    play_what_you_can, split_round_robin, max_battles, cap_most_cards,
                    cycle_detection)
        for pile in seat_piles + [dead_cards]:
            for card in pile:
                _cw_check_int("a card", card, 0, 47)
                every.append(card)
        if len(set(every)) != len(every):
            raise ValueError("a card appears more than once in the position")
        if len(every) == len(dead_cards):
            raise ValueError("a position needs at least one card in a pile")
        for s in range(len(seat_piles)):
            for card in seat_piles[s]:
                _cw_push(&self.t, s, card * 4 + card % 3)
        for card in dead_cards:
            self.t.dead[self.t.ndead] = <unsigned char>(card * 4 + card % 3)
            self.t.ndead += 1
        _cw_finish_setup(&self.t)
        if self.t.termination < 0:
            self._look_for_cycle()

    cdef _setup(self, cards, players, rng_state, collect_order, forfeit_to_dead,
                play_what_you_can, split_round_robin, max_battles, cap_most_cards,
                cycle_detection):
        cards = tuple(cards)
        if len(cards) != 48:
            raise ValueError(f"cards must be 48 labels, one per card id, got {len(cards)}")
        if not 2 <= players <= 4:
            raise ValueError(f"a table has 2 to 4 seats, got {players}")
        _cw_check_int("collect_order", collect_order, 0, 2)
        _cw_check_int("forfeit_to_dead", forfeit_to_dead, 0, 1)
        _cw_check_int("play_what_you_can", play_what_you_can, 0, 1)
        _cw_check_int("split_round_robin", split_round_robin, 0, 1)
        _cw_check_int("max_battles", max_battles, 1, (1 << 31) - 1)
        _cw_check_int("cap_most_cards", cap_most_cards, 0, 1)
        _cw_check_int("cycle_detection", cycle_detection, 0, 1)
        self._cards = cards
        self._cycle_detection = cycle_detection
        _cw_init(
            &self.t, players, _check_u64(rng_state, "rng_state"), collect_order,
            forfeit_to_dead, play_what_you_can, split_round_robin, max_battles, cap_most_cards,
        )

    # --- the protocol ------------------------------------------------------------------
    @property
    def players(self) -> int:
        return self.t.players

    @property
    def phase(self) -> int:
        return 1 if self.t.termination >= 0 else 0

    @property
    def to_act(self) -> frozenset:
        return _CWM_NOBODY

    @property
    def over(self) -> bool:
        return self.t.termination >= 0

    @property
    def steps(self) -> int:
        return self.t.battles

    @property
    def rng_state(self) -> int:
        return self.t.rng

    @property
    def battles(self) -> int:
        return self.t.battles

    @property
    def wars(self) -> int:
        return self.t.wars

    @property
    def termination(self) -> int:
        return self.t.termination

    @property
    def winner(self) -> int:
        return self.t.winner

    cdef int _seat(self, object seat) except -1:
        if type(seat) is not int or not 0 <= seat < self.t.players:
            raise ValueError(f"a seat is a plain int 0..{self.t.players - 1}")
        return 0

    def legal_actions(self, seat: object) -> tuple:
        self._seat(seat)
        return ()

    def legal_moves(self, seat: object, own: tuple) -> tuple:
        self._seat(seat)
        return ()

    # Every step holds _busy from its first look at a caller's value to its commit.
    cdef int _enter(self) except -1:
        if self._busy:
            raise _busy_error()
        self._busy = 1
        return 0

    def apply_actions(self, actions: object) -> bool:
        self._enter()
        try:
            if type(actions) is not dict or len(<dict>actions) or self.t.termination >= 0:
                return False
            self._battle()
            return True
        finally:
            self._busy = 0

    def apply_moves(self, moves: object, keys: object) -> bool:
        self._enter()
        try:
            if type(moves) is not dict or len(<dict>moves) or self.t.termination >= 0:
                return False
            self._battle()
            return True
        finally:
            self._busy = 0

    def apply_keyed(self, actions: object, keys: object, bint wait=False) -> bool:
        cdef int s
        if type(keys) is not tuple or len(<tuple>keys) != self.t.players:
            raise ValueError(f"keys must be a tuple of {self.t.players} keys, one per seat")
        if type(actions) is not dict:
            return False
        self._enter()  # a lookup may run a key's __eq__: it finds the machine busy
        try:
            if wait:  # each seat: no entry, or the wait action 0 (num_actions; see the twin)
                for s in range(self.t.players):
                    value = (<dict>actions).get((<tuple>keys)[s], _ABSENT)
                    if value is not _ABSENT and not (type(value) is int and value == 0):
                        return False
            if self.t.termination >= 0:
                return False
            self._battle()  # nobody is polled: no entry is read
            return True
        finally:
            self._busy = 0

    cdef int _battle(self) except -1:
        # One battle (CW-3 … CW-7.2 and the cap), then the cycle rule (CW-7.3, CW-B3, B4).
        cdef int drew = _cw_battle(&self.t, self._log, &self._nlog, True)
        if self.t.termination < 0:
            if self.t.battles == self._cycle_at:
                self.t.termination = _CW_CYCLE
                self.t.winner = -1
            elif drew:
                self._look_for_cycle()  # CW-B4: a draw forgets every earlier state
        return 0

    cdef int _look_for_cycle(self) except -1:
        cdef long long until_repeat
        self._cycle_at = -1
        if not self._cycle_detection:
            return 0
        until_repeat = _cw_cycle_length(&self.t)
        if until_repeat >= 0 and self.t.battles + until_repeat < self.t.max_battles:
            self._cycle_at = self.t.battles + until_repeat
        return 0

    def events(self) -> tuple:
        cdef int i
        return tuple([self._log[i] for i in range(self._nlog)])

    def history(self) -> tuple:
        return ((-1,) * self.t.players,) * self.t.battles

    def event_objects(self, faces: object, result: object) -> tuple:
        cdef int s, still_in = 0
        if self.t.battles == 0:
            return ()
        for s in range(self.t.players):
            still_in += self.t.out[s] < 0
        return _cwm_event_objects(self._log, self._nlog, faces, result, self.t.battles, still_in)

    # --- readable state ----------------------------------------------------------------
    def piles(self) -> tuple:
        cdef int s, i
        cdef tuple cards = self._cards
        return tuple([
            tuple([
                cards[self.t.cards[s][(self.t.head[s] + i) & _CW_RING_MASK] >> 2]
                for i in range(_cw_size(&self.t, s))
            ])
            for s in range(self.t.players)
        ])

    def pile_sizes(self) -> tuple:
        cdef int s
        return tuple([_cw_size(&self.t, s) for s in range(self.t.players)])

    def dead(self) -> tuple:
        cdef int i
        cdef tuple cards = self._cards
        return tuple([cards[self.t.dead[i] >> 2] for i in range(self.t.ndead)])

    def eliminations(self) -> tuple:
        cdef int s
        return tuple([self.t.out[s] for s in range(self.t.players)])

    def face_up(self) -> tuple:
        cdef int i = 0, op, n = self._nlog
        cdef int* log = self._log
        cdef tuple cards = self._cards
        cdef list out = []
        if self.t.battles == 0:
            return ()
        while i < n:
            op = log[i]
            if op == _CW_OP_FLIP:
                out.append((log[i + 1], cards[log[i + 2]]))
            elif op == _CW_OP_PLACE:
                out.append((log[i + 1], cards[log[i + 3]]))
            elif op == _CW_OP_LAST and log[i + 3]:
                out.append((log[i + 1], cards[log[i + 2]]))
            i += 4
        return tuple(out)

    # --- copying, equality, pickling ---------------------------------------------------
    def copy(self) -> CloneWarMachine:
        cdef CloneWarMachine other = CloneWarMachine.__new__(CloneWarMachine)
        other.t = self.t
        memcpy(other._log, self._log, self._nlog * sizeof(int))
        other._nlog = self._nlog
        other._cycle_at = self._cycle_at
        other._cycle_detection = self._cycle_detection
        other._cards = self._cards
        return other

    def key(self) -> object:
        cdef int s, i
        cdef _CWTable* t = &self.t
        return tuple.__new__(_CwmKey, (  # the fields of CloneWarKey, in order
            tuple([
                tuple([
                    t.cards[s][(t.head[s] + i) & _CW_RING_MASK] >> 2 for i in range(_cw_size(t, s))
                ])
                for s in range(t.players)
            ]),
            tuple([t.dead[i] >> 2 for i in range(t.ndead)]),
            tuple([t.out[s] for s in range(t.players)]),
            t.rng,
            (t.collect_order, t.forfeit_to_dead, t.play_what_you_can, t.split_round_robin,
             t.max_battles, t.cap_most_cards, <int>self._cycle_detection),
            t.battles,
            t.wars,
            t.termination,
            t.winner,
            self._cycle_at,
            self.events(),
        ))

    def __reduce__(self):
        return (_clone_war_machine_from_key, (self._cards, self.key()))


def _clone_war_machine_from_key(cards: object, key: object) -> CloneWarMachine:
    """Rebuild a machine from :meth:`CloneWarMachine.key`, checking every value."""
    cdef CloneWarMachine m = CloneWarMachine.__new__(CloneWarMachine)
    cdef int s, i
    key = _cwm_check_key(key)
    piles = key.piles
    options = key.options
    m._setup(cards, len(piles), key.rng_state, options[0], options[1], options[2], options[3],
             options[4], options[5], options[6])
    for s in range(len(piles)):
        for card in piles[s]:
            _cw_push(&m.t, s, card * 4 + card % 3)
        m.t.out[s] = key.out[s]
    for card in key.dead:
        m.t.dead[m.t.ndead] = <unsigned char>(card * 4 + card % 3)
        m.t.ndead += 1
    m.t.battles = key.battles
    m.t.wars = key.wars
    m.t.termination = key.termination
    m.t.winner = key.winner
    m._cycle_at = key.cycle_at
    log = key.log
    for i in range(len(log)):
        m._log[i] = log[i]
    m._nlog = len(log)
    return m


def _cwm_check_key(key):
    """Return ``key`` as a CloneWarKey if it is a machine key (:meth:`CloneWarMachine.key`, or
    a plain tuple of its 11 values as earlier versions pickled), every value in range and
    the position one a battle can be played from, else raise ValueError (the twin:
    machine._check_key)."""
    def ints(value, low, high, what):
        if type(value) is not int or not low <= value <= high:
            raise ValueError(f"{what} must be an int in [{low}, {high}], got {value!r}")
        return value

    def tuples(value, what):
        if type(value) is not tuple:
            raise ValueError(f"{what} must be a tuple, got {type(value).__name__}")
        return value

    if type(key) not in (_CwmKey, tuple) or len(key) != 11:
        raise ValueError("a machine key is a tuple of 11 parts")
    if type(key) is tuple:  # a plain tuple, as earlier versions pickled: name its parts
        key = _CwmKey._make(key)
    piles, dead, out, options, log = key.piles, key.dead, key.out, key.options, key.log
    termination, winner = key.termination, key.winner
    players = len(tuples(piles, "piles"))
    ints(players, 2, 4, "the number of seats")
    if len(tuples(out, "eliminations")) != players or len(tuples(options, "options")) != 7:
        raise ValueError("a machine key has an elimination per seat and 7 options")
    every = []
    for pile in piles:
        every.extend(ints(card, 0, 47, "a card") for card in tuples(pile, "a pile"))
    every.extend(ints(card, 0, 47, "a dead card") for card in tuples(dead, "the dead pile"))
    if len(set(every)) != len(every):
        raise ValueError("a card appears more than once")
    ints(termination, -1, 2, "termination")
    ints(winner, -1, players - 1, "winner")
    still_in = 0
    for s in range(players):
        if ints(out[s], -1, 2**62, "an elimination") >= 0 and piles[s]:
            raise ValueError("a seat that is out holds no cards")
        if out[s] < 0:
            if not piles[s] and termination < 0:
                raise ValueError("a seat still in holds a card while the game runs on")
            still_in += 1
    if termination < 0 and still_in < 2:
        raise ValueError("a game runs while two seats at least are still in")
    ints(key.rng_state, 0, 2**64 - 1, "rng_state")
    for value, low, high in zip(options, (0, 0, 0, 0, 1, 0, 0), (2, 1, 1, 1, 2**31 - 1, 1, 1)):
        ints(value, low, high, "an option")
    ints(key.battles, 0, 2**62, "battles")
    ints(key.wars, 0, 2**62, "wars")
    ints(key.cycle_at, -1, 2**62, "cycle_at")
    if len(tuples(log, "the log")) % 4 or len(log) > 1024:
        raise ValueError("a battle's log is at most 256 entries of 4 ints")
    seat, mask, card = (0, players - 1), (1, (1 << players) - 1), (0, 47)
    big, flag, pot, nil = (0, 2**31 - 1), (0, 1), (0, 48), (0, 0)
    ranges = (
        (seat, card, nil),  # a flip
        ((1, 2**31 - 1), mask, nil),  # a war stage
        (seat, (-1, 47), flag),  # a forfeit
        (seat, card, card),  # war cards placed
        (seat, card, flag),  # a last card shown
        (mask, pot, pot),  # a split
        (seat, pot, flag),  # a collection
        (mask, big, nil),  # eliminations
        ((0, 2), (-1, players - 1), nil),  # the end
    )
    for i in range(0, len(log), 4):
        for k, (low, high) in enumerate(ranges[ints(log[i], 0, 8, "a log op")]):
            ints(log[i + 1 + k], low, high, f"an int of log op {log[i]}")
    return key
