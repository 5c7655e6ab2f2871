#!/usr/bin/env python3
"""Golden values for the comparison with a baseline (SPEC §15): src/metrics/mcnemar.ts and
src/compare/accumulate.ts.

Writes __tests__/golden/comparison.json with:

* mcnemar: McNemar's exact two-sided p-value as scipy.stats.binomtest(min(f, b), f + b, 0.5)
  computes it, for small, large, balanced and lopsided discordant counts.
* comparison: with --base DIR --head DIR (the two output folders of the fixture in
  __tests__/fixtures/compare-repo, see __tests__/compare/comparison-golden.test.ts), every figure
  of comparison.json recomputed from the two evidence files and the head manifest's facts alone:
  pairing by (split, id, model, condition) over rows present and ok in both with equal
  input_sha256 (the first 48 bits, as the engine packs them); fixed/broken counts and ids per
  (model, condition, scope); Delta = (fixed - broken) / n in pp (exact fraction); the paired
  count-based bootstrap interval (the Python port in bootstrap.py); McNemar's p from scipy; the
  row accounting; and new protected transitions.

Run from the repository root: python3 scripts/golden/comparison.py [--base DIR --head DIR]
"""
import argparse
import hashlib
import importlib.util
import json
import os
from fractions import Fraction

import numpy as np
from scipy.stats import binomtest

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = "__tests__/golden/comparison.json"


def load(name):
    spec = importlib.util.spec_from_file_location(f"golden_{name}", os.path.join(HERE, f"{name}.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


gb = load("bootstrap")


def mcnemar_p(fixed, broken):
    n = fixed + broken
    if n == 0:
        return 1.0
    return float(binomtest(min(fixed, broken), n, 0.5).pvalue)


def read(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def interval(fixed, broken, n, iterations, level, seed, parts):
    if n == 0:
        return {"low": None, "high": None, "level": level, "iterations": iterations, "n": 0, "status": "not_evaluated"}
    rng = gb.Xoroshiro128Plus(gb.stream_seed(seed, parts))
    means = gb.count_bootstrap_means(fixed, broken, n - fixed - broken, iterations, rng)
    low, high = gb.bounds(np.array(means, dtype=float), level)
    return {"low": low * 100, "high": high * 100, "level": level, "iterations": iterations, "n": n, "status": "ok"}


def comparison(base_rows, head_rows, fixture):
    models, conditions, splits = fixture["models"], fixture["conditions"], fixture["splits"]
    transitions = {(t["from"], t["to"]) for t in fixture["transitions"]}
    key = lambda r: (r["split"], r["id"], r["model"], r["condition"])
    base = {key(r): r for r in base_rows}
    ok = lambda r: r["status"] == "ok"
    right = lambda r: ok(r) and r["prediction"] == r["label"]
    moved = lambda r: r["tested"] is True and ok(r) and (r["label"], r["prediction"]) in transitions
    base_moved = {(r["split"], r["id"], r["model"]) for r in base_rows if moved(r)}
    acc = {"paired": 0, "changed": 0, "head_only": 0, "not_ok": 0}
    cells = {}
    seen = set()
    head_moved, clean_paired = {}, {}
    for r in head_rows:
        b = base.get(key(r))
        if b is None:
            acc["head_only"] += 1
            continue
        seen.add(key(r))
        if b["input_sha256"][:12] != r["input_sha256"][:12]:
            acc["changed"] += 1
            continue
        if not ok(r) or not ok(b):
            acc["not_ok"] += 1
            continue
        acc["paired"] += 1
        if r["condition"] == "clean":
            clean_paired[(r["split"], r["id"], r["model"])] = True
        for scope in ("all", r["split"]):
            c = cells.setdefault((r["model"], r["condition"], scope), {"pairs": 0, "base": 0, "head": 0, "fixed": [], "broken": []})
            c["pairs"] += 1
            c["base"] += right(b)
            c["head"] += right(r)
            if not right(b) and right(r):
                c["fixed"].append(r["id"])
            if right(b) and not right(r):
                c["broken"].append(r["id"])
    clean_right = {(r["split"], r["id"], r["model"]) for r in head_rows if r["condition"] == "clean" and right(r)}
    for r in head_rows:
        k = (r["split"], r["id"], r["model"])
        if r["condition"] != "clean" and moved(r) and k in clean_right:
            head_moved[k] = True
    out_models = []
    for m in models:
        out_cells = []
        for scope in ["all"] + splits:
            for cond in conditions:
                c = cells.get((m, cond, scope), {"pairs": 0, "base": 0, "head": 0, "fixed": [], "broken": []})
                n, f, b = c["pairs"], len(c["fixed"]), len(c["broken"])
                cell = {
                    "condition": cond, "scope": scope, "pairs": n,
                    "base_correct": {"value": c["base"], "numerator": c["base"], "denominator": n, "status": "ok"},
                    "head_correct": {"value": c["head"], "numerator": c["head"], "denominator": n, "status": "ok"},
                    "fixed": {"value": f, "numerator": f, "denominator": n, "status": "ok"},
                    "broken": {"value": b, "numerator": b, "denominator": n, "status": "ok"},
                    "delta_pp": ({"value": float(Fraction(100 * (f - b), n)), "numerator": f - b, "denominator": n, "status": "ok"} if n else {"value": None, "numerator": f - b, "denominator": 0, "status": "not_evaluated"}),
                    "interval_pp": interval(f, b, n, fixture["iterations"], fixture["level"], fixture["seed"], ["regression", m, "", cond, scope]),
                    "mcnemar_p": {"value": mcnemar_p(f, b), "numerator": None, "denominator": f + b, "status": "ok"},
                }
                if scope == "all":
                    cell["fixed_ids"] = sorted(c["fixed"], key=lambda s: [ord(ch) for ch in s])
                    cell["broken_ids"] = sorted(c["broken"], key=lambda s: [ord(ch) for ch in s])
                out_cells.append(cell)
        new_ids = sorted((k[1] for k in head_moved if k[2] == m and k in clean_paired and k not in base_moved), key=lambda s: [ord(ch) for ch in s])
        paired_clean = sum(1 for k in clean_paired if k[2] == m)
        out_models.append({
            "model": m, "cells": out_cells,
            "new_protected_transitions": {"value": len(new_ids), "numerator": len(new_ids), "denominator": paired_clean, "status": "ok"},
            "new_protected_transition_ids": new_ids,
        })
    baseline_only = sum(1 for k in base if k not in seen)
    rows = {"baseline": len(base_rows), "head": len(head_rows), **acc, "baseline_only": baseline_only}
    rows["dropped"] = baseline_only + acc["changed"]
    rows["new"] = acc["head_only"] + acc["changed"]
    return {"rows": rows, "models": out_models}


def sha256_file(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--base", help="the baseline output folder")
    ap.add_argument("--head", help="the head output folder (run with --baseline BASE)")
    args = ap.parse_args()
    cases = []
    for f, b in [(0, 0), (1, 0), (0, 1), (3, 1), (10, 2), (2, 10), (0, 30), (7, 7), (7, 8), (100, 60), (500, 430), (3, 200), (1000, 1100), (0, 1000), (12345, 12001)]:
        cases.append({"fixed": f, "broken": b, "p": mcnemar_p(f, b)})
    golden = {"mcnemar": cases}
    if args.base and args.head:
        with open(os.path.join(args.head, "manifest.json"), encoding="utf-8") as f:
            manifest = json.load(f)
        st = manifest["statistics"]
        fixture = {
            "models": [m["name"] for m in manifest["models"]],
            "conditions": manifest["conditions"]["evaluated"],
            "splits": manifest["data"]["splits"],
            "transitions": manifest["threat_model"]["protected_transitions"],
            "iterations": st["bootstrap_iterations"], "level": st["interval"], "seed": st["seed"],
        }
        base_evidence = os.path.join(args.base, "evidence.jsonl")
        head_evidence = os.path.join(args.head, "evidence.jsonl")
        golden["evidence"] = {"base": sha256_file(base_evidence), "head": sha256_file(head_evidence)}
        golden["comparison"] = comparison(read(base_evidence), read(head_evidence), fixture)
    with open(OUT, "w", encoding="utf-8") as f:
        json.dump(golden, f, indent=1)
        f.write("\n")
    print(f"wrote {OUT}: {len(cases)} McNemar cases" + (", comparison of the fixtures" if "comparison" in golden else ""))


if __name__ == "__main__":
    main()
