#!/usr/bin/env python3
"""Golden values for the statistics helpers in src/metrics/{percentile,random,bootstrap}.ts.

Writes __tests__/golden/bootstrap.json with four independent references:

* percentile: numpy.percentile (default method 'linear') on random arrays and q values,
  including n = 1, duplicates, negative values and q at 0, 100 and between order statistics.
* interval: numpy.percentile at [100(1 - level)/2, 100(1 + level)/2].
* streams: the stream seed (SHA-256 with hashlib) and the first indices of each stream,
  from a from-scratch xoroshiro128+ written in 64-bit arithmetic after the reference C
  code (Blackman & Vigna, 2018: a = 24, b = 16, c = 37), seeded as pure-rand seeds it
  (s0 = 0xFFFFFFFF:~seed, s1 = seed:0), returning the low 32 bits of s0 + s1 as pure-rand
  does, plus pure-rand's rejection rule for uniformInt.
* bootstrap: resample means (summed in draw order) and the numpy percentile interval, drawn
  row by row (the reference sampler the tests keep).
* count_bootstrap: the count-based sampler of src/metrics/bootstrap.ts, written again here from
  its documented rules: per iteration X+ ~ Bin(n, plus/n) and X- ~ Bin(n - X+, minus/(minus+zero));
  a certain outcome uses no uniform; p > 1/2 is drawn as m - Bin(m, 1 - p); m*p < 10 inverts the
  relative binomial weights (mode weight 1, tails cut below 2^-60) with one
  u = ((next >>> 5) * 2^26 + (next >>> 6)) / 2^53; otherwise BTRD (Hormann 1993) with the
  +,-,*,/-only logarithm of src/metrics/det-log.ts; mean = (X+ - X-)/n.
* det_log: that logarithm on a spread of arguments (bit for bit), and binomial_weights.

Run from the repository root: python3 scripts/golden/bootstrap.py
"""
import hashlib
import json
import math

import numpy as np

OUT = "__tests__/golden/bootstrap.json"
M64 = (1 << 64) - 1
M32 = (1 << 32) - 1


def rotl(x, k):
    return ((x << k) | (x >> (64 - k))) & M64


class Xoroshiro128Plus:
    def __init__(self, seed):
        s = seed & M32
        self.s0 = (M32 << 32) | (~s & M32)
        self.s1 = s << 32

    def next64(self):
        s0, s1 = self.s0, self.s1
        result = (s0 + s1) & M64
        s1 ^= s0
        self.s0 = rotl(s0, 24) ^ s1 ^ ((s1 << 16) & M64)
        self.s1 = rotl(s1, 37)
        return result

    def next_int32(self):
        r = self.next64() & M32
        return r - (1 << 32) if r >= (1 << 31) else r


def uniform_index(rng, n):
    """An index in [0, n): pure-rand's uniformInt(rng, 0, n - 1) for n <= 2**32."""
    max_allowed = (2**32 // n) * n if n > 2 else 2**32
    v = rng.next_int32() + 2**31
    while v >= max_allowed:
        v = rng.next_int32() + 2**31
    return v % n


def next_uniform(rng):
    """A double in [0, 1) from two 32-bit outputs: 27 high bits of the first, 26 of the second."""
    high = (rng.next_int32() & M32) >> 5
    low = (rng.next_int32() & M32) >> 6
    return (high * 2**26 + low) / 2**53


TAIL = 2.0**-60


def binomial_weights(m, num, den, tail=TAIL):
    """Relative weights of Bin(m, num/den), the mode's weight 1; same operation order as binomial.ts."""
    mode = min((m + 1) * num // den, m)
    up = []
    w = 1.0
    j = mode
    while j < m:
        w = w * (m - j) / (j + 1) * num / (den - num)
        if w < tail or (tail == 0 and w == 0):
            break
        up.append(w)
        j += 1
    down = []
    w = 1.0
    j = mode
    while j > 0:
        w = w * j / (m - j + 1) * (den - num) / num
        if w < tail or (tail == 0 and w == 0):
            break
        down.append(w)
        j -= 1
    weights = list(reversed(down)) + [1.0] + up
    return mode - len(down), weights


def binomial_table(m, num, den):
    lo, weights = binomial_weights(m, num, den)
    cumulative = []
    total = 0.0
    for w in weights:
        total += w
        cumulative.append(total)
    return lo, cumulative


def draw_from_table(table, u):
    lo, c = table
    t = u * c[-1]
    for k, ck in enumerate(c):
        if t < ck:
            return lo + k
    return lo + len(c) - 1


LN2_HI = 6.93147180369123816490e-1
LN2_LO = 1.90821492927058770002e-10
SQRT2 = 1.4142135623730951
TWO_32 = 4294967296.0
COEFFICIENTS = [1 / 23, 1 / 21, 1 / 19, 1 / 17, 1 / 15, 1 / 13, 1 / 11, 1 / 9, 1 / 7, 1 / 5, 1 / 3]


def det_log(x):
    """The logarithm of src/metrics/det-log.ts, step for step."""
    f = x
    e = 0
    while f >= TWO_32:
        f /= TWO_32
        e += 32
    while f >= 2:
        f /= 2
        e += 1
    while f < 1 / TWO_32:
        f *= TWO_32
        e -= 32
    while f < 1:
        f *= 2
        e -= 1
    if f > SQRT2:
        f /= 2
        e += 1
    s = (f - 1) / (f + 1)
    z = s * s
    p = 0.0
    for c in COEFFICIENTS:
        p = (p + c) * z
    logf = 2 * s + 2 * s * p
    return e * LN2_HI + (e * LN2_LO + logf)


STIRLING_TAIL = [0.0810614667953272, 0.0413406959554092, 0.0276779256849983, 0.02079067210376509, 0.0166446911898211,
                 0.0138761288230707, 0.0118967099458917, 0.010411265261972, 0.00925546218271273, 0.00833056343336287]


def stirling_tail(k):
    if k <= 9:
        return STIRLING_TAIL[int(k)]
    kp1sq = (k + 1) * (k + 1)
    return (1 / 12 - (1 / 360 - 1 / 1260 / kp1sq) / kp1sq) / (k + 1)


def btrd(count, p, nxt):
    count = float(count)
    spq = math.sqrt(count * p * (1 - p))
    b = 1.15 + 2.53 * spq
    a = -0.0873 + 0.0248 * b + 0.01 * p
    c = count * p + 0.5
    vr = 0.92 - 4.2 / b
    r = p / (1 - p)
    alpha = (2.83 + 5.1 / b) * spq
    m = math.floor((count + 1) * p)
    while True:
        u = nxt() - 0.5
        v = nxt()
        us = 0.5 - abs(u)
        if us == 0:
            k = None
        else:
            k = math.floor(((2 * a) / us + b) * u + c)
        if k is not None and us >= 0.07 and v <= vr:
            return k
        if k is None or k < 0 or k > count:
            continue
        if v == 0:
            continue
        lhs = det_log((v * alpha) / (a / (us * us) + b))
        rhs = ((m + 0.5) * det_log((m + 1) / (r * (count - m + 1)))
               + (count + 1) * det_log((count - m + 1) / (count - k + 1))
               + (k + 0.5) * det_log((r * (count - k + 1)) / (k + 1))
               + stirling_tail(m) + stirling_tail(count - m) - stirling_tail(k) - stirling_tail(count - k))
        if lhs <= rhs:
            return k


class BinomialSampler:
    def __init__(self, num, den):
        self.flip = 2 * num > den
        self.small = den - num if self.flip else num
        self.den = den
        self.p = self.small / den
        self.tables = {}

    def draw(self, m, nxt):
        if m == 0 or self.small == 0:
            return m if self.flip else 0
        if m * self.small < 10 * self.den:
            if m not in self.tables:
                self.tables[m] = binomial_table(m, self.small, self.den)
            x = draw_from_table(self.tables[m], nxt())
        else:
            x = btrd(m, self.p, nxt)
        return m - x if self.flip else x


def count_bootstrap_means(plus, minus, zero, iterations, rng):
    n = plus + minus + zero
    first = BinomialSampler(plus, n)
    rest = minus + zero
    second = BinomialSampler(minus, rest if rest > 0 else 1)
    nxt = lambda: next_uniform(rng)
    means = []
    for _ in range(iterations):
        x = first.draw(n, nxt)
        y = second.draw(n - x, nxt)
        means.append((x - y) / n)
    return means


def stream_seed(seed, parts):
    data = "\u0000".join([str(seed)] + list(parts)).encode("utf-8")
    return int.from_bytes(hashlib.sha256(data).digest()[:4], "big")


def bootstrap_means(values, iterations, rng):
    n = len(values)
    means = []
    for _ in range(iterations):
        s = 0.0
        for _ in range(n):
            s += values[uniform_index(rng, n)]
        means.append(s / n)
    return means


def bounds(values, level):
    return [float(np.percentile(values, 100 * (1 - level) / 2)), float(np.percentile(values, 100 * (1 + level) / 2))]


def main():
    gen = np.random.default_rng(20240611)
    arrays = []
    for n in [1, 2, 3, 4, 5, 7, 10, 17, 50, 200, 1000]:
        arrays.append(gen.normal(0, 10, n))
        arrays.append(gen.integers(-3, 4, n).astype(float))  # duplicates, negatives
        arrays.append(-np.abs(gen.standard_cauchy(n)))  # all negative, heavy tail
    arrays.append(np.full(6, 0.25))
    arrays.append(np.array([-1.0, 0.0, 1.0, 0.0, 0.0, -1.0, 1.0, 1.0]))
    arrays.append(np.arange(11, dtype=float)[::-1] / 10)
    fixed_q = [0, 100, 50, 2.5, 97.5, 25, 75, 5, 95, 1e-9, 99.9999999, 100 / 3, 12.5, 87.5]
    percentile_cases = []
    for x in arrays:
        qs = fixed_q + [float(q) for q in gen.uniform(0, 100, 6)]
        values = [float(v) for v in x]
        percentile_cases.append({
            "values": values,
            "q": qs,
            "expected": [float(np.percentile(x, q)) for q in qs],
        })

    interval_cases = []
    for x in arrays[::2]:
        for level in [0.95, 0.9, 0.5, 0.99, 0.8]:
            interval_cases.append({"values": [float(v) for v in x], "level": level, "expected": bounds(x, level)})

    stream_cases = []
    for seed, parts in [
        (0, []),
        (42, ["delta", "naive-bayes", "", "format", "all"]),
        (42, ["delta", "naive-bayes", "", "format", "challenge"]),
        (42, ["delta", "tfidf", "", "format", "all"]),
        (7, ["paired", "naive-bayes", "tfidf", "", "challenge"]),
        (123456789, ["accuracy", "modèle-é", "", "", "contrôlé/ünï"]),
        (-5, ["x"]),
        (3.5, ["y"]),
    ]:
        s = stream_seed(seed, parts)
        draws = {}
        for n in [1, 2, 3, 7, 10, 184, 1000, 2**31 + 1, 2**32]:
            rng = Xoroshiro128Plus(s)
            draws[str(n)] = [uniform_index(rng, n) for _ in range(25)]
        stream_cases.append({"seed": seed, "parts": parts, "stream_seed": s, "indices": draws})

    bootstrap_cases = []
    specs = [
        ([1.0, 0.0, -1.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0, -1.0, 1.0, 0.0], 1000, 0.95, 42, ["delta", "m", "", "format", "all"]),
        ([float(v) for v in gen.integers(-1, 2, 92)], 1000, 0.95, 1, ["delta", "tfidf", "", "append", "challenge"]),
        ([float(v) for v in gen.integers(0, 2, 184)], 1000, 0.95, 1, ["accuracy", "tfidf", "", "", "all"]),
        ([float(v) for v in gen.integers(-1, 2, 92)], 500, 0.95, 1, ["paired", "naive-bayes", "tfidf", "", "challenge"]),
        ([float(v) for v in gen.normal(0, 1, 37)], 250, 0.9, 99, ["float"]),
        ([0.5], 10, 0.95, 3, ["single"]),
        ([2.0, 2.0, 2.0], 1, 0.95, 3, ["constant"]),
    ]
    for values, iterations, level, seed, parts in specs:
        rng = Xoroshiro128Plus(stream_seed(seed, parts))
        means = bootstrap_means(values, iterations, rng)
        low, high = bounds(means, level)
        bootstrap_cases.append({
            "values": values, "iterations": iterations, "level": level, "seed": seed, "parts": parts,
            "first_means": means[:10], "low": low, "high": high,
        })

    count_cases = []
    for plus, minus, zero, iterations, level, seed, parts in [
        (12, 3, 9, 1000, 0.95, 42, ["accuracy_delta", "m", "", "format", "all"]),
        (27, 0, 27, 1000, 0.95, 1637, ["accuracy", "naive-bayes", "", "clean", "challenge"]),
        (0, 0, 184, 1000, 0.95, 1637, ["accuracy_delta", "m", "", "format", "all"]),
        (5, 9, 40, 500, 0.95, 1637, ["paired_comparison", "a", "b", "", "challenge"]),
        (184, 0, 0, 100, 0.9, 7, ["accuracy", "m", "", "clean", "all"]),
        (1, 0, 0, 10, 0.95, 3, ["single"]),
        (0, 1, 0, 10, 0.95, 3, ["single-minus"]),
        (3012, 211, 38101, 1000, 0.95, 1637, ["accuracy_delta", "big", "", "append", "all"]),
        (20345, 0, 21255, 1000, 0.95, 1637, ["accuracy", "big", "", "clean", "all"]),
        (700, 650, 98650, 300, 0.8, 99, ["regression", "m", "", "clean", "all"]),
    ]:
        rng = Xoroshiro128Plus(stream_seed(seed, parts))
        means = count_bootstrap_means(plus, minus, zero, iterations, rng)
        low, high = bounds(means, level)
        count_cases.append({
            "plus": plus, "minus": minus, "zero": zero, "iterations": iterations, "level": level, "seed": seed, "parts": parts,
            "first_means": means[:10], "low": low, "high": high,
        })

    weight_cases = []
    for m, num, den in [(0, 0, 1), (1, 1, 2), (10, 3, 10), (184, 27, 54), (1000, 1, 1000), (5000, 4999, 5000), (40000, 2000, 40000), (7, 7, 7), (7, 0, 7)]:
        lo, weights = binomial_weights(m, num, den)
        weight_cases.append({"m": m, "num": num, "den": den, "lo": lo, "weights": weights})

    log_args = [1.0, 2.0, 0.5, 1e-300, 5e-324, 1.7976931348623157e308, 0.9999999999, 1.0000000001, 3.0, 10.0, 0.1, 1.4142135623730951, 1.4142135623730954, 123456.789, 7.5e-21]
    log_args += [float(v) for v in gen.uniform(1e-6, 50, 40)] + [float(v) for v in gen.lognormal(0, 20, 40)]
    det_log_cases = [{"x": x, "log": det_log(x), "math_log": math.log(x)} for x in log_args]

    draw_cases = []
    for m, num, den, seed in [(40, 1, 2, 1), (1000, 37, 100, 2), (1000000, 3, 1000, 3), (25, 9, 10, 4), (12, 5, 6, 5), (99, 1, 10, 6), (100, 1, 10, 7), (5000, 4999, 5000, 8)]:
        rng = Xoroshiro128Plus(stream_seed(seed, ["draws", str(m)]))
        sampler = BinomialSampler(num, den)
        draw_cases.append({"m": m, "num": num, "den": den, "seed": seed, "draws": [sampler.draw(m, lambda: next_uniform(rng)) for _ in range(200)]})

    golden = {
        "numpy_version": np.__version__,
        "det_log": det_log_cases,
        "binomial_draws": draw_cases,
        "count_bootstrap": count_cases,
        "binomial_weights": weight_cases,
        "percentile": percentile_cases,
        "interval": interval_cases,
        "streams": stream_cases,
        "bootstrap": bootstrap_cases,
    }
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump(golden, f, separators=(",", ":"))
        f.write("\n")
    total_q = sum(len(c["q"]) for c in percentile_cases)
    print(f"wrote {OUT}: {len(percentile_cases)} arrays / {total_q} percentiles, {len(interval_cases)} intervals, "
          f"{len(stream_cases)} streams, {len(bootstrap_cases)} bootstraps, {len(count_cases)} count-based bootstraps")


if __name__ == "__main__":
    main()
