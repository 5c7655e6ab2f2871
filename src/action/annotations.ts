/**
 * Error annotations for blocking checks, each on the config line of its threshold (the
 * `gate:` line, or line 1, when a default applies). GitHub shows at most 10 error annotations
 * (and 10 warning annotations) per step, and a failing step spends one error on its own
 * verdict, so the most severe checks get the remaining slots and one log line counts the rest.
 */
import type { Check } from '../gate/check.js';
import { bySeverity } from '../gate/severity.js';
import { flatten, truncate } from '../report/escape.js';
import { checkThresholdText, checkValueText } from '../report/format.js';

export const MAX_ERROR_ANNOTATIONS = 10;

interface Annotation {
  message: string;
  title: string;
  file: string;
  startLine: number;
}

/**
 * Text from ids (which may carry data values such as a language) kept to one short line,
 * with bidi and invisible characters shown as `\uXXXX` (flatten does both).
 */
function oneLine(text: string): string {
  return truncate(flatten(text), 120);
}

/** Value and threshold in the terminal's and summary.md's words (report/format.ts): "21.57 pp, required ≤ 5 pp". */
function describe(c: Check): string {
  const key = `${oneLine(c.config_key)}${c.threshold_is_default ? ', default' : ''}`;
  return `${oneLine(c.id)}: ${checkValueText(c)}, required ${checkThresholdText(c)} (${key}; n=${c.denominator ?? 0})`;
}

/**
 * `usedSlots`: annotations of the same kind the step already spent (warnings about the
 * baseline, the upload or the comment when the checks are warnings), so that the count of
 * checks left out is right.
 */
export function checkAnnotations(
  blocking: readonly Check[],
  configPath: string,
  willFailStep: boolean,
  usedSlots = 0
): { annotations: Annotation[]; omitted: number } {
  const slots = Math.max(0, MAX_ERROR_ANNOTATIONS - (willFailStep ? 1 : 0) - usedSlots);
  const ranked = bySeverity(blocking);
  return {
    annotations: ranked.slice(0, slots).map((c) => ({
      message: describe(c),
      title: `Evidence Gate: ${c.check.replace(/_/g, ' ')} ${c.status === 'fail' ? 'failed' : 'not evaluated'}`,
      file: configPath,
      startLine: c.config_line
    })),
    omitted: Math.max(0, ranked.length - slots)
  };
}

/**
 * Warning annotations for known failures that do not block (`gate.block_on: new`): the checks
 * whose `change` is `known` and that the gate left out of `failing`. At most 10, most severe first.
 */
export function knownFailureAnnotations(
  checks: readonly Check[],
  failing: readonly string[],
  configPath: string
): { annotations: Annotation[]; omitted: number } {
  const known = bySeverity(
    checks.filter(
      (c) =>
        c.change === 'known' &&
        c.judged &&
        !failing.includes(c.id) &&
        (c.status === 'fail' || c.status === 'not_evaluated')
    )
  );
  return {
    annotations: known.slice(0, MAX_ERROR_ANNOTATIONS).map((c) => ({
      message: `${describe(c)}; failing on the base branch as well, so it does not block (gate.block_on: new)`,
      title: `Evidence Gate: known ${c.check.replace(/_/g, ' ')} failure`,
      file: configPath,
      startLine: c.config_line
    })),
    omitted: Math.max(0, known.length - MAX_ERROR_ANNOTATIONS)
  };
}
