#!/usr/bin/env python3
"""Golden for the keyboard slips (docs/families.md#typo), written without reading the TypeScript.

Builds a seeded fixture of short texts in English, Spanish and Portuguese (negators, numbers, URLs,
capitalised and upper-case words, precomposed accents, a decomposed accent, short words), then for
every row lists:

  * single: every slip the search may offer, one per (word, operator): the word's index among all
    words, the operator, the word before and after and the letter position `at`;
  * family: the `typo` family's candidate and edits for three settings of words_per_change and
    operators.

The rules, from the method documents:
  * a word is a maximal run of letters (Unicode category L*) with the combining marks (M*) that
    follow a letter; words inside a whitespace-delimited chunk holding a digit or looking like a URL
    ('://' or starting with 'www.' after opening punctuation) are protected, as are the negators of
    the row's language (case-folded, NFC);
  * a word offers slips when it is unprotected, made of letters only (no marks) and has n >= 4 of
    them; positions count code points from 0 and the first and last letters stay:
    swap p, p+1 of different letters (1 <= p <= n-3); delete p (1 <= p <= n-2); substitute p by a
    neighbour key (1 <= p <= n-2); insert a neighbour key of letter p after it (0 <= p <= n-2);
  * neighbour keys on US QWERTY, rows qwertyuiop / asdfghjkl / zxcvbnm each half a key right of the
    one above: the two above (same and next column), the two beside, the two below (previous and
    same column), in that order; only a-z have any; the key takes the case of letter p;
  * draw u = first 4 bytes (big-endian) of SHA-256("{seed}\\0typo\\0{id}\\0{position}") / 2^32;
    a slip is choices[floor(u * len(choices))] over (p, key) pairs in p-then-key order, position
    "{word index}:{operator}";
  * the family: eligible words offer one of its operators; k = max(1, round(eligible / wpc)) (round
    half up), at most eligible; the k words with the smallest draw at position "{word index}"
    (ties by index) change; each takes operator ops[floor(u * len(ops))] at position
    "{word index}:operator" among the configured operators it offers (in canonical order), then that
    operator's slip.

Usage: /usr/bin/python3 scripts/golden/typo.py  (writes __tests__/golden/typo.json)
"""
import hashlib
import json
import math
import os
import random
import unicodedata

SEED = 20261207
OPERATORS = ["typo_swap", "typo_delete", "typo_insert", "typo_substitute"]
ROWS = ["qwertyuiop", "asdfghjkl", "zxcvbnm"]
NEGATORS = {"en": ["not", "never", "no"], "es": ["no", "nunca", "ni"], "pt": ["não", "nunca", "nem"]}


def neighbours():
    out = {}
    for r, row in enumerate(ROWS):
        above = ROWS[r - 1] if r > 0 else ""
        below = ROWS[r + 1] if r + 1 < len(ROWS) else ""
        for c, key in enumerate(row):
            cand = [(above, c), (above, c + 1), (row, c - 1), (row, c + 1), (below, c - 1), (below, c)]
            out[key] = "".join(s[i] for s, i in cand if 0 <= i < len(s))
    return out


KEYS = neighbours()


def draw(seed, row_id, position):
    digest = hashlib.sha256(f"{seed}\0typo\0{row_id}\0{position}".encode("utf-8")).digest()
    return int.from_bytes(digest[:4], "big") / 2**32


def is_letter(ch):
    return unicodedata.category(ch).startswith("L")


def is_mark(ch):
    return unicodedata.category(ch).startswith("M")


def protected_spans(text):
    """Index ranges of whitespace-delimited chunks holding a digit or looking like a URL."""
    spans = []
    i = 0
    while i < len(text):
        if text[i].isspace():
            i += 1
            continue
        j = i
        while j < len(text) and not text[j].isspace():
            j += 1
        chunk = text[i:j]
        opened = chunk.lstrip("([{\"'«“‘¿¡").lower()
        if any(unicodedata.category(c) == "Nd" for c in chunk) or "://" in chunk or opened.startswith("www."):
            spans.append((i, j))
        i = j
    return spans


def words_of(text, language):
    negators = {unicodedata.normalize("NFC", w).casefold() for w in NEGATORS.get(language, sum(NEGATORS.values(), []))}
    spans = protected_spans(text)
    out = []
    i = 0
    while i < len(text):
        if not is_letter(text[i]):
            i += 1
            continue
        j = i + 1
        while j < len(text) and (is_letter(text[j]) or is_mark(text[j])):
            j += 1
        word = text[i:j]
        protected = any(a <= i < b for a, b in spans) or unicodedata.normalize("NFC", word).casefold() in negators
        out.append({"index": len(out), "text": word, "start": i, "end": j, "protected": protected})
        i = j
    return out


def keys_of(letter):
    keys = KEYS.get(letter.lower(), "")
    return keys if letter == letter.lower() else keys.upper()


def choices(op, chars):
    n = len(chars)
    if op == "typo_swap":
        return [(p, "") for p in range(1, n - 2) if chars[p] != chars[p + 1]]
    if op == "typo_delete":
        return [(p, "") for p in range(1, n - 1)]
    first = 0 if op == "typo_insert" else 1
    return [(p, k) for p in range(first, n - 1) for k in keys_of(chars[p])]


def letters(word):
    chars = list(word["text"])
    if word["protected"] or len(chars) < 4 or not all(is_letter(c) for c in chars):
        return None
    return chars


def slip(op, word, chars, seed, row_id):
    options = choices(op, chars)
    if not options:
        return None
    p, key = options[math.floor(draw(seed, row_id, f"{word['index']}:{op}") * len(options))]
    c = list(chars)
    if op == "typo_swap":
        c[p], c[p + 1] = c[p + 1], c[p]
    elif op == "typo_delete":
        del c[p]
    elif op == "typo_insert":
        c.insert(p + 1, key)
    else:
        c[p] = key
    return {"op": op, "word": word["index"], "from": word["text"], "to": "".join(c), "at": p}


def family(text, language, row_id, seed, wpc, ops):
    words = words_of(text, language)
    eligible = []
    for w in words:
        chars = letters(w)
        if chars is None:
            continue
        offered = [op for op in OPERATORS if op in ops and choices(op, chars)]
        if offered:
            eligible.append((draw(seed, row_id, w["index"]), w["index"], w, chars, offered))
    if not eligible:
        return {"text": text, "edits": []}
    k = min(len(eligible), max(1, math.floor(len(eligible) / wpc + 0.5)))
    chosen = sorted(sorted(eligible, key=lambda e: (e[0], e[1]))[:k], key=lambda e: e[1])
    edits = []
    out = text
    for _, _, w, chars, offered in reversed(chosen):
        op = offered[math.floor(draw(seed, row_id, f"{w['index']}:operator") * len(offered))]
        e = slip(op, w, chars, seed, row_id)
        edits.insert(0, e)
        out = out[: w["start"]] + e["to"] + out[w["end"] :]
    return {"text": out, "edits": edits}


VOCAB = {
    "en": "results model method baseline improves clearly retrieval quality benchmark sample limitation "
    "evidence further analysis suggests significant Strong WEAK data across every".split(),
    "es": "resultados modelo método mejora claramente calidad muestra limitación evidencia análisis "
    "sugiere significativo Fuerte DÉBIL datos través cada pequeñas empresas".split(),
    "pt": "resultados modelo método melhora claramente qualidade amostra limitação evidência análise "
    "sugere significativo Forte FRACO dados através cada pequenas empresas".split(),
}
EXTRA = ["not", "never", "no", "nunca", "ni", "não", "nem", "n=240", "12%", "https://example.org/data", "www.site.com",
         "cafe\u0301s", "ab", "the", "aaaa", "(2017)", "café", "ÑANDÚ"]


def fixture():
    rng = random.Random(SEED)
    rows = []
    for i in range(45):
        language = ["en", "es", "pt"][i % 3]
        n = rng.randint(3, 14)
        words = [rng.choice(VOCAB[language] + EXTRA) for _ in range(n)]
        punct = [rng.choice(["", "", "", ",", ".", ";", ":"]) for _ in range(n)]
        text = " ".join(w + p for w, p in zip(words, punct))
        rows.append({"id": f"r{i}-{language}", "language": language, "text": text})
    return rows


SETTINGS = [
    {"words_per_change": 1, "operators": OPERATORS},
    {"words_per_change": 3, "operators": OPERATORS},
    {"words_per_change": 2, "operators": ["typo_delete", "typo_insert"]},
]


def main():
    rows = fixture()
    out = {"seed": SEED, "settings": SETTINGS, "rows": []}
    for row in rows:
        singles = []
        for w in words_of(row["text"], row["language"]):
            chars = letters(w)
            if chars is None:
                continue
            for op in OPERATORS:
                e = slip(op, w, chars, SEED, row["id"])
                if e is not None:
                    singles.append(e)
        fams = [family(row["text"], row["language"], row["id"], SEED, s["words_per_change"], s["operators"]) for s in SETTINGS]
        out["rows"].append({**row, "single": singles, "family": fams})
    path = os.path.join(os.path.dirname(__file__), "..", "..", "__tests__", "golden", "typo.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(f"wrote {path}: {len(rows)} rows, {sum(len(r['single']) for r in out['rows'])} single slips")


if __name__ == "__main__":
    main()
