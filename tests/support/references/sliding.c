/*
 * sliding.c: breadth-first search of a whole sliding-tile board (one blank, tiles 1..n-1, the
 * goal the tiles in order with the blank last, as puzzledb's eight, nine and eleven) from its
 * goal, every reachable position with its depth and its exact count of optimal solutions
 * (bench/references.py compiles it and sets it beside `build eleven`).
 *
 *   sliding ROWS COLS          (at most 12 cells: 3x4 is eleven's 239,500,800 positions)
 *
 * A position is indexed without a table: the blank's cell times half the orders of the tiles,
 * plus half the rank of the tiles' order (read row by row, the blank left out) among all
 * orders. Of the two orders that differ only in their last two tiles (ranks 2k and 2k+1),
 * exactly one is reachable with the blank in a given cell: a move along a row keeps the
 * tiles' order, a move along a column carries one tile past cols - 1 others, so the parity
 * of the order is fixed by the blank's row. One byte a position holds its depth, eight its
 * count; each layer is a list of indexes. Counts are checked for overflow.
 *
 * Prints one line a depth ("layer D states N solutions S", S the sum of the counts), the
 * total, the most solutions of any position, and the seconds of the search, each a "word value"
 * line.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MOST_CELLS 12
#define UNSEEN 255

static int rows, cols, cells, tiles;
static uint64_t fact[MOST_CELLS + 1];
static uint64_t half; /* tiles! / 2: positions with the blank in one cell */

static void *allocated(size_t bytes) {
    void *p = calloc(1, bytes ? bytes : 1);
    if (!p) { fprintf(stderr, "out of memory (%zu bytes)\n", bytes); exit(3); }
    return p;
}

/* The parity the tiles' order must have with the blank in `cell`. */
static int parity_for(int cell) {
    return ((rows - 1 - cell / cols) * (cols - 1)) & 1;
}

/* The index of a board (cell values, 0 the blank). */
static uint64_t index_of(const unsigned char *board) {
    uint64_t rank = 0;
    unsigned used = 0;
    int blank = 0, i = 0;
    for (int c = 0; c < cells; c++) {
        int t = board[c];
        if (!t) { blank = c; continue; }
        rank += (uint64_t)(t - 1 - __builtin_popcount(used & ((1u << t) - 2))) * fact[tiles - 1 - i];
        used |= 1u << t;
        i++;
    }
    return (uint64_t)blank * half + rank / 2;
}

/* The board of an index: returns the blank's cell. */
static int board_of(uint64_t index, unsigned char *board) {
    int blank = (int)(index / half);
    uint64_t rank = (index % half) * 2;
    unsigned char order[MOST_CELLS];
    unsigned used = 0;
    int parity = 0;
    for (int i = 0; i < tiles; i++) {
        uint64_t f = fact[tiles - 1 - i];
        int digit = (int)(rank / f);
        rank %= f;
        parity ^= digit & 1;
        int t = 1;
        for (int seen = -1;; t++) {
            if (!(used >> t & 1) && ++seen == digit) break;
        }
        used |= 1u << t;
        order[i] = (unsigned char)t;
    }
    if (parity != parity_for(blank)) { /* the other of the pair: the last two swapped */
        unsigned char last = order[tiles - 1];
        order[tiles - 1] = order[tiles - 2];
        order[tiles - 2] = last;
    }
    for (int c = 0, i = 0; c < cells; c++) board[c] = c == blank ? 0 : order[i++];
    return blank;
}

typedef struct { uint32_t *at; size_t size, room; } List;

static void push(List *list, uint32_t value) {
    if (list->size == list->room) {
        list->room = list->room ? list->room * 2 : 1 << 16;
        list->at = realloc(list->at, list->room * sizeof *list->at);
        if (!list->at) { fprintf(stderr, "out of memory\n"); exit(3); }
    }
    list->at[list->size++] = value;
}

/* A 128-bit count in decimal. */
static void print_wide(unsigned __int128 value) {
    char digits[48];
    int n = 0;
    do { digits[n++] = (char)('0' + (int)(value % 10)); value /= 10; } while (value);
    while (n) putchar(digits[--n]);
}

int main(int argc, char **argv) {
    if (argc != 3 || (rows = atoi(argv[1])) < 2 || (cols = atoi(argv[2])) < 2 ||
        rows * cols > MOST_CELLS) {
        fprintf(stderr, "usage: %s ROWS COLS (at least 2 each, at most %d cells)\n", argv[0],
                MOST_CELLS);
        return 2;
    }
    cells = rows * cols;
    tiles = cells - 1;
    fact[0] = 1;
    for (int i = 1; i <= MOST_CELLS; i++) fact[i] = fact[i - 1] * (uint64_t)i;
    half = fact[tiles] / 2;
    uint64_t positions = half * (uint64_t)cells;
    if (positions > UINT32_MAX) { fprintf(stderr, "too many positions\n"); return 2; }

    struct timespec began, ended;
    clock_gettime(CLOCK_MONOTONIC, &began);
    unsigned char *depth = allocated(positions);
    memset(depth, UNSEEN, positions);
    uint64_t *count = allocated(positions * sizeof *count);

    unsigned char board[MOST_CELLS];
    for (int c = 0; c < cells; c++) board[c] = (unsigned char)((c + 1) % cells);
    uint64_t goal = index_of(board);
    depth[goal] = 0;
    count[goal] = 1;
    List layer = {0}, next = {0};
    push(&layer, (uint32_t)goal);
    uint64_t total = 0, most = 0;
    for (int d = 0; layer.size; d++) {
        unsigned __int128 sum = 0;
        for (size_t k = 0; k < layer.size; k++) {
            uint64_t here = layer.at[k], ways = count[here];
            sum += ways;
            if (ways > most) most = ways;
            int blank = board_of(here, board);
            int r = blank / cols, c = blank % cols;
            int around[4] = {r > 0 ? blank - cols : -1, r < rows - 1 ? blank + cols : -1,
                             c > 0 ? blank - 1 : -1, c < cols - 1 ? blank + 1 : -1};
            for (int m = 0; m < 4; m++) {
                int to = around[m];
                if (to < 0) continue;
                board[blank] = board[to];
                board[to] = 0;
                uint64_t child = index_of(board);
                board[to] = board[blank];
                board[blank] = 0;
                if (depth[child] == UNSEEN) {
                    depth[child] = (unsigned char)(d + 1);
                    count[child] = ways;
                    push(&next, (uint32_t)child);
                } else if (depth[child] == d + 1 &&
                           __builtin_add_overflow(count[child], ways, &count[child])) {
                    fprintf(stderr, "a count passed 64 bits at depth %d\n", d + 1);
                    return 4;
                }
            }
        }
        printf("layer %d states %zu solutions ", d, layer.size);
        print_wide(sum);
        putchar('\n');
        total += layer.size;
        List done = layer;
        layer = next;
        next = done;
        next.size = 0;
    }
    clock_gettime(CLOCK_MONOTONIC, &ended);
    printf("total_states %llu\n", (unsigned long long)total);
    printf("most_solutions %llu\n", (unsigned long long)most);
    printf("seconds %.3f\n",
           (double)(ended.tv_sec - began.tv_sec) + (ended.tv_nsec - began.tv_nsec) / 1e9);
    return total == positions ? 0 : 1;
}
