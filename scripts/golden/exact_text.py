#!/usr/bin/env python3
"""Golden for text `exact` (docs/search.md#exact), written without reading the TypeScript.

Builds seeded short texts in English, Spanish and Portuguese and two training corpora (two and three labels), fits
scikit-learn's naive Bayes (CountVectorizer + MultinomialNB(alpha=1)) and the TF-IDF centroid models (word, char_wb
2-4, and their 0.5/0.5 blend; a text with no known feature scores 0), then, for every row the model gets right,
enumerates every valid candidate of the declared edit space and records:

  * candidates: how many valid candidates there are;
  * success: whether one moves the row under the objective; level: the fewest edited words of a success;
  * best: the successes of that level with their objective margins (the row's minimal edit list is the one of lowest
    margin, ties by enumeration order), and closest: the lowest margin of a candidate that does not succeed.

The edit space, from the method documents:
  * words and their protection as in typo.py (letters with attached marks; chunks with digits or URLs, negators);
  * per unprotected word, in this operator order, at most one edit each:
      transpose: a word of >= 4 letters; positions i (code points) with 1 <= i <= n-3 whose letters i, i+1 differ
        (and, in a word with marks, are letters not followed by a mark); the pair drawn with
        u = SHA-256("{seed}\\0search\\0{id}\\0{word index}:swap")[:4] / 2^32, i = positions[floor(u * len)];
      dictionary: the case-folded word's entry, in the word's case (lower as is, UPPER of >= 2 letters upper,
        Title capitalised, mixed case none); none when equal to the word;
      format: lower -> first letter upper (else all upper), Title -> first letter lower, UPPER -> Title; one code
        point per flip, only where the flipped letter lower-cases back to the same letter;
      typo_swap / typo_delete / typo_insert / typo_substitute: typo.py's slip of the word;
  * a candidate: edits on distinct words, at most ceil(share * words) of them (all words counted, at least 1), with
    Levenshtein(original, candidate) in code points <= the largest e with e / length <= max_char_edit_ratio;
  * enumeration order: k = 1, 2, ...; combinations of the editable words in text order; one edit per word, each word's
    edits in operator order, the last word fastest.

Usage: /usr/bin/python3 scripts/golden/exact_text.py  (writes __tests__/golden/exact-text.json)
"""
import hashlib
import itertools
import json
import math
import os
import random
import sys
import unicodedata

import numpy as np
import sklearn
from sklearn.feature_extraction.text import CountVectorizer, TfidfVectorizer
from sklearn.metrics.pairwise import cosine_similarity
from sklearn.naive_bayes import MultinomialNB

sys.path.insert(0, os.path.dirname(__file__))
import typo  # noqa: E402  (the slips and the word scanner)

SEED = 424242
OPERATORS = ["transpose", "dictionary", "format"] + typo.OPERATORS
DICTIONARY = {
    "en": {"results": "findings", "model": "system", "clearly": "plainly", "quality": "calibre", "strong": "robust",
           "weak": "feeble", "data": "records"},
    "es": {"resultados": "hallazgos", "modelo": "sistema", "claramente": "llanamente", "fuerte": "robusto",
           "datos": "registros", "calidad": "nivel"},
    "pt": {"resultados": "achados", "modelo": "sistema", "claramente": "nitidamente", "forte": "robusto",
           "dados": "registos", "qualidade": "nivel"},
}
CUES = {
    "a": ["strong", "clearly", "improves", "fuerte", "claramente", "mejora", "forte", "melhora"],
    "b": ["weak", "limitation", "sample", "débil", "limitación", "muestra", "fraco", "limitação", "amostra"],
    "c": ["data", "quality", "benchmark", "datos", "calidad", "dados", "qualidade"],
}


def draw(seed, family, row_id, position):
    digest = hashlib.sha256(f"{seed}\0{family}\0{row_id}\0{position}".encode("utf-8")).digest()
    return int.from_bytes(digest[:4], "big") / 2**32


def safe_flip(ch, mapped):
    if mapped == ch or len(mapped) != 1:
        return ch
    return mapped if mapped.lower() == ch.lower() else ch


def up(ch):
    return safe_flip(ch, ch.upper())


def down(ch):
    return safe_flip(ch, ch.lower())


def transpose(word, seed, row_id):
    chars = list(word["text"])
    letters = sum(1 for c in chars if typo.is_letter(c))
    if letters < 4:
        return None
    only_letters = letters == len(chars)
    positions = [
        i for i in range(1, len(chars) - 2)
        if chars[i] != chars[i + 1]
        and (only_letters or (typo.is_letter(chars[i]) and typo.is_letter(chars[i + 1]) and not typo.is_mark(chars[i + 2])))
    ]
    if not positions:
        return None
    i = positions[math.floor(draw(seed, "search", row_id, f"{word['index']}:swap") * len(positions))]
    chars[i], chars[i + 1] = chars[i + 1], chars[i]
    return "".join(chars)


def keep_case(word, replacement):
    if word == word.lower():
        return replacement
    if sum(1 for c in word if typo.is_letter(c)) >= 2 and word == word.upper():
        return replacement.upper()
    if word[0] != word[0].lower() and word[1:] == word[1:].lower():
        return replacement[0].upper() + replacement[1:]
    return None


def dictionary(word, language):
    entry = DICTIONARY[language].get(unicodedata.normalize("NFC", word["text"]).lower())
    if entry is None:
        return None
    cased = keep_case(word["text"], entry)
    return None if cased is None or cased == word["text"] else cased


def case_change(word):
    w = word["text"]
    first, rest = w[0], w[1:]
    if w == w.lower():
        title = up(first) + rest
        if title != w:
            return title
        shouted = "".join(up(c) for c in w)
        return None if shouted == w else shouted
    if rest == rest.lower():
        lowered = down(first) + rest
        return None if lowered == w else lowered
    if w == w.upper():
        titled = first + "".join(down(c) for c in rest)
        return None if titled == w else titled
    return None


def edits_of(word, language, seed, row_id):
    out = []
    for op in OPERATORS:
        if op == "transpose":
            to = transpose(word, seed, row_id)
        elif op == "dictionary":
            to = dictionary(word, language)
        elif op == "format":
            to = case_change(word)
        else:
            chars = typo.letters(word)
            slip = None if chars is None else typo.slip(op, word, chars, seed, row_id)
            to = None if slip is None else slip["to"]
        if to is not None and to != word["text"]:
            out.append({"op": op, "word": word["index"], "from": word["text"], "to": to})
    return out


def levenshtein(a, b):
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        cur = [i]
        for j, y in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y)))
        prev = cur
    return prev[-1]


def allowed(length, ratio):
    e = max(0, math.floor(ratio * length))
    while (e + 1) / length <= ratio:
        e += 1
    while e > 0 and e / length > ratio:
        e -= 1
    return e


def candidates(row, seed, share, ratio):
    """Valid candidates in enumeration order: (edits, text)."""
    words = typo.words_of(row["text"], row["language"])
    limit = max(1, math.ceil(share * len(words)))
    editable = [(w, e) for w in words if not w["protected"] for e in [edits_of(w, row["language"], seed, row["id"])] if e]
    text = row["text"]
    budget = None if ratio is None else allowed(len(text), ratio)
    out = []
    for k in range(1, min(limit, len(editable)) + 1):
        for combo in itertools.combinations(editable, k):
            for chosen in itertools.product(*[e for _, e in combo]):
                cand = text
                for (w, _), e in sorted(zip(combo, chosen), key=lambda p: -p[0][0]["start"]):
                    cand = cand[: w["start"]] + e["to"] + cand[w["end"]:]
                if budget is not None:
                    # Edits on distinct words: the sum of the words' own distances bounds the text's.
                    bound = sum(levenshtein(e["from"], e["to"]) for e in chosen)
                    if bound > budget and levenshtein(text, cand) > budget:
                        continue
                out.append((list(chosen), cand))
    return out


class Models:
    def __init__(self, texts, labels):
        self.labels = sorted(set(labels))
        y = np.array(labels)
        self.count = CountVectorizer(lowercase=True)
        self.nb = MultinomialNB(alpha=1.0).fit(self.count.fit_transform(texts), labels)
        assert [str(c) for c in self.nb.classes_] == self.labels
        self.tfidf = {}
        for name, vec in [("word", TfidfVectorizer()), ("char", TfidfVectorizer(analyzer="char_wb", ngram_range=(2, 4)))]:
            x = vec.fit_transform(texts)
            centroids = np.vstack([np.asarray(x[y == label].mean(axis=0)) for label in self.labels])
            self.tfidf[name] = (vec, centroids)

    def centroid(self, name, texts):
        vec, centroids = self.tfidf[name]
        xe = vec.transform(texts)
        sim = cosine_similarity(xe, centroids)
        sim[np.diff(xe.indptr) == 0] = 0.0
        return sim

    def scores(self, texts):
        word = self.centroid("word", texts)
        char = self.centroid("char", texts)
        return {
            "naive-bayes": self.nb.predict_proba(self.count.transform(texts)),
            "tfidf-word": word,
            "tfidf-char": char,
            "hybrid": 0.5 * word + 0.5 * char,
        }


def margin_and_success(labels, scores, gold, targets):
    g = labels.index(gold)
    prediction = labels[int(np.argmax(scores))]
    if targets is None:
        margin = min(scores[g] - scores[j] for j in range(len(labels)) if j != g)
        return float(margin), prediction != gold
    margin = min(scores[g] - scores[labels.index(t)] for t in targets)
    return float(margin), prediction in targets


def sentence(rng, language, cue_label, n):
    vocab = typo.VOCAB[language] + typo.EXTRA[:12]
    words = [rng.choice(vocab) for _ in range(n)]
    if cue_label is not None:
        cues = [c for c in CUES[cue_label]]
        words[rng.randrange(n)] = rng.choice(cues)
    return " ".join(words)


def corpus(rng, labels):
    train = []
    for i in range(60):
        label = labels[i % len(labels)]
        language = ["en", "es", "pt"][(i // len(labels)) % 3]
        train.append({"text": sentence(rng, language, label, rng.randint(4, 8)), "label": label})
    return train


def rows(rng, labels):
    out = []
    for i in range(18):
        language = ["en", "es", "pt"][i % 3]
        label = labels[rng.randrange(len(labels))]
        text = sentence(rng, language, label, rng.randint(3, 6))
        # Case variety: a capitalised first word, now and then an upper-case word.
        text = text[0].upper() + text[1:]
        if i % 4 == 1:
            parts = text.split(" ")
            parts[-1] = parts[-1].upper()
            text = " ".join(parts)
        out.append({"id": f"x{i}-{language}", "language": language, "text": text + rng.choice(["", ".", "!"]), "label": label})
    return out


CASES = [
    {"name": "binary-untargeted", "labels": ["a", "b"], "share": 0.4, "ratio": None, "targets": None},
    {"name": "binary-ratio", "labels": ["a", "b"], "share": 0.5, "ratio": 0.08, "targets": None},
    {"name": "three-targeted", "labels": ["a", "b", "c"], "share": 0.4, "ratio": 0.12, "targets": {"a": ["b"], "c": ["a", "b"]}},
    {"name": "three-untargeted", "labels": ["a", "b", "c"], "share": 0.5, "ratio": None, "targets": None},
]


def main():
    rng = random.Random(SEED)
    out = {"generator": "scripts/golden/exact_text.py", "sklearn_version": sklearn.__version__, "seed": SEED,
           "operators": OPERATORS, "dictionary": DICTIONARY, "cases": []}
    for case in CASES:
        train = corpus(rng, case["labels"])
        evaluate = rows(rng, case["labels"])
        models = Models([r["text"] for r in train], [r["label"] for r in train])
        results = []
        for row in evaluate:
            targets = None if case["targets"] is None else case["targets"].get(row["label"])
            if case["targets"] is not None and targets is None:
                continue
            cands = candidates(row, SEED, case["share"], case["ratio"])
            clean = models.scores([row["text"]])
            scored = models.scores([t for _, t in cands]) if cands else None
            for model in ["naive-bayes", "tfidf-word", "tfidf-char", "hybrid"]:
                _, clean_success = margin_and_success(models.labels, clean[model][0], row["label"], None)
                if clean_success:
                    continue  # not eligible: the model gets the clean row wrong
                level = None
                best = []
                closest = None
                for (edits, _), s in zip(cands, scored[model] if cands else []):
                    m, success = margin_and_success(models.labels, s, row["label"], targets)
                    if success and (level is None or len(edits) == level):
                        level = len(edits)
                        best.append({"edits": edits, "margin": m})
                    elif not success and (closest is None or m < closest):
                        closest = m
                results.append({"id": row["id"], "model": model, "candidates": len(cands), "success": level is not None,
                                "level": level, "best": best, "closest": closest})
        out["cases"].append({**case, "train": train, "rows": evaluate, "results": results})
        print(case["name"], len(results), "results,", sum(r["success"] for r in results), "successes,",
              max(r["candidates"] for r in results), "most candidates")
    path = os.path.join(os.path.dirname(__file__), "..", "..", "__tests__", "golden", "exact-text.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print("wrote", path)


if __name__ == "__main__":
    main()
