/* Beggar-my-neighbour's whole-game loop, written plainly in C: the peer of the plugin's
 * batch simulate (plugins/beggar-my-neighbour).
 *
 * The same rules as the plugin's default Beggar-my-neighbour (its rules file, BMN-2 … BMN-8:
 * J, Q, K, A demand 1, 2, 3, 4 cards; a court card while paying passes the demand back; the
 * pile goes under its taker's hand as played; a player who must play and has no card loses,
 * the last pile being no trick; a position repeated at the start of a trick ends the game as
 * a cycle, looked for with Brent's algorithm from the deal once a game passes 1024 tricks),
 * the same RNG (SplitMix64, Lemire's bounded draws, Fisher-Yates with ascending i) and the
 * same deal: game k is dealt from derive_seed(seed, k), card ids 0..51 (suit*13 + rank-2)
 * dealt alternately, seat 0 first. None of the engine's code is used: a hand holds what each
 * card demands, which is all the rules read.
 *
 *   beggar_my_neighbour GAMES [SEED] [--dump]
 *
 * prints the seconds the games took and a checksum of their results; with --dump, one line
 * per game: tricks, cards, cycle length (0: none), winner (-1: none), termination
 * (0 out of cards, 1 cycle).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define GAMMA 0x9E3779B97F4A7C15ULL
#define RING 64 /* a hand never holds more than the 52 cards */
#define CHECK_AFTER 1024

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

typedef struct {
    unsigned char hand[2][RING]; /* demands, 0 for a plain card */
    unsigned head[2], tail[2];
    int leader;
    long long tricks, cards, cycle;
    int winner, termination; /* -1 while the game runs */
} Game;

static inline void take(Game *g, int s, const unsigned char *pile, int n) {
    for (int i = 0; i < n; i++) g->hand[s][g->tail[s]++ & (RING - 1)] = pile[i];
}

/* One trick; 1 when the game has ended. */
static int trick(Game *g) {
    unsigned char pile[52];
    int p = g->leader, n = 0, owed = 0;
    for (;;) {
        if (g->head[p] == g->tail[p]) { /* p must play and has no card */
            take(g, 1 - p, pile, n);
            g->winner = 1 - p;
            g->termination = 0;
            return 1;
        }
        int d = g->hand[p][g->head[p]++ & (RING - 1)];
        pile[n++] = (unsigned char)d;
        g->cards++;
        if (d) {
            owed = d;
            p = 1 - p;
        } else if (owed) {
            if (--owed == 0) {
                take(g, 1 - p, pile, n);
                g->leader = 1 - p;
                g->tricks++;
                return 0;
            }
        } else {
            p = 1 - p;
        }
    }
}

static int same(const Game *x, const Game *y) {
    if (x->leader != y->leader) return 0;
    for (int s = 0; s < 2; s++) {
        unsigned n = x->tail[s] - x->head[s];
        if (n != y->tail[s] - y->head[s]) return 0;
        for (unsigned i = 0; i < n; i++)
            if (x->hand[s][(x->head[s] + i) & (RING - 1)] != y->hand[s][(y->head[s] + i) & (RING - 1)])
                return 0;
    }
    return 1;
}

/* Brent from start: the cycle's length, or -1 if the game ends (hare then holds its end);
 * on a cycle, hare is left at the first repeated position. */
static long long find_cycle(const Game *start, Game *hare, Game *tortoise) {
    *hare = *start;
    *tortoise = *start;
    if (trick(hare)) return -1;
    long long power = 1, lam = 1;
    while (!same(hare, tortoise)) {
        if (power == lam) {
            *tortoise = *hare;
            power *= 2;
            lam = 0;
        }
        if (trick(hare)) return -1;
        lam++;
    }
    *hare = *start;
    *tortoise = *start;
    for (long long i = 0; i < lam; i++) trick(hare);
    while (!same(hare, tortoise)) {
        trick(tortoise);
        trick(hare);
    }
    return lam;
}

static void play(Game *g) {
    Game start = *g, hare, tortoise;
    while (g->termination < 0) {
        trick(g);
        if (g->termination < 0 && g->tricks == CHECK_AFTER) {
            long long lam = find_cycle(&start, &hare, &tortoise);
            if (lam > 0) {
                hare.termination = 1;
                hare.cycle = lam;
            }
            *g = hare;
        }
    }
}

static void deal(Game *g, uint64_t seed) {
    int deck[52];
    for (int i = 0; i < 52; i++) deck[i] = i;
    for (int i = 0; i < 51; i++) {
        int j = i + (int)below(&seed, (uint32_t)(52 - i));
        int x = deck[i];
        deck[i] = deck[j];
        deck[j] = x;
    }
    memset(g, 0, sizeof *g);
    g->winner = g->termination = -1;
    for (int i = 0; i < 52; i++) {
        int rank = deck[i] % 13; /* 9 J, 10 Q, 11 K, 12 A */
        g->hand[i & 1][g->tail[i & 1]++] = (unsigned char)(rank >= 9 ? rank - 8 : 0);
    }
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s GAMES [SEED] [--dump]\n", argv[0]);
        return 2;
    }
    long long games = atoll(argv[1]);
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 0;
    int dump = argc > 3 && strcmp(argv[3], "--dump") == 0;
    struct timespec t0, t1;
    uint64_t checksum = 0;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (long long k = 0; k < games; k++) {
        Game g;
        deal(&g, mix(seed + (uint64_t)(k + 1) * GAMMA));
        play(&g);
        checksum = checksum * 31 + (uint64_t)(g.tricks * 64 + g.cards + g.cycle + g.winner);
        if (dump)
            printf("%lld %lld %lld %d %d\n", g.tricks, g.cards, g.cycle, g.winner, g.termination);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (!dump)
        printf("%.6f %llu\n", (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9,
               (unsigned long long)checksum);
    return 0;
}
