#!/usr/bin/env python3
"""Trains the example's two tree ensembles on data/train.csv and saves them in the libraries' own formats.

  models/parcels-xgb.json   XGBoost (binary:logistic, 40 trees of depth 3), Booster.save_model to JSON
  models/parcels-lgb.txt    LightGBM (binary, 40 trees of at most 8 leaves), Booster.save_model

Class 0 is "hold" and class 1 "release": the labels in code-point order, as scikit-learn's label encoder gives
them, so the config needs no `labels:`. Run once (the outputs are committed; CI needs no Python), from the
repository root, with XGBoost 1.7 (Debian's python3-xgboost) and LightGBM 4.x:
  /usr/bin/python3 examples/trees-tabular/train.py
"""
import csv

import lightgbm as lgb
import numpy as np
import xgboost as xgb

HERE = "examples/trees-tabular/"
FEATURES = ["weight", "value", "density", "distance"]

with open(HERE + "data/train.csv", newline="") as f:
    rows = list(csv.DictReader(f))
X = np.array([[float(r[c]) for c in FEATURES] for r in rows])
y = np.array([1 if r["label"] == "release" else 0 for r in rows])

booster = xgb.train(
    {"objective": "binary:logistic", "max_depth": 3, "eta": 0.3, "seed": 0, "nthread": 1},
    xgb.DMatrix(X, label=y, feature_names=FEATURES),
    num_boost_round=40,
)
booster.save_model(HERE + "models/parcels-xgb.json")

params = {
    "objective": "binary",
    "num_leaves": 8,
    "learning_rate": 0.2,
    "min_data_in_leaf": 20,
    "seed": 0,
    "num_threads": 1,
    "deterministic": True,
    "verbose": -1,
}
lgb.train(params, lgb.Dataset(X, label=y, feature_name=FEATURES), num_boost_round=40).save_model(
    HERE + "models/parcels-lgb.txt"
)
print("saved", HERE + "models/parcels-xgb.json", "and", HERE + "models/parcels-lgb.txt")
