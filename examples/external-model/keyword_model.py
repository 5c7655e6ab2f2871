#!/usr/bin/env python3
"""A tiny cue-phrase classifier for the academic-intent example, speaking Evidence Gate's
external-model protocol (SPEC section 10). Python 3 standard library only.

Protocol, as used here:
  stdin:  one JSON object per line, {"id": "r1", "text": "..."} (or {"id": "r1", "features": {...}})
  stdout: one JSON object per line, {"id": "r1", "scores": {"background": 0.1, ...}}
          with a score for every label; the scores sum to 1, so the config can say
          `probabilities: true`.
The process starts once, answers each line as soon as it has read it (flushing after every
response), and exits when stdin closes. Logs go to stderr only: stdout carries responses and
nothing else.

How it scores: the text is lower-cased, accents are stripped and it is split into words. For
each label we count how many times its cue phrases (English, Spanish and Portuguese) occur,
then turn the counts into probabilities with add-one smoothing:
    p(label) = (count(label) + 1) / (total count + number of labels)
A text with no cue at all gets the uniform distribution. Requests carrying "features" instead
of "text" (tabular data) are also answered with the uniform distribution.

Try it:
  printf '{"id":"r1","text":"One limitation of this study is the small sample."}\\n' \\
    | python3 examples/external-model/keyword_model.py
"""

import json
import re
import sys
import unicodedata

LABELS = ["background", "gap", "implication", "limitation", "method", "result"]

# Cue phrases per label, grouped by language, written without accents (text is normalised the
# same way before matching). A phrase matches whole words; a trailing "*" on the last word
# makes that word a prefix ("limitation*" matches "limitation" and "limitations").
# Picked by reading the training split of examples/academic-intent/data, plus a few generic
# hedging and reporting words.
CUES = {
    "background": {
        "en": ["growing attention", "received growing", "central concern", "previous work",
               "has shown", "widely recognised", "widely recognized", "growing literature",
               "over the past", "past two decades", "since", "literature has examined"],
        "es": ["atencion creciente", "preocupacion central", "trabajos previos", "han mostrado",
               "ampliamente reconocido", "literatura creciente", "en los ultimos anos",
               "ultimas decadas", "desde"],
        "pt": ["atencao crescente", "preocupacao central", "trabalhos anteriores", "mostraram que",
               "amplamente reconhecido", "literatura crescente", "nos ultimos anos",
               "ultimas duas decadas", "desde"],
    },
    "gap": {
        "en": ["however", "little is known", "few studies", "poorly understood", "remains unclear",
               "to date", "no study", "has not addressed", "not been", "never been", "unknown",
               "remains poorly"],
        "es": ["sin embargo", "se sabe poco", "pocos estudios", "poco comprendid*", "sigue siendo",
               "hasta la fecha", "ningun estudio", "no ha abordado", "todavia no", "se desconoce"],
        "pt": ["no entanto", "pouco se sabe", "poucos estudos", "pouco compreendid*",
               "continua pouco", "ate o momento", "nenhum estudo", "nao abordou", "ainda nao",
               "desconhecid*"],
    },
    "implication": {
        "en": ["suggest*", "should consider", "implication*", "imply", "could use", "in practice",
               "practical", "inform the design", "programmes", "programs", "strategies",
               "interventions", "policy"],
        "es": ["sugieren", "deberian", "implicaciones", "indican que", "podrian utilizar",
               "en la practica", "orientar el diseno", "programas", "estrategias",
               "intervenciones"],
        "pt": ["sugerem", "deveriam", "implicacoes", "indicam que", "poderiam utilizar",
               "na pratica", "orientar o desenho", "programas", "estrategias", "intervencoes"],
    },
    "limitation": {
        "en": ["limitation*", "limits", "caution", "with care", "may be affected", "could not",
               "bias", "biased", "generalisability", "generalizability", "did not include",
               "only"],
        "es": ["limitacion*", "limita", "cautela", "prudencia", "verse afectadas", "no pudimos",
               "sesgo", "sesgado", "generalizacion", "no incluyo", "solo"],
        "pt": ["limitacao", "limitacoes", "limita", "cautela", "sido afetadas",
               "nao foi possivel", "vies", "enviesado", "generalizacao", "nao incluiu",
               "apenas"],
    },
    "method": {
        "en": ["we collected", "collected data", "we applied", "we used", "sample of",
               "observations from", "recorded in", "analysed with", "analyzed with",
               "standard practice", "to estimate", "controlled for"],
        "es": ["recopilamos", "aplicamos", "utilizamos", "una muestra de", "observaciones",
               "se registro", "se registraron", "se analizo", "se analizaron",
               "practica habitual", "para estimar", "controlamos"],
        "pt": ["coletamos", "empregamos", "utilizamos", "uma amostra de", "observacoes",
               "foi registrad*", "foram registrad*", "pratica habitual", "para estimar",
               "controlamos"],
    },
    "result": {
        "en": ["we found", "found that", "observed", "increased by", "higher in", "lower in",
               "reduction in", "statistically significant", "explained", "of the variance",
               "comparison group", "associated with"],
        "es": ["encontramos", "observamos", "aumento un", "aumentaron un", "reduccion del",
               "estadisticamente significativo", "explico", "de la varianza",
               "grupo de comparacion", "se asocio", "se asociaron"],
        "pt": ["verificamos", "encontramos", "observamos", "aumentou", "aumentaram",
               "reducao de", "estatisticamente significativo", "explicou", "da variancia",
               "grupo de comparacao", "esteve associad*", "estiveram associad*"],
    },
}


def normalise(text):
    """Lower-case, strip accents, split into words."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return [w for w in re.split(r"[\W_]+", plain) if w]


def compile_cues(cues):
    """label -> list of cue word lists; each cue word is (word, is_prefix)."""
    compiled = {}
    for label in LABELS:
        phrases = []
        for by_language in cues[label].values():
            for phrase in by_language:
                words = phrase.split()
                phrases.append([(w.rstrip("*"), w.endswith("*")) for w in words])
        compiled[label] = phrases
    return compiled


COMPILED = compile_cues(CUES)


def count_phrase(words, phrase):
    n = len(phrase)
    hits = 0
    for start in range(len(words) - n + 1):
        for offset, (cue, is_prefix) in enumerate(phrase):
            word = words[start + offset]
            if not (word.startswith(cue) if is_prefix else word == cue):
                break
        else:
            hits += 1
    return hits


def uniform():
    return {label: 1.0 / len(LABELS) for label in LABELS}


def score(text):
    words = normalise(text)
    counts = {label: sum(count_phrase(words, p) for p in COMPILED[label]) for label in LABELS}
    total = sum(counts.values()) + len(LABELS)
    return {label: (counts[label] + 1) / total for label in LABELS}


def answer(request):
    text = request.get("text")
    if isinstance(text, str):
        return score(text)
    # Tabular requests ({"features": {...}}) or anything without text: no cues to count.
    return uniform()


def main():
    # Read and write UTF-8 whatever the locale says (the engine passes only PATH, HOME, LANG).
    sys.stdin.reconfigure(encoding="utf-8", errors="replace")
    sys.stdout.reconfigure(encoding="utf-8")
    answered = 0
    # Line iteration returns each line as soon as it arrives, so responses stream back while
    # later requests are still being written.
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            request = json.loads(line)
        except ValueError as err:
            print(f"keyword_model.py: skipping a line that is not JSON: {err}", file=sys.stderr)
            continue
        if not isinstance(request, dict) or not isinstance(request.get("id"), str):
            print("keyword_model.py: skipping a request without a string id", file=sys.stderr)
            continue
        response = {"id": request["id"], "scores": answer(request)}
        try:
            sys.stdout.write(json.dumps(response) + "\n")
            sys.stdout.flush()
        except BrokenPipeError:
            # The engine stopped listening (e.g. it hit a timeout): nothing more to do.
            return
        answered += 1
    print(f"keyword_model.py: stdin closed after {answered} responses", file=sys.stderr)


if __name__ == "__main__":
    main()
