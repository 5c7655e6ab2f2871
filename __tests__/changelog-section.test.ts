/** scripts/changelog-section.js: the release notes of one version, taken from CHANGELOG.md. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error -- a plain JavaScript build script without type declarations
import { changelogSection } from '../scripts/changelog-section.js';
import { REPO_ROOT, tempRepo } from './helpers.js';

const section = changelogSection as (text: string, version: string, file?: string) => string;
const SCRIPT = join(REPO_ROOT, 'scripts', 'changelog-section.js');

const CHANGELOG = [
  '# Changelog',
  '',
  '## [Unreleased]',
  '- not yet',
  '',
  '## [1.1.0-rc.1] - 2027-01-05',
  '### Added',
  '- a candidate',
  '',
  '## [1.0.1] - 2027-01-02',
  '',
  '### Fixed',
  '- a fix',
  '',
  '## [1.0.0] - 2026-12-02',
  'First.',
  '',
  '## [0.9.0]',
  '- undated',
  '',
  '## [0.8.0] - 2026-10-01',
  '',
  '[1.0.1]: https://example.invalid/compare/v1.0.0...v1.0.1',
  '[1.0.0]: https://example.invalid/releases/v1.0.0',
  ''
].join('\n');

describe('changelogSection', () => {
  test('returns the lines under the version heading up to the next one, trimmed', () => {
    expect(section(CHANGELOG, '1.0.1')).toBe('### Fixed\n- a fix\n');
    expect(section(CHANGELOG, '1.0.0')).toBe('First.\n');
    expect(section(CHANGELOG, '1.1.0-rc.1')).toBe('### Added\n- a candidate\n');
  });

  test('a version is matched exactly, not as a pattern or a prefix', () => {
    expect(() => section(CHANGELOG, '1.0.10')).toThrow(
      'CHANGELOG.md: no section for 1.0.10 (expected a heading "## [1.0.10] - YYYY-MM-DD")'
    );
    expect(() => section(CHANGELOG.replace('## [1.0.0]', '## [1x0x0]'), '1.0.0')).toThrow('no section for 1.0.0');
  });

  test('refuses an undated or empty section, and a version that is not X.Y.Z', () => {
    expect(() => section(CHANGELOG, '0.9.0')).toThrow(
      'CHANGELOG.md:18: expected "## [0.9.0] - YYYY-MM-DD" (a released section has its date), found "## [0.9.0]"'
    );
    expect(() => section(CHANGELOG, '0.8.0', 'CHANGES.md')).toThrow('CHANGES.md:21: the section for 0.8.0 is empty');
    expect(() => section(CHANGELOG, 'v1.0.0')).toThrow('version: expected X.Y.Z (a semantic version), found "v1.0.0"');
    expect(() => section(CHANGELOG, 'Unreleased')).toThrow('found "Unreleased"');
  });

  test('CHANGELOG.md has a dated, non-empty section for package.json version', () => {
    const { version } = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(section(readFileSync(join(REPO_ROOT, 'CHANGELOG.md'), 'utf8'), version).length).toBeGreaterThan(100);
  });
});

describe('node scripts/changelog-section.js', () => {
  const dir = tempRepo({ 'CHANGELOG.md': CHANGELOG });
  const cli = (args: string[]) => spawnSync(process.execPath, [SCRIPT, ...args], { cwd: dir, encoding: 'utf8' });

  test('prints the section and exits 0', () => {
    expect(cli(['1.0.1'])).toMatchObject({ status: 0, stdout: '### Fixed\n- a fix\n', stderr: '' });
  });

  test('a missing section, file or argument is one line on stderr and exit 1', () => {
    expect(cli(['2.0.0'])).toMatchObject({
      status: 1,
      stdout: '',
      stderr: 'changelog-section: CHANGELOG.md: no section for 2.0.0 (expected a heading "## [2.0.0] - YYYY-MM-DD")\n'
    });
    expect(cli(['1.0.0', 'NOPE.md'])).toMatchObject({ status: 1, stderr: 'changelog-section: NOPE.md: not found\n' });
    expect(cli([])).toMatchObject({
      status: 1,
      stderr: 'changelog-section: usage: node scripts/changelog-section.js VERSION [CHANGELOG.md]\n'
    });
  });
});
