/**
 * Shared by the hostile-config-*, hostile-data-* and hostile-escape-* suites: what "inert"
 * means for a message that embeds values from data or config, and payloads that try to break it.
 */
import { loadPlan } from '../../src/config/load.js';
import { checkPlanAgainstData } from '../../src/config/against-data.js';
import type { Plan } from '../../src/config/plan.js';
import { loadDataset } from '../../src/data/dataset.js';

/** Values that try to start a workflow command, reorder text, hide, or break a line. */
export const PAYLOADS = {
  command: 'x\n::error::pwned',
  carriage: 'x\r::warning::pwned',
  separator: 'x\u2028::error::pwned',
  bidi: '\u202eevil',
  isolate: 'a\u2066b\u2069c',
  zeroWidth: 'ad\u200bmin',
  nul: 'a\u0000b',
  ansi: 'a\u001b[31mred',
  bom: '\ufeffx',
  nel: 'a\u0085b'
} as const;

/** Characters no message line may carry raw (line breaks are checked separately). */
/* eslint-disable no-control-regex -- finding control characters is the point */
const HIDDEN =
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u00ad\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;
/* eslint-enable no-control-regex */

/**
 * A message is inert when no line of it starts with `::` (a workflow command), none carries a
 * raw carriage return, bidi, invisible or control character, and every line is a complete
 * `file:line…: …` report (or the final count of further errors).
 */
export function expectInert(message: string, file: string): void {
  const lines = message.split('\n');
  for (const line of lines) {
    expect(line.trimStart().startsWith('::')).toBe(false);
    expect(line).not.toMatch(HIDDEN);
  }
  const problems = lines.filter((l) => !/^\(and \d+ more config errors?\)$/.test(l));
  for (const line of problems) expect(line.startsWith(`${file}:`)).toBe(true);
}

export function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error, but none was thrown');
}

/** The config, data and config-against-data stages, in engine order. */
export function loadAll(root: string, configPath = 'evidence-gate.yml'): Plan {
  const plan = loadPlan({ root, configPath });
  checkPlanAgainstData(plan, loadDataset(plan.data));
  return plan;
}

/** `s` as a YAML double-quoted scalar with every character outside printable ASCII escaped. */
export function yamlString(s: string): string {
  return '"' + s.replace(/[^\x20-\x7e]|["\\]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) + '"';
}
