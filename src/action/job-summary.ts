/**
 * What the action posts as the job summary: the engine's summary.md with the action's notes,
 * ending with the artifact link and the manifest SHA-256 (docs/definitions.md#drill-down: summary.md itself cannot
 * hold the digest of the manifest that digests it). And the short summary of a step that
 * stopped before a verdict.
 */
import { code, md } from '../report/escape.js';

interface JobSummaryParts {
  /** The engine's summary.md. */
  summary: string;
  /** Shown right under the verdict heading (for example: the gate does not block this step). */
  headNotes: string[];
  /** Shown above the artifact link (for example: the pull-request comment was not posted). */
  tailNotes: string[];
  artifactNote: string;
  manifestSha256: string;
}

export function jobSummary(p: JobSummaryParts): string {
  const lines = p.summary.trimEnd().split('\n');
  if (p.headNotes.length > 0) {
    const heading = lines.findIndex((l) => l.startsWith('# '));
    lines.splice(heading + 1, 0, '', ...p.headNotes.map((n) => `> ${n}`));
  }
  const tail = [
    '',
    '---',
    '',
    ...p.tailNotes.flatMap((n) => [n, '']),
    p.artifactNote,
    '',
    `Manifest SHA-256: ${code(p.manifestSha256, 64)}`,
    ''
  ];
  return [...lines, ...tail].join('\n');
}

/** A step that failed before a verdict: what went wrong, one escaped line per problem. */
export function errorSummary(kind: string, message: string): string {
  const problems = message.split('\n').filter((l) => l.trim() !== '');
  const shown = problems.slice(0, 20).map((l) => `- ${md(l, 500)}`);
  if (problems.length > 20) shown.push(`- … and ${problems.length - 20} more (see the step log)`);
  return [
    '# Evidence Gate: ⚠️ ERROR',
    '',
    `The step stopped before a verdict (${kind} error):`,
    '',
    ...shown,
    '',
    'No gate verdict, evidence or artifact was produced; the `verdict` output is `error`.',
    ''
  ].join('\n');
}
