/*
 * The simulator's kernel in C: the CUDA kernel of `baccarat simulate --backend gpu` (compiled at run
 * time by CuPy/NVRTC) and, with the CUDA-only parts left out by the preprocessor, a host library
 * built with the system C compiler so the tests check it bit for bit against the numba kernels.
 *
 * It follows src/baccarat/sim/dealing.py and kernels.py line for line (docs/simulator.md states
 * the procedure):
 *   stream i:  xoshiro256** seeded by four splitmix64 outputs from k0 ^ fmix64(i ^ k1);
 *   indices:   each 64-bit output is two 32-bit words, low half first; one word gives a batch of
 *              bounded indices (chained multiply-shift), rejected when (r * P) mod 2^32 < 2^32 mod P;
 *              a call to shuffle() starts on a fresh output;
 *   shuffle:   Fisher-Yates from the top, positions 0 .. n-2, batch_size(n) per word;
 *   dealing:   one look-up in the 10 000-entry coup table per coup; the shoe procedure of
 *              baccarat.core.shoe (burn, cut card, one more coup).
 * Cards are bytes: value | same-value rank << 4 | suit << 6.
 */

#if defined(__CUDACC__)
typedef unsigned long long u64;
typedef unsigned int u32;
typedef unsigned short u16;
typedef unsigned char u8;
typedef long long i64;
#define DEV __device__ __forceinline__
/* Block tallies live in shared memory and are added with shared-memory atomics. */
typedef u32 tally_t;
#define TALLY(counter) atomicAdd(&(counter), 1u)
#else
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
typedef uint64_t u64;
typedef uint32_t u32;
typedef uint16_t u16;
typedef uint8_t u8;
typedef int64_t i64;
#define DEV static inline
typedef u64 tally_t;
#define TALLY(counter) ((counter) += 1)
#endif

#define SHOE_MODE 0
#define FIRST_COUP_MODE 1
#define INFINITE_MODE 2
#define INFINITE_UNIT 1024
#define MAX_FIRST_COUP_CARDS 17 /* burn (1 + up to 10) and six cards */
/* Tallies: 400 summary classes, then 400 + c for pair classes c = 1..8 (400 stays zero: class 0
 * is the coups not in the others, which saves the busiest atomic on the GPU). */
#define TALLIES 409

/* A shoe in memory: card i at a[i * stride] (stride = threads per block on the GPU, 1 on a host). */
#define CARD(a, stride, i) ((a)[(i64)(i) * (stride)])

DEV u64 fmix64(u64 x)
{
    x ^= x >> 33;
    x *= 0xFF51AFD7ED558CCDull;
    x ^= x >> 33;
    x *= 0xC4CEB9FE1A85EC53ull;
    x ^= x >> 33;
    return x;
}

DEV u64 splitmix(u64 x)
{
    u64 z = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

typedef struct {
    u64 s0, s1, s2, s3;
} stream_t;

DEV stream_t stream_state(u64 k0, u64 k1, u64 index)
{
    stream_t s;
    u64 x = k0 ^ fmix64(index ^ k1);
    x += 0x9E3779B97F4A7C15ull;
    s.s0 = splitmix(x);
    x += 0x9E3779B97F4A7C15ull;
    s.s1 = splitmix(x);
    x += 0x9E3779B97F4A7C15ull;
    s.s2 = splitmix(x);
    x += 0x9E3779B97F4A7C15ull;
    s.s3 = splitmix(x);
    return s;
}

DEV u64 rotl(u64 x, int k) { return (x << k) | (x >> (64 - k)); }

DEV u64 next64(stream_t *s)
{
    u64 result = rotl(s->s1 * 5, 7) * 9;
    u64 t = s->s1 << 17;
    s->s2 ^= s->s0;
    s->s3 ^= s->s1;
    s->s1 ^= s->s2;
    s->s0 ^= s->s3;
    s->s2 ^= t;
    s->s3 = rotl(s->s3, 45);
    return result;
}

/* A 32 x 32 -> 64-bit product (both factors are below 2^32 here): one IMAD.WIDE on a GPU. */
DEV u64 mul32(u64 a, u64 b) { return (u64)(u32)a * (u64)(u32)b; }

/* Half-word buffer of one shuffle() call (or of one infinite-mode stream). */
typedef struct {
    u64 half;
    int have;
} halves_t;

/* An accepted 32-bit word for a batch whose bounds multiply to `bound` (at most 2^32). */
DEV u64 word32(stream_t *s, halves_t *h, u64 bound)
{
    for (;;) {
        u64 r;
        if (h->have) {
            r = h->half;
            h->have = 0;
        } else {
            u64 w = next64(s);
            r = w & 0xFFFFFFFFull;
            h->half = w >> 32;
            h->have = 1;
        }
        u64 low = mul32(r, bound) & 0xFFFFFFFFull;
        if (low >= bound || low >= ((1ull << 32) - bound) % bound) return r;
    }
}

DEV int batch_size(int n)
{
    int k = 1;
    u64 power = (u64)n * (u64)n;
    while (power <= (1ull << 27)) {
        k += 1;
        power *= (u64)n;
    }
    return k;
}

/* Fisher-Yates steps for positions start .. end-1 of a shoe of n cards, k per word. When `swaps`
 * is not NULL, position i's partner is written to swaps[i]. */
DEV void shuffle(u8 *a, int stride, int start, int end, int n, int k, int *swaps, stream_t *s)
{
    halves_t h = {0, 0};
    int i = start;
    while (i < end) {
        int m = end - i < k ? end - i : k;
        u64 bound = 1;
        for (int q = 0; q < m; q++) bound *= (u64)(n - i - q);
        u64 r = word32(s, &h, bound);
        for (int q = 0; q < m; q++) {
            u64 product = mul32(r, (u64)(n - i - q));
            int j = i + q + (int)(product >> 32);
            r = product & 0xFFFFFFFFull;
            if (swaps) swaps[i + q] = j;
            u8 card = CARD(a, stride, j);
            CARD(a, stride, j) = CARD(a, stride, i + q);
            CARD(a, stride, i + q) = card;
        }
        i += m;
    }
}

/* The coup whose first card is at position p: table entry (summary << 3 | cards) and pair class. */
DEV int coup(const u8 *a, int stride, int p, const u16 *table, int *pair)
{
    int c0 = CARD(a, stride, p), c1 = CARD(a, stride, p + 1);
    int c2 = CARD(a, stride, p + 2), c3 = CARD(a, stride, p + 3);
    int pt = (c0 & 15) + (c2 & 15);
    int bt = (c1 & 15) + (c3 & 15);
    pt -= pt >= 10 ? 10 : 0;
    bt -= bt >= 10 ? 10 : 0;
    int key = pt * 1000 + bt * 100 + (CARD(a, stride, p + 4) & 15) * 10 + (CARD(a, stride, p + 5) & 15);
    int player_pair = ((c0 & 63) == (c2 & 63)) + (c0 == c2);
    int banker_pair = ((c1 & 63) == (c3 & 63)) + (c1 == c3);
    *pair = player_pair * 3 + banker_pair;
#if defined(__CUDACC__)
    return __ldg(&table[key]);
#else
    return table[key];
#endif
}

DEV void tally(tally_t *tallies, int entry, int pair)
{
    TALLY(tallies[entry >> 3]);
    if (pair) TALLY(tallies[400 + pair]);
}

DEV int burn_cards(const u8 *a, int stride, int burn)
{
    if (!burn) return 0;
    int value = CARD(a, stride, 0) & 15;
    return 1 + (value ? value : 10);
}

/* Deal stream `index`: a whole shoe, its first coup, or INFINITE_UNIT independent coups (at most
 * `limit`). `a` holds the canonical shoe on entry and is left in some order of it (first-coup and
 * infinite modes restore or do not touch it). Returns the coups dealt. */
DEV int deal_stream(int mode, u64 k0, u64 k1, u64 index, int limit, u8 *a, int stride, const u8 *tmpl,
                    int n, const u16 *table, int cut_index, int burn, int one_more, tally_t *tallies)
{
    stream_t s = stream_state(k0, k1, index);
    int k = batch_size(n);
    int pair, entry, coups = 0;
    if (mode == SHOE_MODE) {
        for (int i = 0; i < n; i++) CARD(a, stride, i) = tmpl[i];
        shuffle(a, stride, 0, n - 1, n, k, 0, &s);
        int p = burn_cards(a, stride, burn);
        int remaining = -1; /* coups still to deal once the cut card is out */
        while (coups < limit && remaining != 0) {
            entry = coup(a, stride, p, table, &pair);
            tally(tallies, entry, pair);
            p += entry & 7;
            coups += 1;
            if (remaining > 0)
                remaining -= 1;
            else if (remaining < 0 && p > cut_index)
                remaining = one_more ? 1 : 0;
        }
        return coups;
    }
    if (mode == FIRST_COUP_MODE) {
        int swaps[MAX_FIRST_COUP_CARDS + 1];
        int p = 0, start = 0;
        if (burn) {
            shuffle(a, stride, 0, 1, n, k, swaps, &s);
            p = burn_cards(a, stride, burn);
            start = 1;
        }
        int end = p + 6 < n - 1 ? p + 6 : n - 1;
        shuffle(a, stride, start, end, n, k, swaps, &s);
        entry = coup(a, stride, p, table, &pair);
        tally(tallies, entry, pair);
        for (int i = 0; i < end; i++) {
            CARD(a, stride, swaps[i]) = tmpl[swaps[i]];
            CARD(a, stride, i) = tmpl[i];
        }
        return 1;
    }
    /* Infinite: six cards per coup, two batches of three indices into the 52 of tmpl. */
    u8 six[6];
    halves_t h = {0, 0};
    int units = limit < INFINITE_UNIT ? limit : INFINITE_UNIT;
    for (coups = 0; coups < units; coups++) {
        for (int b = 0; b < 2; b++) {
            u64 r = word32(&s, &h, 52ull * 52ull * 52ull);
            for (int q = 0; q < 3; q++) {
                u64 product = mul32(r, 52ull);
                six[b * 3 + q] = tmpl[product >> 32];
                r = product & 0xFFFFFFFFull;
            }
        }
        entry = coup(six, 1, 0, table, &pair);
        tally(tallies, entry, pair);
    }
    return coups;
}

#if defined(__CUDACC__)
/*
 * One thread per stream, grid-stride. Dynamic shared memory: TALLIES u32 counters, then the
 * threads' shoes interleaved card by card (card i of thread t at shoes[i * blockDim.x + t]).
 * Each block adds its counters to `totals` with one atomic per counter; `stream_coups[i]` gets the
 * coups of stream first + i (so the host can cut a run at exactly N coups).
 */
extern "C" __global__ void sim_streams(int mode, u64 k0, u64 k1, i64 first, i64 count, const u8 *tmpl,
                                       int n, const u16 *table, int cut_index, int burn, int one_more,
                                       u64 *totals, u16 *stream_coups)
{
    extern __shared__ u32 shared[];
    u32 *tallies = shared;
    u8 *shoes = (u8 *)(shared + TALLIES);
    for (int i = threadIdx.x; i < TALLIES; i += blockDim.x) tallies[i] = 0;
    u8 *a = shoes + threadIdx.x;
    int stride = blockDim.x;
    if (mode != SHOE_MODE)
        for (int i = 0; i < n; i++) CARD(a, stride, i) = tmpl[i];
    __syncthreads();
    for (i64 i = (i64)blockIdx.x * blockDim.x + threadIdx.x; i < count; i += (i64)gridDim.x * blockDim.x) {
        int coups = deal_stream(mode, k0, k1, (u64)(first + i), 1 << 30, a, stride, tmpl, n, table,
                                cut_index, burn, one_more, tallies);
        stream_coups[i] = (u16)coups;
    }
    __syncthreads();
    for (int i = threadIdx.x; i < TALLIES; i += blockDim.x)
        if (tallies[i]) atomicAdd(&totals[i], (u64)tallies[i]);
}
#else
/* The host build: streams first .. first+count-1 one after another, at most `limit` coups
 * (limit < 0: no limit); tallies as the GPU kernel's; returns the coups dealt. */
i64 host_run_streams(int mode, u64 k0, u64 k1, i64 first, i64 count, i64 limit, const u8 *tmpl, int n,
                     const u16 *table, int cut_index, int burn, int one_more, u64 *totals,
                     u16 *stream_coups)
{
    u8 *a = (u8 *)calloc((size_t)n + 8, 1);
    if (!a) return -1;
    memcpy(a, tmpl, (size_t)n);
    i64 coups = 0;
    if (limit < 0) limit = (i64)1 << 62;
    for (i64 i = 0; i < count && coups < limit; i++) {
        i64 left = limit - coups;
        int dealt = deal_stream(mode, k0, k1, (u64)(first + i), left < (1 << 30) ? (int)left : 1 << 30, a, 1,
                                tmpl, n, table, cut_index, burn, one_more, totals);
        if (stream_coups) stream_coups[i] = (u16)dealt;
        coups += dealt;
    }
    free(a);
    return coups;
}
#endif
