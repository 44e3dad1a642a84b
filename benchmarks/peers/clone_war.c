/* Clone War (seeds/001_clone_war.md, default options) as a plain C program: the peer
 * that cardwars's batch loop is timed against (benchmarks/peers/run_clone_war.py).
 *
 * Written from the rules, not from the engine: game k is dealt from
 * splitmix64(seed + (k + 1) * GAMMA) (docs/engine.rst), the 48 ranks shuffled by
 * Fisher-Yates with Lemire's bounded draws and dealt one at a time; battles follow
 * CW-3 ... CW-7 with stage_winner_first collection, forfeits to the pot, short wars
 * forfeited, a split's remainder dead, the cycle rule and a cap of 10000 battles.
 * The cycle rule is checked the way cardwars's batch loop checks it: after 1024
 * battles without an RNG draw (or at the cap), Brent's algorithm from the position
 * after the last draw.
 *
 *     clone_war SEED GAMES PLAYERS   prints: games battles wars draws wins_by_seat...
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GAMMA 0x9E3779B97F4A7C15ULL
#define MAX_BATTLES 10000
#define CHECK_AFTER 1024

typedef struct {
    unsigned char card[4][64]; /* ranks 0 J, 1 Q, 2 K; a ring of 64 per seat */
    unsigned head[4], tail[4];
    int out[4];                /* 1 once the seat is out */
    int players;
    uint64_t rng;
    long battles, wars;
    int over, winner;          /* over: 0 running, 1 last player, 2 cycle, 3 cap */
} game;

static uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static uint32_t below(uint64_t *state, uint32_t n) {
    uint64_t m = ((mix(*state += GAMMA)) >> 32) * n;
    if ((uint32_t)m < n) {
        uint32_t t = (0u - n) % n;
        while ((uint32_t)m < t) m = ((mix(*state += GAMMA)) >> 32) * n;
    }
    return (uint32_t)(m >> 32);
}

static void shuffle(uint64_t *state, int *a, int n) {
    for (int i = 0; i < n - 1; i++) {
        int j = i + (int)below(state, (uint32_t)(n - i));
        int t = a[i]; a[i] = a[j]; a[j] = t;
    }
}

static int count(const game *g, int s) { return (int)(g->tail[s] - g->head[s]); }
static int take(game *g, int s) { return g->card[s][g->head[s]++ & 63]; }
static void give(game *g, int s, int c) { g->card[s][g->tail[s]++ & 63] = (unsigned char)c; }

/* The tied seats (a bit mask) among `seats` whose last face-up card is highest. */
static int best_of(int seats, const int *up, int players) {
    int best = -1, top = 0;
    for (int s = 0; s < players; s++) {
        if (!(seats >> s & 1)) continue;
        if (up[s] > best) { best = up[s]; top = 1 << s; }
        else if (up[s] == best) top |= 1 << s;
    }
    return top;
}

/* One battle; returns 1 if it drew from the RNG (a split pot). */
static int battle(game *g, int use_cap) {
    int pot[48], who[48], start[48], up[4], npot = 0, nst = 1, winner = -1, tied = 0, best = -1;
    int n = g->players, split = 0;
    g->battles++;
    start[0] = 0;
    for (int s = 0; s < n; s++) {               /* CW-3.1 */
        if (g->out[s]) continue;
        int c = take(g, s);
        pot[npot] = c; who[npot++] = s; up[s] = c;
        if (c > best) { best = c; tied = 1 << s; } else if (c == best) tied |= 1 << s;
    }
    while (tied & (tied - 1)) {                  /* CW-4 */
        int ntied = 0, nshort = 0, fighters = 0;
        g->wars++;
        start[nst++] = npot;
        for (int s = 0; s < n; s++)
            if (tied >> s & 1) { ntied++; if (count(g, s) < 2) nshort++; }
        if (nshort == ntied) {                   /* CW-5.3 */
            for (int s = 0; s < n; s++)
                if ((tied >> s & 1) && count(g, s) > 0) {
                    int c = take(g, s);
                    pot[npot] = c; who[npot++] = s; up[s] = c;
                }
            tied = best_of(tied, up, n);
            if (tied & (tied - 1)) split = tied;
            break;
        }
        if (nshort) {                            /* CW-5.2 */
            int sole = ntied - nshort == 1;
            for (int s = 0; s < n; s++) {
                if (!(tied >> s & 1)) continue;
                if (count(g, s) < 2) {
                    if (count(g, s) == 1) { pot[npot] = take(g, s); who[npot++] = s; }
                } else {
                    if (!sole) {
                        pot[npot] = take(g, s); who[npot++] = s;
                        pot[npot] = up[s] = take(g, s); who[npot++] = s;
                    }
                    fighters |= 1 << s;
                }
            }
            if (sole) { winner = __builtin_ctz(fighters); break; }
        } else {                                 /* CW-4.2 */
            for (int s = 0; s < n; s++) {
                if (!(tied >> s & 1)) continue;
                pot[npot] = take(g, s); who[npot++] = s;
                pot[npot] = up[s] = take(g, s); who[npot++] = s;
                fighters |= 1 << s;
            }
        }
        tied = best_of(fighters, up, n);         /* CW-4.3 */
    }
    start[nst] = npot;
    if (split) {                                 /* CW-5.3: shuffle and deal the pot */
        int seats[4], k = 0;
        for (int s = 0; s < n; s++) if (split >> s & 1) seats[k++] = s;
        shuffle(&g->rng, pot, npot);
        for (int i = 0; i < npot / k * k; i++) give(g, seats[i % k], pot[i]);
    } else {                                     /* CW-6: stage by stage, winner first */
        if (winner < 0) winner = __builtin_ctz(tied);
        for (int st = 0; st < nst; st++) {
            for (int i = start[st]; i < start[st + 1]; i++) if (who[i] >= winner) give(g, winner, pot[i]);
            for (int i = start[st]; i < start[st + 1]; i++) if (who[i] < winner) give(g, winner, pot[i]);
        }
    }
    int alive = 0, last = -1;                    /* CW-7.1, CW-7.2, the cap */
    for (int s = 0; s < n; s++) {
        if (g->out[s]) continue;
        if (count(g, s) == 0) g->out[s] = 1; else { alive++; last = s; }
    }
    if (alive == 1) { g->over = 1; g->winner = last; }
    else if (use_cap && g->battles >= MAX_BATTLES) { g->over = 3; g->winner = -1; }
    return split != 0;
}

static int same(const game *a, const game *b) {
    for (int s = 0; s < a->players; s++)
        if (a->out[s] != b->out[s] || count(a, s) != count(b, s)) return 0;
    for (int s = 0; s < a->players; s++)
        for (int i = 0; i < count(a, s); i++)
            if (a->card[s][(a->head[s] + i) & 63] != b->card[s][(b->head[s] + i) & 63]) return 0;
    return 1;
}

static int step(game *g) { return !battle(g, 0) && !g->over; }

/* CW-7.3: battles from `from` until its arrangement first repeats (Brent), or -1. */
static long cycle_length(const game *from) {
    game hare = *from, tortoise = *from;
    long cap = 4 * (MAX_BATTLES - from->battles) + 4, steps = 1, power = 1, lam = 1, mu = 0;
    if (!step(&hare)) return -1;
    while (!same(&hare, &tortoise)) {
        if (power == lam) { tortoise = hare; power *= 2; lam = 0; }
        if (steps >= cap || !step(&hare)) return -1;
        steps++; lam++;
    }
    tortoise = *from; hare = *from;
    for (long i = 0; i < lam; i++) step(&hare);
    while (!same(&hare, &tortoise)) { step(&tortoise); step(&hare); mu++; }
    return mu + lam;
}

static void play(game *g) {
    game base = *g;
    long check = CHECK_AFTER;
    while (!g->over) {
        if (battle(g, 1)) { if (!g->over) { base = *g; check = CHECK_AFTER; } continue; }
        if (g->over == 1 || check < 0) continue;
        if (!g->over && g->battles - base.battles < check) continue;
        check = -1;
        long j = cycle_length(&base);
        if (j >= 0 && base.battles + j < MAX_BATTLES) {
            *g = base;
            for (long i = 0; i < j; i++) battle(g, 0);
            g->over = 2; g->winner = -1;
        }
    }
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: clone_war SEED GAMES PLAYERS\n"); return 2; }
    uint64_t seed = strtoull(argv[1], NULL, 10);
    long games = strtol(argv[2], NULL, 10);
    int players = atoi(argv[3]);
    long battles = 0, wars = 0, draws = 0, wins[4] = {0, 0, 0, 0};
    for (long k = 0; k < games; k++) {
        game g;
        int deck[48], per = 48 / players;
        memset(&g, 0, sizeof g);
        g.players = players;
        g.rng = mix(seed + (uint64_t)(k + 1) * GAMMA);
        for (int i = 0; i < 48; i++) deck[i] = i % 3;
        shuffle(&g.rng, deck, 48);               /* CW-2 */
        for (int s = 0; s < players; s++)
            for (int i = 0; i < per; i++) give(&g, s, deck[s + players * i]);
        play(&g);
        battles += g.battles; wars += g.wars;
        if (g.winner < 0) draws++; else wins[g.winner]++;
    }
    printf("%ld %ld %ld %ld", games, battles, wars, draws);
    for (int s = 0; s < players; s++) printf(" %ld", wins[s]);
    printf("\n");
    return 0;
}
