#!/usr/bin/env python3
"""Golden metrics.json for the bundled academic-intent example, recomputed from its
evidence.jsonl (plus the run facts of its manifest.json) with scikit-learn, scipy and numpy
— never from the TypeScript (SPEC §7, §8, §14).

Writes __tests__/golden/example-metrics.json, which mirrors metrics.json figure by figure
(every leaf except the prose `reason` strings) and records the SHA-256 of the evidence it
was computed from; __tests__/metrics/example-golden.test.ts runs the engine on the example
and compares.

Regenerate (from the repository root, with /usr/bin/python3):
    node node_modules/@vercel/ncc/dist/ncc/cli.js build src/cli/index.ts -o .golden-tmp/cli -q
    node .golden-tmp/cli/index.js run --config examples/academic-intent/evidence-gate.yml --out .golden-tmp/example
    /usr/bin/python3 scripts/golden/example_metrics.py --evidence .golden-tmp/example/evidence.jsonl
    rm -rf .golden-tmp
(the CLI exits 1 because the example's gate fails by design; the evidence is still written.
`npm run -s package && node dist/cli/index.js run …` works too, but rewrites the committed
dist/.) The test also prints these steps, with the path of an evidence file it wrote, when
the evidence no longer matches the golden.

What is read from where:
  evidence.jsonl — every row: ids, splits, languages, gold labels, texts, predictions, scores,
                   margins, changed/valid flags, statuses and the stored ledger masks;
  manifest.json  — run facts that are not in the rows: label order, split order, language
                   slices, model order and which models give probabilities, conditions,
                   objective and protected transitions, seed, iterations and interval level,
                   the PRNG's recorded name and derivation, and (for the train-overlap figure
                   only) the training file, whose SHA-256 is checked against the manifest;
  manifest.json  — also selective.abstain_below (the abstention policies); manifests written
                   before it was recorded fall back to the config file the manifest names
                   (SHA-256 checked).
  --root is the repository (or the test's temporary copy) holding those two files.

Independent routes:
  * classification: accuracy_score, confusion_matrix, f1_score(average=None / 'macro' over the
    labels with support > 0, zero_division=0) from sklearn; a missing row (status not `ok`)
    is predicted as a sentinel label no gold label equals (so it is wrong, and a FN only).
    sklearn 1.2 forms F1 as 2PR/(P+R), an ulp or two from 2TP/(2TP+FP+FN): the script asserts
    that agreement (≤ 1e-15) and stores the SPEC value rounded once (see "Stored values").
  * ledger masks are recomputed from the raw fields by the SPEC §7 rule (in scope = clean row
    ok under the untargeted objective; eligible, tested, success, uncovered + reason) and must
    equal the stored ones; `changed` is recomputed as perturbed_text ≠ text. The ledger,
    union and protected-transition figures are then counted from the recomputed masks.
  * the adaptive search's figures (docs/search.md) are counted from its rows: their recomputed
    masks, `queries` and `edits` (words changed), with statistics.median; the success–budget
    curve is the cumulative successes at each query count where one was found.
  * bootstrap intervals: the from-scratch xoroshiro128+ port, SHA-256 stream seeds and the
    count-based resampling of scripts/golden/bootstrap.py (the per-row values +1/0/-1 are counted,
    and each iteration draws X+ ~ Bin(n, plus/n), X- ~ Bin(n - X+, minus/(minus + zero)) by
    inversion of exact-rational binomial weights), and numpy.percentile (linear).
    Stream parts [metric, model, second model, condition, scope] as src/metrics/random.ts
    names them: ('accuracy', model, '', 'clean', scope), ('accuracy_delta', model, '',
    condition, scope), ('paired_comparison', model A, model B, '', 'challenge').
  * AURC from per-row tie-block inclusion probabilities (scripts/golden/metrics.py), checked
    against exhaustive enumeration where that is small; ECE with numpy; JSD with scipy's
    jensenshannon(base=2) squared (and a direct formula); PSI from token types recomputed
    from the evidence texts (category-based [\\p{L}\\p{N}]+ runs, checked against re's [^\\W_]+).

Stored values: each figure is stored as its exact value rounded once to a double, so that a
comparison measures the engine's own rounding, not this script's. Ratios of counts are one
IEEE division (bit-identical to the engine's); pp figures, macro-F1 (the mean of the exact
per-label fractions), AURC and the risk curve (inclusion probabilities in exact rationals),
ECE and bin means (the float scores are exact binary fractions) use fractions.Fraction; PSI and
JSD use decimal at 60 digits. The float routes above (sklearn, numpy, scipy, math) are asserted
to agree with these (≤ 1e-15 absolute or 1e-12 relative, per figure). Bootstrap bounds need no
such care: the same draws and the same float operations give the same bits. The generalization
gap is 100 × (controlled − challenge accuracy) computed exactly from the four counts.

Paths of the figures and their order follow metrics.json (src/metrics/accumulate.ts); the test
compares every golden leaf against it and checks that every figure of metrics.json is covered.
"""
import argparse
import hashlib
import importlib.util
import json
import math
import os
import re
import statistics
import sys
import time
import unicodedata
from decimal import Decimal, getcontext
from fractions import Fraction

import numpy as np
import scipy
import sklearn
from scipy.spatial.distance import jensenshannon
from sklearn.metrics import accuracy_score, confusion_matrix, f1_score

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = "__tests__/golden/example-metrics.json"
METRICS_SCHEMA_VERSION = 2
CONDITION_ORDER = ["clean", "format", "transpose", "typo", "dictionary", "append", "truncate", "search", "exact"]
# `typo` (keyboard slips, docs/families.md#typo), `search` (the adaptive attacker, docs/search.md) and `exact` (every
# candidate of the search's edit space, docs/search.md#exact) are non-destructive too, when the run evaluates them
# (all three are opt-in).
NON_DESTRUCTIVE = ["format", "transpose", "typo", "dictionary", "append", "search", "exact"]
OPT_IN = ["typo", "search", "exact"]
DESTRUCTIVE = ["truncate"]
REFERENCE, CHALLENGE = "controlled", "challenge"
MISSING = "\u0000missing"  # the prediction of a missing row: equal to no label
PSI_EDGES = [0, 5, 10, 15, 20, 30, 50, 100001]
PSI_FLOOR = 1e-4
RELIABILITY_BINS = 8
getcontext().prec = 60


def load(name):
    """Import a sibling golden script (both guard their main(); importing has no side effects)."""
    spec = importlib.util.spec_from_file_location(f"golden_{name}", os.path.join(HERE, f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


gm = load("metrics")  # selective_items, aurc_by_inclusion, aurc_by_enumeration, ece, union_ledger, protected, abstention
gb = load("bootstrap")  # Xoroshiro128Plus, uniform_index, stream_seed, bootstrap_means, bounds


# ---------------------------------------------------------------------------------------
# Figure shapes (SPEC §8: {value, numerator, denominator, status}; `reason` is prose, not kept)
# ---------------------------------------------------------------------------------------


def f_count(n, population):
    return {"value": n, "numerator": n, "denominator": population, "status": "ok"}


def f_rate(numerator, denominator):
    if denominator == 0:
        return {"value": None, "numerator": numerator, "denominator": 0, "status": "not_evaluated"}
    return {"value": numerator / denominator, "numerator": numerator, "denominator": denominator, "status": "ok"}


def f_pp(numerator, denominator):
    if denominator == 0:
        return {"value": None, "numerator": numerator, "denominator": 0, "status": "not_evaluated"}
    return {"value": float(Fraction(100 * numerator, denominator)), "numerator": numerator, "denominator": denominator, "status": "ok"}


def f_measure(value, denominator):
    return {"value": value, "numerator": None, "denominator": denominator, "status": "ok"}


def f_not_evaluated(denominator=0):
    return {"value": None, "numerator": None, "denominator": denominator, "status": "not_evaluated"}


def f_not_applicable():
    return {"value": None, "numerator": None, "denominator": None, "status": "not_applicable"}


# ---------------------------------------------------------------------------------------
# Bootstrap (independent PRNG port + numpy percentile)
# ---------------------------------------------------------------------------------------


def interval(values, iterations, level, seed, parts, scale):
    base = {"level": level, "iterations": iterations}
    if not values:
        return {"low": None, "high": None, **base, "n": 0, "status": "not_evaluated"}
    assert all(v in (-1, 0, 1) for v in values)
    plus, minus = sum(1 for v in values if v == 1), sum(1 for v in values if v == -1)
    rng = gb.Xoroshiro128Plus(gb.stream_seed(seed, parts))
    means = gb.count_bootstrap_means(plus, minus, len(values) - plus - minus, iterations, rng)
    low, high = gb.bounds(np.array(means, dtype=float), level)
    return {"low": low * scale, "high": high * scale, **base, "n": len(values), "status": "ok"}


def interval_not_applicable(iterations, level):
    return {"low": None, "high": None, "level": level, "iterations": iterations, "n": None, "status": "not_applicable"}


# ---------------------------------------------------------------------------------------
# Row helpers
# ---------------------------------------------------------------------------------------


def is_ok(r):
    return r["status"] == "ok"


def correct(r):
    return is_ok(r) and r["prediction"] == r["label"]


def prediction(r):
    return r["prediction"] if is_ok(r) and r["prediction"] is not None else MISSING


def by_id(rows):
    return sorted(rows, key=lambda r: r["id"])  # Python compares str by code point


# ---------------------------------------------------------------------------------------
# Classification (sklearn)
# ---------------------------------------------------------------------------------------


def classification(rows, labels):
    n = len(rows)
    y = [r["label"] for r in rows]
    yp = [prediction(r) for r in rows]
    if n == 0:
        zero = [[0] * len(labels) for _ in labels]
        return {
            "accuracy": f_rate(0, 0), "macro_f1": f_not_evaluated(0),
            "per_label": [{"label": l, "support": 0, "tp": 0, "fp": 0, "fn": 0, "f1": {"value": 0, "numerator": 0, "denominator": 0, "status": "ok"}} for l in labels],
            "confusion": {"labels": labels, "matrix": zero, "missing": [0] * len(labels), "total": 0},
        }
    cm = confusion_matrix(y, yp, labels=labels + [MISSING])
    k = len(labels)
    n_correct = sum(correct(r) for r in rows)
    assert abs(accuracy_score(y, yp) - n_correct / n) < 1e-15
    supported = [l for l in labels if l in set(y)]
    per_label_f1 = f1_score(y, yp, labels=labels, average=None, zero_division=0)
    sk_macro = float(f1_score(y, yp, labels=supported, average="macro", zero_division=0))
    per_label = []
    exact = {}
    for i, label in enumerate(labels):
        tp = int(cm[i, i])
        support = int(cm[i].sum())
        fp = int(cm[:k, i].sum()) - tp
        fn = support - tp
        den = 2 * tp + fp + fn
        exact[label] = Fraction(2 * tp, den) if den else Fraction(0)
        value = float(exact[label])  # SPEC §8: 2TP / (2TP + FP + FN), rounded once
        # sklearn 1.2 forms F1 as 2PR / (P + R): the same number up to an ulp or two.
        assert abs(float(per_label_f1[i]) - value) <= 1e-15, (label, float(per_label_f1[i]), value)
        per_label.append({"label": label, "support": support, "tp": tp, "fp": fp, "fn": fn,
                          "f1": {"value": value, "numerator": 2 * tp, "denominator": den, "status": "ok"}})
    macro = float(sum(exact[l] for l in supported) / len(supported))  # the exact mean, rounded once
    assert abs(sk_macro - macro) <= 1e-15, (sk_macro, macro)
    return {
        "accuracy": f_rate(n_correct, n),
        "macro_f1": f_measure(macro, len(supported)),
        "per_label": per_label,
        "confusion": {"labels": labels, "matrix": [[int(v) for v in cm[i, :k]] for i in range(k)],
                      "missing": [int(cm[i, k]) for i in range(k)], "total": n},
    }


# ---------------------------------------------------------------------------------------
# Ledger masks (SPEC §7), recomputed from the raw fields
# ---------------------------------------------------------------------------------------


def recompute_masks(row, clean, objective, transitions):
    in_scope = is_ok(clean) and (objective == "untargeted" or any(t["from"] == clean["label"] for t in transitions))
    eligible = in_scope and clean["prediction"] == clean["label"]
    tested = eligible and row["changed"] and row["valid"] is True and is_ok(row)
    if objective == "untargeted":
        wrong = not (is_ok(row) and row["prediction"] == row["label"])
    else:
        wrong = is_ok(row) and any(t["from"] == row["label"] and t["to"] == row["prediction"] for t in transitions)
    success = tested and wrong
    uncovered = eligible and not tested
    reason = None
    if uncovered:
        if row["condition"] == "search" and not row["changed"]:
            reason = "no_edit"  # a search that ran always ends on a changed candidate
        elif row["condition"] == "exact" and not row["changed"]:
            # Nothing asked: a space over max_candidates (its count is then a lower bound), else an empty space.
            reason = "edit_space" if row["candidates_bound"] else "no_edit"
        elif row["uncovered_reason"] == "no_dictionary" and not row["changed"]:
            reason = "no_dictionary"  # whether the language has a dictionary is not in the row
        elif not row["changed"]:
            reason = "unchanged"
        elif row["valid"] is not True:
            reason = "invalid"
        else:
            reason = "missing"
    return {"in_scope": in_scope, "eligible": eligible, "tested": tested, "success": success, "uncovered": uncovered, "uncovered_reason": reason}


def family_ledger(rows, masks, family):
    c = {"in_scope": 0, "eligible": 0, "tested": 0, "successes": 0, "uncovered": 0}
    # The reason a family could not act: no_dictionary for the fixed families, no_edit for the search; exact asks
    # nothing where its space is empty or too large.
    if family == "exact":
        reasons = {"edit_space": 0, "missing": 0, "no_edit": 0}
    else:
        reasons = {"unchanged": 0, "no_edit" if family == "search" else "no_dictionary": 0, "invalid": 0, "missing": 0}
    for r in rows:
        m = masks[r["id"]]
        c["in_scope"] += m["in_scope"]
        c["eligible"] += m["eligible"]
        c["tested"] += m["tested"]
        c["successes"] += m["tested"] and m["success"]
        if m["uncovered"]:
            c["uncovered"] += 1
            reasons[m["uncovered_reason"]] += 1
    robust = c["tested"] - c["successes"]
    return {
        "rows": len(rows),
        "in_scope": f_count(c["in_scope"], len(rows)),
        "eligible": f_count(c["eligible"], c["in_scope"]),
        "tested": f_count(c["tested"], c["eligible"]),
        "successes": f_count(c["successes"], c["tested"]),
        "robust": f_count(robust, c["in_scope"]),
        "uncovered": f_count(c["uncovered"], c["eligible"]),
        "uncovered_by_reason": reasons,
        "attack_success": f_rate(c["successes"], c["tested"]),
        "eligible_coverage": f_rate(c["tested"], c["eligible"]),
        "robust_accuracy": f_rate(robust, c["in_scope"]),
    }


def search_figures(rows, masks, budget):
    """The search's figures of one model and scope (docs/search.md), from its rows and recomputed masks:
    queries and words changed come from each row's `queries` and `edits`."""
    tested = [r for r in rows if masks[r["id"]]["tested"]]
    wins = [r for r in tested if masks[r["id"]]["success"]]
    tq = [r["queries"] for r in tested]
    sq = [r["queries"] for r in wins]
    words = sum(len(r["edits"]) for r in wins)
    found = 0
    curve = []
    for q in sorted(set(sq)):
        found += sq.count(q)
        curve.append({"queries": q, "successes": found})

    def median(values):
        return f_measure(statistics.median(values), len(values)) if values else f_not_evaluated()

    return {
        "tested": len(tested),
        "successes": len(wins),
        "attack_success": f_rate(len(wins), len(tested)),
        "queries_mean_tested": f_rate(sum(tq), len(tq)),
        "queries_median_tested": median(tq),
        "queries_mean_success": f_rate(sum(sq), len(sq)),
        "queries_median_success": median(sq),
        "words_changed_per_success": f_rate(words, len(wins)),
        "budget": budget,
        "success_budget_curve": curve,
    }


def exact_figures(rows_by_condition, masks, graded):
    """Per model: exact's certificate (certified and ties over the rows it tested, undecided over eligible rows) and
    each graded attack's strength: its successes over exact's, on the rows both tested (docs/definitions.md)."""
    exact = rows_by_condition["exact"]
    m = masks["exact"]
    tested = [r for r in exact if m[r["id"]]["tested"]]
    for r in tested:
        # A tested row is a success, a tie or certified, and exactly one of them.
        assert [m[r["id"]]["success"], r["tie"], r["certified"]].count(True) == 1, (r["id"], r["model"])
    eligible = [r for r in exact if m[r["id"]]["eligible"]]
    undecided = sum(m[r["id"]]["uncovered_reason"] == "edit_space" for r in eligible)
    certified = sum(r["certified"] for r in tested)
    ties = sum(r["tie"] for r in tested)
    certificate = {
        "certified": f_rate(certified, len(tested)),
        "ties": f_count(ties, len(tested)),
        "undecided": f_count(undecided, len(eligible)),
    }
    strength = []
    for attack in graded:
        am = masks[attack]
        both = [r for r in tested if am[r["id"]]["tested"]]
        found = sum(am[r["id"]]["success"] for r in both)
        wins = sum(m[r["id"]]["success"] for r in both)
        # An attack success where exact certified the row would be a defect.
        assert all(not (am[r["id"]]["success"] and r["certified"]) for r in both)
        strength.append({"attack": attack, "strength": f_rate(found, wins)})
    return certificate, strength


def with_masks(rows, masks):
    """Rows carrying the recomputed masks (for the union / protected helpers of metrics.py)."""
    return [{**r, **{k: masks[r["id"]][k] for k in ("eligible", "tested", "success", "uncovered", "uncovered_reason")}} for r in rows]


# ---------------------------------------------------------------------------------------
# Robustness per model × perturbed condition × scope (docs/definitions.md#metrics)
# ---------------------------------------------------------------------------------------


def condition_figures(rows, clean_by_id, destructive, stats, parts):
    n = len(rows)
    changed = [r for r in rows if r["changed"]]
    valid_changed = [r for r in changed if r["valid"] is True]
    invalid = len(changed) - len(valid_changed)
    flips = 0
    t_sum = c_sum = 0
    diffs = []
    for r in by_id(valid_changed):
        clean = clean_by_id[r["id"]]
        before = clean["prediction"] if is_ok(clean) else None
        after = r["prediction"] if is_ok(r) else None
        flips += after is None or after != before
        t, c = int(correct(r)), int(correct(clean))
        t_sum += t
        c_sum += c
        diffs.append(float(t - c))
    nc = len(valid_changed)
    out = {
        "changed": f_count(len(changed), n),
        "coverage": f_rate(len(changed), n),
        "valid_changed": f_count(nc, n),
        "invalid": f_count(invalid, len(changed)),
        "flips": f_count(flips, nc),
        "flip_rate": f_rate(flips, n),
        "changed_flip_rate": f_rate(flips, nc),
    }
    if destructive:
        out.update(modified_accuracy=f_not_applicable(), matched_accuracy=f_not_applicable(), accuracy_delta_pp=f_not_applicable(),
                   delta_interval_pp=interval_not_applicable(stats["iterations"], stats["level"]))
        return out
    out.update(
        modified_accuracy=f_rate(t_sum, nc),
        matched_accuracy=f_rate(c_sum, nc),
        accuracy_delta_pp=f_pp(t_sum - c_sum, nc),
        delta_interval_pp=interval(diffs, stats["iterations"], stats["level"], stats["seed"], parts, 100),
    )
    return out


# ---------------------------------------------------------------------------------------
# Selective prediction and reliability
# ---------------------------------------------------------------------------------------


def selective(rows):
    items = gm.selective_items(rows)  # (clean margin or None when missing, is error)
    n = len(items)
    if n == 0:
        return {"n": 0, "errors": 0, "missing": 0, "aurc": f_not_evaluated(0), "curve": []}
    value, risks = gm.aurc_by_inclusion(items)  # numpy, floats
    enumerated = gm.aurc_by_enumeration(items)
    if enumerated is not None:
        assert abs(enumerated - value) < 1e-12, (enumerated, value)
    exact_risks = exact_inclusion_risks(items)
    exact_aurc = sum(exact_risks) / n
    assert abs(float(exact_aurc) - value) < 1e-13, (float(exact_aurc), value)
    assert all(abs(float(a) - b) < 1e-13 for a, b in zip(exact_risks, risks))
    return {
        "n": n, "errors": int(sum(e for _, e in items)), "missing": sum(m is None for m, _ in items),
        "aurc": f_measure(float(exact_aurc), n),
        "curve": [{"k": k, "coverage": k / n, "risk": float(exact_risks[k - 1])} for k in range(1, n + 1)],
    }


def exact_inclusion_risks(items):
    """risk(k) in exact rationals: E[errors among the top k] / k, where a row in a tie block of
    size s that starts after `start` ranked rows is among the top k with probability
    clip((k − start) / s, 0, 1); missing rows form the last block."""
    n = len(items)
    present = [m for m, _ in items if m is not None]
    blocks = []  # (start, size, errors)
    for m, e in items:
        if m is None:
            key = (len(present), n - len(present))
        else:
            key = (sum(1 for x in present if x > m), sum(1 for x in present if x == m))
        blocks.append((key, e))
    errors_by_block = {}
    for key, e in blocks:
        errors_by_block[key] = errors_by_block.get(key, 0) + int(e)
    risks = []
    for k in range(1, n + 1):
        expected = Fraction(0)
        for (start, size), errors in errors_by_block.items():
            if errors:
                expected += errors * min(max(Fraction(k - start, size), Fraction(0)), Fraction(1))
        risks.append(expected / k)
    return risks


def reliability(rows):
    e = gm.ece(rows)  # numpy
    exact_ece = Fraction(0)  # the scores are binary fractions: everything below is exact until the last rounding
    ok = [r for r in rows if is_ok(r) and r["scores"] is not None]
    bins = []
    for b, info in enumerate(e["bins"]):
        members = [r for r in ok if min(math.floor(RELIABILITY_BINS * max(r["scores"].values())), RELIABILITY_BINS - 1) == b]
        assert len(members) == info["n"]
        n_correct = sum(correct(r) for r in members)
        mean = None
        if info["n"]:
            assert info["accuracy"] == n_correct / info["n"]
            exact_mean = sum(Fraction(max(r["scores"].values())) for r in members) / info["n"]
            assert abs(float(exact_mean) - info["mean_probability"]) <= 1e-15
            mean = float(exact_mean)
            exact_ece += Fraction(info["n"], e["n"]) * abs(exact_mean - Fraction(n_correct, info["n"]))
        bins.append({"bin": b, "lower": b / RELIABILITY_BINS, "upper": (b + 1) / RELIABILITY_BINS, "n": info["n"], "correct": n_correct,
                     "mean_probability": mean, "accuracy": info["accuracy"]})
    if e["n"]:
        assert abs(float(exact_ece) - e["ece"]) <= 1e-15, (float(exact_ece), e["ece"])
    return {
        "ece": f_not_evaluated(0) if e["n"] == 0 else f_measure(float(exact_ece), e["n"]),
        "missing": f_count(e["missing"], len(rows)),
        "bins": bins,
    }


# ---------------------------------------------------------------------------------------
# Shift: JSD and length PSI
# ---------------------------------------------------------------------------------------


def is_token_char(ch):
    return unicodedata.category(ch)[0] in ("L", "N")  # [\p{L}\p{N}]


def token_types(text):
    lower = text.lower()
    tokens, current = set(), []
    for ch in lower:
        if is_token_char(ch):
            current.append(ch)
        elif current:
            tokens.add("".join(current))
            current = []
    if current:
        tokens.add("".join(current))
    # The same with re: for str patterns [^\W_] is Unicode letters and digits.
    assert tokens == set(re.findall(r"[^\W_]+", lower)), text
    return len(tokens)


def check_texts(texts):
    """The tokenizer's assumptions hold on these texts: every character is classified the
    same by the category test and by re's [^\\W_], and lower-casing maps one code point to one
    (so Python's str.lower and JavaScript's toLowerCase agree on them)."""
    chars = set("".join(texts))
    for ch in chars:
        assert (re.fullmatch(r"[^\W_]", ch) is not None) == is_token_char(ch), (ch, unicodedata.category(ch))
        assert len(ch.lower()) == 1 and ch not in "Σς", ch
    return sorted(c for c in chars if ord(c) > 127)


def psi_bin(v):
    for i in range(len(PSI_EDGES) - 2, -1, -1):
        if v >= PSI_EDGES[i]:
            return i
    return 0


def length_bins(values):
    counts = [0] * (len(PSI_EDGES) - 1)
    for v in values:
        counts[psi_bin(v)] += 1
    return counts


def psi(reference, comparison):
    if not reference or not comparison:
        return f_not_evaluated(min(len(reference), len(comparison)))
    p_counts = [0] * (len(PSI_EDGES) - 1)
    q_counts = [0] * (len(PSI_EDGES) - 1)
    for v in reference:
        p_counts[psi_bin(v)] += 1
    for v in comparison:
        q_counts[psi_bin(v)] += 1
    total = 0.0
    precise = Decimal(0)
    floor = Decimal(PSI_FLOOR)  # the float 1e-4, exactly
    for pc, qc in zip(p_counts, q_counts):
        p = max(pc / len(reference), PSI_FLOOR)
        q = max(qc / len(comparison), PSI_FLOOR)
        total += (q - p) * math.log(q / p)
        pd = max(Decimal(pc) / Decimal(len(reference)), floor)
        qd = max(Decimal(qc) / Decimal(len(comparison)), floor)
        precise += (qd - pd) * (qd / pd).ln()
    assert abs(float(precise) - total) <= 1e-12 * max(1.0, abs(total))
    total = float(precise)  # 60 significant digits, rounded once
    # Cross-check with numpy's histogram (last bin open-ended: values ≥ 100001 are clipped in).
    edges = np.array(PSI_EDGES[:-1] + [np.inf], dtype=float)
    pn = np.maximum(np.histogram(np.array(reference, dtype=float), edges)[0] / len(reference), PSI_FLOOR)
    qn = np.maximum(np.histogram(np.array(comparison, dtype=float), edges)[0] / len(comparison), PSI_FLOOR)
    assert abs(float(np.sum((qn - pn) * np.log(qn / pn))) - total) <= 1e-12 * max(1.0, abs(total))
    return f_measure(total, len(comparison))


def jsd(reference, comparison):
    if not reference or not comparison:
        return f_not_evaluated(min(len(reference), len(comparison)))
    cats = sorted(set(reference) | set(comparison))
    value = float(jensenshannon(np.array([reference.count(c) for c in cats], dtype=float),
                                np.array([comparison.count(c) for c in cats], dtype=float), base=2) ** 2)
    precise = Decimal(0)  # ½ Σ P·log₂(P/M) + ½ Σ Q·log₂(Q/M), 0·log 0 = 0, at 60 digits
    for c in cats:
        p = Decimal(reference.count(c)) / Decimal(len(reference))
        q = Decimal(comparison.count(c)) / Decimal(len(comparison))
        m = (p + q) / 2
        if p > 0:
            precise += p * (p / m).ln()
        if q > 0:
            precise += q * (q / m).ln()
    precise = precise / (2 * Decimal(2).ln())
    assert abs(float(precise) - value) < 1e-15, (float(precise), value)
    return f_measure(min(1.0, max(0.0, float(precise))), len(comparison))


# ---------------------------------------------------------------------------------------
# Assembly
# ---------------------------------------------------------------------------------------


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def sha256_file(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def train_overlap(manifest, root, splits, clean_rows):
    """Exact text overlap between the training file and each evaluation split (SPEC §4)."""
    train = next(f for f in manifest["data"]["files"] if f["split"] == "train")
    path = os.path.join(root, train["path"])
    assert sha256_file(path) == train["sha256"], f"{path} is not the training file the manifest digests"
    text_col = manifest["data"]["columns"]["text"]
    assert train["format"] == "jsonl"
    train_texts = {r[text_col] for r in read_jsonl(path)}
    return [{"split": s, "count": len(ids), "ids": ids}
            for s in splits for ids in [[r["id"] for r in by_id(clean_rows) if r["split"] == s and r["text"] in train_texts]]]


def abstention_policies(manifest, root):
    """selective.abstain_below per model, from the manifest; for older manifests, from the config
    file the manifest names, after checking that file against the manifest's SHA-256."""
    recorded = manifest.get("selective", {}).get("abstain_below")
    if recorded is not None:
        return recorded, "manifest.json"
    import yaml

    path = os.path.join(root, manifest["config"]["path"])
    assert sha256_file(path) == manifest["config"]["sha256"], f"{path} is not the config the manifest digests"
    # BaseLoader: every scalar a string (YAML 1.1 would read the key `on` as a boolean).
    with open(path, encoding="utf-8") as f:
        config = yaml.load(f, Loader=yaml.BaseLoader)
    raw = (config.get("selective") or {}).get("abstain_below") or {}
    policies = {name: {"on": p["on"], "threshold": float(p["threshold"])} for name, p in raw.items()}
    return policies, manifest["config"]["path"] + " (not in manifest.json)"


def abstention_figures(rows, policy, scope_list, pick, conditions):
    """Per scope, the clean rows and each non-destructive condition (SPEC §8, abstention), in
    metrics.json's order: scope by scope, the clean entry first, then the families."""
    if policy is None:
        return None
    policy = {"on": policy["on"], "threshold": policy["threshold"]}
    entries = []
    for scope, split, _ in scope_list:
        for condition in ["clean"] + [c for c in conditions if c in NON_DESTRUCTIVE]:
            sel = pick([r for r in rows if r["condition"] == condition], split, None)
            a = gm.abstention(sel, policy["on"], policy["threshold"])
            entry = {
                "condition": condition, "scope": scope, "policy": policy,
                "abstained": f_rate(a["abstained"], a["n"]),
                "accepted": f_count(a["accepted"], a["n"]),
                "accepted_but_wrong": f_count(a["accepted_but_wrong"], a["accepted"]),
                "accepted_error_rate": f_rate(a["accepted_but_wrong"], a["accepted"]),
                "missing": f_count(a["missing"], a["n"]),
            }
            entries.append(entry)
    return entries


def compute(rows, manifest, root):
    labels = list(manifest["data"]["labels"])
    splits = [f["split"] for f in manifest["data"]["files"] if f["split"] != "train"]
    languages = list(manifest["data"]["languages"])
    models = [{"name": m["name"], "probabilities": bool(m["probabilities"])} for m in manifest["models"]]
    conditions = list(manifest["conditions"]["evaluated"])
    tm = manifest["threat_model"]
    objective = tm["objective"]
    transitions = [{"from": t["from"], "to": t["to"]} for t in tm.get("protected_transitions", [])]
    st = manifest["statistics"]
    seed, level = st["seed"], st["interval"]
    boot = {"iterations": st["bootstrap_iterations"], "level": level, "seed": seed}
    paired = {"iterations": st["paired_iterations"], "level": level, "seed": seed}
    policies, policy_source = abstention_policies(manifest, root)
    # The search's budget, as the manifest records the family's parameters (None without a search).
    search_budget = next((f["parameters"].get("queries") for f in tm.get("attacks", []) if f.get("family") == "search"), None)
    for name, policy in policies.items():
        assert policy["on"] == "margin" or any(m["name"] == name and m["probabilities"] for m in models), (name, policy)

    # The run facts agree with the rows.
    assert sorted(labels) == labels, "labels sort in code-point order"
    assert set(labels) >= {r["label"] for r in rows} | {k for r in rows if r["scores"] for k in r["scores"]}
    assert [c for c in CONDITION_ORDER if any(r["condition"] == c for r in rows)] == conditions
    assert [m["name"] for m in models] == list(dict.fromkeys(r["model"] for r in rows))
    assert list(dict.fromkeys(r["split"] for r in rows)) == splits
    assert sorted({r["language"] for r in rows}) == languages
    examples = {(r["split"], r["id"]) for r in rows}
    assert len(rows) == len(examples) * len(models) * len(conditions)

    clean_all = {m["name"]: [r for r in rows if r["model"] == m["name"] and r["condition"] == "clean"] for m in models}
    reference_rows = clean_all[models[0]["name"]]  # one row per example
    non_ascii = check_texts([r["text"] for r in reference_rows])

    # Stored flags that the figures rest on, recomputed where the row allows it.
    for r in rows:
        if r["condition"] == "clean":
            assert r["perturbed_text"] is None and r["changed"] is False and r["prediction"] == r["clean_prediction"]
        else:
            assert r["changed"] == (r["perturbed_text"] is not None and r["perturbed_text"] != r["text"]), (r["id"], r["condition"])
        if r["scores"] is not None and is_ok(r):
            assert list(r["scores"]) == labels
    masks = {}  # (model, condition) → id → recomputed masks
    for m in models:
        clean_by_id = {r["id"]: r for r in clean_all[m["name"]]}
        for r in rows:
            if r["model"] != m["name"] or r["condition"] == "clean":
                continue
            assert r["clean_prediction"] == (clean_by_id[r["id"]]["prediction"] if is_ok(clean_by_id[r["id"]]) else None)
            if r["condition"] not in NON_DESTRUCTIVE:
                assert all(r[k] is None for k in ("eligible", "tested", "success", "uncovered", "uncovered_reason")), (r["id"], r["condition"])
                continue
            mk = recompute_masks(r, clean_by_id[r["id"]], objective, transitions)
            for k in ("eligible", "tested", "success", "uncovered", "uncovered_reason"):
                assert r[k] == mk[k], f"stored mask {k} of {r['id']}/{m['name']}/{r['condition']} is {r[k]}, SPEC §7 gives {mk[k]}"
            masks.setdefault((m["name"], r["condition"]), {})[r["id"]] = mk

    def scopes(with_languages):
        out = [("all", None, None)]
        for s in splits:
            out.append((s, s, None))
            if with_languages:
                out.extend((f"{s}/{lang}", s, lang) for lang in languages)
        return out

    def pick(rs, split, language):
        return [r for r in rs if (split is None or r["split"] == split) and (language is None or r["language"] == language)]

    # ---- data-level figures
    by_split = {s: [r for r in reference_rows if r["split"] == s] for s in splits}
    total = sum(len(v) for v in by_split.values())
    has_both = REFERENCE in splits and CHALLENGE in splits
    has_language = any(r["language"] != "unknown" for r in reference_rows)
    data = {
        "rows": {s: len(by_split[s]) for s in splits},
        "challenge_examples": f_count(len(by_split.get(CHALLENGE, [])), total) if CHALLENGE in splits else f_not_applicable(),
        "language_examples": [{"scope": f"{CHALLENGE}/{lang}", "split": CHALLENGE, "language": lang,
                               "figure": f_count(sum(r["language"] == lang for r in by_split[CHALLENGE]), len(by_split[CHALLENGE]))}
                              for lang in languages] if CHALLENGE in splits and has_language else None,
        "length_psi": psi([token_types(r["text"]) for r in by_split[REFERENCE]], [token_types(r["text"]) for r in by_split[CHALLENGE]]) if has_both else f_not_applicable(),
        "length_histogram": {"edges": list(PSI_EDGES), "counts": {s: length_bins([token_types(r["text"]) for r in by_split[s]]) for s in splits}},
        "language_jsd": jsd([r["language"] for r in by_split[REFERENCE]], [r["language"] for r in by_split[CHALLENGE]]) if has_both else f_not_applicable(),
        "label_jsd": jsd([r["label"] for r in by_split[REFERENCE]], [r["label"] for r in by_split[CHALLENGE]]) if has_both else f_not_applicable(),
        "train_overlap": train_overlap(manifest, root, splits, reference_rows) if root is not None else None,
    }
    data = {k: v for k, v in data.items() if v is not None}

    # ---- per model
    out_models = []
    for m in models:
        name = m["name"]
        own = [r for r in rows if r["model"] == name]
        clean = clean_all[name]
        classification_scopes = []
        for scope, split, language in scopes(True):
            sel = pick(clean, split, language)
            c = classification(sel, labels)
            acc_values = [float(correct(r)) for r in by_id(sel)]
            classification_scopes.append({
                "scope": scope, "split": split, "language": language, **c,
                "accuracy_interval": interval(acc_values, boot["iterations"], level, seed, ["accuracy", name, "", "clean", scope], 1),
            })
        acc = {c["scope"]: c["accuracy"] for c in classification_scopes}
        if has_both and acc[REFERENCE]["status"] == "ok" and acc[CHALLENGE]["status"] == "ok":
            r_, c_ = acc[REFERENCE], acc[CHALLENGE]
            exact = Fraction(100 * r_["numerator"], r_["denominator"]) - Fraction(100 * c_["numerator"], c_["denominator"])
            gap = {"value": float(exact), "numerator": None, "denominator": c_["denominator"], "status": "ok"}
        else:
            gap = f_not_applicable() if not has_both else f_not_evaluated(None)

        robustness, ledger, union, protected, sel_out, rel_out, search_out = [], [], [], [], [], [], []
        for scope, split, _ in scopes(False):
            clean_scoped = pick(clean, split, None)
            clean_by_id = {r["id"]: r for r in clean_scoped}
            family_rows = {}
            for condition in conditions:
                if condition == "clean":
                    continue
                crow = pick([r for r in own if r["condition"] == condition], split, None)
                robustness.append({"condition": condition, "scope": scope,
                                   **condition_figures(crow, clean_by_id, condition in DESTRUCTIVE, boot, ["accuracy_delta", name, "", condition, scope])})
                if condition in NON_DESTRUCTIVE:
                    mk = masks[(name, condition)]
                    family_rows[condition] = with_masks(crow, mk)
                    ledger.append({"family": condition, "scope": scope, **family_ledger(crow, mk, condition)})
                if condition == "search":
                    search_out.append({"scope": scope, **search_figures(crow, masks[(name, condition)], search_budget)})
            if family_rows:
                u = gm.union_ledger(family_rows, clean_by_id, objective, transitions)
                union.append({
                    "scope": scope, "families": list(family_rows),
                    "in_scope": f_count(u["in_scope"], u["in_scope"]),
                    "eligible": f_count(u["eligible"], u["in_scope"]),
                    "tested": f_count(u["tested"], u["eligible"]),
                    "successes": f_count(u["successes"], u["tested"]),
                    "untested": f_count(u["untested"], u["eligible"]),
                    "robust": f_count(u["robust"], u["in_scope"]),
                    "success_ids": u["success_ids"],
                    "union_success": f_rate(u["successes"], u["tested"]),
                    "union_coverage": f_rate(u["tested"], u["eligible"]),
                    "union_robust_accuracy": f_rate(u["robust"], u["in_scope"]),
                })
                p = gm.protected(family_rows, clean_scoped, clean_by_id, transitions)
                protected.append({
                    "scope": scope,
                    "protected_transitions": (f_not_applicable() if not transitions else f_rate(p["count"], 0) if p["tested"] == 0 else f_count(p["count"], p["tested"])),
                    "ids": p["ids"], "by_transition": p["by_transition"], "by_family": p["by_family"],
                    "clean_confusions": f_not_applicable() if not transitions else f_count(p["clean_confusions"], p["clean_rows"]),
                    "clean_confusion_ids": p["clean_confusion_ids"], "clean_by_transition": p["clean_by_transition"],
                })
            sel_out.append({"scope": scope, **selective(clean_scoped)})
            if m["probabilities"]:
                rel_out.append({"scope": scope, **reliability(clean_scoped)})

        certificate = None
        if "exact" in conditions:
            # Only the search draws its edits from exact's space; the fixed families draw their own and are not graded.
            graded = [c for c in conditions if c == "search"]
            by_condition = {c: [r for r in own if r["condition"] == c] for c in ["exact", *graded]}
            certificate, strength = exact_figures(by_condition, {c: masks[(name, c)] for c in by_condition}, graded)
        out_models.append({
            **({"exact_certificate": certificate, "attack_strength": strength} if certificate is not None else {}),
            **({"search": search_out} if "search" in conditions else {}),
            "model": name,
            "probabilities": m["probabilities"],
            # Label-only: an ok clean row without scores (none of the built-in baselines is).
            "label_only": any(is_ok(r) and r["condition"] == "clean" and r["scores"] is None for r in own),
            "missing_rows": f_count(sum(not is_ok(r) for r in own), len(own)),
            "accuracy": [{"scope": c["scope"], "split": c["split"], "language": c["language"], "figure": c["accuracy"]} for c in classification_scopes],
            "classification": classification_scopes,
            "generalization_gap_pp": gap,
            "robustness": robustness,
            "ledger": ledger,
            "union": union,
            "protected_transitions": protected,
            "selective": sel_out,
            "reliability": rel_out if m["probabilities"] else None,
            "abstention": abstention_figures(own, policies.get(name), scopes(False), pick, conditions),
        })

    # ---- paired model comparisons on the challenge split, every pair in config order (A − B)
    comparisons = []
    if CHALLENGE in splits:
        for i, a in enumerate(models):
            for b in models[i + 1:]:
                ra = by_id(pick(clean_all[a["name"]], CHALLENGE, None))
                rb = {r["id"]: r for r in pick(clean_all[b["name"]], CHALLENGE, None)}
                assert len(ra) == len(rb)
                diffs = [int(correct(r)) - int(correct(rb[r["id"]])) for r in ra]
                comparisons.append({
                    "model_a": a["name"], "model_b": b["name"], "split": CHALLENGE,
                    "difference_pp": f_pp(sum(diffs), len(diffs)),
                    "interval_pp": interval([float(d) for d in diffs], paired["iterations"], level, seed, ["paired_comparison", a["name"], b["name"], "", CHALLENGE], 100),
                })

    metrics = {
        "schema_version": METRICS_SCHEMA_VERSION,
        # A text run: the four label-preserving text families are the attacks (SPEC §9).
        "task": "text",
        "attack_families": [c for c in NON_DESTRUCTIVE if c not in OPT_IN or c in conditions],
        "labels": labels,
        "conditions_evaluated": conditions,
        "prng": {"name": st["prng"], "derivation": st["stream_derivation"], "bootstrap": st["bootstrap"], "seed": seed},
        "data": data,
        "models": out_models,
        "comparisons": comparisons,
    }
    facts = {"labels": labels, "splits": splits, "languages": languages, "models": models, "conditions": conditions,
             "objective": objective, "protected_transitions": transitions, "seed": seed,
             "bootstrap_iterations": boot["iterations"], "paired_iterations": paired["iterations"], "interval": level,
             "abstain_below": policies, "abstain_below_from": policy_source,
             "non_ascii_characters_in_texts": "".join(non_ascii)}
    return metrics, facts


def count_leaves(x):
    if isinstance(x, dict):
        return sum(count_leaves(v) for v in x.values())
    if isinstance(x, list):
        return sum(count_leaves(v) for v in x)
    return 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--evidence", required=True, help="evidence.jsonl of the bundled example")
    ap.add_argument("--manifest", help="its manifest.json (default: beside --evidence)")
    ap.add_argument("--root", default=".", help="repository root, for the training file of the train-overlap figure (default: .)")
    ap.add_argument("--out", default=OUT)
    args = ap.parse_args()

    started = time.time()
    manifest_path = args.manifest or os.path.join(os.path.dirname(args.evidence), "manifest.json")
    with open(manifest_path, encoding="utf-8") as f:
        manifest = json.load(f)
    evidence_sha = sha256_file(args.evidence)
    recorded = manifest["files"]["evidence.jsonl"]["sha256"]
    if recorded != evidence_sha:
        sys.exit(f"{manifest_path} digests evidence {recorded}, but {args.evidence} is {evidence_sha}: not the same run")
    rows = read_jsonl(args.evidence)
    metrics, facts = compute(rows, manifest, args.root)
    golden = {
        "generator": "scripts/golden/example_metrics.py",
        "versions": {"python": sys.version.split()[0], "sklearn": sklearn.__version__, "scipy": scipy.__version__, "numpy": np.__version__},
        "evidence": {"sha256": evidence_sha, "rows": len(rows), "schema_version": manifest["files"]["evidence.jsonl"].get("schema_version")},
        # The figures also rest on run facts from the config (iterations, level, transitions, abstention policies).
        "config": {"path": manifest["config"]["path"], "sha256": manifest["config"]["sha256"]},
        "facts": facts,
        "figures": count_leaves(metrics),
        "metrics": metrics,
    }
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(golden, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(f"wrote {args.out}: {golden['figures']} leaves from {len(rows)} evidence rows (sha256 {evidence_sha[:12]}…) "
          f"with sklearn {sklearn.__version__}, scipy {scipy.__version__}, numpy {np.__version__} in {time.time() - started:.1f}s")


if __name__ == "__main__":
    main()
