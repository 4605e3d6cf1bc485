/*
 * eight.c: breadth-first search of the whole 8-puzzle from its goal, every one of its 181,440
 * states with its depth (bench/references.py compiles it and compares it with `build eight`).
 *
 *   eight [--article | --tree | --packed]
 *
 * --article (the default) does the work of the articles' C program that issue 32's figure
 * came from, as that program does it: a state is a 9-byte board with an int blank and an int
 * depth, the queue an array of states, and the states seen a binary search tree ordered by
 * memcmp, of nodes allocated one by one; a child is looked for in the tree, then inserted by
 * a second, recursive walk from the root. --tree keeps those structures but does both in one
 * walk, into nodes allocated at once: a tighter program than the article's. --packed is the
 * floor: a state is a 4-bit-a-cell word, and the states seen a byte array indexed by the
 * state's rank among the 9! orders.
 * The goal is puzzledb's: 1 2 3 / 4 5 6 / 7 8 blank.
 *
 * Prints one line a depth ("layer D states N"), the total, and the seconds of the search.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define N 9
#define STATES 181440

static const int NEIGHBOURS[N][5] = {{1, 3, -1},    {0, 2, 4, -1},    {1, 5, -1},
                                     {0, 4, 6, -1}, {1, 3, 5, 7, -1}, {2, 4, 8, -1},
                                     {3, 7, -1},    {4, 6, 8, -1},    {5, 7, -1}};
static const unsigned char GOAL[N] = {1, 2, 3, 4, 5, 6, 7, 8, 0};
static long layer_sizes[64];

/* ---- the articles' structures: byte boards, a binary search tree of those seen ---- */

typedef struct { unsigned char cell[N]; unsigned char blank, depth; } Board;
typedef struct Node { const Board *board; struct Node *less, *more; } Node;

static Board queue[STATES + 1]; /* the last slot: a child being tried when all are found */
static Node nodes[STATES];
static int nodes_used;

/* Adds the board to the tree unless it is there: 1 when it was new. */
static int seen_add(Node **root, const Board *board) {
    Node **at = root;
    while (*at) {
        int order = memcmp(board->cell, (*at)->board->cell, N);
        if (!order) return 0;
        at = order < 0 ? &(*at)->less : &(*at)->more;
    }
    Node *node = &nodes[nodes_used++];
    node->board = board;
    node->less = node->more = NULL;
    *at = node;
    return 1;
}

static int search_tree(void) {
    Node *root = NULL;
    int head = 0, tail = 0;
    memcpy(queue[tail].cell, GOAL, N);
    queue[tail].blank = 8;
    queue[tail].depth = 0;
    seen_add(&root, &queue[tail++]);
    while (head < tail) {
        const Board *board = &queue[head++];
        layer_sizes[board->depth]++;
        for (const int *to = NEIGHBOURS[board->blank]; *to >= 0; to++) {
            Board *child = &queue[tail];
            memcpy(child->cell, board->cell, N);
            child->cell[board->blank] = child->cell[*to];
            child->cell[*to] = 0;
            child->blank = (unsigned char)*to;
            child->depth = board->depth + 1;
            if (seen_add(&root, child)) tail++;
        }
    }
    return tail;
}

/* ---- the article's way: look, then insert from the root again; a node allocated each ---- */

typedef struct { unsigned char cell[N]; int blank, depth; } Wide;
typedef struct Leaf { const Wide *state; struct Leaf *less, *more; } Leaf;

static Wide wide_queue[STATES];

static int found(const unsigned char *cells, const Leaf *leaf) {
    for (; leaf; ) {
        int order = memcmp(cells, leaf->state->cell, N);
        if (!order) return 1;
        leaf = order < 0 ? leaf->less : leaf->more;
    }
    return 0;
}

static Leaf *inserted(const Wide *state, Leaf *leaf) {
    if (!leaf) {
        Leaf *made = malloc(sizeof *made);
        if (!made) { fprintf(stderr, "out of memory\n"); exit(3); }
        made->state = state;
        made->less = made->more = NULL;
        return made;
    }
    int order = memcmp(state->cell, leaf->state->cell, N);
    if (order < 0) leaf->less = inserted(state, leaf->less);
    else if (order > 0) leaf->more = inserted(state, leaf->more);
    return leaf;
}

static int search_article(void) {
    int head = 0, tail = 0;
    memcpy(wide_queue[0].cell, GOAL, N);
    wide_queue[0].blank = 8;
    wide_queue[0].depth = 0;
    Leaf *root = inserted(&wide_queue[tail++], NULL);
    while (head < tail) {
        const Wide *state = &wide_queue[head++];
        layer_sizes[state->depth]++;
        for (const int *to = NEIGHBOURS[state->blank]; *to >= 0; to++) {
            unsigned char cells[N];
            memcpy(cells, state->cell, N);
            cells[state->blank] = cells[*to];
            cells[*to] = 0;
            if (found(cells, root)) continue;
            Wide *child = &wide_queue[tail++];
            memcpy(child->cell, cells, N);
            child->blank = *to;
            child->depth = state->depth + 1;
            root = inserted(child, root);
        }
    }
    return tail;
}

/* ---- the floor: packed words, a byte a state by rank ---- */

static unsigned char depth_of[362880]; /* 0: not seen; else depth + 1 */
static uint64_t words[STATES];

static inline uint64_t cell(uint64_t w, int i) { return w >> (4 * i) & 15; }

static inline int rank_of(uint64_t w) {
    /* the Lehmer code: for each cell, how many later cells hold a smaller tile */
    static const int FACT[N] = {40320, 5040, 720, 120, 24, 6, 2, 1, 1};
    int rank = 0;
    unsigned used = 0;
    for (int i = 0; i < N; i++) {
        int t = (int)cell(w, i);
        rank += __builtin_popcount(~used & ((1u << t) - 1)) * FACT[i];
        used |= 1u << t;
    }
    return rank;
}

static int search_packed(void) {
    uint64_t goal = 0;
    for (int i = 0; i < N; i++) goal |= (uint64_t)GOAL[i] << (4 * i);
    int head = 0, tail = 0;
    words[tail++] = goal;
    depth_of[rank_of(goal)] = 1;
    while (head < tail) {
        uint64_t w = words[head++];
        int blank = 0;
        while (cell(w, blank)) blank++;
        int depth = depth_of[rank_of(w)];
        layer_sizes[depth - 1]++;
        for (const int *to = NEIGHBOURS[blank]; *to >= 0; to++) {
            uint64_t tile = cell(w, *to);
            uint64_t child = w ^ tile << (4 * *to) ^ tile << (4 * blank);
            int rank = rank_of(child);
            if (depth_of[rank]) continue;
            depth_of[rank] = (unsigned char)(depth + 1);
            words[tail++] = child;
        }
    }
    return tail;
}

int main(int argc, char **argv) {
    const char *mode = argc > 1 ? argv[1] + 2 : "article";
    int known = argc == 1 || (!strncmp(argv[1], "--", 2) &&
                              (!strcmp(mode, "article") || !strcmp(mode, "tree") ||
                               !strcmp(mode, "packed")));
    if (argc > 2 || !known) {
        fprintf(stderr, "usage: %s [--article | --tree | --packed]\n", argv[0]);
        return 2;
    }
    struct timespec began, ended;
    clock_gettime(CLOCK_MONOTONIC, &began);
    int total = !strcmp(mode, "packed") ? search_packed()
                : !strcmp(mode, "tree") ? search_tree()
                                        : search_article();
    clock_gettime(CLOCK_MONOTONIC, &ended);
    printf("mode %s\n", mode);
    for (int d = 0; d < 64 && layer_sizes[d]; d++) printf("layer %d states %ld\n", d, layer_sizes[d]);
    printf("total states %d\n", total);
    printf("seconds %.3f\n",
           (double)(ended.tv_sec - began.tv_sec) + (ended.tv_nsec - began.tv_nsec) / 1e9);
    return total == STATES ? 0 : 1;
}
