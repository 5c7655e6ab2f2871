/**
 * report.html stays a reasonable size at scale: a real run of the example spread over 20
 * languages (4 models × 8 conditions: clean, six fixed families, the search), its derivation then
 * widened to 50 models by copying each
 * model's figures, checks and drill-down rows under new names, must render below 5 MB — and the
 * byte budgets that keep it there must say what they left out.
 */
import type { Check } from '../../src/gate/check.js';
import type { Derived } from '../../src/pipeline/derive.js';
import { MAX_TABLE_ROWS, renderReport } from '../../src/report/html.js';
import { CLASSIFICATION_BUDGET } from '../../src/report/html-classification.js';
import { DRILL_BUDGET } from '../../src/report/html-checks.js';
import { deriveFolder, runManyLanguages } from '../browser/report-fixtures.js';

const MODELS = 50;
const LANGUAGES = 20;
const LIMIT = 5 * 1024 * 1024;

/** The id of `c` with its subject (a model) replaced. */
function renamedId(c: Check, subject: string): string {
  return [c.check, subject, ...(c.qualifier === null ? [] : [c.qualifier])].join('/');
}

/** `derived` with every model copied until there are `count`, each copy under a new name. */
function widen(derived: Derived, count: number): Derived {
  const base = derived.metrics.models.map((m) => m.model);
  const names = Array.from({ length: count }, (_, i) => `${base[i % base.length]}-copy-${String(i).padStart(2, '0')}`);
  const source = (i: number) => base[i % base.length] as string;
  const models = names.map(
    (name, i) =>
      ({
        ...structuredClone(derived.metrics.models[i % base.length]),
        model: name
      }) as Derived['metrics']['models'][number]
  );
  const checks: Check[] = [];
  for (const c of derived.gate.checks) {
    if (!base.includes(c.subject)) checks.push(c);
    else
      names.forEach(
        (name, i) =>
          source(i) === c.subject && checks.push({ ...structuredClone(c), subject: name, id: renamedId(c, name) })
      );
  }
  const drill: Derived['drill'] = new Map();
  for (const [key, d] of derived.drill) {
    const parts = key.split('/');
    const model = parts[1] as string;
    if (!base.includes(model)) drill.set(key, d);
    else
      names.forEach(
        (name, i) =>
          source(i) === model &&
          drill.set([parts[0], name, ...parts.slice(2)].join('/'), {
            count: d.count,
            refs: d.refs.map((r) => ({ ...r, ref: { ...r.ref, model: name } }))
          })
      );
  }
  const failing = checks.filter((c) => c.judged && c.status === 'fail').map((c) => c.id);
  return { ...derived, metrics: { ...derived.metrics, models }, gate: { ...derived.gate, checks, failing }, drill };
}

test(`${MODELS} models × 9 conditions × ${LANGUAGES} languages render below 5 MB`, async () => {
  const { derived, facts } = await deriveFolder(await runManyLanguages(LANGUAGES));
  expect(derived.metrics.conditions_evaluated).toHaveLength(9);
  expect(derived.metrics.data.language_examples).toHaveLength(LANGUAGES);
  const wide = widen(derived, MODELS);
  expect(wide.metrics.models).toHaveLength(MODELS);
  const listed = wide.gate.checks.filter((c) => c.status === 'fail' || c.status === 'not_evaluated');
  expect(listed.length).toBeGreaterThan(MODELS * 10);

  const started = performance.now();
  const html = renderReport({ ...wide, facts });
  // Generous for a loaded CI machine; about 0.7 s idle.
  expect(performance.now() - started).toBeLessThan(30_000);
  const bytes = Buffer.byteLength(html, 'utf8');
  expect(bytes).toBeLessThan(LIMIT);
  expect(renderReport({ ...wide, facts })).toBe(html);

  // Every listed check still has its section (the anchor its row links to), even past the budget.
  expect(html.match(/<section class="drill" id="/g)?.length).toBe(Math.min(listed.length, MAX_TABLE_ROWS));
  // The budgets were reached, and the report says where the rest is.
  expect(html).toContain('were left out of this file to keep it small; checks.json lists them');
  expect(html).toContain('metrics.json has every one');
  expect(DRILL_BUDGET + CLASSIFICATION_BUDGET).toBeLessThan(LIMIT);
}, 120_000);
