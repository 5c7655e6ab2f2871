import { join } from 'node:path';
import { buildFamilies } from '../../src/perturb/registry.js';
import { ConfigError } from '../../src/errors.js';
import { REPO_ROOT, tempRepo } from '../helpers.js';

const dictionaryRef = {
  absolute: join(REPO_ROOT, 'examples/academic-intent/dictionary.yml'),
  path: 'examples/academic-intent/dictionary.yml'
};

describe('buildFamilies', () => {
  test('only configured families, in SPEC §6 order', () => {
    const { runners, dictionaries } = buildFamilies(
      { truncate: { keep: 0.5 }, format: {}, append: { sentences: { en: 'Hi.' } } },
      { seed: 1, maxCharEditRatio: null }
    );
    expect(runners.map((r) => r.family)).toEqual(['format', 'append', 'truncate']);
    expect(dictionaries).toEqual([]);
    expect(buildFamilies({}, { seed: 1, maxCharEditRatio: null }).runners).toEqual([]);
  });

  test('all five, with manifest parameters and rules', () => {
    const { runners, dictionaries } = buildFamilies(
      {
        format: {},
        transpose: { words_per_change: 5 },
        dictionary: { file: dictionaryRef },
        append: { sentences: { en: 'Added.' } },
        truncate: { keep: 0.65 }
      },
      { seed: 1637, maxCharEditRatio: 0.25 }
    );
    expect(runners.map((r) => [r.family, r.labelPreserving, r.parameters])).toEqual([
      ['format', true, {}],
      ['transpose', true, { words_per_change: 5 }],
      ['dictionary', true, { file: dictionaryRef.path, sha256: dictionaries[0]?.sha256 }],
      ['append', true, { sentences: { en: 'Added.' } }],
      ['truncate', false, { keep: 0.65 }]
    ]);
    expect(dictionaries).toEqual([
      {
        path: dictionaryRef.path,
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        version: 1,
        languages: ['en', 'es', 'pt']
      }
    ]);
    for (const runner of runners) expect(runner.validityRule.length).toBeGreaterThan(20);
    // The edit-ratio bound is part of the rule exactly where it applies.
    expect(runners.map((r) => r.validityRule.includes('≤ 0.25'))).toEqual([true, true, true, false, false]);
  });

  test('a bad dictionary file stops the build with a ConfigError', () => {
    const root = tempRepo({ 'd.yml': 'version: 3\nlanguages: {}\n' });
    expect(() =>
      buildFamilies(
        { dictionary: { file: { absolute: join(root, 'd.yml'), path: 'd.yml' } } },
        { seed: 1, maxCharEditRatio: null }
      )
    ).toThrow(ConfigError);
  });

  test('a row depends only on itself: results do not change with order or company', () => {
    const { runners } = buildFamilies(
      {
        format: {},
        transpose: { words_per_change: 2 },
        dictionary: { file: dictionaryRef },
        append: { sentences: { en: 'X.', es: 'Y.' } },
        truncate: { keep: 0.5 }
      },
      { seed: 9, maxCharEditRatio: 0.25 }
    );
    const rows = [
      { id: 'r1', text: 'This study examined previous data, however roughly.', language: 'en' },
      { id: 'r2', text: 'Los datos previos fueron examinados ampliamente.', language: 'es' },
      { id: 'r3', text: 'This study examined previous data, however roughly.', language: 'en' }
    ];
    for (const runner of runners) {
      const forward = rows.map((r) => runner.perturb(r));
      const backward = [...rows]
        .reverse()
        .map((r) => runner.perturb(r))
        .reverse();
      const alone = rows.map((r) =>
        buildFamilies(
          {
            format: {},
            transpose: { words_per_change: 2 },
            dictionary: { file: dictionaryRef },
            append: { sentences: { en: 'X.', es: 'Y.' } },
            truncate: { keep: 0.5 }
          },
          { seed: 9, maxCharEditRatio: 0.25 }
        )
          .runners.find((x) => x.family === runner.family)
          ?.perturb(r)
      );
      expect(backward).toEqual(forward);
      expect(alone).toEqual(forward);
    }
  });
});
