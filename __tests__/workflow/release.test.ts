/**
 * .github/workflows/release.yml replayed on a tag push: a bare "origin" holds a copy of the files
 * the release reads (package.json, CHANGELOG.md, dist/, bin/, the notes script) with a tag
 * vX.Y.Z and an older major tag vX; the job's checkout is a clone of origin at the tag, and every
 * run: block runs with bash as on a runner. Two commands are stand-ins on PATH: `gh` records its
 * arguments, and `npm` records `ci`, `test` and `run package` without running them (they are this
 * test suite and the build that .ci/run checks) and passes everything else, `npm pack` included,
 * to the real npm.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
// @ts-expect-error -- a plain JavaScript build script without type declarations
import { changelogSection } from '../../scripts/changelog-section.js';
import { REPO_ROOT } from '../helpers.js';
import { readWorkflow, replayJob, TOKEN } from './replay.js';

const section = changelogSection as (text: string, version: string) => string;
const WORKFLOW = join(REPO_ROOT, '.github', 'workflows', 'release.yml');
const PKG = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { name: string; version: string };
const MAJOR = `v${PKG.version.split('.')[0]}`;
/** What the release reads from a checkout. */
const LAYOUT = [
  'package.json',
  'package-lock.json',
  'CHANGELOG.md',
  'README.md',
  'LICENSE',
  '.node-version',
  'bin',
  'dist/cli',
  'scripts/changelog-section.js',
  '.github/workflows/release.yml'
];

const scratch = mkdtempSync(join(tmpdir(), 'evidence-gate-release-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const realNpm = spawnSync('bash', ['-c', 'command -v npm'], { encoding: 'utf8' }).stdout.trim();
const stubs = join(scratch, 'stubs');
mkdirSync(stubs);
writeFileSync(
  join(stubs, 'npm'),
  `#!/usr/bin/env bash
echo "npm $*" >> "$REPLAY_LOG"
case "$*" in
  ci|test) exit 0 ;;
  "run package") if [ -n "\${REPLAY_STALE_DIST:-}" ]; then echo "// rebuilt" >> dist/cli/index.js; fi; exit 0 ;;
esac
exec ${JSON.stringify(realNpm)} "$@"
`
);
writeFileSync(
  join(stubs, 'gh'),
  `#!/usr/bin/env bash
echo "gh $*" >> "$REPLAY_LOG"
node -e 'require("fs").writeFileSync(process.env.REPLAY_GH, JSON.stringify({ cwd: process.cwd(), token: process.env.GH_TOKEN, args: process.argv.slice(1) }))' "$@"
`
);
chmodSync(join(stubs, 'npm'), 0o755);
chmodSync(join(stubs, 'gh'), 0o755);

function git(cwd: string, ...args: string[]): string {
  const r = spawnSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_AUTHOR_NAME: 'r',
      GIT_AUTHOR_EMAIL: 'r@example.invalid',
      GIT_COMMITTER_NAME: 'r',
      GIT_COMMITTER_EMAIL: 'r@example.invalid'
    }
  });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return r.stdout.trim();
}

interface Origin {
  dir: string;
  older: string;
  tagged: string;
}

/**
 * A bare origin: a first commit where the major tag already points (an earlier release), then a
 * commit with the release layout, tagged `tag` (annotated, as `git tag -a` makes it) and pushed.
 * `edit` changes the layout before that commit.
 */
function origin(tag: string, edit: (dir: string) => void = () => {}): Origin {
  const base = mkdtempSync(join(scratch, 'repo-'));
  const dir = join(base, 'origin.git');
  const work = join(base, 'work');
  git(base, 'init', '-q', '--bare', dir);
  git(base, 'init', '-q', '-b', 'main', work);
  writeFileSync(join(work, 'README.md'), 'an earlier release\n');
  git(work, 'add', '-A');
  git(work, 'commit', '-qm', 'earlier');
  git(work, 'tag', MAJOR);
  for (const path of LAYOUT) cpSync(join(REPO_ROOT, path), join(work, path), { recursive: true });
  edit(work);
  git(work, 'add', '-A');
  git(work, 'commit', '-qm', 'release');
  git(work, 'tag', '-a', tag, '-m', tag);
  git(work, 'remote', 'add', 'origin', dir);
  git(work, 'push', '-q', 'origin', 'main', '--tags');
  return { dir, older: git(dir, 'rev-parse', `${MAJOR}^{commit}`), tagged: git(dir, 'rev-parse', `${tag}^{commit}`) };
}

interface Replayed {
  log: string[];
  gh: { cwd: string; token: string; args: string[] } | null;
  workspace: string;
}

/** Replays the release job for a push of `tag` to `repo`; resolves or rejects like the job. */
async function release(repo: Origin, tag: string, extraEnv: NodeJS.ProcessEnv = {}): Promise<Replayed> {
  const files = mkdtempSync(join(scratch, 'run-'));
  const log = join(files, 'log');
  const gh = join(files, 'gh.json');
  writeFileSync(log, '');
  let workspace = '';
  const base: NodeJS.ProcessEnv = {
    PATH: [stubs, dirname(process.execPath), process.env.PATH].join(delimiter),
    HOME: files,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    CI: 'true',
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: 'push',
    GITHUB_REF: `refs/tags/${tag}`,
    GITHUB_REF_NAME: tag,
    GITHUB_REF_TYPE: 'tag',
    GITHUB_SHA: repo.tagged,
    GITHUB_REPOSITORY: 'owner/evidence-gate',
    npm_config_update_notifier: 'false',
    REPLAY_LOG: log,
    REPLAY_GH: gh,
    ...extraEnv
  };
  const notRun = async () => {
    throw new Error('release.yml has no uses: ./ step');
  };
  const done = (): Replayed => {
    let recorded: Replayed['gh'] = null;
    try {
      recorded = JSON.parse(readFileSync(gh, 'utf8'));
    } catch {
      recorded = null;
    }
    return { log: readFileSync(log, 'utf8').split('\n').filter(Boolean), gh: recorded, workspace };
  };
  const checkout = (dir: string) => {
    // actions/checkout on a tag push: the tagged commit, detached, with origin able to take a push.
    workspace = dir;
    git(dir, 'clone', '-q', repo.dir, '.');
    git(dir, 'checkout', '-q', '--detach', `refs/tags/${tag}`);
  };
  try {
    await replayJob(readWorkflow(WORKFLOW), 'release', notRun, base, { checkout });
  } catch (error) {
    throw Object.assign(error as Error, { replayed: done() });
  }
  return done();
}

describe('release.yml', () => {
  test('runs on vX.Y.Z tags only, with contents: write and nothing more', () => {
    const workflow = readWorkflow(WORKFLOW) as unknown as {
      on: unknown;
      permissions: unknown;
      jobs: Record<string, { permissions?: unknown }>;
    };
    expect(workflow.on).toEqual({ push: { tags: ['v*.*.*'] } });
    expect(workflow.permissions).toEqual({ contents: 'write' });
    for (const job of Object.values(workflow.jobs)) expect(job.permissions).toBeUndefined();
  });

  test(`a tag push checks, tests, packs, releases with the changelog section and moves ${MAJOR}`, async () => {
    const tag = `v${PKG.version}`;
    const repo = origin(tag);
    expect(repo.older).not.toBe(repo.tagged);
    const r = await release(repo, tag);
    expect(r.log).toEqual([
      'npm ci',
      'npm run package',
      'npm test',
      'npm pack --json',
      expect.stringMatching(/^gh release create /)
    ]);
    const tarball = `${PKG.name}-${PKG.version}.tgz`;
    expect(r.gh).not.toBeNull();
    const { args, cwd, token } = r.gh as NonNullable<Replayed['gh']>;
    expect(cwd).toBe(r.workspace);
    expect(token).toBe(TOKEN);
    const notesFile = args[args.indexOf('--notes-file') + 1] as string;
    expect(args).toEqual([
      'release',
      'create',
      tag,
      tarball,
      '--verify-tag',
      '--title',
      tag,
      '--notes-file',
      notesFile
    ]);
    expect(readFileSync(notesFile, 'utf8')).toBe(
      section(readFileSync(join(REPO_ROOT, 'CHANGELOG.md'), 'utf8'), PKG.version)
    );
    // The attached tarball is the package of this version.
    const inside = spawnSync('tar', ['-xzOf', join(r.workspace, tarball), 'package/package.json'], {
      encoding: 'utf8'
    });
    expect(JSON.parse(inside.stdout)).toMatchObject({ name: PKG.name, version: PKG.version });
    // The major tag moved on origin from the earlier release to this one; the exact tag did not move.
    expect(git(repo.dir, 'rev-parse', `${MAJOR}^{commit}`)).toBe(repo.tagged);
    expect(git(repo.dir, 'rev-parse', `${tag}^{commit}`)).toBe(repo.tagged);
  });

  test(`a pre-release is marked so and leaves ${MAJOR} where it was`, async () => {
    const version = `${PKG.version}-rc.1`;
    const tag = `v${version}`;
    const repo = origin(tag, (dir) => {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
      writeFileSync(join(dir, 'package.json'), JSON.stringify({ ...pkg, version }, null, 2) + '\n');
      const changelog = readFileSync(join(dir, 'CHANGELOG.md'), 'utf8');
      // The candidate's section goes above the newest release, below whatever Unreleased holds.
      writeFileSync(
        join(dir, 'CHANGELOG.md'),
        changelog.replace(`## [${PKG.version}]`, `## [${version}] - 2027-01-05\n- a candidate\n\n## [${PKG.version}]`)
      );
    });
    const r = await release(repo, tag);
    const args = (r.gh as NonNullable<Replayed['gh']>).args;
    expect(args.slice(0, 4)).toEqual(['release', 'create', tag, `${PKG.name}-${version}.tgz`]);
    expect(args.at(-1)).toBe('--prerelease');
    expect(readFileSync(args[args.indexOf('--notes-file') + 1] as string, 'utf8')).toBe('- a candidate\n');
    expect(git(repo.dir, 'rev-parse', `${MAJOR}^{commit}`)).toBe(repo.older);
  });

  test('a tag that is not package.json version stops before anything is installed or released', async () => {
    const repo = origin('v9.9.9');
    const failure = release(repo, 'v9.9.9');
    await expect(failure).rejects.toThrow(
      `::error::tag v9.9.9 does not name package.json's version ${PKG.version} (expected v${PKG.version})`
    );
    const r = await failure.catch((e: { replayed: Replayed }) => e.replayed);
    expect(r.log).toEqual([]);
    expect(r.gh).toBeNull();
    expect(git(repo.dir, 'rev-parse', `${MAJOR}^{commit}`)).toBe(repo.older);
  });

  test('a version without its CHANGELOG.md section stops at the first step', async () => {
    const tag = `v${PKG.version}`;
    const repo = origin(tag, (dir) =>
      writeFileSync(join(dir, 'CHANGELOG.md'), '# Changelog\n\n## [Unreleased]\n- later\n')
    );
    const failure = release(repo, tag);
    await expect(failure).rejects.toThrow(`changelog-section: CHANGELOG.md: no section for ${PKG.version}`);
    expect((await failure.catch((e: { replayed: Replayed }) => e.replayed)).log).toEqual([]);
  });

  test('a dist/ that differs from a fresh build stops the release before the tests', async () => {
    const tag = `v${PKG.version}`;
    const repo = origin(tag);
    const failure = release(repo, tag, { REPLAY_STALE_DIST: '1' });
    await expect(failure).rejects.toThrow(
      /::error::dist\/ is stale: run 'npm run package' and commit dist\/ before tagging\n M dist\/cli\/index\.js/
    );
    const r = await failure.catch((e: { replayed: Replayed }) => e.replayed);
    expect(r.log).toEqual(['npm ci', 'npm run package']);
    expect(r.gh).toBeNull();
    expect(git(repo.dir, 'rev-parse', `${MAJOR}^{commit}`)).toBe(repo.older);
  });
});
