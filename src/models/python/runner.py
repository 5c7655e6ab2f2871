"""Evidence Gate's runner for a Python model (docs/models.md#python-models).

Started as a command model (docs/definitions.md#external-models): JSON requests arrive one per line
on stdin, answers leave one per line on stdout, in order. Standard library only; the user's code
may import what it likes. Usage:

    python3 runner.py probe SPEC_JSON    print one JSON line of facts (or of a load error), exit
    python3 runner.py serve SPEC_JSON    answer requests until stdin closes

SPEC_JSON: {"kind": "python" | "sklearn", "file": abs path, "function": name, "batch": n,
"features": [names] (tabular) or null (text)}.
"""

import json
import os
import select
import sys
import traceback

# Importing the user's module must not write __pycache__ folders into the repository being checked.
sys.dont_write_bytecode = True

# Answers go to a private copy of the real stdout; file descriptor 1 then points at stderr, so a
# print() or a C library writing to stdout can never corrupt the protocol. Requests come from a
# private copy of stdin, and descriptor 0 then reads nothing, so user code calling input() or
# sys.stdin.read() cannot swallow them.
_PROTOCOL = os.fdopen(os.dup(1), "w", encoding="utf-8", newline="\n")
os.dup2(2, 1)
sys.stdout = sys.stderr
_REQUESTS = os.dup(0)
os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
sys.stdin = open(os.devnull, encoding="utf-8")


class LoadError(Exception):
    """A model that cannot be used: `what` names the problem, `remedy` what to do about it."""

    def __init__(self, what, remedy):
        super().__init__(what)
        self.what = what
        self.remedy = remedy


def _missing_module(error):
    name = getattr(error, "name", None) or str(error)
    return LoadError(
        "Python module %r is not installed for %s" % (name, sys.executable),
        "install it for that interpreter, or set the model's `interpreter` to a Python that has it",
    )


def _described(error):
    text = "%s: %s" % (type(error).__name__, error)
    return text if len(text) <= 300 else text[:300] + "…"


def _load_python(spec):
    import importlib.util

    path = spec["file"]
    sys.path.insert(0, os.path.dirname(path))
    try:
        module_spec = importlib.util.spec_from_file_location(os.path.splitext(os.path.basename(path))[0], path)
        if module_spec is None or module_spec.loader is None:
            raise LoadError("it is not a Python module", "name a .py file")
        module = importlib.util.module_from_spec(module_spec)
        module_spec.loader.exec_module(module)
    except ModuleNotFoundError as error:
        raise _missing_module(error)
    except LoadError:
        raise
    except BaseException as error:  # the module's own code failed while importing
        raise LoadError("importing it raised %s" % _described(error), "fix the module so that it imports")
    function = getattr(module, spec["function"], None)
    if not callable(function):
        found = sorted(n for n in dir(module) if not n.startswith("_") and callable(getattr(module, n)))
        raise LoadError(
            "it has no function %r" % spec["function"],
            "set `function` to one of: %s" % (", ".join(found) if found else "(none: define one)"),
        )
    setup = getattr(module, "setup", None)
    if callable(setup):
        try:
            setup()
        except BaseException as error:
            raise LoadError("its setup() raised %s" % _described(error), "fix setup()")
    facts = {"class_path": "%s.%s" % (module.__name__, spec["function"])}
    return function, facts, None


def _load_sklearn(spec):
    path = spec["file"]
    try:
        if path.lower().endswith(".pkl") or path.lower().endswith(".pickle"):
            import pickle

            with open(path, "rb") as handle:
                estimator = pickle.load(handle)
        else:
            import joblib

            estimator = joblib.load(path)
    except ModuleNotFoundError as error:
        raise _missing_module(error)
    except BaseException as error:
        raise LoadError(
            "it does not load (%s)" % _described(error),
            "save the estimator with joblib.dump (or pickle.dump for .pkl) using the same library versions",
        )
    cls = type(estimator)
    facts = {"class_path": "%s.%s" % (cls.__module__, cls.__qualname__)}
    try:
        import sklearn

        facts["sklearn"] = sklearn.__version__
    except ImportError:
        pass
    try:
        import joblib

        facts["joblib"] = joblib.__version__
    except ImportError:
        pass
    has_proba = callable(getattr(estimator, "predict_proba", None)) and hasattr(estimator, "classes_")
    if not has_proba and not callable(getattr(estimator, "predict", None)):
        raise LoadError(
            "it holds a %s, which has neither predict_proba nor predict" % facts["class_path"],
            "save a fitted estimator or pipeline",
        )
    facts["probabilities"] = has_proba
    classes = None
    if hasattr(estimator, "classes_"):
        classes = [_label(c) for c in estimator.classes_]
        facts["classes"] = classes
    features = spec.get("features")

    def rows(inputs):
        if features is None:
            return inputs
        return [[float(record[name]) for name in features] for record in inputs]

    if has_proba:

        def function(inputs):
            table = estimator.predict_proba(rows(inputs))
            return [dict(zip(classes, (float(x) for x in row))) for row in table]

    else:

        def function(inputs):
            return [_label(y) for y in estimator.predict(rows(inputs))]

    return function, facts, classes


def _label(value):
    """A label as a string, whatever numpy type holds it (1 → "1", True → "True")."""
    if hasattr(value, "item"):
        value = value.item()
    return value if isinstance(value, str) else str(value)


def load(spec):
    return (_load_sklearn if spec["kind"] == "sklearn" else _load_python)(spec)


def probe(spec):
    facts = {
        "python": "%d.%d.%d" % sys.version_info[:3],
        "executable": sys.executable,
    }
    try:
        _, loaded, _ = load(spec)
        facts.update(loaded)
        facts["ok"] = True
    except LoadError as error:
        facts.update({"ok": False, "what": error.what, "remedy": error.remedy})
    _PROTOCOL.write(json.dumps(facts) + "\n")
    _PROTOCOL.flush()


# One encoder, built once: json.dumps with options builds a new one per call.
_ENCODE = json.JSONEncoder(allow_nan=False, separators=(",", ":")).encode


def _answer(request_id, value):
    """One answer line (no newline) for a value the model returned."""
    if isinstance(value, dict):
        scores = {}
        for key, score in value.items():
            if type(score) is not float:
                score = float(score)
            # JSON has no NaN or infinity: such a score is sent as its text, which the engine
            # refuses by name (docs/definitions.md#external-models).
            if score - score != 0.0:
                score = repr(score)
            scores[key if type(key) is str else _label(key)] = score
        return '{"id":%s,"scores":%s}' % (_ENCODE(request_id), _ENCODE(scores))
    # A label: a string, or a numpy scalar (an array has ndim > 0 and is not one).
    if isinstance(value, str) or (hasattr(value, "item") and getattr(value, "ndim", 0) == 0):
        return '{"id":%s,"label":%s}' % (_ENCODE(request_id), _ENCODE(_label(value)))
    found = type(value).__name__
    return _failed(request_id, "the function returned %s, not a dict of scores or a label" % found)


def _failed(request_id, message):
    return '{"id":%s,"error":%s}' % (_ENCODE(request_id), _ENCODE(message))


def _reply(lines):
    _PROTOCOL.write("\n".join(lines) + "\n")
    _PROTOCOL.flush()


def _run_batch(function, batch, features):
    ids = [request["id"] for request in batch]
    if features is None:
        inputs = [request["text"] for request in batch]
    else:  # dicts in the configured feature order, whatever order the request wrote them in
        inputs = [{name: request["features"][name] for name in features} for request in batch]
    try:
        outputs = function(inputs)
        outputs = list(outputs)
        if len(outputs) != len(inputs):
            message = "the function returned %d answers for %d inputs" % (len(outputs), len(inputs))
            return [_failed(i, message) for i in ids]
        return [_answer(i, v) for i, v in zip(ids, outputs)]
    except Exception as error:  # one batch fails; the run goes on
        traceback.print_exc(file=sys.stderr)
        return [_failed(i, _described(error)) for i in ids]


def _forget_runner():
    """Remove this file and its private folder once running: a run stopped by a signal leaves nothing."""
    folder = os.path.dirname(os.path.abspath(__file__))
    # Only the folder Evidence Gate made for it, never a copy someone runs by hand.
    if not os.path.basename(folder).startswith("evidence-gate-python-"):
        return
    try:
        os.unlink(os.path.abspath(__file__))
        os.rmdir(folder)
    except OSError:
        pass


def serve(spec):
    _forget_runner()
    function, _, _ = load(spec)
    batch_size = max(1, int(spec.get("batch") or 64))
    features = spec.get("features")
    stdin = _REQUESTS
    # The unfinished last line, in pieces: joined only when its newline arrives, so a line of many
    # megabytes costs linear time, not a copy per chunk.
    pending = []
    waiting = []
    while True:
        # Wait for input only when nothing is queued; otherwise take what has already arrived, so a
        # batch fills while the engine writes and a lone request is never held back.
        ready = bool(select.select([stdin], [], [], None if not waiting else 0)[0])
        chunk = os.read(stdin, 1 << 16) if ready else b""
        if ready and chunk == b"":
            for start in range(0, len(waiting), batch_size):
                _reply(_run_batch(function, waiting[start : start + batch_size], features))
            return
        if chunk:
            if b"\n" not in chunk:
                pending.append(chunk)
                continue
            *lines, rest = b"".join(pending + [chunk]).split(b"\n")
            pending = [rest] if rest else []
            # One parse for every complete line of the chunk: much faster than one per line.
            waiting.extend(json.loads(b"[" + b",".join(line for line in lines if line.strip()) + b"]"))
        while len(waiting) >= batch_size or (waiting and not ready):
            taken, waiting = waiting[:batch_size], waiting[batch_size:]
            _reply(_run_batch(function, taken, features))


def main():
    mode, spec = sys.argv[1], json.loads(sys.argv[2])
    if mode == "probe":
        probe(spec)
        return
    try:
        serve(spec)
    except LoadError as error:
        message = "%s: %s; %s" % (spec["file"], error.what, error.remedy)
        sys.stderr.write("evidence-gate python runner: %s\n" % message)
        sys.exit(3)


if __name__ == "__main__":
    main()
