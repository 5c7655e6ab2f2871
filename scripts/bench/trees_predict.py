#!/usr/bin/env python3
"""The libraries' own single-threaded predict, for scripts/bench-trees.js (docs/performance.md).

Trains a 100-tree depth-6 XGBoost model and a 100-tree, 64-leaf LightGBM model on seeded data, saves them and the
rows to score into OUT_DIR, times each library's predict (raw margins, one thread) over the rows, best of REPEATS,
and prints one JSON line: {"rows", "trees", "xgboost": {"file", "seconds", "version"}, "lightgbm": {...}, "x": path,
"exact_model": path}; the last is a 20-tree depth-3 XGBoost model for the exact bench.
Usage: trees_predict.py OUT_DIR ROWS REPEATS
"""
import json
import sys
import time

import lightgbm as lgb
import numpy as np
import xgboost as xgb

out, n, repeats = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = np.random.default_rng(7)
features = 12
X = rng.normal(size=(20000, features))
y = (X[:, 0] + np.sin(3 * X[:, 1]) + X[:, 2] * X[:, 3] + rng.normal(scale=0.5, size=len(X)) > 0).astype(int)
rows = rng.normal(size=(n, features))
np.save(out + "/rows.npy", rows)
rows.astype("<f8").tofile(out + "/rows.f64")


def best(f):
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return min(times)


booster = xgb.train(
    {"objective": "binary:logistic", "max_depth": 6, "eta": 0.1, "seed": 0, "nthread": 1},
    xgb.DMatrix(X, label=y),
    num_boost_round=100,
)
booster.save_model(out + "/bench-xgb.json")
booster.set_param({"nthread": 1})
# inplace_predict: Booster.predict on one DMatrix would return its cached predictions after the first call.
xgb_seconds = best(lambda: booster.inplace_predict(rows, predict_type="margin"))

params = {"objective": "binary", "num_leaves": 64, "max_depth": 6, "learning_rate": 0.1, "seed": 0,
          "num_threads": 1, "verbose": -1, "min_data_in_leaf": 5}
lgbm = lgb.train(params, lgb.Dataset(X, label=y), num_boost_round=100)
lgbm.save_model(out + "/bench-lgb.txt")
lgb_seconds = best(lambda: lgbm.predict(rows, raw_score=True, num_threads=1))

# The exact bench's model: 20 trees of depth 3 (SPEC §25's speed figure).
small = xgb.train(
    {"objective": "binary:logistic", "max_depth": 3, "eta": 0.3, "seed": 0, "nthread": 1},
    xgb.DMatrix(X, label=y),
    num_boost_round=20,
)
small.save_model(out + "/bench-xgb-20x3.json")

print(json.dumps({
    "rows": n,
    "trees": 100,
    "xgboost": {"file": out + "/bench-xgb.json", "seconds": xgb_seconds, "version": xgb.__version__},
    "lightgbm": {"file": out + "/bench-lgb.txt", "seconds": lgb_seconds, "version": lgb.__version__},
    "x": out + "/rows.f64",
    "exact_model": out + "/bench-xgb-20x3.json",
}))
