/** The scope sentences of summary.md and report.html follow the attacks the run configured. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { scopeSentences } from '../../src/report/scope.js';
import { REPO_ROOT } from '../helpers.js';

test('text: the fixed families are one attempt per row; the search, when it ran, is called adaptive', () => {
  expect(scopeSentences(['clean', 'format', 'transpose'])).toEqual([
    'One fixed attempt per row, not an adaptive search: format, transpose; a row that survives is evidence about that test only.'
  ]);
  const withSearch = scopeSentences(['clean', 'format', 'search']);
  expect(withSearch).toHaveLength(2);
  expect(withSearch[0]).toContain('not an adaptive search: format;');
  expect(withSearch[1]).toMatch(/^Adaptive search, steered by each model's answers within its budget: search; /);
  expect(scopeSentences(['clean', 'search'])).toEqual([expect.stringMatching(/^Adaptive search.*: search; /)]);
});

test('tabular: noise and fgm fixed, pgd, square and boundary adaptive, exact exact; a clean-only run says nothing', () => {
  const s = scopeSentences(['clean', 'noise', 'fgm', 'pgd', 'square', 'boundary', 'exact']);
  expect(s).toHaveLength(3);
  expect(s[0]).toContain('not an adaptive search: noise, fgm;');
  expect(s[1]).toContain('within its budget: pgd, square, boundary;');
  expect(s[2]).toMatch(/^Exact worst case .*: exact; /);
  expect(scopeSentences(['clean', 'noise', 'fgm']).join(' ')).not.toContain('Adaptive');
  expect(scopeSentences(['clean'])).toEqual([]);
});

test('the bundled example, which runs the search, no longer calls every perturbation "not an adaptive search"', () => {
  const golden = readFileSync(join(REPO_ROOT, '__tests__/__outputs__/academic-intent-summary.md'), 'utf8');
  const scope = golden.slice(golden.indexOf('## Scope of this evaluation'), golden.indexOf('## Evidence'));
  expect(scope).toContain('not an adaptive search: format, transpose, typo, dictionary, append, truncate;');
  expect(scope).toContain('within its budget: search;');
});
