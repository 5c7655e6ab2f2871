#!/usr/bin/env python3
"""Golden worst cases of tree ensembles under an L-infinity threat (SPEC §25.3), from the libraries themselves.

For the fixture models of scripts/golden/trees.py, on held-out rows, with three editable features: the feasible
set F(x) is the box [x - eps, x + eps] clipped to the bounds on editable features (x elsewhere). A sum of trees is
constant on each cell the thresholds cut F(x) into, so one point per cell decides the row: per feature the ends of
its interval and every threshold inside it (XGBoost: float32(v) < t goes left, so [t, next) holds t; LightGBM:
v <= t goes left, so (previous, t] holds t). Every combination is scored by the library's own predict, and the
row is a success when some point's predicted class is a success (untargeted: not gold; targeted: the target),
else certified. Thresholds are read from the libraries' own dumps (get_dump, dump_model), not from the
files the engine parses. Writes __tests__/golden/trees-exact.json.

Run from the repository root after trees.py: /usr/bin/python3 scripts/golden/trees_exact.py
"""
import itertools
import json

import lightgbm as lgb
import numpy as np
import xgboost as xgb

FIX = "__tests__/fixtures/trees/"
EDITABLE = [0, 1, 3]
BOUNDS = {3: (-1.0, 1.5)}
# Features some node splits by category (filled as the models are read): their pieces are the whole numbers.
CATEGORICAL = set()


def xgb_model(path):
    booster = xgb.Booster(model_file=path)
    names = booster.feature_names
    cuts = {}
    for dump in booster.get_dump(dump_format="json"):
        stack = [json.loads(dump)]
        while stack:
            node = stack.pop()
            if "split" in node:
                # The dump prints 9 significant digits: enough to give back the float32 threshold exactly.
                f = names.index(node["split"]) if names else int(node["split"][1:])
                if isinstance(node["split_condition"], list):
                    CATEGORICAL.add(f)
                else:
                    cuts.setdefault(f, set()).add(float(np.float32(node["split_condition"])))
                stack += node["children"]

    def predict(rows):
        p = booster.predict(xgb.DMatrix(rows, feature_names=names))
        return (p > 0.5).astype(int) if p.ndim == 1 else np.argmax(p, axis=1)

    return cuts, predict


def lgb_model(path):
    booster = lgb.Booster(model_file=path)
    cuts = {}
    for tree in booster.dump_model()["tree_info"]:
        stack = [tree["tree_structure"]]
        while stack:
            node = stack.pop()
            if "split_feature" in node:
                assert node["missing_type"] != "Zero", "a zero band is not covered by this check"
                if node["decision_type"] == "==":
                    CATEGORICAL.add(node["split_feature"])
                else:
                    cuts.setdefault(node["split_feature"], set()).add(float(node["threshold"]))
                stack += [node["left_child"], node["right_child"]]

    def predict(rows):
        p = booster.predict(rows)
        return (p > 0.5).astype(int) if p.ndim == 1 else np.argmax(p, axis=1)

    return cuts, predict


def worst_case(x, eps, cuts, predict, gold, target, editable=EDITABLE):
    options = []
    for f in range(len(x)):
        if f not in editable:
            options.append([x[f]])
            continue
        lo, hi = x[f] - eps, x[f] + eps
        if f in BOUNDS:
            lo, hi = max(lo, BOUNDS[f][0]), min(hi, BOUNDS[f][1])
        points = {lo, hi} | {t for t in cuts.get(f, ()) if lo <= t <= hi}
        if f in CATEGORICAL:
            # A category is the value's truncation: the whole number k stands for [k, k + 1).
            points |= set(range(int(np.ceil(lo)), int(np.floor(hi)) + 1))
        options.append(sorted(points))
    grid = np.array(list(itertools.product(*options)))
    labels = predict(grid)
    success = labels == target if target is not None else labels != gold
    return bool(success.any()), len(grid)


def main():
    cases = []
    golden = json.load(open("__tests__/golden/trees.json"))
    for case in golden["cases"][:5]:
        path = case["file"]
        cuts, predict = (xgb_model if path.endswith(".json") else lgb_model)(path)
        rows = np.array([[0.0 if v is None else v for v in r] for r in case["rows"][:80]])
        # x inside the bounds of feature 3, so that F(x) contains x.
        rows[:, 3] = np.clip(rows[:, 3], BOUNDS[3][0], BOUNDS[3][1])
        gold = predict(rows)
        classes = len(case["proba"][0])
        for eps in (0.05, 0.4):
            for targeted in (False, True):
                target = (classes - 1) if targeted else None
                out = []
                for x, g in zip(rows, gold):
                    if targeted and g == target:
                        continue
                    success, points = worst_case(x, eps, cuts, predict, int(g), target)
                    out.append({"x": x.tolist(), "gold": int(g), "success": success, "points": points})
                cases.append({"file": path, "eps": eps, "target": target, "rows": out})
    # The categorical fixtures with the category (feature 2) editable: it can move to a neighbouring category.
    for case in golden["cases"]:
        if "categorical" not in case["file"]:
            continue
        CATEGORICAL.clear()
        path = case["file"]
        cuts, predict = (xgb_model if path.endswith(".json") else lgb_model)(path)
        assert CATEGORICAL == {2}, CATEGORICAL
        rows = np.array([r for r in case["rows"][:100] if None not in r])
        rows[:, 3] = np.clip(rows[:, 3], BOUNDS[3][0], BOUNDS[3][1])
        gold = predict(rows)
        for eps in (0.6, 1.5):
            out = []
            for x, g in zip(rows, gold):
                success, points = worst_case(x, eps, cuts, predict, int(g), None, editable=[0, 2])
                out.append({"x": x.tolist(), "gold": int(g), "success": success, "points": points})
            cases.append({"file": path, "eps": eps, "target": None, "editable": [0, 2], "rows": out})
    json.dump(
        {
            "generator": "scripts/golden/trees_exact.py",
            "editable": EDITABLE,
            "bounds": {str(k): v for k, v in BOUNDS.items()},
            "cases": cases,
        },
        open("__tests__/golden/trees-exact.json", "w"),
    )
    total = sum(len(c["rows"]) for c in cases)
    successes = sum(r["success"] for c in cases for r in c["rows"])
    print(f"wrote {len(cases)} cases, {total} rows, {successes} successes")


if __name__ == "__main__":
    main()
