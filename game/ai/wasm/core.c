/* The exact Dots and Boxes solver (strings and coins), freestanding C for wasm32: no libc, no malloc, no clock.
 *
 * It computes what game/ai/search/solver.py computes (the same value, the same reductions, the same root):
 * a negamax alpha-beta with a transposition table of bounds keyed on the drawn lines, canonical under the
 * board's symmetries; in normal play free captures, the two choices at a chain end, a chain opened at one end
 * taken or declined at once, one opening per chain or loop, one ground string per coin (twins) and simple
 * endgames by formula; in misere and no-extra-move play a plain search with the table, symmetry and twins.
 * Also the selective searches of normal play (solver.py's `selective`, `narrow`: only coins.control_moves where
 * nothing is capturable), a strong estimate rather than a proof; their entries are kept apart in the same table.
 *
 * The host (Python under wasmtime, JavaScript in a Web Worker) writes the board and the position into the
 * exchange area `io`, calls `start`, then `run(nodes)` until it returns done: each call searches at most that
 * many nodes, then unwinds (the table keeps what was finished) and the next call goes down again from the root
 * move it was on. So the host decides how long a piece of work is, and a search can be dropped at any time.
 * README.md has the interface.
 */

typedef unsigned long long u64;
typedef unsigned int u32;
typedef unsigned short u16;
typedef unsigned char u8;
typedef short i16;

#define EXPORT(name) __attribute__((export_name(#name)))

enum { MAXL = 384, MAXW = MAXL / 64, MAXC = 192, MAXS = 12, MAXSIDES = 8, MAXMOVES = 1 << 17 };
enum { INF = 999, NONE = -999 };
enum { RUNNING = 0, DONE = 1, OUT_OF_NODES = 2, NOT_STARTED = 3 };

/* -- the board ---------------------------------------------------------------------------------------------- */
static int nl, nc, nw, ns;                  /* lines, cells, 64-bit words per line set, symmetries (identity first) */
static i16 line_cell[MAXL][2];              /* the coins a string holds; [1] is -1 for a string tied to the ground */
static u8 cell_sides[MAXC];                 /* how many strings each coin has */
static i16 cell_line[MAXC][MAXSIDES];       /* a coin's strings, ascending */
static i16 order[MAXL];                     /* lines from the centre outward: the move ordering */
static u8 sym_word[MAXS][MAXL];             /* where each line goes under each symmetry: word and bit */
static u64 sym_bit[MAXS][MAXL];
static i16 twin_before[MAXL][4];            /* per ground string: its coin's ground strings earlier in `order` */
static u8 twin_count[MAXL];
static i16 twin_lines[MAXL];                /* the ground strings that have earlier twins */
static int twins;
/* Line sets "by rank": bit r stands for the line order[r], so a walk over the bits goes centre outward. */
static i16 rank_of[MAXL];
static u64 coin_ranks[MAXC][MAXW];          /* each coin's strings, by rank */

/* -- the position, changed in place by the search and restored ------------------------------------------------ */
static u64 images[MAXS][MAXW];              /* the drawn lines under every symmetry; images[0] is the position */
static u8 deg[MAXC];                        /* each coin's uncut strings */
static int ones, bigs;                      /* how many coins have degree 1, and degree 3 or more */
static int lines_left;
static u64 undrawn_ranks[MAXW];             /* the undrawn lines, by rank */

/* -- the exchange area with the host -------------------------------------------------------------------------- */
static int io[1 << 16];

EXPORT(io_area) int *io_area(void) { return io; }

/* -- small helpers --------------------------------------------------------------------------------------------- */
static void fill_bytes(void *to, int value, u32 count) {
    u8 *p = (u8 *)to;
    for (u32 i = 0; i < count; i++) p[i] = (u8)value;
}

static inline int is_drawn(int line) { return (int)(images[0][line >> 6] >> (line & 63)) & 1; }

static inline int other_coin(int line, int coin) {
    return line_cell[line][0] == coin ? line_cell[line][1] : line_cell[line][0];
}

/* The highest uncut string of `coin` other than `except` (-1 for none). */
static int last_string(int coin, int except) {
    for (int k = cell_sides[coin] - 1; k >= 0; k--) {
        int line = cell_line[coin][k];
        if (line != except && !is_drawn(line)) return line;
    }
    return -1;
}

static inline void mark(int line) {
    lines_left--;
    undrawn_ranks[rank_of[line] >> 6] &= ~(1ull << (rank_of[line] & 63));
    for (int s = 0; s < ns; s++) images[s][sym_word[s][line]] |= sym_bit[s][line];
}

static inline void unmark(int line) {
    lines_left++;
    undrawn_ranks[rank_of[line] >> 6] |= 1ull << (rank_of[line] & 63);
    for (int s = 0; s < ns; s++) images[s][sym_word[s][line]] &= ~sym_bit[s][line];
}

static inline int cut(int coin) {
    int d = --deg[coin];
    if (d == 2) bigs--;
    if (d == 1) ones++;
    else if (d == 0) { ones--; return 1; }
    return 0;
}

static inline void uncut(int coin) {
    int d = deg[coin]++;
    if (d == 2) bigs++;
    if (d == 1) ones--;
    else if (d == 0) ones++;
}

/* Draws `line`; returns how many coins it captured. */
static int draw(int line) {
    mark(line);
    int got = cut(line_cell[line][0]);
    if (line_cell[line][1] >= 0) got += cut(line_cell[line][1]);
    return got;
}

static void undraw(int line) {
    unmark(line);
    uncut(line_cell[line][0]);
    if (line_cell[line][1] >= 0) uncut(line_cell[line][1]);
}

static inline int is_full(void) { return lines_left == 0; }

/* Whether an uncut earlier twin makes `line` (a ground string) redundant. */
static inline int redundant_twin(int line) {
    for (int k = 0; k < twin_count[line]; k++)
        if (!is_drawn(twin_before[line][k])) return 1;
    return 0;
}

/* -- the transposition table: buckets of 4 slots (key words, then one word: bounds, work, kind, epoch) ----------
 * A slot is in use when its epoch is the table's: clearing the table is a new epoch, not a pass over memory. The
 * search kind (exact, wide, narrow) is part of the key: the kinds share the table, never an entry. */
extern unsigned char __heap_base;
static u64 *table;
static u32 buckets;                         /* a power of two */
static int slot_words;                      /* nw key words + 1 */
static u64 table_bytes;
static u64 epoch = 1;                       /* 1..255, in the top byte of every slot in use */
static u64 key[MAXW];
static u32 bucket_of_key;
static u64 kind;                            /* 0 exact, 1 wide selective, 2 narrow selective */

static inline int in_use(u64 meta) { return meta >> 54 == (epoch << 2 | kind); }

static void table_clear(void) {
    if (++epoch < 256) return;
    epoch = 1;
    if (table) fill_bytes(table, 0, (u32)table_bytes);
}

/* Makes room for 4 * 2^log2_buckets entries at the heap base (growing the memory), empty; 0 if it cannot. */
EXPORT(set_table) int set_table(int log2_buckets) {
    if (log2_buckets < 4 || log2_buckets > 26 || !nw) return 0;
    u64 base = ((u64)(unsigned long)&__heap_base + 63u) & ~63ull;
    u64 bytes = (1ull << log2_buckets) * 4u * (u64)(nw + 1) * 8u;
    if (base + bytes > 0xF0000000ull) return 0;
    u64 have = (u64)__builtin_wasm_memory_size(0) * 65536u;
    if (base + bytes > have) {
        u32 pages = (u32)((base + bytes - have + 65535u) / 65536u);
        if (__builtin_wasm_memory_grow(0, pages) == (unsigned long)-1) return 0;
    }
    table = (u64 *)(unsigned long)base;
    buckets = 1u << log2_buckets;
    slot_words = nw + 1;
    if (bytes > table_bytes) table_bytes = bytes;  /* memory past the old end is fresh, zero */
    table_clear();
    return 1;
}

EXPORT(clear_table) void clear_table(void) { table_clear(); }

/* The key of the position: its smallest image (compared from the highest word); sets `key` and its bucket. */
static void find_key(void) {
    int best = 0;
    for (int s = 1; s < ns; s++) {
        for (int w = nw - 1; w >= 0; w--) {
            if (images[s][w] != images[best][w]) {
                if (images[s][w] < images[best][w]) best = s;
                break;
            }
        }
    }
    u64 h = 0x9E3779B97F4A7C15ull ^ kind;
    for (int w = 0; w < nw; w++) {
        key[w] = images[best][w];
        h = (h ^ key[w]) * 0xBF58476D1CE4E5B9ull;
        h ^= h >> 31;
    }
    bucket_of_key = (u32)(h >> 20) & (buckets - 1);
}

static int same_key(const u64 *slot) {
    for (int w = 0; w < nw; w++)
        if (slot[w] != key[w]) return 0;
    return 1;
}

/* The bounds known for `key` (-INF, INF when nothing is). */
static void probe(int *low, int *high) {
    u64 *slot = table + (u64)bucket_of_key * 4u * (u32)slot_words;
    for (int k = 0; k < 4; k++, slot += slot_words) {
        u64 meta = slot[nw];
        if (in_use(meta) && same_key(slot)) {
            *low = (int)(i16)(meta & 0xFFFF);
            *high = (int)(i16)(meta >> 16 & 0xFFFF);
            return;
        }
    }
    *low = -INF;
    *high = INF;
}

/* Keeps the bounds of `key` (the key of `find_key` made before the search below it); `work` = nodes searched
 * for them: a full bucket gives up the entry that cost the least. */
static void store(int low, int high, u64 work) {
    u64 *slot = table + (u64)bucket_of_key * 4u * (u32)slot_words;
    u64 *victim = 0;
    u64 least = ~0ull;
    for (int k = 0; k < 4; k++, slot += slot_words) {
        u64 meta = slot[nw];
        if (!in_use(meta) || same_key(slot)) { victim = slot; break; }
        u64 cost = meta >> 32 & 0x3FFFFF;
        if (cost < least) { least = cost; victim = slot; }
    }
    if (work > 0x3FFFFF) work = 0x3FFFFF;
    for (int w = 0; w < nw; w++) victim[w] = key[w];
    victim[nw] = epoch << 56 | kind << 54 | work << 32 | (u64)(u16)(i16)high << 16 | (u64)(u16)(i16)low;
}

/* -- node counting: a piece of work ends at `stop_at` nodes -------------------------------------------------- */
static u64 nodes, stop_at, max_nodes;
static int stopped;                         /* the piece of work ended: every node returns at once, storing nothing */
/* The endgame formula's own steps (simple_value's calls, not nodes: the node counts and limits stay as they were).
 * One node can need millions of them (many chains of many lengths on 12x12 boxes: a piece of 500 nodes took 0.8 s),
 * so a piece of work also ends at `steps_stop`, STEPS_PER_NODE steps a node of its budget: its time stays in
 * proportion to its budget. What the formula finished is remembered, so the next piece goes further; each piece in
 * a row that ends on steps has twice the steps of the one before (`steps_ended`), so a formula that needs more
 * than its memory holds still finishes, in at most twice the steps it took in one piece. */
static u64 steps, steps_stop;
static int steps_ended, steps_ended_in_row;
enum { STEPS_PER_NODE = 4 };

static inline int tick(void) {
    if (++nodes > stop_at) { stopped = 1; return 1; }
    return 0;
}

/* -- the move stack: every node's move list lives here while it searches ------------------------------------ */
static i16 moves[MAXMOVES];
static int move_top;

/* -- simple endgames: independent chains and loops, by formula, remembered ----------------------------------- */
enum { MEMO_BYTES = 32, MEMO_SIZE = 1 << 15 };
static u8 memo_key[MEMO_SIZE][MEMO_BYTES];
static i16 memo_value[MEMO_SIZE];
static u8 memo_used[MEMO_SIZE];

static int simple_value(u8 *chains, int nch, u8 *loops, int nlo);

/* The value with the `skip`-th chain (or loop) taken out: the components after it is opened. */
static int simple_rest(u8 *chains, int nch, u8 *loops, int nlo, int skip, int is_loop) {
    u8 c[MAXC], l[MAXC];
    int a = 0, b = 0;
    for (int i = 0; i < nch; i++)
        if (is_loop || i != skip) c[a++] = chains[i];
    for (int i = 0; i < nlo; i++)
        if (!is_loop || i != skip) l[b++] = loops[i];
    return simple_value(c, a, l, b);
}

/* For the player who must open one of these components (lengths sorted ascending), normal play. */
static int simple_value(u8 *chains, int nch, u8 *loops, int nlo) {
    if (!nch && !nlo) return 0;
    if (!stopped && ++steps > steps_stop) stopped = steps_ended = 1;
    if (stopped) return 0;
    int memo = nch + nlo + 2 <= MEMO_BYTES;
    u32 slot = 0;
    u8 k[MEMO_BYTES];
    if (memo) {
        fill_bytes(k, 0, MEMO_BYTES);
        k[0] = (u8)nch;
        k[1] = (u8)nlo;
        for (int i = 0; i < nch; i++) k[2 + i] = chains[i];
        for (int i = 0; i < nlo; i++) k[2 + nch + i] = loops[i];
        u32 h = 2166136261u;
        for (int i = 0; i < 2 + nch + nlo; i++) h = (h ^ k[i]) * 16777619u;
        slot = h & (MEMO_SIZE - 1);
        if (memo_used[slot]) {
            int same = 1;
            for (int i = 0; i < MEMO_BYTES; i++)
                if (memo_key[slot][i] != k[i]) { same = 0; break; }
            if (same) return memo_value[slot];
        }
    }
    int best = NONE;
    for (int i = 0; i < nch; i++) {
        if (i && chains[i - 1] == chains[i]) continue;
        int size = chains[i];
        int rest = simple_rest(chains, nch, loops, nlo, i, 0);
        int reply = size + rest;
        if (size >= 3 && size - 4 - rest > reply) reply = size - 4 - rest;
        if (-reply > best) best = -reply;
    }
    for (int i = 0; i < nlo; i++) {
        if (i && loops[i - 1] == loops[i]) continue;
        int size = loops[i];
        int rest = simple_rest(chains, nch, loops, nlo, i, 1);
        int reply = size + rest;
        if (size >= 4 && size - 8 - rest > reply) reply = size - 8 - rest;
        if (-reply > best) best = -reply;
    }
    if (memo && !stopped) {
        for (int i = 0; i < MEMO_BYTES; i++) memo_key[slot][i] = k[i];
        memo_value[slot] = (i16)best;
        memo_used[slot] = 1;
    }
    return best;
}

static void sort_bytes(u8 *a, int n) {
    for (int i = 1; i < n; i++) {
        u8 v = a[i];
        int j = i - 1;
        while (j >= 0 && a[j] > v) { a[j + 1] = a[j]; j--; }
        a[j + 1] = v;
    }
}

/* The value of a position whose remaining coins all have degree 2: its chains (tied to the ground) and loops. */
static int components_value(void) {
    u8 seen[MAXC], chains[MAXC], loops[MAXC];
    int nch = 0, nlo = 0;
    for (int c = 0; c < nc; c++) seen[c] = deg[c] != 2;
    for (int start = 0; start < nc; start++) {
        if (seen[start]) continue;
        seen[start] = 1;
        int size = 1, loop = 0;
        int first = -1;
        for (int half = 0; half < 2 && !loop; half++) {
            int came = last_string(start, first);
            if (half == 0) first = came;
            int coin = start;
            for (;;) {
                if (line_cell[came][1] < 0) break;
                coin = other_coin(came, coin);
                if (deg[coin] != 2) break;
                if (seen[coin]) { loop = 1; break; }
                seen[coin] = 1;
                size++;
                came = last_string(coin, came);
            }
        }
        if (loop) loops[nlo++] = (u8)size;
        else chains[nch++] = (u8)(size > 255 ? 255 : size);
    }
    sort_bytes(chains, nch);
    sort_bytes(loops, nlo);
    return simple_value(chains, nch, loops, nlo);
}

/* -- move lists ------------------------------------------------------------------------------------------------ */
/* Pushes `line` unless it is already among moves[from..move_top). */
static void push_new(int from, int line) {
    for (int i = from; i < move_top; i++)
        if (moves[i] == line) return;
    moves[move_top++] = (i16)line;
}

/* The capturable coins at chain ends -> for each: take it, or cut the chain's next string (all but two). */
static void chain_end_moves(const int *coins, int count) {
    int from = move_top;
    for (int i = 0; i < count; i++) {
        int coin = coins[i];
        int take = last_string(coin, -1);
        int next = other_coin(take, coin);
        int decline = last_string(next, take);
        push_new(from, take);
        push_new(from, decline);
    }
}

/* The undrawn lines by rank less the redundant twins (and less `without`, by rank, if given). */
static void candidates(u64 *out, const u64 *without) {
    for (int w = 0; w < nw; w++) out[w] = undrawn_ranks[w] & (without ? ~without[w] : ~0ull);
    for (int k = 0; k < twins; k++) {
        int line = twin_lines[k];
        if (redundant_twin(line)) out[rank_of[line] >> 6] &= ~(1ull << (rank_of[line] & 63));
    }
}

/* Pushes the lines of a by-rank set, centre outward. */
static void push_ranks(const u64 *set) {
    for (int w = 0; w < nw; w++)
        for (u64 bits = set[w]; bits; bits &= bits - 1) moves[move_top++] = order[w * 64 + __builtin_ctzll(bits)];
}

/* The safe lines (no coin of degree 2), centre outward, leaving out redundant twins; returns whether any undrawn
 * line is not safe (then there are chains or loops to open). */
static int safe_moves(void) {
    u64 unsafe[MAXW], safe[MAXW];
    int any = 0;
    for (int w = 0; w < nw; w++) unsafe[w] = 0;
    for (int c = 0; c < nc; c++)
        if (deg[c] == 2)
            for (int w = 0; w < nw; w++) unsafe[w] |= coin_ranks[c][w];
    for (int w = 0; w < nw; w++) any |= (unsafe[w] & undrawn_ranks[w]) != 0;
    candidates(safe, unsafe);
    push_ranks(safe);
    return any;
}

/* One line per chain or loop of degree-2 coins (every string of a chain whose ends are one joint), as
 * (size, line) pairs sorted: coins.openings. */
static void opening_moves(void) {
    u8 seen[MAXC];
    u32 found[MAXL];
    int count = 0;
    fill_bytes(seen, 0, (u32)nc);
    for (int start = 0; start < nc; start++) {
        if (deg[start] != 2 || seen[start]) continue;
        seen[start] = 1;
        u64 run_strings[MAXW];
        fill_bytes(run_strings, 0, sizeof run_strings);
        int low = -1, high = -1;
        for (int k = 0; k < cell_sides[start]; k++) {
            int line = cell_line[start][k];
            if (is_drawn(line)) continue;
            run_strings[line >> 6] |= 1ull << (line & 63);
            if (low < 0) low = line; else high = line;
        }
        int size = 1, closed = 0, middle = -1, nends = 0, first = low;
        int end_coin[2] = {-1, -1}, end_line[2] = {-1, -1};
        for (int half = 0; half < 2; half++) {
            first = half ? high : low;
            int came = first, coin = start, steps = 0, end = -1;
            for (;;) {
                if (line_cell[came][1] < 0) { end = -1; break; }
                coin = other_coin(came, coin);
                if (deg[coin] != 2) { end = coin; break; }
                if (coin == start) { closed = 1; break; }
                seen[coin] = 1;
                size++;
                steps++;
                int next = last_string(coin, came);
                for (int k = 0; k < cell_sides[coin]; k++) {
                    int line = cell_line[coin][k];
                    if (!is_drawn(line)) run_strings[line >> 6] |= 1ull << (line & 63);
                }
                came = next;
            }
            if (closed) break;
            if (steps == 1) middle = first;
            end_coin[nends] = end;
            end_line[nends++] = came;
        }
        if (closed) {
            found[count++] = (u32)size << 16 | (u32)first;
        } else if (end_coin[0] == end_coin[1] && end_coin[0] != -1) {
            for (int w = 0; w < nw; w++)
                for (u64 bits = run_strings[w]; bits; bits &= bits - 1)
                    found[count++] = (u32)size << 16 | (u32)(w * 64 + __builtin_ctzll(bits));
        } else if (size == 2) {
            found[count++] = 2u << 16 | (u32)middle;
        } else {
            found[count++] = (u32)size << 16 | (u32)end_line[0];
        }
    }
    for (int i = 1; i < count; i++) {
        u32 v = found[i];
        int j = i - 1;
        while (j >= 0 && found[j] > v) { found[j + 1] = found[j]; j--; }
        found[j + 1] = v;
    }
    for (int i = 0; i < count; i++) moves[move_top++] = (i16)(found[i] & 0xFFFF);
}

/* The selective move set where nothing is capturable (coins.control_moves): the safe lines, then one way of giving
 * cells away per kind of opening (both end strings of each chain, the middle of a chain of two, one string of a
 * loop), sorted by (size, line); `narrow` keeps, while safe lines remain, only the openings of one or two coins. */
static void control_moves(int narrow_set) {
    i16 run_of[MAXC];
    u16 sizes[MAXC];
    u8 loops[MAXC], offered[MAXC];
    int runs = 0, safe = 0, unsafe = 0;
    for (int i = 0; i < nl; i++) {
        int line = order[i];
        if (is_drawn(line)) continue;
        int a = line_cell[line][0], b = line_cell[line][1];
        if (deg[a] < 3 || (b >= 0 && deg[b] < 3)) { unsafe = 1; continue; }
        if (twin_count[line] && redundant_twin(line)) continue;
        moves[move_top++] = (i16)line;
        safe++;
    }
    if (!unsafe) return;
    for (int c = 0; c < nc; c++) run_of[c] = -1;
    for (int start = 0; start < nc; start++) {
        if (deg[start] != 2 || run_of[start] >= 0) continue;
        i16 stack[MAXC];
        int top = 0, size = 0, closed = 1;
        run_of[start] = (i16)runs;
        stack[top++] = (i16)start;
        while (top) {
            int coin = stack[--top];
            size++;
            for (int k = 0; k < cell_sides[coin]; k++) {
                int line = cell_line[coin][k];
                if (is_drawn(line)) continue;
                if (line_cell[line][1] < 0) { closed = 0; continue; }
                int other = other_coin(line, coin);
                if (deg[other] != 2) closed = 0;
                else if (run_of[other] < 0) { run_of[other] = (i16)runs; stack[top++] = (i16)other; }
            }
        }
        sizes[runs] = (u16)size;
        loops[runs] = (u8)closed;
        offered[runs++] = 0;
    }
    u32 found[MAXL];
    int count = 0;
    for (int i = 0; i < nl; i++) {
        int line = order[i];
        if (is_drawn(line)) continue;
        int a = line_cell[line][0], b = line_cell[line][1];
        if (!(deg[a] < 3 || (b >= 0 && deg[b] < 3))) continue;
        int inner = b >= 0 && deg[a] == 2 && deg[b] == 2;
        int run = run_of[deg[a] == 2 ? a : b];
        if (!inner) found[count++] = (u32)(narrow_set ? sizes[run] : 1) << 16 | (u32)line;
        else if (loops[run]) {
            if (!offered[run]) { offered[run] = 1; found[count++] = (u32)sizes[run] << 16 | (u32)line; }
        } else if (sizes[run] == 2) found[count++] = 2u << 16 | (u32)line;
    }
    for (int i = 1; i < count; i++) {
        u32 v = found[i];
        int j = i - 1;
        while (j >= 0 && found[j] > v) { found[j + 1] = found[j]; j--; }
        found[j + 1] = v;
    }
    for (int i = 0; i < count; i++)
        if (!narrow_set || !safe || found[i] >> 16 <= 2) moves[move_top++] = (i16)(found[i] & 0xFFFF);
}

/* -- the search ------------------------------------------------------------------------------------------------ */
static int misere, no_extra;

static int normal_node(int alpha, int beta);
static int plain_node(int alpha, int beta);

static int bounds_low(int value, int start, int low) {
    return value <= start ? low : value;
}

static int bounds_high(int value, int start, int beta, int high) {
    return value <= start ? value : (value >= beta ? high : value);
}

/* Captures every coin whose capture opens nothing (coins.take_free_coins); the lines go on the move stack
 * (`taken` of them), the chain-end coins into `chain`. Returns the cells taken. */
static int take_free_coins(int *taken, int *chain, int *nchain) {
    int gain = 0;
    *taken = 0;
    *nchain = 0;
    if (!ones) return 0;
    for (int coin = 0; coin < nc; coin++) {
        if (deg[coin] != 1) continue;
        int line = last_string(coin, -1);
        int other = line_cell[line][1] < 0 ? -1 : other_coin(line, coin);
        if (other >= 0 && deg[other] == 2) {
            chain[(*nchain)++] = coin;
            continue;
        }
        gain += draw(line);
        moves[move_top++] = (i16)line;
        (*taken)++;
    }
    return gain;
}

static void untake(int taken) {
    for (int i = 0; i < taken; i++) undraw(moves[--move_top]);
}

/* A capturable coin opening a chain whose far end is the ground or a joint: the chain's strings on the move
 * stack from that coin to the far end (returns how many), or 0 for a chain open at both ends. */
static int one_chain(int coin) {
    int came = last_string(coin, -1);
    int from = move_top;
    moves[move_top++] = (i16)came;
    for (;;) {
        if (line_cell[came][1] < 0) return move_top - from;
        coin = other_coin(came, coin);
        int left = deg[coin];
        if (left != 2) {
            if (left > 2) return move_top - from;
            move_top = from;
            return 0;
        }
        came = last_string(coin, came);
        moves[move_top++] = (i16)came;
    }
}

/* Take the whole chain (the `length` strings at moves[from..]) and move on, or all but the last two and cut the
 * far string. */
static int take_or_decline(int from, int length, int alpha, int beta) {
    int value = NONE;
    for (int decline = 0; decline < 2; decline++) {
        int got = 0;
        for (int i = 0; i < length; i++)
            if (!decline || i < length - 2 || i == length - 1) got += draw(moves[from + i]);
        int score;
        if (decline) score = got - normal_node(got - beta, got - alpha);
        else score = got + normal_node(alpha - got, beta - got);
        for (int i = length - 1; i >= 0; i--)
            if (!decline || i < length - 2 || i == length - 1) undraw(moves[from + i]);
        if (stopped) return 0;
        if (score > value) {
            value = score;
            if (value > alpha) {
                alpha = value;
                if (alpha >= beta) break;
            }
        }
    }
    return value;
}

static int normal_node(int alpha, int beta) {
    if (tick()) return 0;
    u64 nodes_before = nodes;
    int base = move_top;
    int taken, chain[MAXC], nchain;
    int gain = take_free_coins(&taken, chain, &nchain);
    if (is_full() || (bigs == 0 && nchain == 0)) {  /* the end, or only chains and loops: by formula, no table */
        int value = is_full() ? 0 : components_value();
        untake(taken);
        return value + gain;
    }
    alpha -= gain;
    beta -= gain;
    find_key();
    u32 my_bucket = bucket_of_key;
    u64 my_key[MAXW];
    for (int w = 0; w < nw; w++) my_key[w] = key[w];
    int low, high, value;
    probe(&low, &high);
    if (low >= beta || low == high) {
        value = low;
    } else if (high <= alpha) {
        value = high;
    } else {
        if (alpha < low) alpha = low;
        if (beta > high) beta = high;
        int start = alpha;
        int length = nchain == 1 ? one_chain(chain[0]) : 0;
        if (length) {
            value = take_or_decline(move_top - length, length, alpha, beta);
            move_top -= length;
        } else {
            int from = move_top;
            int openings_done = 1;
            if (nchain) chain_end_moves(chain, nchain);
            else if (kind) control_moves(kind == 2);
            else openings_done = !safe_moves();
            value = NONE;
            for (int i = from;; i++) {
                if (i == move_top) {
                    if (openings_done) break;
                    openings_done = 1;
                    opening_moves();
                    if (i == move_top) break;
                }
                int line = moves[i];
                int got = draw(line);
                int score;
                if (value == NONE || beta - alpha == 1) {
                    score = got ? got + normal_node(alpha - got, beta - got) : -normal_node(-beta, -alpha);
                } else if (got) {
                    score = got + normal_node(alpha - got, alpha + 1 - got);
                    if (!stopped && alpha < score && score < beta) score = got + normal_node(alpha - got, beta - got);
                } else {
                    score = -normal_node(-alpha - 1, -alpha);
                    if (!stopped && alpha < score && score < beta) score = -normal_node(-beta, -alpha);
                }
                undraw(line);
                if (stopped) break;
                if (score > value) {
                    value = score;
                    if (value > alpha) {
                        alpha = value;
                        if (alpha >= beta) break;
                    }
                }
            }
            move_top = from;
        }
        if (!stopped) {
            for (int w = 0; w < nw; w++) key[w] = my_key[w];
            bucket_of_key = my_bucket;
            store(bounds_low(value, start, low), bounds_high(value, start, beta, high), nodes - nodes_before);
        }
    }
    move_top = base + taken;
    untake(taken);
    if (stopped) return 0;
    return value + gain;
}

/* The value for the mover of drawing `line` (fail-soft within alpha..beta): solver.line_value. */
static int line_value(int line, int alpha, int beta) {
    int gained = draw(line);
    int value;
    if (no_extra) {
        if (misere) gained = -gained;
        value = gained - plain_node(gained - beta, gained - alpha);
    } else if (misere) {
        value = gained ? plain_node(alpha + gained, beta + gained) - gained : -plain_node(-beta, -alpha);
    } else if (gained) {
        value = gained + normal_node(alpha - gained, beta - gained);
    } else {
        value = -normal_node(-beta, -alpha);
    }
    undraw(line);
    return value;
}

static int plain_node(int alpha, int beta) {
    if (tick()) return 0;
    if (is_full()) return 0;
    u64 nodes_before = nodes;
    find_key();
    u32 my_bucket = bucket_of_key;
    u64 my_key[MAXW];
    for (int w = 0; w < nw; w++) my_key[w] = key[w];
    int low, high;
    probe(&low, &high);
    if (low >= beta || low == high) return low;
    if (high <= alpha) return high;
    if (alpha < low) alpha = low;
    if (beta > high) beta = high;
    int start = alpha, value = NONE;
    u64 lines[MAXW];
    candidates(lines, 0);
    for (int w = 0; w < nw && alpha < beta; w++)
        for (u64 bits = lines[w]; bits && alpha < beta; bits &= bits - 1) {
            int score = line_value(order[w * 64 + __builtin_ctzll(bits)], alpha, beta);
            if (stopped) return 0;
            if (score > value) {
                value = score;
                if (value > alpha) alpha = value;
            }
        }
    for (int w = 0; w < nw; w++) key[w] = my_key[w];
    bucket_of_key = my_bucket;
    store(bounds_low(value, start, low), bounds_high(value, start, beta, high), nodes - nodes_before);
    return value;
}

/* -- the root: MTD(f) over null-window tests, or one test against `beats` ------------------------------------- */
static struct {
    int status, has_beats, beats, limit;
    int count;                              /* root moves, in io order, kept in root_moves */
    int lower, upper, guess;                /* MTD(f) */
    int in_window, alpha, beta, index, best, best_line;
    int value, best_move, current;
} root;
static i16 root_moves[MAXL];
static u8 refuted[MAXL];

/* Sets up the board from io: line_cells (2 per line, -1 for none), the order (nl), the non-identity
 * symmetries (nl each). Returns 1, or 0 if the board is too big. Forgets the table. */
EXPORT(set_board) int set_board(int lines, int cells, int symmetries) {
    if (lines < 1 || lines > MAXL || cells < 1 || cells > MAXC || symmetries < 0 || symmetries >= MAXS) return 0;
    nl = lines; nc = cells; ns = symmetries + 1; nw = (lines + 63) / 64;
    fill_bytes(cell_sides, 0, sizeof cell_sides);
    for (int line = 0; line < nl; line++) {
        line_cell[line][0] = (i16)io[2 * line];
        line_cell[line][1] = (i16)io[2 * line + 1];
        for (int k = 0; k < 2; k++) {
            int coin = line_cell[line][k];
            if (coin < 0) continue;
            if (coin >= nc || cell_sides[coin] >= MAXSIDES) return 0;
            cell_line[coin][cell_sides[coin]++] = (i16)line;  /* lines come in ascending order */
        }
    }
    for (int i = 0; i < nl; i++) order[i] = (i16)io[2 * nl + i];
    for (int i = 0; i < nl; i++) {
        if (order[i] < 0 || order[i] >= nl) return 0;
        rank_of[order[i]] = (i16)i;
    }
    fill_bytes(coin_ranks, 0, sizeof coin_ranks);
    for (int c = 0; c < nc; c++)
        for (int k = 0; k < cell_sides[c]; k++) {
            int rank = rank_of[cell_line[c][k]];
            coin_ranks[c][rank >> 6] |= 1ull << (rank & 63);
        }
    for (int line = 0; line < nl; line++) { sym_word[0][line] = (u8)(line >> 6); sym_bit[0][line] = 1ull << (line & 63); }
    for (int s = 1; s < ns; s++)
        for (int line = 0; line < nl; line++) {
            int to = io[3 * nl + (s - 1) * nl + line];
            sym_word[s][line] = (u8)(to >> 6);
            sym_bit[s][line] = 1ull << (to & 63);
        }
    /* twins: each ground string and the ground strings of its coin that come earlier in the order */
    fill_bytes(twin_count, 0, sizeof twin_count);
    twins = 0;
    for (int i = 0; i < nl; i++) {
        int line = order[i];
        if (line_cell[line][1] >= 0) continue;
        for (int j = 0; j < i; j++) {
            int before = order[j];
            if (line_cell[before][1] < 0 && line_cell[before][0] == line_cell[line][0] && twin_count[line] < 4)
                twin_before[line][twin_count[line]++] = (i16)before;
        }
        if (twin_count[line]) twin_lines[twins++] = (i16)line;
    }
    table = 0;
    buckets = 0;
    root.status = NOT_STARTED;
    return 1;
}

/* A new search of the position in io: [drawn count, drawn lines..., root move count, root moves...] (the root
 * moves in the order to search them; the host's solver.root_moves). `beats` is used when has_beats: only look
 * for a move worth more. `search_kind`: 0 exact, 1 selective, 2 narrow selective (normal play only). Returns 1,
 * or 0 when the input does not fit the board. */
EXPORT(start) int start(int is_misere, int is_no_extra, int search_kind, int has_beats, int beats, double node_limit) {
    if (!table || search_kind < 0 || search_kind > 2 || (search_kind && (is_misere || is_no_extra))) return 0;
    misere = is_misere; no_extra = is_no_extra;
    kind = (u64)search_kind;
    fill_bytes(images, 0, sizeof images);
    ones = 0; bigs = 0; lines_left = nl;
    fill_bytes(undrawn_ranks, 0, sizeof undrawn_ranks);
    for (int r = 0; r < nl; r++) undrawn_ranks[r >> 6] |= 1ull << (r & 63);
    for (int c = 0; c < nc; c++) {
        deg[c] = cell_sides[c];
        if (deg[c] == 1) ones++;
        if (deg[c] >= 3) bigs++;
    }
    int at = 0, drawn = io[at++];
    if (drawn < 0 || drawn > nl) return 0;
    for (int i = 0; i < drawn; i++) {
        int line = io[at++];
        if (line < 0 || line >= nl || is_drawn(line)) return 0;
        draw(line);
    }
    int count = io[at++];
    if (count < 0 || count > nl) return 0;
    for (int i = 0; i < count; i++) {
        int line = io[at++];
        if (line < 0 || line >= nl || is_drawn(line)) return 0;
        root_moves[i] = (i16)line;
        refuted[i] = 0;
    }
    root.count = count;
    root.has_beats = has_beats;
    root.beats = beats;
    root.limit = nc + 1;
    root.lower = -root.limit;
    root.upper = root.limit;
    root.guess = 0;
    root.in_window = 0;
    root.value = 0;
    root.best_move = -1;
    root.current = -1;
    root.status = RUNNING;
    nodes = 0;
    steps_ended_in_row = 0;
    max_nodes = node_limit > 0 ? (u64)node_limit : ~0ull;
    move_top = 0;
    if (is_full() || !count) {
        root.status = DONE;  /* a full board is worth 0 */
    }
    return 1;
}

/* One null-window pass over the root moves, resumed at root.index. Returns 1 when it is finished. */
static int root_window(void) {
    while (root.index < root.count) {
        int line = root_moves[root.index];
        root.current = line;
        int value = line_value(line, root.alpha, root.beta);
        if (stopped) return 0;
        if (root.has_beats && value <= root.beats) refuted[root.index] = 1;
        if (value > root.best) {
            root.best = value;
            root.best_line = line;
            if (value > root.alpha) root.alpha = value;
            if (root.alpha >= root.beta) break;
        }
        root.index++;
    }
    return 1;
}

static void open_window(int alpha, int beta) {
    root.in_window = 1;
    root.alpha = alpha;
    root.beta = beta;
    root.index = 0;
    root.best = -root.limit;
    root.best_line = -1;
}

/* Searches about `budget` more nodes. Returns RUNNING (call again), DONE, or OUT_OF_NODES (past the node limit
 * of `start`). */
EXPORT(run) int run(int budget) {
    if (root.status != RUNNING) return root.status;
    stopped = 0;
    stop_at = nodes + (u64)(budget > 0 ? budget : 1);
    if (stop_at > max_nodes) stop_at = max_nodes;
    int doubling = steps_ended_in_row < 30 ? steps_ended_in_row : 30;
    steps_stop = steps + ((u64)(budget > 0 ? budget : 1) * STEPS_PER_NODE << doubling);
    steps_ended = 0;
    for (;;) {
        if (!root.in_window) {
            if (root.has_beats) {
                open_window(root.beats, root.beats + 1);
            } else {
                if (root.lower >= root.upper) {
                    root.value = root.lower;
                    root.status = DONE;
                    return DONE;
                }
                int beta = root.guess == root.lower ? root.guess + 1 : root.guess;
                open_window(beta - 1, beta);
            }
        }
        if (!root_window()) {
            move_top = 0;
            steps_ended_in_row = steps_ended ? steps_ended_in_row + 1 : 0;
            if (nodes > max_nodes) root.status = OUT_OF_NODES;
            return root.status;
        }
        root.in_window = 0;
        if (root.has_beats) {
            root.value = root.best;
            root.best_move = root.best <= root.beats ? -1 : root.best_line;
            root.status = DONE;
            return DONE;
        }
        root.guess = root.best;
        if (root.guess < root.beta) {
            root.upper = root.guess;
        } else {
            root.lower = root.guess;
            root.best_move = root.best_line;
        }
    }
}

EXPORT(result_value) int result_value(void) { return root.value; }
EXPORT(result_move) int result_move(void) { return root.best_move; }
EXPORT(current_move) int current_move(void) { return root.current; }
EXPORT(node_count) double node_count(void) { return (double)nodes; }

/* The root moves shown not to beat `beats` so far, into io; returns how many. */
EXPORT(refuted_moves) int refuted_moves(void) {
    int count = 0;
    for (int i = 0; i < root.count; i++)
        if (refuted[i]) io[count++] = root_moves[i];
    return count;
}
