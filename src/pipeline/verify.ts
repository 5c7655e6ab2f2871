/**
 * `evidence-gate verify DIR [--rerun]` (docs/definitions.md#verify): a reviewer who distrusts a green check re-derives
 * the artifact. Without --rerun: every SHA-256 the manifest lists is checked, and metrics.json,
 * checks.json, comparison.json (given the baseline's folder), summary.md and report.html are
 * derived again from the evidence and the manifest alone and compared exactly. With --rerun: the
 * inputs the manifest names (config, data, dictionaries, lock files, model files) are checked
 * against their digests, the evaluation is run again into a scratch folder, and the new evidence,
 * metrics and checks must equal the recorded ones byte for byte.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { EvidenceOrderError } from '../evidence/group.js';
import { EvidenceReadError, OutputFolder } from '../evidence/output-folder.js';
import { EvidenceParseError } from '../evidence/row.js';
import { resolveInside } from '../config/paths.js';
import { DataError } from '../errors.js';
import { readDerivationFacts, readReportFacts } from '../manifest/facts.js';
import type { Manifest } from '../manifest/manifest.js';
import { checkRecordedGate } from '../manifest/gate-record.js';
import { recordedNotApplicable } from '../evaluate/applicability.js';
import { stableJson } from '../util/json.js';
import { ArtifactError, fileSha256, majorVersion } from '../manifest/read.js';
import { METRICS_SCHEMA_VERSION } from '../metrics/metrics.js';
import { CHECKS_SCHEMA_VERSION } from '../gate/checks.js';
import { COMPARISON_SCHEMA_VERSION } from '../compare/comparison.js';
import { jsonDifferences } from '../util/json-diff.js';
import { TOOL_VERSION } from '../version.js';
import { openBaseline } from './baseline.js';
import type { RunDeps } from './contract.js';
import { Derivation, renderDerived, type BaselineInput } from './derive.js';
import { isListed, recordedComparisonOf, recordedNoBaseline, settleOnRecordedComparison } from './recorded.js';
import { run } from './run.js';
import { ClosedFormCheck, CROSS_CHECK_MAX_CANDIDATES } from '../perturb/exact/cross-check.js';

export interface VerifyOptions {
  /** The artifact folder, relative to `cwd` or absolute. */
  dir: string;
  cwd: string;
  /** Repository root the manifest's input paths are relative to (for --rerun). */
  root: string;
  rerun?: boolean;
  /** The baseline folder the artifact was compared with, to re-derive comparison.json. */
  baseline?: string | null;
  /** --rerun only: the folder of kept answers (docs/answer-cache.md); without it the models are asked everything. */
  cacheDir?: string | null;
}

export interface VerifyResult {
  /**
   * One line per difference: file, JSON path, recorded vs recomputed; past LIMIT, a file's other differences are
   * one "…and N more" line.
   */
  differences: string[];
  /** Differences found but not listed one by one (each "…and N more" line stands for N; absent when none). */
  unlisted?: number;
  /** Things a reader should know that are not differences (what could not be re-derived, Unicode tables). */
  notes: string[];
}

const LIMIT = 50;

/** The derived JSON files and the major versions this build reads. */
const DERIVED_JSON: Array<[string, number]> = [
  ['metrics.json', METRICS_SCHEMA_VERSION],
  ['checks.json', CHECKS_SCHEMA_VERSION],
  ['comparison.json', COMPARISON_SCHEMA_VERSION]
];

function readJson(path: string, shown: string): unknown {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ArtifactError(`${shown}: not readable JSON (${(error as Error).message})`);
  }
}

/**
 * The SHA-256 of every listed file but the evidence (checked while it streams), entries the manifest does not list, and
 * links.
 */
function checkFiles(art: OutputFolder, out: string[]): void {
  for (const [name] of art.listed()) {
    if (name === art.evidenceName) continue;
    const { problem } = art.readListed(name);
    if (problem) out.push(problem);
  }
  out.push(...art.strayEntries());
}

/** The recorded gate against the recorded config text: a forged threshold is a difference. */
function checkGate(art: OutputFolder, result: VerifyResult): void {
  const check = checkRecordedGate(art.manifest);
  if (check.ok) return;
  if (check.noText)
    result.notes.push(
      `the manifest records no config text, so its gate thresholds were taken as recorded (` +
        `${check.problem.replace(/^config\.text: /, '')})`
    );
  else result.differences.push(`manifest.json: ${check.problem}`);
}

/**
 * Each model's recorded `not_applicable` list against the one its recorded kind and attacks give (the figures go by
 * the latter, docs/tabular.md#not-applicable): an edited list is a difference.
 */
function checkNotApplicable(art: OutputFolder, result: VerifyResult): void {
  const m = art.manifest;
  m.models.forEach((entry, i) => {
    const recorded = (entry as { not_applicable?: unknown }).not_applicable ?? [];
    const derived = recordedNotApplicable(
      m.data.task,
      m.threat_model.attacks.map((a) => a.family),
      entry
    );
    if (stableJson(recorded) !== stableJson(derived))
      result.differences.push(
        `manifest.json: models[${i}].not_applicable: recorded ${JSON.stringify(recorded)}, but its kind ` +
          `(${JSON.stringify(entry.kind)}) and the recorded attacks give ${JSON.stringify(derived)}`
      );
  });
}

function firstDifferentLine(a: string, b: string): number {
  const x = a.split('\n');
  const y = b.split('\n');
  for (let i = 0; i < Math.max(x.length, y.length); i++) if (x[i] !== y[i]) return i + 1;
  return 0;
}

async function rederive(art: OutputFolder, options: VerifyOptions, deps: RunDeps, out: VerifyResult): Promise<void> {
  const m = art.manifest;
  if (m.kind === 'shard') {
    out.notes.push(
      'a shard folder has no metrics or checks to re-derive: merge the shards and verify the merged folder'
    );
  }
  const recordedComparison = recordedComparisonOf(art);
  let baseline: BaselineInput = null;
  if (options.baseline)
    baseline = await openBaseline({ dir: options.baseline, onError: 'refuse' }, m, options.cwd, () => {});
  else if (recordedComparison)
    out.notes.push(
      'comparison.json and the rows behind the comparison checks were not re-derived (pass --baseline DIR with ' +
        'the baseline folder to check them); the checks were derived from the recorded comparison'
    );
  const facts = readDerivationFacts(m);
  const derivation = m.kind === 'shard' ? null : new Derivation(facts, baseline ?? recordedNoBaseline(m));
  let line = 0;
  try {
    for await (const { row } of art.rows()) {
      line++;
      derivation?.add(row);
      if (line % 65536 === 0) deps.progress?.({ stage: 'verify', rows: line, total: art.evidenceEntry.rows });
    }
  } catch (error) {
    if (error instanceof EvidenceParseError || error instanceof EvidenceOrderError) {
      out.differences.push(
        error instanceof EvidenceOrderError
          ? `${m.evidence.file}:${line}: ${error.message}`
          : error.message.replace(`${art.shown}/`, '')
      );
      return;
    }
    if (!(error instanceof EvidenceReadError)) throw error;
    out.differences.push(error.detail);
    // A digest or row count that differs after every row was read still lets the derived files be compared.
    if (!error.atEnd) return;
  }
  if (derivation === null) return;

  const derived = derivation.finish();
  if (!options.baseline && recordedComparison) {
    // Re-decide the checks on the recorded comparison, keeping its rows, which need the baseline to re-derive.
    out.notes.push(...settleOnRecordedComparison(art, derived, facts, recordedComparison));
  }
  const rendered = renderDerived(derived, readReportFacts(m));
  for (const [name] of DERIVED_JSON) {
    const recomputed = rendered[name];
    if (recomputed === undefined) {
      if (isListed(art, name) && !(name === 'comparison.json' && !options.baseline))
        out.differences.push(`${name}: present, but nothing to derive it from`);
      continue;
    }
    if (name === 'comparison.json' && !options.baseline) continue;
    if (!isListed(art, name)) {
      out.differences.push(`${name}: missing`);
      continue;
    }
    if (art.readListed(name).bytes === null) continue;
    const diffs: string[] = [];
    const n = jsonDifferences(art.readJson(name) as never, JSON.parse(recomputed), '', diffs, LIMIT);
    out.differences.push(...diffs.map((x) => `${name}: ${x}`));
    if (n > diffs.length) {
      out.differences.push(`${name}: …and ${n - diffs.length} more differences`);
      out.unlisted = (out.unlisted ?? 0) + n - diffs.length - 1;
    }
  }
  const gateDiffs: string[] = [];
  jsonDifferences(
    { verdict: m.gate.verdict, counts: m.gate.counts, failing_checks: m.gate.failing_checks } as never,
    { verdict: derived.gate.verdict, counts: derived.gate.counts, failing_checks: derived.gate.failing } as never,
    'gate',
    gateDiffs,
    LIMIT
  );
  out.differences.push(...gateDiffs.map((x) => `manifest.json: ${x}`));
  if (!options.baseline && recordedComparison) {
    out.notes.push(
      'summary.md and report.html were not compared: they show the rows behind the comparison checks, which need ' +
        'the baseline'
    );
    return;
  }
  if (m.tool.version !== TOOL_VERSION) {
    out.notes.push(
      `written by Evidence Gate ${m.tool.version}, verified with ${TOOL_VERSION}: summary.md and report.html ` +
        `were not compared (their wording may differ between versions)`
    );
    return;
  }
  for (const name of ['checks.junit.xml', 'summary.md', 'report.html']) {
    const bytes = isListed(art, name) ? art.readListed(name).bytes : null;
    if (bytes === null) continue;
    const recorded = bytes.toString('utf8');
    const recomputed = rendered[name] as string;
    if (recorded !== recomputed)
      out.differences.push(
        `${name}: differs from the re-derived file (first at line ${firstDifferentLine(recorded, recomputed)})`
      );
  }
}

interface RecordedInput {
  what: string;
  path: string;
  sha256: string;
}

/** The inputs the manifest names (config, data, dictionaries, lock files, model files), with the digests they had. */
function recordedInputs(m: Manifest): RecordedInput[] {
  return [
    { what: 'config', path: m.config.path, sha256: m.config.sha256 },
    ...m.data.files.map((f) => ({ what: `data (${f.split})`, path: f.path, sha256: f.sha256 })),
    ...m.threat_model.dictionaries.map((d) => ({ what: 'dictionary', path: d.path, sha256: d.sha256 })),
    ...m.lock_files.map((f) => ({ what: 'lock file', path: f.path, sha256: f.sha256 })),
    ...m.models.flatMap((model) =>
      ((model.files as Array<{ path: string; sha256: string }> | undefined) ?? []).map((f) => ({
        what: `model ${model.name} file`,
        path: f.path,
        sha256: f.sha256
      }))
    )
  ];
}

function absolutePath(root: string, input: RecordedInput): string | null {
  const resolved = resolveInside(root, input.path);
  return typeof resolved === 'string' || !existsSync(resolved.absolute) ? null : resolved.absolute;
}

/**
 * A rerun without its inputs is a data problem, not tampering (exit 2): one line per missing
 * input, naming it and the root it was looked for under.
 */
function requireInputs(m: Manifest, root: string): void {
  const missing = recordedInputs(m).filter((input) => absolutePath(root, input) === null);
  if (missing.length === 0) return;
  const lines = missing.map(
    (i) => `${i.what} ${i.path}: missing under ${root}; expected the file the manifest names, found none`
  );
  const hint = 'verify --rerun needs every input the manifest names (set --root to the repository they are in)';
  throw new DataError([...lines, hint].join('\n'));
}

/** Inputs whose digest changed since the run: a changed one stops the rerun. */
function changedInputs(m: Manifest, root: string): string[] {
  const out: string[] = [];
  for (const input of recordedInputs(m)) {
    const actual = fileSha256(absolutePath(root, input) as string);
    if (actual !== input.sha256)
      out.push(
        `${input.what} ${input.path}: SHA-256 recorded ${input.sha256}, found ${actual} (the input changed since ` +
          `the run)`
      );
  }
  return out;
}

async function rerun(art: OutputFolder, options: VerifyOptions, deps: RunDeps, out: VerifyResult): Promise<void> {
  const m = art.manifest;
  const changed = changedInputs(m, options.root);
  if (changed.length > 0) {
    out.differences.push(...changed, 'rerun stopped: an input differs from the one the manifest records');
    return;
  }
  const recordedUnicode = (m.tool.unicode as { unicode?: string } | undefined)?.unicode;
  if (recordedUnicode !== undefined && recordedUnicode !== process.versions.unicode) {
    out.notes.push(
      `Unicode tables differ: the run used Unicode ${recordedUnicode}, this Node has ` +
        `${process.versions.unicode}; a text with recently assigned characters can tokenize differently`
    );
  }
  const scratch = mkdtempSync(join(tmpdir(), 'evidence-gate-verify-'));
  const check = new ClosedFormCheck();
  try {
    await run(
      {
        crossCheckExact: check,
        root: options.root,
        configPath: m.config.path,
        scratchOutput: join(scratch, 'out'),
        shard: m.shard ? { index: m.shard.index, count: m.shard.count } : null,
        baseline: options.baseline ? { dir: options.baseline, onError: 'refuse' } : null,
        // The config path is the root's; a --cache folder is the command line's, relative to its folder.
        cacheDir: options.cacheDir ? resolve(options.cwd, options.cacheDir) : null
      },
      { ...deps, log: () => {} }
    );
    out.differences.push(...check.disagreements);
    if (check.total > 0) {
      const disagree = check.disagreements.length;
      const cap = CROSS_CHECK_MAX_CANDIDATES.toLocaleString('en-US');
      out.notes.push(
        `exact: ${check.total} rows the closed form certified (spaces of at most ${cap} candidates, the first of ` +
          `each model) were re-derived by asking every candidate: ` +
          (disagree === 0 ? 'all certified again' : `${disagree} disagree`)
      );
    }
    const fresh = OutputFolder.open(join(scratch, 'out'), 'rerun');
    const sha = (a: OutputFolder) => a.evidenceEntry.uncompressed?.sha256 ?? a.evidenceEntry.sha256;
    if (sha(fresh) !== sha(art))
      out.differences.push(
        `${m.evidence.file}: the rerun's rows differ (uncompressed SHA-256 recorded ${sha(art)}, rerun ${sha(fresh)})`
      );
    for (const [name] of DERIVED_JSON) {
      const a = isListed(art, name) ? art.readListed(name).bytes : null;
      const b = join(scratch, 'out', name);
      if (a === null && !existsSync(b)) continue;
      if (a === null || !existsSync(b)) {
        out.differences.push(
          `${name}: ${a !== null ? 'the rerun wrote none' : 'the artifact has none, the rerun wrote one'}`
        );
        continue;
      }
      if (a.toString('utf8') === readFileSync(b, 'utf8')) continue;
      const diffs: string[] = [];
      jsonDifferences(art.readJson(name) as never, readJson(b, `rerun ${name}`) as never, '', diffs, LIMIT);
      out.differences.push(
        ...(diffs.length > 0 ? diffs.map((x) => `${name} (rerun): ${x}`) : [`${name} (rerun): bytes differ`])
      );
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

export async function verify(options: VerifyOptions, deps: RunDeps = {}): Promise<VerifyResult> {
  const art = OutputFolder.open(resolve(options.cwd, options.dir), options.dir);
  for (const [name, major] of DERIVED_JSON) {
    if (!isListed(art, name) || art.readListed(name).bytes === null) continue;
    const version = majorVersion((art.readJson(name) as { schema_version?: unknown } | null)?.schema_version);
    if (version !== major)
      throw new ArtifactError(
        `${options.dir}/${name}: schema_version ${version ?? '(none)'} is not one this build reads (${major})`
      );
  }
  if (options.rerun) requireInputs(art.manifest, options.root);
  const out: VerifyResult = { differences: [], notes: [] };
  checkFiles(art, out.differences);
  checkGate(art, out);
  checkNotApplicable(art, out);
  await rederive(art, options, deps, out);
  if (options.rerun) await rerun(art, options, deps, out);
  return out;
}
