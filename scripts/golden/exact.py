#!/usr/bin/env python3
"""Golden for the tabular `exact` attack, computed independently with linear programming.

For every eligible row (the model predicts the gold label at x, argmax ties to the first label)
and every rival label j, solves the per-class linear program

    maximise (W_j - W_gold) . x' + (b_j - b_gold)
    subject to max(lo_i, x_i - eps) <= x'_i <= min(hi_i, x_i + eps) for editable i, x'_i = x_i else

with scipy.optimize.linprog (HiGHS) and records the largest gap M_j and its maximiser. The row
has a success iff some M_j > 0, or M_j == 0 with j before gold in label order; the chosen rival
is the first such j with the largest M_j (without success: the first j with the largest M_j).
A tie: |max_j M_j| <= 1e-9 * (1 + max_k |z_k(x)|). Certified: no success and no tie. Targeted
fixtures restrict the rivals to the protected targets of gold.

Cases:
  * inspection: examples/inspection-tabular (binary), coefficients from scikit-learn
    LogisticRegression(C=1) fitted with newton-cholesky (tol 1e-10); a binary model is written
    as logits [0, w.x + b].
  * grading: examples/grading-tabular (three labels, age not editable, asymmetric bounds),
    multinomial newton-cg (tol 1e-8), intercepts centred.
  * random-*: seeded multinomial fixtures with dyadic weights, points and budgets (every sum is
    exact in floating point), some rival rows equal to gold's and some gaps living on
    non-editable features only, so that many gaps are exactly zero (ties at zero gaps).
  * targeted with more than two labels (random-4-targeted, random-6-targeted): a target must beat
    every label, not only gold, so each target's M_t is the optimum of an epigraph linear program
    over the same box (solve_joint); random-6-targeted has continuous weights, so that the targets
    often beat gold at the single-gap maximiser but lose to a third label there.

Policy cases (threat_model.against_policy, binary models only): the same linear programs, with
success = a wrong decision at the maximiser that the review policy accepts. The rival's
probability there is sigmoid(M) (a binary logistic regression), accepted when it is at least the
threshold (on: probability) or when 2·sigmoid(M) − 1 is at least the threshold (on: margin). A
tie: |M − max(L, 0)| <= 1e-9 * (1 + max_k |z_k(x)| + |max(L, 0)|), L = logit of the probability the
policy needs. Certified: no success and no tie. Cases: the inspection example under four
policies, and a seeded binary fixture with exactly-zero gaps under three policies (one that every
wrong decision passes, so its ties sit at the zero gap).

Each case records the coefficients it used, so that the TypeScript test runs `exact` on the same
model. Run from the repository root: /usr/bin/python3 scripts/golden/exact.py
"""
import math
import csv
import json

import numpy as np
from scipy.optimize import linprog
from sklearn.linear_model import LogisticRegression

TIE = 1e-9


def read_csv(path, features):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    return [r["id"] for r in rows], np.array([[float(r[n]) for n in features] for r in rows]), [r["label"] for r in rows]


def fit(x, y, labels):
    if len(labels) == 2:
        m = LogisticRegression(C=1.0, solver="newton-cholesky", tol=1e-10, max_iter=10000).fit(x, y)
        w = m.coef_[0]
        return [[0.0] * len(w), [float(v) for v in w]], [0.0, float(m.intercept_[0])]
    m = LogisticRegression(C=1.0, solver="newton-cg", tol=1e-8, max_iter=10000).fit(x, y)
    b = m.intercept_ - m.intercept_.mean()
    return [[float(v) for v in row] for row in m.coef_], [float(v) for v in b]


def first_argmax(z):
    best = 0
    for k in range(1, len(z)):
        if z[k] > z[best]:
            best = k
    return best


def logits(W, b, x):
    # Summed left to right in feature order, as the TypeScript code does.
    out = []
    for k in range(len(W)):
        s = b[k]
        for i in range(len(x)):
            s += W[k][i] * x[i]
        out.append(s)
    return out


def solve_row(W, b, x, gold, rivals, space):
    eps, lo, hi, editable = space["eps"], space["lower"], space["upper"], space["editable"]
    bounds = []
    for i, xi in enumerate(x):
        if editable[i]:
            bounds.append((max(lo[i], xi - eps), min(hi[i], xi + eps)))
        else:
            bounds.append((xi, xi))
    gaps = {}
    points = {}
    coefs = {}
    for j in rivals:
        c = [W[j][i] - W[gold][i] for i in range(len(x))]
        res = linprog([-v for v in c], bounds=bounds, method="highs")
        assert res.status == 0, res.message
        point = [float(v) for v in res.x]
        # Zero-coefficient features: any value is optimal; keep x (the TypeScript maximiser does).
        point = [x[i] if c[i] == 0 else point[i] for i in range(len(x))]
        z = logits([W[j], W[gold]], [b[j], b[gold]], point)
        gaps[j] = z[0] - z[1]
        points[j] = point
        coefs[j] = c
    if not rivals:
        return {"rival": None, "gaps": {}, "candidate": list(x), "success": False, "tie": False, "certified": True, "free": []}
    succ = [j for j in rivals if gaps[j] > 0 or (gaps[j] == 0 and j < gold)]
    pool = succ if succ else list(rivals)
    top = max(gaps[j] for j in pool)
    chosen = next(j for j in pool if gaps[j] == top)
    scale = 1 + max(abs(v) for v in logits(W, b, x))
    largest = max(gaps.values())
    tie = abs(largest) <= TIE * scale
    success = bool(succ)
    return {
        "rival": chosen,
        "gaps": {str(j): gaps[j] for j in rivals},
        "candidate": points[chosen],
        # Features where the chosen gap is flat: the LP's value there is arbitrary.
        "free": [i for i in range(len(x)) if coefs[chosen][i] == 0],
        "success": success,
        "tie": tie,
        "certified": (not tie) and (not success),
    }


def solve_joint(W, b, x, gold, targets, space):
    """Targeted, more than two labels: a target must beat every other label at once. For each
    target t, maximise s subject to s <= z_t(x') - z_k(x') for every k != t over the same box (an
    epigraph linear program). M_t is the smallest margin at the maximiser, and t succeeds there
    when it is the first largest logit. The maximiser need not be unique, so the test compares
    the value of the TypeScript candidate with M_t rather than the point."""
    eps, lo, hi, editable = space["eps"], space["lower"], space["upper"], space["editable"]
    d, K = len(x), len(W)
    bounds = [(max(lo[i], x[i] - eps), min(hi[i], x[i] + eps)) if editable[i] else (x[i], x[i]) for i in range(d)]
    gaps, points, wins = {}, {}, {}
    for t in targets:
        others = [k for k in range(K) if k != t]
        A = [[-(W[t][i] - W[k][i]) for i in range(d)] + [1.0] for k in others]
        ub = [b[t] - b[k] for k in others]
        res = linprog([0.0] * d + [-1.0], A_ub=A, b_ub=ub, bounds=bounds + [(None, None)], method="highs")
        assert res.status == 0, res.message
        point = [float(v) for v in res.x[:d]]
        point = [x[i] if all(W[k][i] == W[t][i] for k in others) else point[i] for i in range(d)]
        z = logits(W, b, point)
        gaps[t] = min(z[t] - z[k] for k in others)
        points[t] = point
        wins[t] = first_argmax(z) == t
    if not targets:
        return {"rival": None, "gaps": {}, "candidate": list(x), "success": False, "tie": False, "certified": True, "free": [], "joint": True}
    succ = [t for t in targets if wins[t]]
    pool = succ if succ else list(targets)
    top = max(gaps[t] for t in pool)
    chosen = next(t for t in pool if gaps[t] == top)
    scale = 1 + max(abs(v) for v in logits(W, b, x))
    tie = abs(max(gaps.values())) <= TIE * scale
    return {"rival": chosen, "gaps": {str(t): gaps[t] for t in targets}, "candidate": points[chosen], "free": [],
            "success": bool(succ), "tie": tie, "certified": (not tie) and (not succ), "joint": True}


def run_case(name, labels, features, W, b, ids, X, y, space, targets=None):
    rows = []
    for rid, x, label in zip(ids, X, y):
        x = [float(v) for v in x]
        gold = labels.index(label)
        if first_argmax(logits(W, b, x)) != gold:
            continue
        if targets is None:
            rivals = [j for j in range(len(labels)) if j != gold]
        else:
            allowed = set(targets.get(label, []))
            rivals = [j for j in range(len(labels)) if j != gold and labels[j] in allowed]
        out = solve_joint(W, b, x, gold, rivals, space) if targets is not None and len(labels) > 2 else solve_row(W, b, x, gold, rivals, space)
        rows.append({"id": rid, "x": x, "label": label, **out})
    return {
        "name": name,
        "labels": labels,
        "features": features,
        "weights": W,
        "intercepts": b,
        "space": space,
        "targets": targets,
        "rows": rows,
        "successes": sum(r["success"] for r in rows),
        "ties": sum(r["tie"] for r in rows),
        "certified": sum(r["certified"] for r in rows),
    }


def bundled(name, folder, features, space):
    ids_tr, X_tr, y_tr = read_csv(f"examples/{folder}/data/train.csv", features)
    ids, X, y = read_csv(f"examples/{folder}/data/test.csv", features)
    labels = sorted(set(y_tr))
    W, b = fit(X_tr, y_tr, labels)
    return run_case(name, labels, features, W, b, ids, X, y, space)


def random_case(seed, K, d, n, targeted):
    rng = np.random.default_rng(seed)
    labels = [f"L{k}" for k in range(K)]
    features = [f"f{i}" for i in range(d)]
    W = rng.integers(-8, 9, size=(K, d)) / 4.0
    b = rng.integers(-8, 9, size=K) / 4.0
    # Zero gaps: label 1 copies label 0 exactly; label 2 differs from label 0 only on the
    # non-editable feature 0.
    W[1] = W[0]
    b[1] = b[0]
    if K > 2:
        W[2] = W[0]
        W[2][0] = W[0][0] + 1.0
        b[2] = b[0]
    editable = [i != 0 for i in range(d)]
    lower = [-2.0 if i % 2 == 0 else -1.0 for i in range(d)]
    upper = [2.0 if i % 3 else 1.5 for i in range(d)]
    space = {"names": features, "eps": 0.25, "editable": editable, "lower": lower, "upper": upper}
    X = rng.integers(-4, 5, size=(n, d)) / 4.0
    X[:, 0] = 0.0  # feature 0 at zero: label 2's gap to label 0 is exactly b2 - b0 = 0 there
    X[n // 2:, 0] = rng.integers(-2, 3, size=n - n // 2) / 4.0
    ids = [f"r{seed}-{i:03d}" for i in range(n)]
    W_l = [[float(v) for v in row] for row in W]
    b_l = [float(v) for v in b]
    # Gold is the model's own prediction at x (every row eligible), except some rows labelled as
    # the copy of their prediction so that the tie order matters both ways.
    y = []
    for i, x in enumerate(X):
        p = first_argmax(logits(W_l, b_l, [float(v) for v in x]))
        y.append(labels[p])
    targets = None
    if targeted:
        targets = {labels[k]: [labels[(k + 1) % K], labels[(k + 2) % K]] for k in range(K)}
    return run_case(f"random-{seed}{'-targeted' if targeted else ''}", labels, features, W_l, b_l, ids, X, y, space, targets)


def joint_case(seed, K, d, n):
    """Targeted, continuous weights: each label's protected target is the next label, and a third
    label often wins at the single-gap maximiser of the target's gap to gold."""
    rng = np.random.default_rng(seed)
    labels = [f"L{k}" for k in range(K)]
    features = [f"f{i}" for i in range(d)]
    W = [[float(v) for v in row] for row in rng.normal(0, 2, size=(K, d))]
    b = [float(v) for v in rng.normal(0, 0.5, size=K)]
    space = {"names": features, "eps": 0.4, "editable": [i != 0 for i in range(d)],
             "lower": [float("-inf")] + [-1.5] * (d - 1), "upper": [float("inf")] + [1.5] * (d - 1)}
    X = np.round(rng.uniform(-1, 1, size=(n, d)), 6)
    ids = [f"j{seed}-{i:03d}" for i in range(n)]
    y = [labels[first_argmax(logits(W, b, [float(v) for v in x]))] for x in X]
    targets = {labels[k]: [labels[(k + 1) % K]] for k in range(K)}
    return run_case(f"random-{seed}-targeted", labels, features, W, b, ids, X, y, space, targets)


def sigmoid(m):
    return 1.0 / (1.0 + math.exp(-m)) if m >= 0 else math.exp(m) / (1.0 + math.exp(m))


def accepted_gap(policy):
    p = policy["threshold"] if policy["on"] == "probability" else (1 + policy["threshold"]) / 2
    if p <= 0:
        return float("-inf")
    if p >= 1:
        return float("inf")
    return math.log(p / (1 - p))


def with_policy(case, policy):
    """A binary case's rows judged under a review policy (see the module docstring)."""
    W, b = case["weights"], case["intercepts"]
    boundary = max(accepted_gap(policy), 0.0)
    rows = []
    for r in case["rows"]:
        gold = case["labels"].index(r["label"])
        (j, m), = r["gaps"].items()
        j = int(j)
        wrong = m > 0 or (m == 0 and j < gold)
        p = sigmoid(m)
        value = p if policy["on"] == "probability" else 2 * p - 1
        success = wrong and value >= policy["threshold"]
        scale = 1 + max(abs(v) for v in logits(W, b, r["x"]))
        tie = math.isfinite(boundary) and abs(m - boundary) <= TIE * (scale + abs(boundary))
        rows.append({"id": r["id"], "success": success, "tie": tie, "certified": (not tie) and (not success)})
    # The base case's rows (x, label, gaps, candidate) under the policy: the ids of the successes
    # and of the ties; every other row of the base case is certified.
    return {"name": f"{case['name']}-policy-{policy['on']}-{policy['threshold']}", "base": case["name"], "policy": policy,
            "success_ids": [r["id"] for r in rows if r["success"]], "tie_ids": [r["id"] for r in rows if r["tie"]],
            "successes": sum(r["success"] for r in rows), "ties": sum(r["tie"] for r in rows), "certified": sum(r["certified"] for r in rows)}


def binary_case(seed, d, n):
    """A seeded binary fixture with dyadic weights, points and budget: many maximal gaps are exactly zero."""
    rng = np.random.default_rng(seed)
    labels, features = ["n", "p"], [f"f{i}" for i in range(d)]
    w = [float(v) for v in rng.integers(-4, 5, size=d) / 2.0]
    W, b = [[0.0] * d, w], [0.0, float(rng.integers(-4, 5) / 4.0)]
    space = {"names": features, "eps": 0.5, "editable": [i != 0 for i in range(d)], "lower": [-2.0] * d, "upper": [1.5] * d}
    X = rng.integers(-4, 5, size=(n, d)) / 4.0
    ids = [f"b{seed}-{i:03d}" for i in range(n)]
    y = [labels[first_argmax(logits(W, b, [float(v) for v in x]))] for x in X]
    return run_case(f"binary-{seed}", labels, features, W, b, ids, X, y, space)


def main():
    cases = [
        bundled("inspection", "inspection-tabular", ["x1", "x2"],
                {"names": ["x1", "x2"], "eps": 0.05, "editable": [True, True], "lower": [0.0, 0.0], "upper": [1.0, 1.0]}),
        bundled("grading", "grading-tabular", ["x1", "x2", "age"],
                {"names": ["x1", "x2", "age"], "eps": 0.015, "editable": [True, True, False], "lower": [0.0, 0.05, float("-inf")], "upper": [1.0, 0.95, float("inf")]}),
    ]
    for seed in (1, 2, 3):
        cases.append(random_case(seed, 4, 5, 60, False))
    cases.append(random_case(4, 4, 5, 60, True))
    cases.append(joint_case(6, 3, 4, 200))
    cases.append(random_case(5, 3, 3, 60, False))
    inspection = cases[0]
    for policy in ({"on": "probability", "threshold": 0.6}, {"on": "probability", "threshold": 0.8}, {"on": "margin", "threshold": 0.4}, {"on": "probability", "threshold": 0.3}):
        cases.append(with_policy(inspection, policy))
    binary = binary_case(8, 4, 120)
    cases.append(binary)
    for policy in ({"on": "probability", "threshold": 0.5}, {"on": "probability", "threshold": 0.75}, {"on": "margin", "threshold": 0.2}):
        cases.append(with_policy(binary, policy))

    def clean(o):
        if isinstance(o, float) and not np.isfinite(o):
            return "inf" if o > 0 else "-inf"
        if isinstance(o, dict):
            return {k: clean(v) for k, v in o.items()}
        if isinstance(o, list):
            return [clean(v) for v in o]
        return o

    with open("__tests__/golden/exact.json", "w") as f:
        json.dump({"generator": "scripts/golden/exact.py", "tie_tolerance": TIE, "cases": clean(cases)}, f, separators=(",", ":"))
        f.write("\n")
    for c in cases:
        print(f"{c['name']}: {c['successes']} successes, {c['ties']} ties, {c['certified']} certified")


if __name__ == "__main__":
    main()
