/**
 * `npx @github/local-action run . src/index.ts .env.example`, as the README documents it: the
 * TypeScript sources run under local-action's stubs of @actions/core, @actions/github and
 * @actions/artifact, with .env.example's inputs. Only where files go is changed (a copy of the
 * example as the workspace, a temporary summary and artifact folder). Skipped, saying why, when
 * the dev dependency is not installed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256Hex } from '../../src/util/hash.js';
import { zipEntries } from '../action/zip.js';
import { exampleRepo, REPO_ROOT } from '../helpers.js';

const BIN = join(REPO_ROOT, 'node_modules/@github/local-action/bin/local-action.js');
const installed = existsSync(BIN);
const PLACES = ['GITHUB_WORKSPACE', 'GITHUB_STEP_SUMMARY', 'LOCAL_ACTION_WORKSPACE', 'LOCAL_ACTION_ARTIFACT_PATH'];

(installed ? describe : describe.skip)(
  `@github/local-action${installed ? '' : ' (skipped: the dev dependency is not installed; run npm ci)'}`,
  () => {
    test('runs src/index.ts with .env.example: outputs, job summary and the uploaded artifact', () => {
      const workspace = exampleRepo();
      const scratch = mkdtempSync(join(tmpdir(), 'local-action-'));
      const example = readFileSync(join(REPO_ROOT, '.env.example'), 'utf8')
        .split('\n')
        .filter((l) => !PLACES.some((p) => l.startsWith(`${p}=`)));
      const places = [
        `GITHUB_WORKSPACE=${workspace}`,
        `GITHUB_STEP_SUMMARY=${join(scratch, 'summary.md')}`,
        `LOCAL_ACTION_WORKSPACE=${scratch}`,
        `LOCAL_ACTION_ARTIFACT_PATH=${join(scratch, 'artifacts')}`
      ];
      const envFile = join(scratch, '.env');
      writeFileSync(envFile, [...example, ...places, ''].join('\n'));

      const r = spawnSync(process.execPath, [BIN, 'run', REPO_ROOT, 'src/index.ts', envFile], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        env: { PATH: process.env.PATH, HOME: process.env.HOME },
        timeout: 180_000
      });
      expect({ status: r.status, stderr: r.stderr }).toMatchObject({ status: 0 });
      const outputs = Object.fromEntries(
        [...r.stdout.matchAll(/^::set-output name=([a-z0-9-]+)::(.*)$/gm)].map((m) => [m[1], m[2]])
      );
      expect(outputs).toMatchObject({
        verdict: 'fail',
        'failed-checks': '32',
        'output-dir': 'evidence-gate-out',
        'artifact-id': '1',
        shard: ''
      });
      const manifest = readFileSync(join(workspace, 'evidence-gate-out', 'manifest.json'), 'utf8');
      expect(outputs['manifest-sha256']).toBe(sha256Hex(manifest));

      const summary = readFileSync(join(scratch, 'summary.md'), 'utf8');
      expect(summary).toContain('# Evidence Gate: ❌ FAIL');
      expect(summary).toContain('(`fail-on-gate: false`)');
      expect(summary.trimEnd().endsWith(`Manifest SHA-256: \`${outputs['manifest-sha256']}\``)).toBe(true);

      const zips = readdirSync(join(scratch, 'artifacts'));
      expect(zips).toHaveLength(1);
      expect(zips[0]).toMatch(/^evidence-gate-local-0-[0-9a-f]{8}\.zip$/);
      expect(zipEntries(readFileSync(join(scratch, 'artifacts', zips[0] as string)))).toEqual([
        'checks.json',
        'checks.junit.xml',
        'evidence.jsonl',
        'manifest.json',
        'metrics.json',
        'report.html',
        'summary.md'
      ]);
      // Warnings, not errors: the example sets fail-on-gate: false.
      expect(r.stdout).not.toMatch(/^::error/m);
      expect(r.stdout).toMatch(/^::warning title=Evidence Gate: protected transitions failed/m);
    });
  }
);
