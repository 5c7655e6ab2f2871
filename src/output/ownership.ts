/**
 * Which folders the tool may replace or delete. An existing output folder is replaced only
 * when it is empty or holds exactly an earlier Evidence Gate output: its manifest.json (with
 * this tool's name), the files that manifest lists under `files` and the stderr tails it
 * lists under `run.stderr_files`, each a regular file. Anything else there (a note, a
 * sub-folder, a link, a file named like ours but not listed) is the user's, and the run
 * stops before touching anything.
 */
import { lstatSync, readdirSync, readFileSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import { quote, quotePath } from '../util/quote.js';
import { sortCodePoints } from '../util/strings.js';
import { TOOL_NAME } from '../version.js';

const TAIL =
  '; expected an empty folder or an earlier Evidence Gate output (move those entries away or choose another ' +
  'output folder)';

/**
 * Every name a run can write into its staging folder. A leftover staging folder is removed
 * only when it holds nothing else; add new output files here.
 */
const OUTPUT_FILE = new RegExp(
  '^(manifest\\.json|evidence\\.jsonl|evidence\\.jsonl\\.gz|metrics\\.json|checks\\.json|summary\\.md|' +
    'report\\.html|comparison\\.json|stderr-[^/\\\\]+\\.txt)$'
);

const shownEntry = (d: Dirent): string => (d.isDirectory() ? `${d.name}/` : d.name);

/** The names an Evidence Gate manifest claims, or null when `dir/manifest.json` is not one. */
function claimedNames(dir: string): Set<string> | null {
  const path = join(dir, 'manifest.json');
  try {
    if (!lstatSync(path).isFile()) return null;
    const manifest = JSON.parse(readFileSync(path, 'utf8')) as {
      tool?: { name?: unknown };
      files?: unknown;
      run?: { stderr_files?: unknown };
    };
    if (manifest?.tool?.name !== TOOL_NAME || typeof manifest.files !== 'object' || manifest.files === null)
      return null;
    const stderr = manifest.run?.stderr_files;
    return new Set([
      'manifest.json',
      ...Object.keys(manifest.files),
      ...(typeof stderr === 'object' && stderr !== null ? Object.keys(stderr) : [])
    ]);
  } catch {
    return null;
  }
}

/** Why `dir` (an existing folder) may not be replaced, or null when it may. */
function replaceRefusal(dir: string, shown: string): string | null {
  const entries = readdirSync(dir, { withFileTypes: true });
  if (entries.length === 0) return null;
  const folder = `output folder ${quotePath(shown)}`;
  const hasManifest = entries.some((d) => d.name === 'manifest.json');
  if (!hasManifest) {
    const first = sortCodePoints(entries.map(shownEntry))[0] as string;
    return `${folder} holds ${quote(first)} and no Evidence Gate manifest.json${TAIL}`;
  }
  const claimed = claimedNames(dir);
  if (claimed === null) return `${folder} holds a manifest.json that is not an Evidence Gate manifest${TAIL}`;
  const foreign = sortCodePoints(entries.filter((d) => !d.isFile() || !claimed.has(d.name)).map(shownEntry));
  if (foreign.length === 0) return null;
  const first = quote(foreign[0] as string);
  return foreign.length === 1
    ? `${folder} holds ${first}, which its manifest.json does not list${TAIL}`
    : `${folder} holds ${first} and ${foreign.length - 1} more entries its manifest.json does not list${TAIL}`;
}

/** Throw a UsageError when the existing folder `dir` holds anything that is not ours. */
export function assertReplaceable(dir: string, shown: string): void {
  const refusal = replaceRefusal(dir, shown);
  if (refusal !== null) throw new UsageError(refusal);
}

/** An earlier output (or an empty folder) that a backup sibling may hold. */
export function isEarlierOutput(dir: string): boolean {
  return lstatSync(dir).isDirectory() && replaceRefusal(dir, '') === null;
}

/** A staging folder holding only files a run writes (possibly unfinished): safe to delete. */
export function isStagingLeftover(dir: string): boolean {
  if (!lstatSync(dir).isDirectory()) return false;
  return readdirSync(dir, { withFileTypes: true }).every((d) => d.isFile() && OUTPUT_FILE.test(d.name));
}
