"""A Python function model for this example: cue phrases, written as a team might wrap its own code.

Evidence Gate imports this file and calls `predict(texts)` with a list of strings; it returns, per
text, a dict of label -> probability. `setup()` runs once before the first call. A print() here goes
to the log, never into the answers (docs/models.md#python-models).
"""

LABELS = ("background", "gap", "implication", "limitation", "method", "result")
CUES = {
    "background": ("widely", "known", "recognized", "reconocido", "reconhecido", "conocido"),
    "method": ("we used", "we measured", "sampled", "utilizamos", "medimos", "usamos", "method"),
    "limitation": ("limit", "limitation", "caveat", "only", "cannot", "limitación", "limitação", "apenas", "solo"),
    "gap": ("little is known", "remains unclear", "no study", "poco se sabe", "pouco se sabe", "unexplored"),
    "implication": ("suggest", "implies", "implication", "sugiere", "sugere", "should", "debería", "deveria"),
    "result": ("found", "increased", "decreased", "reduced", "encontramos", "aumentó", "aumentou", "%"),
}

_weights = {}


def setup():
    # Stand-in for loading weights once: each cue phrase counts the same.
    for label, cues in CUES.items():
        _weights[label] = {cue: 1.0 for cue in cues}


def _probabilities(text):
    lowered = text.lower()
    hits = {label: 1.0 + sum(w for cue, w in _weights[label].items() if cue in lowered) for label in LABELS}
    total = sum(hits.values())
    return {label: hits[label] / total for label in LABELS}


def predict(texts):
    return [_probabilities(text) for text in texts]
