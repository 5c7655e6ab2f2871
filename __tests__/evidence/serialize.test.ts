import { gunzipSync } from 'node:zlib';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStream } from '../../src/metrics/random.js';
import { RowSerializer } from '../../src/evidence/serialize.js';
import { EvidenceWriter } from '../../src/evidence/writer.js';
import { EVIDENCE_FIELDS, TABULAR_FIELDS, type EvidenceRow } from '../../src/evidence/row.js';
import { orderedMap, stableJson } from '../../src/util/json.js';

const labels = ['10', '9', 'é', 'b'];

/** The reference: a stableJson of the row as an ordered map (the form SPEC §7 defines). */
function reference(row: EvidenceRow): string {
  const fields: string[] = [...EVIDENCE_FIELDS, ...(row.features !== undefined ? TABULAR_FIELDS : [])];
  const value = (f: string): unknown => {
    const v = (row as unknown as Record<string, unknown>)[f];
    if (f === 'scores' && Array.isArray(v)) return orderedMap(labels.map((l, i) => [l, v[i]]));
    if ((f === 'features' || f === 'perturbed_features') && v !== null && typeof v === 'object')
      return orderedMap(Object.entries(v));
    return v;
  };
  return stableJson(orderedMap(fields.map((f) => [f, value(f)] as const)));
}

/** Rows whose fields repeat, change and come back, as a run's rows do; some texts are long, some hostile. */
function rows(n: number): EvidenceRow[] {
  const r = createStream(7, ['serialize-test']);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r.nextUniform() * xs.length)] as T;
  const texts = ['short', 'Não <b>\u2028 "q" \\ \u0000', 'x'.repeat(5000), 'é'.repeat(400) + '\ud83d\ude00', null];
  const numbers = [0, -0, 1e-7, 0.1 + 0.2, NaN, Infinity, -1.5e300, 123456789];
  const out: EvidenceRow[] = [];
  let scores: number[] | null = [0.1, 0.2, 0.3, 0.4];
  // Tabular rows of one example share their clean feature map, as a run's rows do; integer-like names print first.
  let features: Record<string, number> = { z: 1.5, a: NaN };
  for (let i = 0; i < n; i++) {
    if (r.nextUniform() < 0.4)
      scores =
        r.nextUniform() < 0.1 ? null : labels.map(() => (r.nextUniform() < 0.2 ? pick(numbers) : r.nextUniform()));
    const row: EvidenceRow = {
      id: `id-${Math.floor(i / 5)}`,
      split: pick(['controlled', 'challenge']),
      model: pick(['m1', 'm"2']),
      condition: pick(['clean', 'format', 'typo']) as EvidenceRow['condition'],
      language: pick(['en', 'pt']),
      domain: pick([null, 'bio', 'ecología']),
      text: pick(texts),
      perturbed_text: pick([null, 'p', 'ü\n'.repeat(700)]),
      label: pick(labels),
      clean_prediction: pick([null, ...labels]),
      prediction: pick([null, ...labels]),
      scores,
      margin: pick([null, ...numbers]),
      clean_margin: pick([null, ...numbers]),
      changed: pick([true, false]),
      valid: pick([null, true, false]),
      invalid_reason: pick([null, 'too long']),
      eligible: pick([null, true, false]),
      tested: pick([null, true, false]),
      success: pick([null, true, false]),
      uncovered: pick([null, true, false]),
      uncovered_reason: pick([null, 'unchanged', 'invalid']),
      status: pick(['ok', 'error', 'timeout']),
      error: pick([null, 'exit 1']),
      input_sha256: 'ab'.repeat(32)
    };
    if (r.nextUniform() < 0.3)
      features = pick<Record<string, number>>([
        { z: 1.5, a: NaN },
        { b: -0, '10': 1e21, '2': Infinity },
        { x: 0.1 + 0.2 }
      ]);
    if (r.nextUniform() < 0.2)
      Object.assign(row, {
        features,
        perturbed_features: pick([null, { z: 2, a: -0 }, { '10': 3, q: -Infinity, '2': 1e-7 }]),
        exact: pick([null, true])
      });
    out.push(row);
  }
  return out;
}

describe('RowSerializer', () => {
  test('each line equals the stableJson reference, over rows whose fields repeat and change', () => {
    const serializer = new RowSerializer(labels);
    for (const row of rows(3000)) expect(serializer.line(row)).toBe(reference(row));
  });

  test('the evidence writer receives the same bytes, long texts included', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'eg-serialize-'));
    try {
      const all = rows(3000);
      const writer = new EvidenceWriter(dir, 1000);
      const serializer = new RowSerializer(labels);
      for (const row of all) serializer.write(row, writer);
      const info = await writer.close();
      expect(info.rows).toBe(all.length);
      const text = gunzipSync(readFileSync(join(dir, info.file))).toString('utf8');
      expect(text).toBe(all.map((row) => reference(row) + '\n').join(''));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
