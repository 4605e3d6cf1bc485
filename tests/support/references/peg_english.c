/*
 * peg_english.c: a single-threaded breadth-first search of the English cross (33 holes), the
 * floor puzzledb's `build english` is measured against (bench/references.py compiles it).
 *
 *   peg_english [--classes] [--radius N]
 *
 * It searches backwards from the goal, one peg in the centre, by undoing jumps: layer d holds
 * the positions d jumps from the finish (d + 1 pegs), which is what puzzledb stores. An undone
 * jump always adds a peg, so a child of layer d lies in layer d + 1 and is checked against that
 * layer alone. A position is a 64-bit word, hole h (reading order) bit h; a layer is an
 * open-addressing hash table of (position, count), where count is how many jump sequences lead
 * from the position to the goal: the sum of its parents' counts (exact: a sum that would pass
 * 2**64 stops the program).
 *
 * --classes keeps one position of each class of positions that the square's 8 symmetries map
 * onto one another (the least word among the images). A class's count is each of its
 * positions'. A child class's count sums over every position of every parent class: the edges
 * between a parent class R and a child class Q spread evenly over both, so if e of them leave
 * R's stored position, each position of Q has e * |R| / |Q| parents in R, that is
 * e * fix(Q) / fix(R), fix(X) being how many of the 8 symmetries leave a position of X as it
 * is (|X| = 8 / fix(X)). A whole number: each stored position adds its count times it to each
 * child class, and a class's count is final when its layer is.
 *
 * Prints one line a layer ("layer D positions P counts S", S the sum of its positions' counts
 * in 128 bits, then " classes C" with --classes), then the totals, the start's depth and
 * count, and the seconds.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define HOLES 33
#define SIDE 7
#define SYMS 8
#define CHUNK 11 /* the 33 holes read as three 11-bit chunks for the symmetry tables */

typedef unsigned __int128 u128;

static const char *BOARD[SIDE] = {"..ooo..", "..ooo..", "ooooooo", "ooooooo",
                                  "ooooooo", "..ooo..", "..ooo.."};
static const int CENTRE = 16;

static int hole_at[SIDE][SIDE]; /* -1: no hole */
static uint64_t jump_mask[128], jump_land[128];
static int jumps;
static uint64_t sym_table[SYMS][3][1 << CHUNK];

/* ---- the board: holes, jumps, symmetries ---- */

static void make_board(void) {
    int h = 0;
    for (int r = 0; r < SIDE; r++)
        for (int c = 0; c < SIDE; c++) hole_at[r][c] = BOARD[r][c] == 'o' ? h++ : -1;
    if (h != HOLES) { fprintf(stderr, "board has %d holes\n", h); exit(2); }
    static const int dirs[4][2] = {{0, 1}, {0, -1}, {1, 0}, {-1, 0}};
    for (int r = 0; r < SIDE; r++)
        for (int c = 0; c < SIDE; c++)
            for (int d = 0; d < 4; d++) {
                int r1 = r + dirs[d][0], c1 = c + dirs[d][1];
                int r2 = r + 2 * dirs[d][0], c2 = c + 2 * dirs[d][1];
                if (hole_at[r][c] < 0 || r2 < 0 || r2 >= SIDE || c2 < 0 || c2 >= SIDE) continue;
                if (hole_at[r1][c1] < 0 || hole_at[r2][c2] < 0) continue;
                /* a jump from (r,c) over (r1,c1) into (r2,c2); undone, the landing peg goes
                 * back and the two holes fill */
                jump_land[jumps] = 1ULL << hole_at[r2][c2];
                jump_mask[jumps] = jump_land[jumps] | 1ULL << hole_at[r][c] | 1ULL << hole_at[r1][c1];
                jumps++;
            }
    for (int s = 0; s < SYMS; s++) {
        int image[HOLES]; /* hole h goes to image[h] under symmetry s */
        for (int r = 0; r < SIDE; r++)
            for (int c = 0; c < SIDE; c++) {
                if (hole_at[r][c] < 0) continue;
                int rr = r, cc = c, t;
                if (s & 1) cc = SIDE - 1 - cc;             /* mirror */
                for (int k = 0; k < (s >> 1); k++) {       /* then 0-3 quarter turns */
                    t = rr; rr = cc; cc = SIDE - 1 - t;
                }
                image[hole_at[r][c]] = hole_at[rr][cc];
            }
        for (int part = 0; part < 3; part++)
            for (int v = 0; v < 1 << CHUNK; v++) {
                uint64_t out = 0;
                for (int b = 0; b < CHUNK; b++)
                    if (v >> b & 1) out |= 1ULL << image[part * CHUNK + b];
                sym_table[s][part][v] = out;
            }
    }
}

static inline uint64_t sym_image(int s, uint64_t x) {
    return sym_table[s][0][x & 0x7ff] | sym_table[s][1][x >> 11 & 0x7ff] |
           sym_table[s][2][x >> 22 & 0x7ff];
}

/* The least image of x, and how many of the 8 symmetries leave x as it is (8 / class size). */
static inline uint64_t canonical(uint64_t x, int *fixed) {
    uint64_t best = x;
    int same = 1;
    for (int s = 1; s < SYMS; s++) {
        uint64_t y = sym_image(s, x);
        same += y == x;
        if (y < best) best = y;
    }
    *fixed = same;
    return best;
}

/* ---- a layer: open addressing, key 0 is an empty slot (every position has a peg) ---- */

typedef struct { uint64_t key, count; } Slot;
typedef struct { Slot *slots; uint64_t mask, used; } Table;

static void table_init(Table *t, uint64_t size) {
    t->slots = calloc(size, sizeof(Slot));
    if (!t->slots) { fprintf(stderr, "out of memory (%llu slots)\n", (unsigned long long)size); exit(3); }
    t->mask = size - 1;
    t->used = 0;
}

static inline uint64_t slot_of(uint64_t key, uint64_t mask) {
    return (key * 0x9E3779B97F4A7C15ULL) >> 17 & mask;
}

static inline void add_count(uint64_t *into, uint64_t more) {
    if (__builtin_add_overflow(*into, more, into)) {
        fprintf(stderr, "a count passed 2**64: this reference would need 128-bit counts\n");
        exit(4);
    }
}

static void insert(Table *t, uint64_t key, uint64_t count);

static void grow(Table *t) {
    Table bigger;
    table_init(&bigger, (t->mask + 1) * 2);
    for (uint64_t i = 0; i <= t->mask; i++)
        if (t->slots[i].key) insert(&bigger, t->slots[i].key, t->slots[i].count);
    free(t->slots);
    *t = bigger;
}

static inline void insert(Table *t, uint64_t key, uint64_t count) {
    uint64_t i = slot_of(key, t->mask);
    for (;;) {
        Slot *s = &t->slots[i];
        if (s->key == key) { add_count(&s->count, count); return; }
        if (!s->key) {
            s->key = key;
            s->count = count;
            if (++t->used * 2 > t->mask + 1) grow(t);
            return;
        }
        i = (i + 1) & t->mask;
    }
}

/* Children wait a few steps in a ring while their slots are fetched from memory. */
#define RING 16
typedef struct { uint64_t key, count; } Pending;
static Pending ring[RING];
static int ring_at, ring_full;

static inline void push(Table *t, uint64_t key, uint64_t count) {
    __builtin_prefetch(&t->slots[slot_of(key, t->mask)], 1);
    Pending *p = &ring[ring_at];
    if (ring_full) insert(t, p->key, p->count);
    p->key = key;
    p->count = count;
    ring_at = (ring_at + 1) % RING;
    if (!ring_at) ring_full = 1;
}

static void flush(Table *t) {
    int n = ring_full ? RING : ring_at;
    for (int k = 0; k < n; k++) insert(t, ring[k].key, ring[k].count);
    ring_at = ring_full = 0;
}

static void print_u128(u128 v) {
    char text[48];
    int n = 0;
    do { text[n++] = (char)('0' + (int)(v % 10)); v /= 10; } while (v);
    while (n) putchar(text[--n]);
}

int main(int argc, char **argv) {
    int classes = 0, radius = -1;
    for (int a = 1; a < argc; a++) {
        if (!strcmp(argv[a], "--classes")) classes = 1;
        else if (!strcmp(argv[a], "--radius") && a + 1 < argc) radius = atoi(argv[++a]);
        else { fprintf(stderr, "usage: %s [--classes] [--radius N]\n", argv[0]); return 2; }
    }
    struct timespec began, ended;
    clock_gettime(CLOCK_MONOTONIC, &began);
    make_board();
    uint64_t full = (1ULL << HOLES) - 1, start = full ^ 1ULL << CENTRE;
    Table layer;
    table_init(&layer, 1 << 4);
    insert(&layer, 1ULL << CENTRE, 1);
    uint64_t total_positions = 0, total_classes = 0, start_count = 0;
    int start_depth = -1;
    printf("mode %s\n", classes ? "classes" : "every");
    for (int depth = 0; layer.used; depth++) {
        /* this layer is whole: its counts are final (in classes, divided by the class size) */
        uint64_t positions = 0;
        u128 counts = 0;
        for (uint64_t i = 0; i <= layer.mask; i++) {
            Slot *s = &layer.slots[i];
            if (!s->key) continue;
            uint64_t size = 1;
            if (classes) {
                int fixed;
                canonical(s->key, &fixed);
                size = SYMS / fixed;
            }
            positions += size;
            counts += (u128)s->count * size;
            if (s->key == start) { start_count = s->count; start_depth = depth; }
        }
        total_positions += positions;
        total_classes += layer.used;
        printf("layer %d positions %llu counts ", depth, (unsigned long long)positions);
        print_u128(counts);
        if (classes) printf(" classes %llu", (unsigned long long)layer.used);
        putchar('\n');
        fflush(stdout);
        if (depth == radius) break;
        Table next;
        table_init(&next, 1 << 4);
        for (uint64_t i = 0; i <= layer.mask; i++) {
            uint64_t x = layer.slots[i].key;
            if (!x) continue;
            uint64_t count = layer.slots[i].count;
            if (!classes) {
                for (int j = 0; j < jumps; j++)
                    if ((x & jump_mask[j]) == jump_land[j]) /* undo needs: landed, two empty */
                        push(&next, x ^ jump_mask[j], count);
                continue;
            }
            /* x stands for its class R: each child class Q gets count * e * |Q's fixers| /
             * |R's fixers|, e the edges from x into Q (see the top of the file) */
            uint64_t child[128];
            int edges[128], fixers[128], found = 0, own;
            canonical(x, &own);
            for (int j = 0; j < jumps; j++) {
                if ((x & jump_mask[j]) != jump_land[j]) continue;
                int fixed, k = 0;
                uint64_t q = canonical(x ^ jump_mask[j], &fixed);
                while (k < found && child[k] != q) k++;
                if (k == found) { child[found] = q; edges[found] = 0; fixers[found++] = fixed; }
                edges[k]++;
            }
            for (int k = 0; k < found; k++) {
                int times = edges[k] * fixers[k];
                if (times % own) { fprintf(stderr, "uneven class count\n"); return 5; }
                uint64_t more;
                if (__builtin_mul_overflow(count, (uint64_t)(times / own), &more)) {
                    fprintf(stderr, "a count passed 2**64\n");
                    return 4;
                }
                push(&next, child[k], more);
            }
        }
        flush(&next);
        free(layer.slots);
        layer = next;
    }
    free(layer.slots);
    clock_gettime(CLOCK_MONOTONIC, &ended);
    printf("total positions %llu", (unsigned long long)total_positions);
    if (classes) printf(" classes %llu", (unsigned long long)total_classes);
    putchar('\n');
    if (start_depth >= 0)
        printf("start depth %d count %llu\n", start_depth, (unsigned long long)start_count);
    printf("seconds %.3f\n",
           (double)(ended.tv_sec - began.tv_sec) + (ended.tv_nsec - began.tv_nsec) / 1e9);
    return 0;
}
