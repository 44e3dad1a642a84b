# The compiled machine's names for the rule modules' C (transitional: the machine class,
# its views, restore, policy and vector env still in _machine.pyx and its .pxi files).

from libc.stdint cimport uint64_t
from libc.stdlib cimport malloc
from libc.string cimport memset

from cardwars.guerrilla.board cimport (
    Board as _GtState,
    Events as _GtEvents,
    emit as _gt_emit,
    strength as _gt_str2,
    combo as _gt_combo,
    set_guerrilla_rank as _gt_set_g,
    init_board as _gt_init,
    table_cards as _gt_table,
    PROPOSE as _GT_PROPOSE,
    RESPOND as _GT_RESPOND,
    PLAY_FIRST as _GT_PLAY_FIRST,
    PLAY as _GT_PLAY,
    SUPPORT as _GT_SUPPORT,
    TIE as _GT_TIE,
    REMOVE as _GT_REMOVE,
    OVER as _GT_OVER,
    EVMAX as _GT_EVMAX,
    NACT as _GT_NACT,
    NOPT as _GT_NOPT,
    O_TWO_SUIT as _GO_TWO_SUIT,
    O_COMBINES as _GO_COMBINES,
    O_ALL_RECRUIT as _GO_ALL_RECRUIT,
    O_MAX_SKIRMISHES as _GO_MAX_SKIRMISHES,
)
from cardwars.guerrilla.promotion cimport (
    deal as _gt_deal,
    start_skirmish as _gt_start_skirmish,
)
from cardwars.guerrilla.draw cimport draw_step as _gt_draw_step, begin_play as _gt_begin_play
from cardwars.guerrilla.turns cimport (
    step as _gt_step,
    legal as _gt_legal,
    best_other as _gt_best_other,
)
from cardwars.guerrilla.greedy cimport greedy as _gt_greedy
