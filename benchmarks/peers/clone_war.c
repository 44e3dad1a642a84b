/* Clone War's whole-game loop, written plainly in C: the peer of cardwars' batch simulate.
 *
 * The same rules as cardwars' default Clone War (seeds/001_clone_war.md: the pot collected
 * stage by stage clockwise from the winner, forfeits to the pot, short players forfeit,
 * a split's remainder to the dead pile, the cycle rule with Brent's algorithm checked after
 * 1024 battles without a shuffle, a draw at the cap of 10,000 battles), the same RNG
 * (SplitMix64, Lemire's bounded draws, Fisher-Yates with ascending i) and the same deal:
 * game k is dealt from derive_seed(seed, k). None of the engine's code is used.
 *
 *   clone_war PLAYERS GAMES [SEED] [--dump]
 *
 * prints the seconds the games took and a checksum of their results; with --dump, one line
 * per game: battles, wars, winner (-1: none), termination (0 last player, 1 cycle, 2 cap).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define GAMMA 0x9E3779B97F4A7C15ULL
#define RING 64            /* a pile never holds more than the 48 cards */
#define MAX_BATTLES 10000
#define CHECK_AFTER 1024
#define NEVER (1LL << 62)

enum { LAST_PLAYER = 0, CYCLE = 1, CAP = 2 };

static inline uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline uint64_t next_u64(uint64_t *state) {
    *state += GAMMA;
    return mix(*state);
}

static inline uint32_t below(uint64_t *state, uint32_t n) {
    uint64_t m = (next_u64(state) >> 32) * n;
    if ((uint32_t)m < n) {
        uint32_t t = (uint32_t)(-n) % n;
        while ((uint32_t)m < t) m = (next_u64(state) >> 32) * n;
    }
    return (uint32_t)(m >> 32);
}

static void shuffle(int *a, int n, uint64_t *rng) {
    for (int i = 0; i < n - 1; i++) {
        int j = i + (int)below(rng, (uint32_t)(n - i));
        int x = a[i]; a[i] = a[j]; a[j] = x;
    }
}

typedef struct {
    int players;
    signed char cards[4][RING];  /* ranks 0..2 (J, Q, K) */
    int head[4], len[4];
    long long out[4];            /* the battle a seat went out after, or -1 */
    int dead;
    uint64_t rng;
    long long battles, wars;
    int termination, winner;     /* -1 while the game runs */
} Table;

static inline int pop(Table *t, int s) {
    int c = t->cards[s][t->head[s] & (RING - 1)];
    t->head[s]++;
    t->len[s]--;
    return c;
}

static inline void push(Table *t, int s, int c) {
    t->cards[s][(t->head[s] + t->len[s]) & (RING - 1)] = (signed char)c;
    t->len[s]++;
}

/* The seats among seats[0..n) whose latest face-up card ranks highest, into top. */
static int highest(const int *seats, int n, const int *last, int *top) {
    int best = -1, k = 0;
    int found[4];
    for (int i = 0; i < n; i++) {
        int r = last[seats[i]];
        if (r > best) { best = r; k = 0; found[k++] = seats[i]; }
        else if (r == best) found[k++] = seats[i];
    }
    memcpy(top, found, sizeof(int) * k);
    return k;
}

/* One battle; returns 1 if it drew from the RNG (a pot split). */
static int battle(Table *t, int use_cap) {
    int n = t->players, pot[48], pot_seat[48], stage_start[50], last[4] = {-1, -1, -1, -1};
    int npot = 0, nstages = 0, tied[4], ntied = 0, best = -1, winner = -1, split = 0;
    t->battles++;
    stage_start[nstages++] = 0;
    for (int s = 0; s < n; s++) {
        if (t->out[s] >= 0) continue;
        int c = pop(t, s);
        pot[npot] = c; pot_seat[npot++] = s; last[s] = c;
        if (c > best) { best = c; ntied = 0; tied[ntied++] = s; }
        else if (c == best) tied[ntied++] = s;
    }
    while (ntied > 1) {
        int fighters[4], nf = 0, shorts = 0;
        t->wars++;
        stage_start[nstages++] = npot;
        for (int i = 0; i < ntied; i++) shorts += t->len[tied[i]] < 2;
        if (shorts == ntied) {  /* everyone is short: the last cards decide */
            for (int i = 0; i < ntied; i++) {
                int s = tied[i];
                if (t->len[s] > 0) { int c = pop(t, s); pot[npot] = c; pot_seat[npot++] = s; last[s] = c; }
            }
            ntied = highest(tied, ntied, last, tied);
            if (ntied > 1) for (int i = 0; i < ntied; i++) split |= 1 << tied[i];
            break;
        }
        int sole = ntied - shorts == 1;
        for (int i = 0; i < ntied; i++) {
            int s = tied[i];
            if (t->len[s] < 2) {  /* short: forfeits its card to the pot */
                if (t->len[s] == 1) { pot[npot] = pop(t, s); pot_seat[npot++] = s; }
            } else if (!sole) {   /* one card face down, one face up */
                int down = pop(t, s), up = pop(t, s);
                pot[npot] = down; pot_seat[npot++] = s;
                pot[npot] = up; pot_seat[npot++] = s;
                last[s] = up;
                fighters[nf++] = s;
            } else {
                fighters[nf++] = s;
            }
        }
        if (sole) { winner = fighters[0]; break; }
        ntied = highest(fighters, nf, last, tied);
    }
    if (winner < 0 && !split) winner = tied[0];
    stage_start[nstages++] = npot;

    int drew = 0;
    if (split) {  /* shuffle the pot, deal it to the tied seats, the rest to the dead pile */
        int seats[4], k = 0;
        for (int s = 0; s < n; s++) if (split >> s & 1) seats[k++] = s;
        shuffle(pot, npot, &t->rng);
        int dealt = npot / k * k;
        for (int i = 0; i < dealt; i++) push(t, seats[i % k], pot[i]);
        t->dead += npot - dealt;
        drew = 1;
    } else {      /* stage by stage, clockwise from the winner */
        for (int k = 0; k + 1 < nstages; k++) {
            for (int i = stage_start[k]; i < stage_start[k + 1]; i++)
                if (pot_seat[i] >= winner) push(t, winner, pot[i]);
            for (int i = stage_start[k]; i < stage_start[k + 1]; i++)
                if (pot_seat[i] < winner) push(t, winner, pot[i]);
        }
    }
    int alive = 0, last_alive = -1;
    for (int s = 0; s < n; s++) {
        if (t->out[s] >= 0) continue;
        if (t->len[s] == 0) t->out[s] = t->battles;
        else { alive++; last_alive = s; }
    }
    if (alive == 1) { t->termination = LAST_PLAYER; t->winner = last_alive; }
    else if (use_cap && t->battles >= MAX_BATTLES) { t->termination = CAP; t->winner = -1; }
    return drew;
}

static int same_ranks(const Table *a, const Table *b) {
    for (int s = 0; s < a->players; s++) {
        if ((a->out[s] < 0) != (b->out[s] < 0) || a->len[s] != b->len[s]) return 0;
        for (int i = 0; i < a->len[s]; i++)
            if (a->cards[s][(a->head[s] + i) & (RING - 1)] != b->cards[s][(b->head[s] + i) & (RING - 1)])
                return 0;
    }
    return 1;
}

/* One battle without the cap; 0 if it drew from the RNG or ended the game. */
static inline int advance(Table *t) {
    return !battle(t, 0) && t->termination < 0;
}

/* Battles from start until its rank-state first repeats (Brent), or -1. */
static long long cycle_length(const Table *start) {
    if (start->termination >= 0) return -1;
    long long left = MAX_BATTLES - start->battles, hare_cap = 4 * left + 4;
    Table hare = *start, tortoise = *start;
    if (!advance(&hare)) return -1;
    long long steps = 1, power = 1, lam = 1, mu = 0;
    while (!same_ranks(&hare, &tortoise)) {
        if (power == lam) { tortoise = hare; power *= 2; lam = 0; }
        if (steps >= hare_cap || !advance(&hare)) return -1;
        steps++; lam++;
    }
    tortoise = *start; hare = *start;
    for (long long i = 0; i < lam; i++) advance(&hare);
    while (!same_ranks(&tortoise, &hare)) { advance(&tortoise); advance(&hare); mu++; }
    return mu + lam;
}

static void play_out(Table *t) {
    Table base = *t;
    long long check_at = CHECK_AFTER;
    while (t->termination < 0) {
        if (battle(t, 1)) {
            if (t->termination < 0) { base = *t; check_at = CHECK_AFTER; }
            continue;
        }
        if (t->termination == LAST_PLAYER || check_at == NEVER) continue;
        if (t->termination < 0 && t->battles - base.battles < check_at) continue;
        check_at = NEVER;
        long long j = cycle_length(&base);
        if (j >= 0 && base.battles + j < MAX_BATTLES) {
            *t = base;
            for (long long i = 0; i < j; i++) battle(t, 0);
            t->termination = CYCLE; t->winner = -1;
        }
    }
}

static void deal(Table *t, int players, uint64_t seed) {
    int deck[48];
    memset(t, 0, sizeof *t);
    t->players = players;
    t->rng = seed;
    for (int c = 0; c < 48; c++) deck[c] = c % 3;
    shuffle(deck, 48, &t->rng);
    for (int i = 0; i < 48; i++) push(t, i % players, deck[i]);
    for (int s = 0; s < 4; s++) t->out[s] = s < players ? -1 : 0;
    t->termination = t->winner = -1;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: %s PLAYERS GAMES [SEED] [--dump]\n", argv[0]); return 2; }
    int players = atoi(argv[1]);
    long long games = atoll(argv[2]);
    uint64_t seed = argc > 3 && argv[3][0] != '-' ? strtoull(argv[3], NULL, 10) : 2026;
    int dump = argc > 3 && strcmp(argv[argc - 1], "--dump") == 0;
    if (players < 2 || players > 4 || games < 0) { fprintf(stderr, "2-4 players, games >= 0\n"); return 2; }
    unsigned long long checksum = 0;
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (long long k = 0; k < games; k++) {
        Table t;
        deal(&t, players, mix(seed + (uint64_t)(k + 1) * GAMMA));
        play_out(&t);
        checksum = checksum * 1000003ULL + (unsigned long long)(t.battles * 7 + t.wars * 3 + t.winner * 5 + t.termination);
        if (dump) printf("%lld %lld %d %d\n", t.battles, t.wars, t.winner, t.termination);
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    if (!dump) printf("%.6f %llu\n", (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) * 1e-9, checksum);
    return 0;
}
