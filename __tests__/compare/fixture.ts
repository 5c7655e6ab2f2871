/** The comparison fixture (__tests__/fixtures/compare-repo): a small copy of the bundled example whose head run changes the hybrid weight and the challenge data. */
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT, tempRepo } from '../helpers.js';

/** A temporary repository with the bundled example under examples/ and the fixture under compare/. */
export function compareRepo(): string {
  const root = tempRepo();
  cpSync(join(REPO_ROOT, 'examples', 'academic-intent'), join(root, 'examples', 'academic-intent'), {
    recursive: true
  });
  cpSync(join(REPO_ROOT, '__tests__', 'fixtures', 'compare-repo'), join(root, 'compare'), { recursive: true });
  return root;
}
