/**
 * Replays jobs of a workflow file the way a runner would, close enough to catch a wrong
 * assertion: each job (and each matrix combination) gets a fresh checkout of the examples,
 * each `uses: ./` step runs the action adapter with fresh GITHUB_OUTPUT / GITHUB_STEP_SUMMARY
 * files and INPUT_* variables (action.yml defaults, then `with:`), and each `run:` block runs
 * with `bash -eo pipefail` and the `env:` it declares, `${{ … }}` filled from the step outputs
 * written so far (by the action or by a run: block with an id). actions/setup-node is the Node
 * running the replay. Anything this replay does not model (`if:`, another action, an unknown
 * expression) is an error rather than silently skipped.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from '../helpers.js';
import { readOutputs } from '../action/runner-files.js';

export interface Step {
  id?: string;
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, string | number | boolean>;
  env?: Record<string, string | number | boolean>;
  [key: string]: unknown;
}

export interface Job {
  name?: string;
  needs?: string | string[];
  strategy?: { matrix?: Record<string, unknown[]> };
  steps: Step[];
  [key: string]: unknown;
}

export interface Workflow {
  jobs: Record<string, Job>;
}

export function readWorkflow(path = join(REPO_ROOT, '.github/workflows/ci.yml')): Workflow {
  return parse(readFileSync(path, 'utf8')) as Workflow;
}

interface ActionInputSpec {
  default?: string;
}

const ACTION_INPUTS = (
  parse(readFileSync(join(REPO_ROOT, 'action.yml'), 'utf8')) as { inputs: Record<string, ActionInputSpec> }
).inputs;

export const TOKEN = 'ghs_replay_token';

/** Runs the action adapter once, in the environment already in process.env; resolves when done. */
export type RunActionStep = () => Promise<void>;

export interface StepRecord {
  job: string;
  matrix: Record<string, unknown>;
  step: string;
  outputs: Record<string, string>;
  summary: string;
}

interface Scope {
  matrix: Record<string, unknown>;
  jobIndex: number;
  steps: Record<string, Record<string, string>>;
}

/** Fills `${{ … }}` from the contexts this replay models. */
export function expand(text: string, scope: Scope): string {
  return text.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expr: string) => {
    let m = /^steps\.([A-Za-z0-9_-]+)\.outputs\.([A-Za-z0-9_-]+)$/.exec(expr);
    if (m) return scope.steps[m[1] as string]?.[m[2] as string] ?? '';
    m = /^matrix\.([A-Za-z0-9_-]+)$/.exec(expr);
    if (m) {
      if (!((m[1] as string) in scope.matrix)) throw new Error(`replay: no matrix value ${m[1]}`);
      return String(scope.matrix[m[1] as string]);
    }
    if (expr === 'strategy.job-index') return String(scope.jobIndex);
    // The runner pretty-prints toJSON; outside a matrix the context is null.
    if (expr === 'toJSON(matrix)')
      return Object.keys(scope.matrix).length > 0 ? JSON.stringify(scope.matrix, null, 2) : 'null';
    if (expr === 'github.token') return TOKEN;
    if (expr === 'github.event_name') return 'push';
    throw new Error(`replay: the expression \${{ ${expr} }} is not modelled; extend __tests__/workflow/replay.ts`);
  });
}

/** Matrix combinations in the order GitHub numbers them (strategy.job-index). */
export function combinations(job: Job): Array<Record<string, unknown>> {
  const matrix = job.strategy?.matrix;
  if (!matrix) return [{}];
  let out: Array<Record<string, unknown>> = [{}];
  for (const [key, values] of Object.entries(matrix)) {
    if (!Array.isArray(values))
      throw new Error(`replay: matrix key ${key} must be a list (include/exclude are not modelled)`);
    out = out.flatMap((c) => values.map((v) => ({ ...c, [key]: v })));
  }
  return out;
}

export interface ReplayOptions {
  /** What actions/checkout puts in the job's workspace; by default a copy of examples/. */
  checkout?: (workspace: string) => void;
}

const STEP_KEYS = new Set(['id', 'name', 'uses', 'run', 'with', 'env']);

function stepLabel(step: Step, i: number): string {
  return step.name ?? step.id ?? (step.run ? step.run.split('\n')[0] : step.uses) ?? `step ${i + 1}`;
}

/** A runner's view of one job in its own workspace; throws on the first failing step. */
export async function replayJob(
  workflow: Workflow,
  jobId: string,
  runActionStep: RunActionStep,
  base: NodeJS.ProcessEnv,
  options: ReplayOptions = {}
): Promise<StepRecord[]> {
  const job = workflow.jobs[jobId];
  if (!job) throw new Error(`replay: no job ${jobId}`);
  const records: StepRecord[] = [];
  const combos = combinations(job);
  for (const [jobIndex, matrix] of combos.entries()) {
    const workspace = mkdtempSync(join(tmpdir(), `replay-${jobId}-`));
    const scope: Scope = { matrix, jobIndex, steps: {} };
    for (const [i, step] of job.steps.entries()) {
      const extra = Object.keys(step).filter((k) => !STEP_KEYS.has(k));
      if (extra.length > 0)
        throw new Error(`replay: ${jobId} step ${i + 1} uses ${extra.join(', ')}, which this replay does not model`);
      const label = `${jobId}${combos.length > 1 ? ` ${JSON.stringify(matrix)}` : ''} › ${stepLabel(step, i)}`;
      const files = mkdtempSync(join(tmpdir(), 'replay-files-'));
      const outputFile = join(files, 'output');
      const summaryFile = join(files, 'summary');
      writeFileSync(outputFile, '');
      writeFileSync(summaryFile, '');
      const runnerEnv: NodeJS.ProcessEnv = {
        ...base,
        GITHUB_JOB: jobId,
        GITHUB_WORKSPACE: workspace,
        GITHUB_ACTION: step.id ?? `__run_${i}`,
        GITHUB_OUTPUT: outputFile,
        GITHUB_STEP_SUMMARY: summaryFile,
        RUNNER_TEMP: mkdtempSync(join(tmpdir(), 'replay-temp-'))
      };
      if (step.uses?.startsWith('actions/checkout@')) {
        // The workspace is a checkout: the files the self-test steps read, unless the caller says.
        if (options.checkout) options.checkout(workspace);
        else cpSync(join(REPO_ROOT, 'examples'), join(workspace, 'examples'), { recursive: true });
        continue;
      }
      if (step.uses?.startsWith('actions/setup-node@')) continue;
      if (step.uses === './') {
        const inputs: NodeJS.ProcessEnv = {};
        for (const [name, spec] of Object.entries(ACTION_INPUTS))
          inputs[`INPUT_${name.toUpperCase()}`] = expand(String(spec.default ?? ''), scope);
        for (const [name, value] of Object.entries(step.with ?? {})) {
          if (!(name in ACTION_INPUTS)) throw new Error(`replay: ${label}: action.yml has no input ${name}`);
          inputs[`INPUT_${name.toUpperCase()}`] = expand(String(value), scope);
        }
        const saved = process.env;
        process.env = { ...runnerEnv, ...inputs };
        process.exitCode = undefined;
        try {
          await runActionStep();
        } finally {
          process.env = saved;
        }
        const failed = process.exitCode === 1;
        process.exitCode = undefined;
        const outputs = readOutputs(outputFile);
        const summary = readFileSync(summaryFile, 'utf8');
        if (step.id) scope.steps[step.id] = outputs;
        records.push({ job: jobId, matrix, step: step.id ?? label, outputs, summary });
        if (failed)
          throw new Error(
            `replay: ${label} failed the step (verdict ${outputs.verdict ?? 'unset'})\n${summary.slice(0, 2000)}`
          );
        continue;
      }
      if (step.run !== undefined) {
        const env: NodeJS.ProcessEnv = { ...runnerEnv };
        for (const [name, value] of Object.entries(step.env ?? {})) env[name] = expand(String(value), scope);
        const script = join(files, 'script.sh');
        writeFileSync(script, expand(step.run, scope));
        const r = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
          cwd: workspace,
          env,
          encoding: 'utf8'
        });
        if (r.status !== 0)
          throw new Error(`replay: ${label} exited ${r.status}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`);
        if (step.id) scope.steps[step.id] = readOutputs(outputFile);
        continue;
      }
      throw new Error(`replay: ${label}: only actions/checkout, actions/setup-node, ./ and run: steps are modelled`);
    }
  }
  return records;
}

/** Jobs in an order that respects `needs:`. */
export function jobOrder(workflow: Workflow, ids: readonly string[]): string[] {
  const done: string[] = [];
  const visit = (id: string, path: string[]) => {
    if (done.includes(id)) return;
    if (path.includes(id)) throw new Error(`replay: needs cycle at ${id}`);
    const needs = workflow.jobs[id]?.needs;
    for (const n of Array.isArray(needs) ? needs : needs ? [needs] : []) {
      if (!ids.includes(n)) throw new Error(`replay: ${id} needs ${n}, which is not replayed`);
      visit(n, [...path, id]);
    }
    done.push(id);
  };
  for (const id of ids) visit(id, []);
  return done;
}
