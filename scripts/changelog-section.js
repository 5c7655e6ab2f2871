#!/usr/bin/env node
// Prints the CHANGELOG.md section of one version: the lines under its `## [X.Y.Z] - YYYY-MM-DD`
// heading up to the next `## ` heading, trimmed. The release workflow uses it as the GitHub
// release's notes (docs/releases.md). A missing, undated or empty section is an error naming the
// file and the heading it expected, so a tag cannot be released without its notes.
//
//   node scripts/changelog-section.js 1.2.0 [CHANGELOG.md]
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/;

/** The notes of `version` in the changelog text; throws an Error whose message is one line. */
export function changelogSection(text, version, file = 'CHANGELOG.md') {
  if (!VERSION.test(version))
    throw new Error(`version: expected X.Y.Z (a semantic version), found ${JSON.stringify(version)}`);
  const lines = text.split(/\r?\n/);
  const escaped = version.replace(/\./g, '\\.');
  const start = lines.findIndex((line) => new RegExp(`^## \\[${escaped}\\]`).test(line));
  if (start < 0)
    throw new Error(`${file}: no section for ${version} (expected a heading "## [${version}] - YYYY-MM-DD")`);
  const heading = lines[start];
  if (!new RegExp(`^## \\[${escaped}\\] - \\d{4}-\\d{2}-\\d{2}\\s*$`).test(heading)) {
    throw new Error(
      `${file}:${start + 1}: expected "## [${version}] - YYYY-MM-DD" (a released section has its date), found ${JSON.stringify(heading)}`
    );
  }
  let end = lines.findIndex((line, i) => i > start && /^## /.test(line));
  if (end < 0) end = lines.length;
  // Link references ("[1.0.0]: https://…") at the end of the file belong to no section.
  const body = lines.slice(start + 1, end).filter((line) => !/^\[[^\]]+\]: \S+/.test(line));
  const notes = body.join('\n').trim();
  if (notes === '') throw new Error(`${file}:${start + 1}: the section for ${version} is empty`);
  return notes + '\n';
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [version, file = 'CHANGELOG.md'] = process.argv.slice(2);
  try {
    if (version === undefined) throw new Error('usage: node scripts/changelog-section.js VERSION [CHANGELOG.md]');
    process.stdout.write(changelogSection(readFileSync(file, 'utf8'), version, file));
  } catch (error) {
    process.stderr.write(`changelog-section: ${error.code === 'ENOENT' ? `${file}: not found` : error.message}\n`);
    process.exit(1);
  }
}
