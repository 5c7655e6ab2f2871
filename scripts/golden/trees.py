#!/usr/bin/env python3
"""Golden predictions of tree ensembles from the libraries themselves (SPEC §25.1).

Trains small XGBoost and LightGBM models on seeded data with missing values, saves them as the
formats' own files under __tests__/fixtures/trees/, and writes what each library's own predict
gives on held-out rows to __tests__/golden/trees.json:
  margins  the raw sums (XGBoost output_margin=True, LightGBM raw_score=True), one per output
  proba    the classifier wrapper's predict_proba (binary: [1 - p, p])
  labels   the wrapper's predict, as a class index
One case is the first XGBoost model as early stopping leaves it (the wrapper keeps the rounds up to best_iteration).
Two cases split feature 2 by category (XGBoost's partition splits, LightGBM's category sets), with unseen, negative,
fractional and missing categories among their rows. The last two cases are the bundled example's models (examples/trees-tabular/train.py made them) on its test split.
The held-out rows include NaN (missing), zeros, and values placed exactly on, just below and
just above split thresholds (XGBoost's thresholds as float32, LightGBM's as doubles), so that
the strict/non-strict comparison and the default directions are what the tests check.

Needs XGBoost 1.7 (Debian's python3-xgboost) and LightGBM 4.x. CI never runs this: its outputs
are committed. Run from the repository root: /usr/bin/python3 scripts/golden/trees.py
"""
import csv
import json
import os
import subprocess
import sys

import lightgbm as lgb
import numpy as np
import xgboost as xgb

FIX = "__tests__/fixtures/trees/"
NAMES = ["income", "debt", "age", "score"]


def data(rng, n, labels):
    X = rng.normal(size=(n, 4))
    X[:, 2] = np.round(rng.uniform(18, 80, size=n))
    z = X[:, 0] - 0.8 * X[:, 1] + 0.02 * (X[:, 2] - 45) + 0.5 * X[:, 3] * (X[:, 0] > 0)
    if labels == 2:
        y = (z + rng.normal(scale=0.5, size=n) > 0).astype(int)
    else:
        y = np.digitize(z + rng.normal(scale=0.5, size=n), [-0.6, 0.6])
    X[rng.random((n, 4)) < 0.08] = np.nan
    X[:, 3][rng.random(n) < 0.05] = 0.0
    return X, y


def threshold_rows(thresholds, base):
    """Rows that put one feature on, just below and just above each threshold."""
    rows = []
    for feature, t in thresholds:
        for v in (t, np.nextafter(t, -np.inf), np.nextafter(t, np.inf)):
            r = base.copy()
            r[feature] = v
            rows.append(r)
    return rows


def xgb_thresholds(booster):
    model = json.loads(booster.save_raw("json"))
    out = []
    for tree in model["learner"]["gradient_booster"]["model"]["trees"]:
        for node, left in enumerate(tree["left_children"]):
            if left != -1:
                # XGBoost keeps thresholds as float32: one ulp in float32, as doubles.
                t = np.float32(tree["split_conditions"][node])
                out.append((tree["split_indices"][node], float(t)))
                out.append((tree["split_indices"][node], float(np.nextafter(t, np.float32(np.inf)))))
    return out[:60]


def lgb_thresholds(booster):
    out = []
    for tree in booster.dump_model()["tree_info"]:
        stack = [tree["tree_structure"]]
        while stack:
            node = stack.pop()
            if "split_feature" in node:
                out.append((node["split_feature"], float(node["threshold"])))
                stack += [node["left_child"], node["right_child"]]
    return out[:60]


def held_out(rng, thresholds):
    X, _ = data(rng, 120, 2)
    base = np.array([0.1, -0.2, 40.0, 0.3])
    rows = np.vstack([X, np.array(threshold_rows(thresholds, base)), np.full((1, 4), np.nan), np.zeros((1, 4))])
    return rows


def listed(a):
    return [[None if np.isnan(v) else float(v) for v in row] for row in a]


def xgb_outputs(booster, d, n, labels):
    """Margins, predict_proba and the classifier's label from XGBoost's own predict."""
    margins = booster.predict(d, output_margin=True).reshape(n, -1)
    proba = booster.predict(d).reshape(n, -1)
    if labels == 2:
        proba = np.hstack([1 - proba, proba])
        # XGBClassifier.predict: class 1 where the probability is above 0.5.
        return margins, proba, (proba[:, 1] > 0.5).astype(int)
    return margins, proba, np.argmax(proba, axis=1)


def xgb_case(name, rng, labels, named):
    X, y = data(rng, 600, labels)
    params = {"max_depth": 3, "eta": 0.3, "seed": 0, "nthread": 1}
    if labels == 2:
        params["objective"] = "binary:logistic"
    else:
        params.update(objective="multi:softprob", num_class=labels)
    dtrain = xgb.DMatrix(X, label=y, missing=np.nan, feature_names=NAMES if named else None)
    booster = xgb.train(params, dtrain, num_boost_round=12)
    path = FIX + name + ".json"
    booster.save_model(path)
    rows = held_out(rng, xgb_thresholds(booster))
    d = xgb.DMatrix(rows, missing=np.nan, feature_names=NAMES if named else None)
    return (path, rows, *xgb_outputs(booster, d, len(rows), labels))


def lgb_case(name, rng, labels, named, use_missing=True):
    X, y = data(rng, 600, labels)
    if not use_missing:
        X = np.nan_to_num(X, nan=0.5)
    params = {
        "num_leaves": 7,
        "learning_rate": 0.2,
        "min_data_in_leaf": 10,
        "seed": 0,
        "num_threads": 1,
        "verbose": -1,
        "deterministic": True,
    }
    if labels == 2:
        params["objective"] = "binary"
    else:
        params.update(objective="multiclass", num_class=labels)
    train = lgb.Dataset(X, label=y, feature_name=NAMES if named else "auto")
    booster = lgb.train(params, train, num_boost_round=12)
    path = FIX + name + ".txt"
    booster.save_model(path)
    rows = held_out(rng, lgb_thresholds(booster))
    margins = booster.predict(rows, raw_score=True).reshape(len(rows), -1)
    proba = booster.predict(rows).reshape(len(rows), -1)
    if labels == 2:
        proba = np.hstack([1 - proba, proba])
    # LGBMClassifier.predict: argmax of predict_proba (ties to the first class).
    predicted = np.argmax(proba, axis=1)
    return path, rows, margins, proba, predicted


def categorical_data(rng, n, labels):
    """Feature 2 a category 0..9 (NaN now and then), whose effect no threshold can express."""
    X, _ = data(rng, n, labels)
    X[:, 2] = rng.integers(0, 10, size=n).astype(float)
    effect = np.array([0.9, -0.7, 0.2, 1.1, -1.2, 0.0, 0.6, -0.4, 1.4, -0.9])
    z = np.nan_to_num(X[:, 0]) - 0.8 * np.nan_to_num(X[:, 1]) + effect[X[:, 2].astype(int)]
    y = (z > 0).astype(int) if labels == 2 else np.digitize(z, [-0.6, 0.6])
    X[rng.random(n) < 0.05, 2] = np.nan
    return X, y


def categorical_rows(rng):
    """Held-out rows: every category, unseen ones (12, 100), a negative, fractions (truncated) and NaN."""
    X, _ = categorical_data(rng, 100, 2)
    extra = []
    for v in (0, 3, 9, 12, 100, -1, -0.5, 2.5, 3.7, 9.99, np.nan):
        r = X[0].copy()
        r[2] = v
        extra.append(r)
    return np.vstack([X, np.array(extra)])


def xgb_categorical(name, rng, labels):
    X, y = categorical_data(rng, 800, labels)
    types = ["q", "q", "c", "q"]
    params = {"max_depth": 3, "eta": 0.3, "seed": 0, "nthread": 1, "tree_method": "hist", "max_cat_to_onehot": 1}
    params.update({"objective": "binary:logistic"} if labels == 2 else {"objective": "multi:softprob", "num_class": labels})
    booster = xgb.train(params, xgb.DMatrix(X, label=y, feature_types=types, enable_categorical=True), 12)
    path = FIX + name + ".json"
    booster.save_model(path)
    rows = categorical_rows(rng)
    d = xgb.DMatrix(rows, feature_types=types, enable_categorical=True)
    return (path, rows, *xgb_outputs(booster, d, len(rows), labels))


def lgb_categorical(name, rng, labels):
    X, y = categorical_data(rng, 800, labels)
    params = {"num_leaves": 7, "learning_rate": 0.2, "min_data_in_leaf": 10, "seed": 0, "num_threads": 1,
              "verbose": -1, "deterministic": True, "min_data_per_group": 5, "cat_smooth": 1}
    params.update({"objective": "binary"} if labels == 2 else {"objective": "multiclass", "num_class": labels})
    booster = lgb.train(params, lgb.Dataset(X, label=y, categorical_feature=[2]), num_boost_round=12)
    path = FIX + name + ".txt"
    booster.save_model(path)
    rows = categorical_rows(rng)
    margins = booster.predict(rows, raw_score=True).reshape(len(rows), -1)
    proba = booster.predict(rows).reshape(len(rows), -1)
    if labels == 2:
        proba = np.hstack([1 - proba, proba])
    return path, rows, margins, proba, np.argmax(proba, axis=1)


def early_stopped(source, name, rows):
    """The named binary model as early stopping leaves it (best_iteration 3 of 12 rounds), read back by
    XGBClassifier: the wrapper predicts with the first four rounds only."""
    model = json.load(open(source))
    model["learner"]["attributes"] = {"best_iteration": "3", "best_ntree_limit": "4"}
    path = FIX + name + ".json"
    with open(path, "w") as f:
        json.dump(model, f)
    clf = xgb.XGBClassifier()
    clf.load_model(path)
    d = xgb.DMatrix(rows, missing=np.nan, feature_names=NAMES)
    margins = clf.get_booster().predict(d, output_margin=True, iteration_range=(0, 4)).reshape(len(rows), -1)
    proba = clf.predict_proba(rows)
    return path, rows, margins, proba, clf.predict(rows)


def example_case(path, rows):
    """The bundled example's model on its test split: what the engine's clean rows must predict."""
    if path.endswith(".json"):
        booster = xgb.Booster(model_file=path)
        d = xgb.DMatrix(rows, feature_names=["weight", "value", "density", "distance"])
        margins = booster.predict(d, output_margin=True).reshape(len(rows), -1)
        p = booster.predict(d)
        proba = np.vstack([1 - p, p]).T
        predicted = (p > 0.5).astype(int)
    else:
        booster = lgb.Booster(model_file=path)
        margins = booster.predict(rows, raw_score=True).reshape(len(rows), -1)
        p = booster.predict(rows)
        proba = np.vstack([1 - p, p]).T
        predicted = np.argmax(proba, axis=1)
    return path, rows, margins, proba, predicted


def main():
    os.makedirs(FIX, exist_ok=True)
    rng = np.random.default_rng(20261208)
    cases = [
        xgb_case("xgb-binary-named", rng, 2, True),
        xgb_case("xgb-three-unnamed", rng, 3, False),
        lgb_case("lgb-binary-named", rng, 2, True),
        lgb_case("lgb-three-unnamed", rng, 3, False),
        lgb_case("lgb-binary-no-missing", rng, 2, True, use_missing=False),
    ]
    # XGBoost 3.x cannot be installed here: its layout is made from the 1.7 files by xgboost_v3_layout.py (what
    # 3.1+ writes after loading a 1.7 model), and must predict the very same values.
    for path, rows, margins, proba, predicted in list(cases[:2]):
        v3 = path.replace(".json", ".v3.json")
        subprocess.run([sys.executable, "scripts/golden/xgboost_v3_layout.py", path, v3], check=True)
        cases.append((v3, rows, margins, proba, predicted))
    cases.append(early_stopped(cases[0][0], "xgb-binary-early", cases[0][1]))
    cases.append(xgb_categorical("xgb-binary-categorical", rng, 2))
    cases.append(lgb_categorical("lgb-three-categorical", rng, 3))
    with open("examples/trees-tabular/data/test.csv", newline="") as f:
        test = np.array([[float(r[c]) for c in ("weight", "value", "density", "distance")] for r in csv.DictReader(f)])
    for model in ("parcels-xgb.json", "parcels-lgb.txt"):
        cases.append(example_case("examples/trees-tabular/models/" + model, test))
    golden = {
        "generator": "scripts/golden/trees.py",
        "versions": {"xgboost": xgb.__version__, "lightgbm": lgb.__version__, "numpy": np.__version__},
        "cases": [
            {
                "file": path,
                "rows": listed(rows),
                "margins": margins.tolist(),
                "proba": proba.tolist(),
                "labels": predicted.tolist(),
            }
            for path, rows, margins, proba, predicted in cases
        ],
    }
    with open("__tests__/golden/trees.json", "w") as f:
        json.dump(golden, f, indent=1)
        f.write("\n")
    print("wrote", len(cases), "cases,", sum(len(c["rows"]) for c in golden["cases"]), "rows")


if __name__ == "__main__":
    main()
