/**
 * One frozen example. The input is generic so that the same evaluation loop serves text
 * (docs/definitions.md#data) and, later, numeric features (docs/definitions.md#tabular).
 */
export type ExampleInput = { kind: 'text'; text: string } | { kind: 'features'; values: Record<string, number> };

export interface Example {
  id: string;
  split: string;
  label: string;
  /** Language slice; a missing or empty language is the slice `unknown`. */
  language: string;
  domain: string | null;
  input: ExampleInput;
  /** Where the row came from, for messages. */
  file: string;
  line: number;
}

export const UNKNOWN_LANGUAGE = 'unknown';

/** The text a model sees for an input, or a canonical rendering of features. */
export function inputKey(input: ExampleInput): string {
  return input.kind === 'text' ? input.text : JSON.stringify(input.values);
}
