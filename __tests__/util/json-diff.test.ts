/** verify's JSON differences name array elements by what they are (model, condition, check id), not by index. */
import { jsonDifferences } from '../../src/util/json-diff.js';

function diff(recorded: unknown, recomputed: unknown): string[] {
  const out: string[] = [];
  jsonDifferences(recorded as never, recomputed as never, '', out);
  return out;
}

const robustness = (condition: string, flips: number) => ({ condition, scope: 'all', flips });

test('a figure is named by model and condition, e.g. models[model=nb].robustness[condition=typo,scope=all]', () => {
  const recorded = {
    models: [
      { model: 'lr', robustness: [] },
      { model: 'nb', robustness: [robustness('format', 1), robustness('typo', 3)] }
    ]
  };
  const recomputed = structuredClone(recorded);
  recomputed.models[1]!.robustness[1]!.flips = 4;
  expect(diff(recorded, recomputed)).toEqual([
    'models[model=nb].robustness[condition=typo,scope=all].flips: recorded 3, recomputed 4'
  ]);
});

test('a check is named by its id alone; elements are paired by name, so a missing one does not shift the rest', () => {
  const checks = (ids: string[]) => ({ checks: ids.map((id) => ({ id, check: id.split('/')[0], status: 'pass' })) });
  expect(diff(checks(['a/x', 'b/x', 'c/x']), checks(['a/x', 'c/x']))).toEqual([
    'checks[id=b/x]: recorded {"id":"b/x","check":"b","status":"pass"}, recomputed (absent)'
  ]);
  expect(diff(checks(['a/x']), checks(['a/x', 'z/x']))).toEqual([
    'checks[id=z/x]: (absent)'.replace(
      ': (absent)',
      ': recorded (absent), recomputed {"id":"z/x","check":"z","status":"pass"}'
    )
  ]);
});

test('a non-unique id falls back on the other naming keys; no naming key, or duplicates, fall back on the index', () => {
  const shown = (model: string) => ({ id: 'ch-1', model, condition: 'clean', prediction: 'a' });
  const b = [shown('nb'), { ...shown('lr'), prediction: 'b' }];
  expect(diff({ shown: [shown('nb'), shown('lr')] }, { shown: b })).toEqual([
    'shown[id=ch-1,model=lr,condition=clean].prediction: recorded "a", recomputed "b"'
  ]);
  expect(diff({ bins: [{ n: 1 }, { n: 2 }] }, { bins: [{ n: 1 }, { n: 3 }] })).toEqual([
    'bins[1].n: recorded 2, recomputed 3'
  ]);
  expect(
    diff(
      {
        xs: [
          { model: 'a', v: 1 },
          { model: 'a', v: 2 }
        ]
      },
      {
        xs: [
          { model: 'a', v: 1 },
          { model: 'a', v: 5 }
        ]
      }
    )
  ).toEqual(['xs[1].v: recorded 2, recomputed 5']);
});

test('a name with unusual characters is quoted and bounded', () => {
  const a = [{ language: 'x]y,z=1', n: 1 }];
  expect(diff({ a }, { a: [{ ...a[0], n: 2 }] })).toEqual(['a[language="x]y,z=1"].n: recorded 1, recomputed 2']);
});
