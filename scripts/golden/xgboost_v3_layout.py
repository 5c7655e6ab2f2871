#!/usr/bin/env python3
"""Rewrite an XGBoost 1.7 JSON model (Booster.save_model("m.json")) in the layout that
XGBoost 3.x's save_model writes.  Standard library only.

Usage:  xgboost_v3_layout.py IN.json OUT.json [--version 3.1.0] [--keep-size-leaf-vector]

Every citation below is "<git tag>:<path>" in github.com/dmlc/xgboost (a commit hash is
given where a change landed between tags).

What this does NOT do: it does not re-estimate anything.  The result is what XGBoost 3.x
would write after loading the 1.7 file and saving it again (with the few "fresh 3.x model"
cosmetic defaults noted at T6/T7), so a 3.x reader predicts exactly as 1.7 did.

--version picks the 3.x release to imitate:
  3.0.x         scalar base_score, no "cats", NaN kept for categorical split_conditions
  3.1.0 - 3.3.x vector base_score "[...]", "cats", 1E-45 for categorical split_conditions
  >= 3.4.0      as 3.1, and DART models are written as "gbtree" with model.weight_drop
Default: 3.1.0 (first release with the vector intercept; for plain gbtree models the
layout is byte-identical in form up to v3.4.1, only the "version" array changes).
"""
import json
import sys


# --------------------------------------------------------------------------- JSON I/O
class Raw:
    """A JSON number token kept verbatim.

    XGBoost writes float32 values with its own Ryu-based shortest round-trip printer
    (v1.7.4:src/common/charconv.cc ToCharsFloatImpl == v3.4.1:src/common/charconv.cc; used by
    JsonWriter::Visit(JsonNumber) in src/common/json.cc in both versions), e.g. "5E-1",
    "-4.615385E-1", "1.0697675E0", "0E0", "NaN".  Both versions use the same printer, so
    keeping the 1.7 token text is exactly what 3.x would print for the same float32.
    """
    __slots__ = ("text",)

    def __init__(self, text):
        self.text = text

    def __repr__(self):
        return "Raw(%s)" % self.text


def load(path):
    with open(path, "rb") as fh:
        data = fh.read().decode("utf-8")
    # parse_constant also catches the bare NaN / Infinity tokens XGBoost emits
    # (RyuPrinter::PrintSpecialFloat in src/common/charconv.cc); they are not strict JSON.
    return json.loads(data, parse_float=Raw, parse_constant=Raw)


def _escape(s):
    # Mirror of common::EscapeU8 (v3.1.0:src/common/common.cc), used by
    # JsonWriter::Visit(JsonString).  Non-ASCII is written raw (UTF-8).
    out = []
    n = len(s)
    for i, ch in enumerate(s):
        if ch == "\\":
            out.append("\\" if (i + 1 < n and s[i + 1] == "u") else "\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch == "\b":
            out.append("\\b")
        elif ch == "\f":
            out.append("\\f")
        elif ch == "\n":
            out.append("\\n")
        elif ch == "\r":
            out.append("\\r")
        elif ch == "\t":
            out.append("\\t")
        elif ord(ch) <= 0x1F:
            out.append("\\u%04x" % ord(ch))
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def dump(obj, parts):
    """Serialize like XGBoost's JsonWriter (src/common/json.cc): no whitespace, object keys
    in std::map order (JsonObject is a std::map<std::string, Json>, so keys come out
    sorted bytewise), integers in decimal, float tokens verbatim."""
    if isinstance(obj, dict):
        parts.append("{")
        first = True
        for k in sorted(obj, key=lambda k: k.encode("utf-8")):
            if not first:
                parts.append(",")
            first = False
            parts.append(_escape(k))
            parts.append(":")
            dump(obj[k], parts)
        parts.append("}")
    elif isinstance(obj, list):
        parts.append("[")
        for i, v in enumerate(obj):
            if i:
                parts.append(",")
            dump(v, parts)
        parts.append("]")
    elif isinstance(obj, Raw):
        parts.append(obj.text)
    elif obj is True:
        parts.append("true")
    elif obj is False:
        parts.append("false")
    elif obj is None:
        parts.append("null")
    elif isinstance(obj, int):
        parts.append(str(obj))
    elif isinstance(obj, str):
        parts.append(_escape(obj))
    else:
        raise TypeError(type(obj))


def dumps(obj):
    parts = []
    dump(obj, parts)
    return "".join(parts)


# --------------------------------------------------------------------------- helpers
def parse_version(s):
    v = tuple(int(x) for x in s.split("."))
    if len(v) != 3 or v[0] != 3:
        raise SystemExit("--version must look like 3.Y.Z")
    return v


def is_nan_token(v):
    return isinstance(v, Raw) and v.text == "NaN"


def output_length(lmp):
    # LearnerModelParamLegacy::OutputLength():
    #   max(num_target, num_class, 1)   (v3.1.0:src/learner.cc)
    return max(int(lmp.get("num_target", "1")), int(lmp["num_class"]), 1)


def make_indptr(tree_info, num_trees, num_parallel_tree):
    # Same as MakeIndptr() (v2.0.0 .. v3.4.1:src/gbm/gbtree_model.cc), which 2.x/3.x run
    # when a model without "iteration_indptr" (i.e. <= 1.7) is loaded:
    #   n_groups = max(tree_info) + 1; layer = num_parallel_tree * n_groups
    #   indptr = [0, layer, 2*layer, ...] of length num_trees / layer + 1
    if not tree_info:
        return [0]
    n_groups = max(tree_info) + 1
    layer = num_parallel_tree * n_groups
    n = num_trees // layer + 1
    return [i * layer for i in range(n)]


# --------------------------------------------------------------------------- transform
def convert_tree(tree, ver, keep_slv, notes):
    tp = tree["tree_param"]
    # T6  tree_param.size_leaf_vector: 1.7's dmlc TreeParam defaults it to 0
    #     (v1.7.4:include/xgboost/tree_model.h, set_default(0)); from 2.0 the default is 1
    #     and fresh trees get size_leaf_vector = n_targets = 1
    #     (v2.0.0:include/xgboost/tree_model.h set_default(1) and RegTree(n_targets, ...)).
    #     Only values > 1 mean "multi-target tree" (RegTree::LoadModel, v2.0.0/v3.1.0
    #     src/tree/tree_model.cc), so 0 and 1 are equivalent.  NOTE: a 3.x process that
    #     loads a 1.7 file and re-saves it keeps "0" (TreeParam::FromJson just stoul's it,
    #     v3.1.0:src/tree/tree_model.cc); --keep-size-leaf-vector reproduces that.
    if not keep_slv and tp.get("size_leaf_vector") == "0":
        tp["size_leaf_vector"] = "1"
    # tree_param keys otherwise identical: num_deleted, num_feature, num_nodes,
    # size_leaf_vector (1.7: dmlc ToJson of the 4 declared fields; 3.x: TreeParam::ToJson,
    # v3.1.0:src/tree/tree_model.cc).  Values are decimal strings in both.

    n = int(tp["num_nodes"])
    if int(tp.get("size_leaf_vector", "1")) > 1:
        raise SystemExit("multi-target (vector-leaf) trees do not exist in 1.7 models")

    # T8  default_left: since 1.6 written as U8Array -> JSON ints 0/1
    #     (v1.6.0 .. v3.4.1 src/tree/tree_model.cc RegTree::SaveModel); <=1.5 wrote JSON
    #     booleans.  Normalise, in case an older file is fed in.
    tree["default_left"] = [int(bool(v)) for v in tree["default_left"]]

    # split_type / categories* : 1.7 already writes them for every tree
    # (v1.7.4:src/tree/tree_model.cc SaveModel -> SaveCategoricalSplit, unconditionally),
    # same names and element types as 3.x (v3.1.0:src/tree/tree_model.cc
    # SaveCategoricalSplit).  Nothing to rename.
    if "split_type" not in tree:
        tree["split_type"] = [0] * n
    for key in ("categories", "categories_nodes", "categories_segments", "categories_sizes"):
        tree.setdefault(key, [])

    # T7  categorical split_conditions: 1.0-3.0 store quiet_NaN as the split condition of
    #     a categorical node (v1.7.4 / v3.0.0 src/tree/tree_model.cc ExpandCategorical);
    #     3.1+ store DftBadValue() = float32 denorm_min (commit f41be2cef "Replace nan with
    #     denormal floating point", v3.1.0:src/tree/io_utils.h), printed "1E-45".  The
    #     value is never read by the predictor for split_type==1 nodes
    #     (predict_fn.h GetDecision uses the category bitset).  A 3.x re-save of a loaded
    #     1.7 model would keep NaN; we write 1E-45 like a fresh 3.1+ model, which also makes
    #     the file strict JSON.
    if ver >= (3, 1, 0):
        conds = tree["split_conditions"]
        for i, st in enumerate(tree["split_type"]):
            if st == 1 and is_nan_token(conds[i]):
                conds[i] = Raw("1E-45")
    for key in ("split_conditions", "base_weights", "loss_changes", "sum_hessian"):
        for i, v in enumerate(tree[key]):
            if is_nan_token(v) and not (key == "split_conditions"
                                        and tree["split_type"][i] == 1):
                notes.append("tree %s: NaN in %s[%d] kept" % (tree.get("id"), key, i))


def convert_gbtree_model(model, ver, keep_slv, notes):
    gp = model["gbtree_model_param"]
    # T3  gbtree_model_param: 1.7 declares num_trees, num_parallel_tree, size_leaf_vector
    #     (v1.7.4:src/gbm/gbtree_model.h); 2.0+ only num_trees, num_parallel_tree
    #     (v2.0.0 / v3.1.0:src/gbm/gbtree_model.h).
    gp.pop("size_leaf_vector", None)
    gp.setdefault("num_parallel_tree", "1")

    # trees / tree_info / tree "id": unchanged (GBTreeModel::SaveModel, v1.7.4 and
    # v3.1.0 src/gbm/gbtree_model.cc).
    for t in model["trees"]:
        convert_tree(t, ver, keep_slv, notes)

    # T4  iteration_indptr: new in 2.0 (v2.0.0:src/gbm/gbtree_model.cc SaveModel);
    #     value = what MakeIndptr() derives when loading a 1.7 file.
    if "iteration_indptr" not in model:
        model["iteration_indptr"] = make_indptr(
            model["tree_info"], int(gp["num_trees"]), int(gp["num_parallel_tree"]))

    # T5  cats: new in 3.1 (v3.1.0:src/gbm/gbtree_model.cc SaveModel ->
    #     CatContainer::Save, v3.1.0:src/data/cat_container.cc).  A 1.7 model has no
    #     recorded category encodings, so the container is empty:
    #     {"enc":[],"feature_segments":[],"sorted_idx":[]}.
    if ver >= (3, 1, 0):
        model.setdefault("cats", {"enc": [], "feature_segments": [], "sorted_idx": []})


def convert(doc, ver=(3, 1, 0), keep_slv=False):
    notes = []
    learner = doc["learner"]

    # T1  version: Version::Save writes [major, minor, patch] as JSON integers
    #     (v3.1.0:src/common/version.cc).
    doc["version"] = list(ver)

    # T2  learner_model_param.base_score
    #     1.7 - 3.0: one float32 printed by to_chars -> "5E-1"
    #                (v1.7.4 / v3.0.0 src/learner.cc LearnerModelParamLegacy::ToJson)
    #     3.1+:     common::ParamArray<float>, printed as a JSON F32Array -> "[5E-1]"
    #               (v3.1.0:src/learner.cc ToJson `ss << base_score`;
    #                v3.1.0:src/common/param_array.cc WriteStream), one entry per output
    #               (class / target).  When 3.1+ loads an old scalar it replicates it to
    #               OutputLength() entries (HandleOldFormat, v3.1.0:src/learner.cc), and
    #               that vector is what it saves.  The value stays in "probability space"
    #               (ProbToMargin is applied at load, not stored), so no numeric change.
    lmp = learner["learner_model_param"]
    bs = lmp["base_score"].strip()
    if ver >= (3, 1, 0):
        if not bs.startswith("["):
            k = output_length(lmp)
            lmp["base_score"] = "[" + ",".join([bs] * k) + "]"
    # other learner_model_param keys are the same in 1.7 and 3.x:
    # boost_from_average, num_class, num_feature, num_target (all decimal strings).
    lmp.setdefault("num_target", "1")
    lmp.setdefault("boost_from_average", "1")

    gb = learner["gradient_booster"]
    name = gb["name"]
    if name == "gbtree":
        convert_gbtree_model(gb["model"], ver, keep_slv, notes)
    elif name == "dart":
        convert_gbtree_model(gb["gbtree"]["model"], ver, keep_slv, notes)
        # T9  DART: up to 3.3 saved as {"name":"dart","gbtree":{...},"weight_drop":[...]}
        #     (v1.7.4 / v3.1.0 src/gbm/gbtree.cc Dart::SaveModel).  3.4 folds DART into
        #     GBTree: name "gbtree", weights in model.weight_drop (commit 811dadfad,
        #     v3.4.1:src/gbm/gbtree_model.cc SaveModel, src/gbm/gbtree.cc GBTree::SaveModel).
        if ver >= (3, 4, 0):
            model = gb["gbtree"]["model"]
            if gb.get("weight_drop"):
                model["weight_drop"] = gb["weight_drop"]
            learner["gradient_booster"] = {"name": "gbtree", "model": model}
    elif name == "gblinear":
        pass  # linear model layout is out of scope (unchanged weights array)
    else:
        raise SystemExit("unknown booster " + name)

    # objective / attributes / feature_names / feature_types: same schema in 3.x
    # (Learner SaveModel is unchanged between v1.7.4 and v3.4.1:src/learner.cc).
    return doc, notes


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    ver = (3, 1, 0)
    keep = "--keep-size-leaf-vector" in argv
    for i, a in enumerate(argv):
        if a == "--version":
            ver = parse_version(argv[i + 1])
            args.remove(argv[i + 1])
        elif a.startswith("--version="):
            ver = parse_version(a.split("=", 1)[1])
    if len(args) != 2:
        raise SystemExit(__doc__)
    doc = load(args[0])
    doc, notes = convert(doc, ver, keep)
    with open(args[1], "wb") as fh:
        fh.write(dumps(doc).encode("utf-8"))
    for n in notes:
        print("note:", n, file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv)
