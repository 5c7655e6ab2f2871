#!/usr/bin/env python3
"""Golden logistic-regression fits from scikit-learn (SPEC §13).

Generates seeded fixtures in __tests__/fixtures/logistic-*.json (rows of
{id, features{name: value}, label}) and, for each case, fits
LogisticRegression(C, tol, max_iter=10000) (binary = one logistic with classes_[1]
positive, > 2 classes = multinomial, sklearn's default for them), writing to __tests__/golden/logistic.json:
coef_, intercept_ (multinomial intercepts centred to sum 0), predict_proba on the held-out
rows, and input gradients of the cross-entropy loss computed by hand in numpy:
  binary:      (p1 - [label == classes_[1]]) * w
  multinomial: sum_k (p_k - [k == label]) * W[k]
Solver choice. The default lbfgs with tol=1e-10 is NOT fully converged: scipy's L-BFGS-B also
stops on its relative objective change (factr), and on these fixtures it lands 1e-6 .. 3e-5
away from the optimum (0.33 on the badly scaled case). The goldens therefore use the same
estimator with an exact second-order solver: newton-cholesky (tol=1e-10) for binary and, as
sklearn 1.2's newton-cholesky has no multinomial mode, newton-cg for > 2 classes (tol=1e-8:
at 1e-10 it reaches its rounding floor, spins to max_iter and warns, with the same
coefficients). Each case records how far sklearn is from the exact optimum: the max-norm of the
gradient of  1/2 |W|^2 + C * sum_i loss_i  at sklearn's solution, the max deviation from a
numpy Newton refinement of it (both informational; the tests compare to sklearn), and the
max deviation of the default lbfgs fit from the golden (lbfgs_vs_golden_max).
Run from the repository root: python3 scripts/golden/logistic.py
"""
import json
import numpy as np
import sklearn
from sklearn.linear_model import LogisticRegression

FIX = "__tests__/fixtures/"


def rows(prefix, names, x, y):
    return [
        {"id": f"{prefix}{i:04d}", "features": {n: float(v) for n, v in zip(names, x[i])}, "label": str(int(y[i]))}
        for i in range(len(y))
    ]


def write_fixture(name, names, x_train, y_train, x_test, y_test, note):
    data = {
        "generator": "scripts/golden/logistic.py",
        "note": note,
        "features": names,
        "train": rows("tr", names, x_train, y_train),
        "test": rows("te", names, x_test, y_test),
    }
    path = FIX + f"logistic-{name}.json"
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
        f.write("\n")
    return path, data


def spec_binary(rng, n, noise=0.025):
    """SPEC §13 design: two latent values uniform in [0.1, 0.9], label = sum > 1, measured
    with Gaussian noise (sigma 0.025) clipped to [0, 1]."""
    latent = rng.uniform(0.1, 0.9, size=(n, 2))
    y = (latent.sum(axis=1) > 1).astype(int)
    x = np.clip(latent + rng.normal(0, noise, size=(n, 2)), 0, 1) if noise > 0 else latent
    return x, y


def scaled_binary(rng, n):
    """Non-separable, four features on very different scales, names not in sorted order."""
    z = rng.normal(size=(n, 4))
    scales = np.array([1000.0, 0.01, 1.0, 50.0])
    offsets = np.array([5000.0, 0.0, -2.0, 100.0])
    x = z * scales + offsets
    logit = 1.2 * z[:, 0] - 0.8 * z[:, 1] + 0.5 * z[:, 2] + 0.3 * z[:, 3] + 0.2
    y = (rng.uniform(size=n) < 1 / (1 + np.exp(-logit))).astype(int)
    return x, y


def three_class(rng, n):
    centres = np.array([[0.0, 0.0, 0.0], [1.5, 0.5, -0.5], [0.2, 1.8, 1.0]])
    y = rng.integers(0, 3, size=n)
    x = centres[y] + rng.normal(0, 1.0, size=(n, 3)) * np.array([1.0, 0.7, 1.3])
    return x, y


def to_matrix(data, split):
    names = data["features"]
    x = np.array([[r["features"][n] for n in names] for r in data[split]], dtype=float)
    y = np.array([r["label"] for r in data[split]])
    return x, y


def softmax(z):
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


def full_params(coef, intercept, classes):
    """(K', d+1) parameter matrix, K' = 1 for binary."""
    return np.hstack([coef, intercept[:, None]])


def objective_grad_hess(theta, x, y_idx, C, k):
    n, d = x.shape
    xt = np.hstack([x, np.ones((n, 1))])
    if k == 2:
        w = theta[0]
        z = xt @ w
        p = 1 / (1 + np.exp(-z))
        t = (y_idx == 1).astype(float)
        g = C * xt.T @ (p - t)
        g[:d] += w[:d]
        s = p * (1 - p)
        h = C * (xt.T * s) @ xt
        h[np.arange(d), np.arange(d)] += 1
        return g[None, :], h
    w = theta
    p = softmax(xt @ w.T)
    t = np.eye(k)[y_idx]
    g = C * (p - t).T @ xt
    g[:, :d] += w[:, :d]
    big = k * (d + 1)
    h = np.zeros((big, big))
    for a in range(k):
        for b in range(k):
            wt = p[:, a] * ((a == b) - p[:, b])
            h[a * (d + 1):(a + 1) * (d + 1), b * (d + 1):(b + 1) * (d + 1)] = C * (xt.T * wt) @ xt
        h[a * (d + 1) + np.arange(d), a * (d + 1) + np.arange(d)] += 1
    # The intercept-sum direction is flat; a ridge on it leaves the (centred) step unchanged.
    u = np.zeros(big)
    u[d::d + 1] = 1
    h += np.outer(u, u)
    return g, h


def newton_refine(theta, x, y_idx, C, k, steps=6):
    for _ in range(steps):
        g, h = objective_grad_hess(theta, x, y_idx, C, k)
        step = np.linalg.solve(h, g.ravel()).reshape(theta.shape)
        theta = theta - step
        if k > 2:
            theta[:, -1] -= theta[:, -1].mean()
    g, _ = objective_grad_hess(theta, x, y_idx, C, k)
    return theta, float(np.abs(g).max())


def input_gradient(coef, intercept, classes, x, label):
    z = x @ coef.T + intercept
    if len(classes) == 2:
        p1 = 1 / (1 + np.exp(-z[0]))
        return (p1 - float(label == classes[1])) * coef[0]
    p = softmax(z[None, :])[0]
    t = np.array([float(c == label) for c in classes])
    return (p - t) @ coef


def case(name, fixture_path, data, C):
    x, y = to_matrix(data, "train")
    xe, ye = to_matrix(data, "test")
    solver = "newton-cholesky" if len(set(y)) == 2 else "newton-cg"
    tol = 1e-10 if solver == "newton-cholesky" else 1e-8
    clf = LogisticRegression(C=C, tol=tol, max_iter=10000, solver=solver).fit(x, y)
    lbfgs = LogisticRegression(C=C, tol=1e-10, max_iter=10000).fit(x, y)
    classes = [str(c) for c in clf.classes_]
    k = len(classes)
    coef = clf.coef_.copy()
    intercept = clf.intercept_.copy()
    if k > 2:
        intercept = intercept - intercept.mean()
    y_idx = np.array([classes.index(v) for v in y])
    theta = full_params(coef, intercept, classes)
    lb_intercept = lbfgs.intercept_ - (lbfgs.intercept_.mean() if k > 2 else 0)
    lbfgs_dev = float(np.abs(full_params(lbfgs.coef_, lb_intercept, classes) - theta).max())
    g0, _ = objective_grad_hess(theta, x, y_idx, C, k)
    exact, g_exact = newton_refine(theta.copy(), x, y_idx, C, k)
    proba = clf.predict_proba(xe)
    grads = []
    for i in range(0, len(ye), max(1, len(ye) // 6)):
        for label in classes:
            grads.append({"row": i, "label": label, "gradient": [float(v) for v in input_gradient(coef, intercept, classes, xe[i], label)]})
    print(f"{name}: n_iter={clf.n_iter_.tolist()} sklearn |grad|={np.abs(g0).max():.3e} "
          f"|sklearn - newton|={np.abs(exact - theta).max():.3e} newton |grad|={g_exact:.3e} |lbfgs - golden|={lbfgs_dev:.3e}")
    return {
        "name": name,
        "fixture": fixture_path,
        "C": C,
        "labels": classes,
        "features": data["features"],
        "coef": coef.tolist(),
        "intercept": intercept.tolist(),
        "sklearn_solver": solver,
        "sklearn_tol": tol,
        "n_iter": int(np.max(clf.n_iter_)),
        "sklearn_objective_grad_max": float(np.abs(g0).max()),
        "sklearn_vs_newton_max": float(np.abs(exact - theta).max()),
        "lbfgs_vs_golden_max": lbfgs_dev,
        "test_proba": proba.tolist(),
        "gradients": grads,
    }


rng = np.random.default_rng(20240613)
x, y = spec_binary(rng, 400)
p_binary = write_fixture("binary", ["f1", "f2"], x[:300], y[:300], x[300:], y[300:],
                         "SPEC §13 design: latent uniform [0.1, 0.9], label = sum > 1, noise 0.025 clipped to [0, 1]")
x, y = scaled_binary(rng, 500)
p_scaled = write_fixture("scaled", ["income", "ratio", "age", "score"], x[:400], y[:400], x[400:], y[400:],
                         "non-separable binary, four features on scales 1000, 0.01, 1, 50")
x, y = three_class(rng, 450)
p_multi = write_fixture("multiclass", ["a", "c", "b"], x[:360], y[:360], x[360:], y[360:],
                        "three Gaussian classes, three features (names deliberately unsorted)")
x, y = spec_binary(rng, 260, noise=0)
p_sep = write_fixture("separable", ["f1", "f2"], x[:200], y[:200], x[200:], y[200:],
                      "noise-free SPEC design: linearly separable; only the L2 term bounds the solution")

cases = [
    case("binary", p_binary[0], p_binary[1], 1.0),
    case("binary-C0.1", p_binary[0], p_binary[1], 0.1),
    case("scaled", p_scaled[0], p_scaled[1], 1.0),
    case("multiclass", p_multi[0], p_multi[1], 1.0),
    case("separable", p_sep[0], p_sep[1], 1.0),
    case("separable-C1e4", p_sep[0], p_sep[1], 1e4),
]
out = {"generator": "scripts/golden/logistic.py", "sklearn_version": sklearn.__version__, "cases": cases}
with open("__tests__/golden/logistic.json", "w", encoding="utf-8") as f:
    json.dump(out, f, indent=1)
    f.write("\n")
print("wrote __tests__/golden/logistic.json with sklearn", sklearn.__version__)
