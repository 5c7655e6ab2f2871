/** The action registers an HTTP model's header secrets with the runner's masking before any request, and logs none. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runAction } from '../../src/action/main.js';
import { tinyRepo } from '../helpers.js';
import { json, serve } from '../models/http/servers.js';
import { fakeHost } from './fake-host.js';

test('setSecret receives the header variable; no log line, annotation or summary holds it', async () => {
  const secret = 'ghs-action-secret-61c2';
  const server = await serve((body, res, _n, req) =>
    req.headers.authorization === `Bearer ${secret}`
      ? json(res, { outputs: body.inputs.map((i: any) => ({ id: i.id, label: 'result' })) })
      : json(res, { error: `unexpected ${req.headers.authorization}` }, 401)
  );
  const root = tinyRepo();
  const config = join(root, 'evidence-gate.yml');
  const entry = `  - { name: api, http: { url: "${server.url}", headers: { Authorization: "Bearer \${EG_ACTION_KEY}" }, retries: 0 }, env: [EG_ACTION_KEY] }`;
  writeFileSync(config, readFileSync(config, 'utf8').replace('  - naive-bayes\n', `  - naive-bayes\n${entry}\n`));
  process.env.EG_ACTION_KEY = secret;
  const host = fakeHost({ config: 'evidence-gate.yml' }, { GITHUB_WORKSPACE: root }, undefined, false);
  try {
    await runAction(host);
  } finally {
    delete process.env.EG_ACTION_KEY;
    await server.close();
  }
  expect(host.secrets).toContain(secret);
  expect(server.headers.length).toBeGreaterThan(0);
  const said = JSON.stringify([
    host.infos,
    host.warnings,
    host.errors,
    host.notices,
    host.summaries,
    host.outputs,
    host.failures
  ]);
  expect(said).not.toContain(secret);
  expect(host.outputs.verdict).toBeDefined();
});
