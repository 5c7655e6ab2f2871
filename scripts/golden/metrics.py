#!/usr/bin/env python3
"""Golden metric values for src/metrics/{f1,confusion,selective,reliability,divergence,
abstention,ledger}.ts, computed with scikit-learn / scipy / numpy (SPEC §7, §8).

Default run (from the repository root, with /usr/bin/python3):
    python3 scripts/golden/metrics.py
  1. writes a seeded synthetic evidence fixture, __tests__/fixtures/metrics-evidence.jsonl:
     60 examples (36 controlled, 24 challenge; en/es, plus pt in challenge only), labels
     gap/limitation/result with no `gap` gold row in challenge, two models (naive-bayes with
     probabilities, tfidf-word with similarity scores), conditions clean, format, dictionary
     (en only: es/pt rows are `no_dictionary`) and truncate, score vectors drawn from small
     pools so margins tie, a few missing rows (error/timeout), masks set by the SPEC §7 rule
     under an untargeted objective with two protected transitions;
  2. computes the expected figures and writes __tests__/golden/metrics.json.

On any evidence file (e.g. the bundled example's):
    python3 scripts/golden/metrics.py --evidence evidence-gate-out/evidence.jsonl --out /tmp/m.json
  The threat model (objective, protected transitions) and the probability models are read
  from --manifest (default: manifest.json beside the evidence), else from --objective,
  --transition FROM:TO (repeatable) and --probability-model NAME (repeatable).

Conventions (the same as the TypeScript): a row whose status is not `ok` is missing: no
prediction, counted wrong. Labels are the score keys and gold labels in code-point order.
Scopes: `all`, each split, and (classification only) each split/language slice.
Independent routes: macro/per-label F1 and confusion from sklearn; JSD from scipy; ECE by
numpy; AURC from per-row inclusion probabilities (row i at rank ≤ k with probability
clip((k − start_i)/size_i, 0, 1) inside its tie block), cross-checked by exhaustive
enumeration of within-block error arrangements where that is small enough.
"""
import argparse
import itertools
import json
import math
import os
import random

import numpy as np
import scipy
import sklearn
from scipy.spatial.distance import jensenshannon
from sklearn.metrics import accuracy_score, confusion_matrix, f1_score

FIELDS = [
    "id", "split", "model", "condition", "language", "domain", "text", "perturbed_text", "label",
    "clean_prediction", "prediction", "scores", "margin", "clean_margin", "changed",
    "valid", "invalid_reason", "eligible", "tested", "success", "uncovered", "uncovered_reason", "status",
    "error",
]
CONDITION_ORDER = ["clean", "format", "transpose", "dictionary", "append", "truncate"]
NON_DESTRUCTIVE = ["format", "transpose", "dictionary", "append"]
MISSING = "\u0000missing"  # a prediction no label can equal
FIXTURE = "__tests__/fixtures/metrics-evidence.jsonl"
GOLDEN = "__tests__/golden/metrics.json"
SEED = 20251130

# ---------------------------------------------------------------------------------------
# Fixture generation
# ---------------------------------------------------------------------------------------

LABELS = ["gap", "limitation", "result"]
MODELS = ["naive-bayes", "tfidf-word"]
PROBABILITY_MODELS = ["naive-bayes"]
OBJECTIVE = "untargeted"
TRANSITIONS = [{"from": "limitation", "to": "result"}, {"from": "gap", "to": "result"}]
# Sorted descending; the first value goes to the intended prediction.
PROB_POOL = [(0.7, 0.2, 0.1), (0.5, 0.3, 0.2), (0.9, 0.06, 0.04), (0.45, 0.35, 0.2), (0.6, 0.25, 0.15), (0.98, 0.01, 0.01)]
# Degenerate clean rows placed on purpose: all-zero scores (p = 0, bin 0) and a uniform vector,
# both with margin 0 (a tie block mixing a right and a wrong prediction of `gap`).
FORCED_SCORES = {("naive-bayes", "m003"): [0.0, 0.0, 0.0], ("naive-bayes", "m020"): [1 / 3, 1 / 3, 1 / 3], ("naive-bayes", "m044"): [0.0, 0.0, 0.0]}
SIM_POOL = [(0.42, 0.18, 0.05), (0.3, 0.25, 0.1), (0.6, 0.2, 0.2), (0.15, 0.1, 0.0), (0.55, 0.5, 0.3)]


def decide(scores):
    """argmax with ties to the first label, margin = top − second (src/models/model.ts)."""
    best = 0
    for i in range(1, len(scores)):
        if scores[i] > scores[best]:
            best = i
    second = max(s for i, s in enumerate(scores) if i != best)
    return LABELS[best], scores[best] - second


def draw_scores(rng, model, intended):
    """A score vector whose top value sits on `intended` (unless it is a degenerate row)."""
    u = rng.random()
    if model == "naive-bayes":
        if u < 0.03:
            return [0.0, 0.0, 0.0]  # no known word: all-zero scores, p = 0 (bin 0), margin 0
        if u < 0.06:
            return [1 / 3, 1 / 3, 1 / 3]
        if u < 0.7:
            top = list(rng.choice(PROB_POOL))
        else:
            raw = [rng.gammavariate(1.0, 1.0) for _ in LABELS]
            total = sum(raw)
            top = sorted((r / total for r in raw), reverse=True)
    else:
        if u < 0.75:
            top = list(rng.choice(SIM_POOL))
        else:
            top = sorted((round(rng.uniform(0, 0.8), 2) for _ in LABELS), reverse=True)
    others = [l for l in LABELS if l != intended]
    rng.shuffle(others)
    order = [intended] + others
    return [top[order.index(label)] for label in LABELS]


def masks(objective, transitions, gold, clean_ok, clean_prediction, attempted, changed, valid, row_ok, prediction):
    """Port of ledgerMasks (src/evidence/ledger.ts)."""
    in_scope = clean_ok and (objective == "untargeted" or any(t["from"] == gold for t in transitions))
    eligible = in_scope and clean_prediction == gold
    tested = eligible and attempted and changed and valid and row_ok
    if objective == "untargeted":
        wrong = prediction != gold
    else:
        wrong = prediction is not None and any(t["from"] == gold and t["to"] == prediction for t in transitions)
    success = tested and wrong
    uncovered = eligible and not tested
    reason = None
    if uncovered:
        if not attempted:
            reason = "no_dictionary"
        elif not changed:
            reason = "unchanged"
        elif not valid:
            reason = "invalid"
        else:
            reason = "missing"
    return {"eligible": eligible, "tested": tested, "success": success, "uncovered": uncovered, "uncovered_reason": reason}


def generate(rng):
    examples = []
    for i in range(1, 61):
        split = "controlled" if i <= 36 else "challenge"
        if split == "controlled":
            language = "en" if rng.random() < 0.7 else "es"
            label = rng.choice(LABELS)
        else:
            u = rng.random()
            language = "en" if u < 0.4 else ("es" if u < 0.8 else "pt")
            label = rng.choice(["limitation", "result"])  # `gap` has zero support in challenge
        examples.append({"id": f"m{i:03d}", "split": split, "language": language, "label": label, "domain": rng.choice(["ecology", "economics", None])})

    # Candidates do not depend on the model.
    candidates = {}
    for e in examples:
        text = f"Example {e['id']} text in {e['language']}."
        fmt_changed = rng.random() < 0.85
        fmt = {"attempted": True, "changed": fmt_changed, "valid": (rng.random() < 0.9) if fmt_changed else True}
        if e["language"] == "en":
            d_changed = rng.random() < 0.6
            dic = {"attempted": True, "changed": d_changed, "valid": (rng.random() < 0.9) if d_changed else True}
        else:
            dic = {"attempted": False, "changed": False, "valid": None}
        trunc = {"attempted": True, "changed": rng.random() < 0.9, "valid": True}
        candidates[e["id"]] = {"text": text, "format": fmt, "dictionary": dic, "truncate": trunc}

    clean_missing = {("naive-bayes", "m007"): "timeout", ("tfidf-word", "m012"): "error", ("tfidf-word", "m041"): "error", ("tfidf-word", "m055"): "error"}
    accuracy_target = {"naive-bayes": 0.75, "tfidf-word": 0.65}
    rows = []
    for e in examples:
        cand = candidates[e["id"]]
        for model in MODELS:
            status = clean_missing.get((model, e["id"]), "ok")
            if status == "ok":
                intended = e["label"] if rng.random() < accuracy_target[model] else rng.choice([l for l in LABELS if l != e["label"]])
                if e["split"] == "challenge" and rng.random() < 0.15:
                    intended = "gap"  # predictions of a label absent from challenge gold
                clean_scores = FORCED_SCORES.get((model, e["id"])) or draw_scores(rng, model, intended)
                clean_prediction, clean_margin = decide(clean_scores)
            else:
                clean_scores, clean_prediction, clean_margin = None, None, None
            for condition in ["clean", "format", "dictionary", "truncate"]:
                c = None if condition == "clean" else cand[condition]
                changed = c is not None and c["changed"]
                if not changed:
                    row_status, scores = status, clean_scores  # same input as clean: same result
                else:
                    row_status = "timeout" if rng.random() < 0.05 else "ok"
                    scores = None
                    if row_status == "ok":
                        base = clean_prediction if clean_prediction is not None else e["label"]
                        u = rng.random()
                        if u < 0.15 and e["label"] in ("limitation", "gap"):
                            intended = "result"  # a protected transition
                        elif u < 0.3:
                            intended = rng.choice([l for l in LABELS if l != base])
                        else:
                            intended = base
                        scores = draw_scores(rng, model, intended)
                if scores is not None:
                    prediction, margin = decide(scores)
                else:
                    prediction, margin = None, None
                if condition in ("clean", "truncate"):
                    m = {"eligible": None, "tested": None, "success": None, "uncovered": None, "uncovered_reason": None}
                else:
                    m = masks(OBJECTIVE, TRANSITIONS, e["label"], status == "ok", clean_prediction, c["attempted"], c["changed"], c["valid"] is True, row_status == "ok", prediction)
                valid = None if condition == "clean" else c["valid"]
                invalid = "letters or digits changed" if valid is False else None
                perturbed = None if condition == "clean" else (cand["text"] + (f" [{condition}]" if changed else ""))
                row = {
                    "id": e["id"], "split": e["split"], "model": model, "condition": condition,
                    "language": e["language"], "domain": e["domain"], "text": cand["text"], "perturbed_text": perturbed,
                    "label": e["label"], "clean_prediction": clean_prediction, "prediction": prediction,
                    "scores": None if scores is None else {l: s for l, s in zip(LABELS, scores)},
                    "margin": margin, "clean_margin": clean_margin, "changed": changed, "valid": valid,
                    "invalid_reason": invalid, **m, "status": row_status,
                    "error": None if row_status == "ok" else f"model {row_status}",
                }
                rows.append({k: row[k] for k in FIELDS})
    split_order = {"controlled": 0, "challenge": 1}
    rows.sort(key=lambda r: (split_order[r["split"]], r["id"], MODELS.index(r["model"]), CONDITION_ORDER.index(r["condition"])))
    return rows


# ---------------------------------------------------------------------------------------
# Metric computations
# ---------------------------------------------------------------------------------------


def is_ok(r):
    return r["status"] == "ok"


def predicted(r):
    return r["prediction"] if is_ok(r) and r["prediction"] is not None else MISSING


def correct(r):
    return is_ok(r) and r["prediction"] == r["label"]


def classification(rows, labels):
    y = [r["label"] for r in rows]
    yp = [predicted(r) for r in rows]
    n = len(rows)
    out = {"n": n}
    if n == 0:
        out.update(accuracy=None, macro_f1=None, averaged=[], f1=[0.0] * len(labels), support=[0] * len(labels),
                   confusion=[[0] * len(labels) for _ in labels], missing=[0] * len(labels))
        return out
    supported = [l for l in labels if l in set(y)]
    cm = confusion_matrix(y, yp, labels=labels + [MISSING])
    out["accuracy"] = float(accuracy_score(y, yp))
    out["macro_f1"] = float(f1_score(y, yp, labels=supported, average="macro", zero_division=0))
    out["averaged"] = supported
    out["f1"] = [float(v) for v in f1_score(y, yp, labels=labels, average=None, zero_division=0)]
    out["support"] = [int(cm[i].sum()) for i in range(len(labels))]
    out["confusion"] = [[int(v) for v in cm[i][: len(labels)]] for i in range(len(labels))]
    out["missing"] = [int(cm[i][len(labels)]) for i in range(len(labels))]
    return out


def selective_items(rows):
    return [(r["clean_margin"] if is_ok(r) and r["clean_margin"] is not None else None, not (is_ok(r) and r["clean_margin"] is not None and correct(r))) for r in rows]


def aurc_by_inclusion(items):
    """E[errors in top k] = Σ_i err_i · P(rank_i ≤ k); a tie block of size s starting after
    `start` ranked rows places each member at rank ≤ k with probability clip((k−start)/s, 0, 1).
    Missing rows form the last block."""
    n = len(items)
    if n == 0:
        return None, []
    present = np.array([m for m, _ in items if m is not None], dtype=float)
    n_present = len(present)
    starts, sizes = [], []
    for m, _ in items:
        if m is None:
            starts.append(n_present)
            sizes.append(n - n_present)
        else:
            starts.append(int(np.sum(present > m)))
            sizes.append(int(np.sum(present == m)))
    starts = np.array(starts, dtype=float)
    sizes = np.array(sizes, dtype=float)
    err = np.array([1.0 if e else 0.0 for _, e in items])
    ks = np.arange(1, n + 1, dtype=float)
    inclusion = np.clip((ks[None, :] - starts[:, None]) / sizes[:, None], 0.0, 1.0)
    risks = (err @ inclusion) / ks
    return float(np.mean(risks)), [float(v) for v in risks]


def aurc_by_enumeration(items, limit=200000):
    """Mean AURC over every arrangement of errors inside each tie block (None if too many)."""
    n = len(items)
    blocks = {}
    for m, e in items:
        key = (1, 0.0) if m is None else (0, -m)
        blocks.setdefault(key, []).append(e)
    ordered = [blocks[k] for k in sorted(blocks)]
    choices = [list(itertools.combinations(range(len(b)), sum(b))) for b in ordered]
    if n == 0 or math.prod(len(c) for c in choices) > limit:
        return None
    total, arrangements = 0.0, 0
    for pick in itertools.product(*choices):
        seq = []
        for block, chosen in zip(ordered, pick):
            s = set(chosen)
            seq.extend(1 if j in s else 0 for j in range(len(block)))
        cum = np.cumsum(seq)
        total += float(np.mean(cum / np.arange(1, n + 1)))
        arrangements += 1
    return total / arrangements


def ece(rows):
    ps, ok = [], []
    missing = 0
    for r in rows:
        if not is_ok(r) or r["scores"] is None:
            missing += 1
            continue
        ps.append(max(r["scores"].values()))
        ok.append(1.0 if correct(r) else 0.0)
    p = np.array(ps, dtype=float)
    acc = np.array(ok, dtype=float)
    n = len(p)
    bins = np.minimum(np.floor(8 * p).astype(int), 7) if n else np.array([], dtype=int)
    out_bins = []
    value = 0.0
    for b in range(8):
        sel = bins == b
        nb = int(sel.sum())
        if nb == 0:
            out_bins.append({"n": 0, "mean_probability": None, "accuracy": None})
            continue
        mean_p = float(p[sel].mean())
        acc_b = float(acc[sel].mean())
        value += (nb / n) * abs(mean_p - acc_b)
        out_bins.append({"n": nb, "mean_probability": mean_p, "accuracy": acc_b})
    return {"n": n, "missing": missing, "ece": float(value) if n else None, "bins": out_bins}


def jsd(reference, comparison):
    cats = sorted(set(reference) | set(comparison))
    if not reference or not comparison:
        return None
    p = np.array([reference.count(c) for c in cats], dtype=float)
    q = np.array([comparison.count(c) for c in cats], dtype=float)
    return float(jensenshannon(p, q, base=2) ** 2)


def in_scope(clean, objective, transitions):
    return is_ok(clean) and (objective == "untargeted" or any(t["from"] == clean["label"] for t in transitions))


def family_ledger(rows, clean_by_id, objective, transitions):
    c = {"rows": len(rows), "in_scope": 0, "eligible": 0, "tested": 0, "successes": 0, "robust": 0, "uncovered": 0,
         "uncovered_by_reason": {"unchanged": 0, "no_dictionary": 0, "invalid": 0, "missing": 0}}
    for r in rows:
        c["in_scope"] += in_scope(clean_by_id[r["id"]], objective, transitions)
        c["eligible"] += r["eligible"]
        c["tested"] += r["tested"]
        c["successes"] += r["tested"] and r["success"]
        c["robust"] += r["tested"] and not r["success"]
        if r["uncovered"]:
            c["uncovered"] += 1
            c["uncovered_by_reason"][r["uncovered_reason"]] += 1
    c = {k: (int(v) if isinstance(v, (bool, int)) else v) for k, v in c.items()}

    def ratio(a, b):
        return None if b == 0 else a / b

    c["attack_success"] = ratio(c["successes"], c["tested"])
    c["eligible_coverage"] = ratio(c["tested"], c["eligible"])
    c["robust_accuracy"] = ratio(c["robust"], c["in_scope"])
    return c


def union_ledger(by_family, clean_by_id, objective, transitions):
    scoped, eligible, tested, succeeded, missing = set(), set(), set(), set(), set()
    for rows in by_family.values():
        for r in rows:
            if in_scope(clean_by_id[r["id"]], objective, transitions):
                scoped.add(r["id"])
            if r["eligible"]:
                eligible.add(r["id"])
            if r["tested"]:
                tested.add(r["id"])
                if r["success"]:
                    succeeded.add(r["id"])
            if not is_ok(r):
                missing.add(r["id"])
    robust = tested - succeeded - missing
    return {
        "in_scope": len(scoped), "eligible": len(eligible), "tested": len(tested), "successes": len(succeeded),
        "untested": len(eligible - tested), "robust": len(robust), "success_ids": sorted(succeeded),
        "union_success": None if not tested else len(succeeded) / len(tested),
        "union_coverage": None if not eligible else len(tested) / len(eligible),
        "union_robust_accuracy": None if not scoped else len(robust) / len(scoped),
    }


def protected(by_family, clean_rows, clean_by_id, transitions):
    pairs = {(t["from"], t["to"]) for t in transitions}
    moved, tested = set(), set()
    per_pair = {(t["from"], t["to"]): set() for t in transitions}
    by_family_counts = []
    for family, rows in by_family.items():
        own = set()
        for r in rows:
            clean = clean_by_id[r["id"]]
            if not (r["tested"] and is_ok(clean) and clean["prediction"] == clean["label"]):
                continue
            tested.add(r["id"])
            if is_ok(r) and (r["label"], r["prediction"]) in pairs:
                moved.add(r["id"])
                own.add(r["id"])
                per_pair[(r["label"], r["prediction"])].add(r["id"])
        by_family_counts.append({"family": family, "count": len(own)})
    clean_ids = set()
    clean_pairs = {(t["from"], t["to"]): set() for t in transitions}
    for c in clean_rows:
        if is_ok(c) and (c["label"], c["prediction"]) in pairs:
            clean_ids.add(c["id"])
            clean_pairs[(c["label"], c["prediction"])].add(c["id"])
    return {
        "count": len(moved), "tested": len(tested), "ids": sorted(moved),
        "by_transition": [{"from": t["from"], "to": t["to"], "count": len(per_pair[(t["from"], t["to"])])} for t in transitions],
        "by_family": by_family_counts,
        "clean_confusions": len(clean_ids), "clean_rows": len(clean_rows), "clean_confusion_ids": sorted(clean_ids),
        "clean_by_transition": [{"from": t["from"], "to": t["to"], "count": len(clean_pairs[(t["from"], t["to"])])} for t in transitions],
    }


def abstention(rows, on, threshold):
    abstained = accepted = wrong = missing = 0
    for r in rows:
        if not is_ok(r):
            missing += 1
            continue
        value = r["margin"] if on == "margin" else max(r["scores"].values())
        if value < threshold:
            abstained += 1
        else:
            accepted += 1
            wrong += not correct(r)
    n = len(rows)
    return {"n": n, "abstained": abstained, "abstained_rate": None if n == 0 else abstained / n, "accepted": accepted,
            "accepted_but_wrong": wrong, "accepted_error_rate": None if accepted == 0 else wrong / accepted, "missing": missing}


def first_seen(values):
    out = []
    for v in values:
        if v not in out:
            out.append(v)
    return out


ABSTENTION_POLICIES = [("probability", 0.6), ("margin", 0.2), ("margin", 0.0)]


def compute(rows, objective, transitions, probability_models, source):
    labels = sorted({r["label"] for r in rows} | {k for r in rows if r["scores"] for k in r["scores"]})
    models = first_seen(r["model"] for r in rows)
    splits = first_seen(r["split"] for r in rows)
    languages = sorted({r["language"] for r in rows})
    conditions = [c for c in CONDITION_ORDER if any(r["condition"] == c for r in rows)]
    families = [c for c in NON_DESTRUCTIVE if c in conditions]

    def scopes(with_language):
        yield "all", None, None
        for s in splits:
            yield s, s, None
            if with_language:
                for lang in languages:
                    yield f"{s}/{lang}", s, lang

    def pick(rs, split, language):
        return [r for r in rs if (split is None or r["split"] == split) and (language is None or r["language"] == language)]

    out = {
        "generator": "scripts/golden/metrics.py",
        "versions": {"sklearn": sklearn.__version__, "scipy": scipy.__version__, "numpy": np.__version__},
        "evidence": source,
        "labels": labels, "models": models, "probability_models": probability_models, "splits": splits,
        "languages": languages, "conditions": conditions, "objective": objective, "transitions": transitions,
        "classification": [], "selective": [], "reliability": [], "shift": {}, "ledger": [], "union": [],
        "protected": [], "abstention": [],
    }
    for model in models:
        own = [r for r in rows if r["model"] == model]
        clean = [r for r in own if r["condition"] == "clean"]
        for scope, split, language in scopes(True):
            out["classification"].append({"model": model, "scope": scope, "split": split, "language": language, **classification(pick(clean, split, language), labels)})
        for scope, split, _ in scopes(False):
            items = selective_items(pick(clean, split, None))
            value, risks = aurc_by_inclusion(items)
            enumerated = aurc_by_enumeration(items)
            if enumerated is not None:
                assert abs(enumerated - value) < 1e-12, (model, scope, enumerated, value)
            out["selective"].append({"model": model, "scope": scope, "split": split, "n": len(items),
                                     "errors": int(sum(e for _, e in items)), "missing": sum(m is None for m, _ in items),
                                     "aurc": value, "aurc_enumerated": enumerated, "risks": risks})
            if model in probability_models:
                out["reliability"].append({"model": model, "scope": scope, "split": split, **ece(pick(clean, split, None))})
            clean_scoped = pick(clean, split, None)
            clean_by_id = {r["id"]: r for r in clean}
            by_family = {f: pick([r for r in own if r["condition"] == f], split, None) for f in families}
            for f in families:
                out["ledger"].append({"model": model, "family": f, "scope": scope, "split": split, **family_ledger(by_family[f], clean_by_id, objective, transitions)})
            out["union"].append({"model": model, "scope": scope, "split": split, "families": families, **union_ledger(by_family, clean_by_id, objective, transitions)})
            scoped_clean_by_id = {r["id"]: r for r in clean_scoped}
            out["protected"].append({"model": model, "scope": scope, "split": split, **protected(by_family, clean_scoped, scoped_clean_by_id, transitions)})
            for condition in ["clean"] + families:
                for on, threshold in ABSTENTION_POLICIES:
                    if on == "probability" and model not in probability_models:
                        continue
                    sel = pick([r for r in own if r["condition"] == condition], split, None)
                    out["abstention"].append({"model": model, "condition": condition, "scope": scope, "split": split, "on": on, "threshold": threshold, **abstention(sel, on, threshold)})
    # Data-level shift: one row per example (the first model's clean rows).
    reference = [r for r in rows if r["model"] == models[0] and r["condition"] == "clean"]
    if "controlled" in splits and "challenge" in splits:
        a = [r for r in reference if r["split"] == "controlled"]
        b = [r for r in reference if r["split"] == "challenge"]
        out["shift"] = {
            "reference": "controlled", "comparison": "challenge",
            "language_counts": [{l: sum(r["language"] == l for r in part) for l in languages} for part in (a, b)],
            "language_jsd": jsd([r["language"] for r in a], [r["language"] for r in b]),
            "label_jsd": jsd([r["label"] for r in a], [r["label"] for r in b]),
        }
    return out


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def write_json(path, value):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(value, f, ensure_ascii=False, indent=1)
        f.write("\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--evidence", help="evidence.jsonl to read (default: generate the fixture)")
    ap.add_argument("--out", help="metrics golden JSON to write")
    ap.add_argument("--manifest", help="manifest.json with threat_model and models (default: beside --evidence)")
    ap.add_argument("--objective", choices=["untargeted", "targeted"], default=None)
    ap.add_argument("--transition", action="append", default=None, metavar="FROM:TO")
    ap.add_argument("--probability-model", action="append", default=None, metavar="NAME")
    args = ap.parse_args()

    if args.evidence is None:
        rows = generate(random.Random(SEED))
        with open(FIXTURE, "w", encoding="utf-8") as f:
            for r in rows:
                f.write(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n")
        objective, transitions, probability_models, source = OBJECTIVE, TRANSITIONS, PROBABILITY_MODELS, FIXTURE
        out_path = args.out or GOLDEN
    else:
        rows = read_jsonl(args.evidence)
        manifest_path = args.manifest or os.path.join(os.path.dirname(args.evidence), "manifest.json")
        manifest = json.load(open(manifest_path, encoding="utf-8")) if os.path.exists(manifest_path) else {}
        tm = manifest.get("threat_model", {})
        objective = args.objective or tm.get("objective", "untargeted")
        if args.transition is not None:
            transitions = [dict(zip(("from", "to"), t.split(":", 1))) for t in args.transition]
        else:
            transitions = [{"from": t["from"], "to": t["to"]} for t in tm.get("protected_transitions", [])]
        if args.probability_model is not None:
            probability_models = args.probability_model
        elif manifest.get("models"):
            probability_models = [m["name"] for m in manifest["models"] if m.get("probabilities")]
        else:
            probability_models = ["naive-bayes"]
        source = args.evidence
        out_path = args.out or "metrics-golden.json"
    write_json(out_path, compute(rows, objective, transitions, probability_models, source))
    print(f"wrote {out_path} from {source} ({len(rows)} rows) with sklearn {sklearn.__version__}, scipy {scipy.__version__}")


if __name__ == "__main__":
    main()
