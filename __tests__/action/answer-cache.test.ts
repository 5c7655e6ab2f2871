/**
 * The action's `cache: true` (docs/answer-cache.md#in-the-action) against a stand-in for the Actions cache service
 * that copies folders: a push to the default branch restores, runs and saves; a pull request restores main's answers,
 * asks the model nothing and saves nothing; a missing or failing service is one notice and the step goes on.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAction } from '../../src/action/main.js';
import type { CacheService } from '../../src/action/host.js';
import { jsonl, tempRepo } from '../helpers.js';
import { fakeHost } from './fake-host.js';

const SCRIPT = join(import.meta.dirname, '../models/external/fixtures/scripted-model.mjs');

function repo(): string {
  const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(SCRIPT)} script.json`;
  const root = tempRepo({
    'data/train.jsonl': jsonl([
      { id: 't1', text: 'the results show a clear gain', label: 'result' },
      { id: 't2', text: 'one limitation is the small sample', label: 'limitation' }
    ]),
    'data/test.jsonl': jsonl([
      { id: 'a', text: 'results show a gain', label: 'result' },
      { id: 'b', text: 'a limitation is the sample', label: 'limitation' },
      { id: 'c', text: 'the window was short', label: 'limitation' }
    ]),
    'evidence-gate.yml': [
      'version: 1',
      'threat_model: { id: tm, attacks: { truncate: { keep: 0.5 } } }',
      'data: { train: data/train.jsonl, evaluate: { test: data/test.jsonl } }',
      'models:',
      `  - { name: api, command: ${JSON.stringify(command)}, cache: { key: "api@1" } }`,
      'statistics: { seed: 3, bootstrap_iterations: 20, paired_iterations: 20 }',
      'gate: { allow_not_evaluated: true }',
      ''
    ].join('\n')
  });
  writeFileSync(
    join(root, 'script.json'),
    JSON.stringify({
      rules: [{ contains: 'limit', answers: [{ limitation: 0.8, result: 0.2 }] }],
      default: [{ limitation: 0.3, result: 0.7 }],
      log: join(root, 'asked.log')
    })
  );
  return root;
}

/** Copies the folder in and out of a private store, as the service keeps one archive per key. */
function copyingService(): CacheService & { saved: string[] } {
  const store = mkdtempSync(join(tmpdir(), 'evidence-gate-cache-service-'));
  const saved: string[] = [];
  return {
    saved,
    async restore(paths, key, restoreKeys) {
      const found = [...saved].reverse().find((k) => k === key || restoreKeys.some((p) => k.startsWith(p)));
      if (!found) return undefined;
      cpSync(join(store, found), paths[0] as string, { recursive: true });
      return found;
    },
    async save(paths, key) {
      cpSync(paths[0] as string, join(store, key), { recursive: true });
      saved.push(key);
    }
  };
}

function eventFile(payload: object): string {
  const file = join(mkdtempSync(join(tmpdir(), 'evidence-gate-event-')), 'event.json');
  writeFileSync(file, JSON.stringify(payload));
  return file;
}

const pushEnv = (root: string, ref = 'refs/heads/main') => ({
  GITHUB_WORKSPACE: root,
  GITHUB_EVENT_NAME: 'push',
  GITHUB_REF: ref,
  GITHUB_RUN_ID: '11',
  GITHUB_RUN_ATTEMPT: '1',
  GITHUB_EVENT_PATH: eventFile({ repository: { default_branch: 'main' } })
});

const asked = (root: string) =>
  existsSync(join(root, 'asked.log')) ? readFileSync(join(root, 'asked.log'), 'utf8') : '';

test('main saves its answers; a pull request restores them, asks nothing and saves nothing', async () => {
  const service = copyingService();
  const main = repo();
  const push = fakeHost(
    { cache: 'true', config: 'evidence-gate.yml', 'output-dir': 'out' },
    pushEnv(main),
    undefined,
    false,
    { cache: service }
  );
  await runAction(push);
  expect(push.failures).toEqual([]);
  expect(service.saved).toHaveLength(1);
  expect(service.saved[0]).toMatch(/^evidence-gate-answers-[0-9a-f]{24}-11-1$/);
  expect(push.infos).toContain('cache: no kept answers yet for this config and its keys');
  const mainAsked = asked(main);
  expect(mainAsked).not.toBe('');

  // The pull request's checkout: the same config, a fresh workspace.
  const pr = repo();
  const prEnv = {
    GITHUB_WORKSPACE: pr,
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_REF: 'refs/pull/5/merge',
    GITHUB_RUN_ID: '12',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_EVENT_PATH: eventFile({ pull_request: { number: 5, base: { ref: 'main' } } })
  };
  const prHost = fakeHost(
    { cache: 'true', config: 'evidence-gate.yml', baseline: 'none', 'output-dir': 'out' },
    prEnv,
    undefined,
    false,
    {
      cache: service
    }
  );
  await runAction(prHost);
  expect(prHost.failures).toEqual([]);
  expect(asked(pr)).toBe('');
  expect(prHost.infos.some((l) => l.startsWith('cache: restored kept answers'))).toBe(true);
  expect(prHost.infos).toContain('cache: answers not saved (only a push to the default branch saves them)');
  expect(service.saved).toHaveLength(1);
  expect(readFileSync(join(pr, 'out', 'evidence.jsonl'), 'utf8')).toBe(
    readFileSync(join(main, 'out', 'evidence.jsonl'), 'utf8')
  );
});

test('a push to another branch does not save', async () => {
  const service = copyingService();
  const root = repo();
  const host = fakeHost(
    { cache: 'true', config: 'evidence-gate.yml' },
    pushEnv(root, 'refs/heads/feature'),
    undefined,
    false,
    { cache: service }
  );
  await runAction(host);
  expect(host.failures).toEqual([]);
  expect(service.saved).toEqual([]);
});

test('no cache service, or one that fails: one notice, and the run goes on asking the model', async () => {
  const root = repo();
  const none = fakeHost({ cache: 'true', config: 'evidence-gate.yml' }, pushEnv(root), undefined, false);
  await runAction(none);
  expect(none.failures).toEqual([]);
  expect(none.notices.map((n) => n.line)).toContain(
    'cache: the Actions cache service is not available on this runner; the models are asked everything'
  );
  const failing: CacheService = {
    restore: async () => {
      throw new Error('Cache service responded with 503\nmore detail');
    },
    save: async () => {
      throw new Error('reserve failed');
    }
  };
  const other = repo();
  const host = fakeHost({ cache: 'true', config: 'evidence-gate.yml' }, pushEnv(other), undefined, false, {
    cache: failing
  });
  await runAction(host);
  expect(host.failures).toEqual([]);
  expect(host.notices.map((n) => n.line)).toEqual([
    'cache: could not restore kept answers (Cache service responded with 503); the models are asked everything',
    'cache: could not save kept answers (reserve failed); the next run asks again'
  ]);
  expect(asked(other)).not.toBe('');
});

test('cache: true with no model keyed says so once; a wrong value is refused naming the input', async () => {
  const root = repo();
  const config = readFileSync(join(root, 'evidence-gate.yml'), 'utf8').replace(', cache: { key: "api@1" }', '');
  writeFileSync(join(root, 'evidence-gate.yml'), config);
  const host = fakeHost({ cache: 'true', config: 'evidence-gate.yml' }, pushEnv(root), undefined, false, {
    cache: copyingService()
  });
  await runAction(host);
  expect(host.notices.map((n) => n.line)).toContain(
    'cache: true, but no model of the config has cache: { key }; every model is asked everything'
  );
  const bad = fakeHost({ cache: 'yes', config: 'evidence-gate.yml' }, pushEnv(repo()), undefined, false);
  await runAction(bad);
  expect(bad.failures.join('\n')).toMatch(/input cache: expected true or false, found "yes"/);
});
