/** action.yml documents exactly the inputs the adapter reads and the outputs it sets. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { INPUT } from '../../src/action/inputs.js';
import { runAction } from '../../src/action/main.js';
import { REPO_ROOT, tinyRepo } from '../helpers.js';
import { fakeHost } from './fake-host.js';

const action = parse(readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, { description: string; default?: string }>;
  outputs: Record<string, { description: string }>;
  runs: { using: string; main: string };
};

describe('action.yml', () => {
  test('lists every input the adapter reads, each with a description and a default', () => {
    expect(Object.keys(action.inputs).sort()).toEqual(Object.values(INPUT).sort());
    for (const [name, spec] of Object.entries(action.inputs)) {
      expect([name, spec.description.length > 40]).toEqual([name, true]);
      expect([name, typeof spec.default]).toEqual([name, 'string']);
    }
  });

  test('lists every output the adapter sets, and the verdict values', async () => {
    const host = fakeHost(
      { config: 'evidence-gate.yml', 'fail-on-gate': 'false' },
      { GITHUB_WORKSPACE: tinyRepo() },
      undefined,
      false
    );
    await runAction(host);
    expect(Object.keys(action.outputs).sort()).toEqual(Object.keys(host.outputs).sort());
    for (const value of ['"pass"', '"fail"', '"shard"', '"error"'])
      expect(action.outputs.verdict?.description).toContain(value);
  });

  test('runs the committed bundle on node24', () => {
    expect(action.runs).toEqual({ using: 'node24', main: 'dist/index.js' });
  });
});
