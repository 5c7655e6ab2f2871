/** How a value read from the data is written into YAML that init writes (docs/cli.md). */
import { quote } from './quote.js';

const RESERVED = /^(true|false|yes|no|on|off|null|y|n|~)$/i;

/**
 * A YAML scalar: plain when it reads back as the same string, else double-quoted with every
 * control, bidi and invisible character as a \u escape (a value read from the data cannot hide
 * in the config, nor end a comment's line).
 */
export function yamlScalar(value: string): string {
  const number = /^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$|^0[xo]|^\.(inf|nan)$/i;
  const plain = /^[A-Za-z0-9_.][A-Za-z0-9_./-]*$/.test(value) && !RESERVED.test(value) && !number.test(value);
  return plain ? value : quote(value);
}
