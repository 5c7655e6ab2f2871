/**
 * What a family (family.ts) and the adaptive search (search/runner.ts) are given for one row: a
 * module of its own, so that the family contract and the search need not import each other.
 */
export interface PerturbInput {
  id: string;
  text: string;
  /** Language slice of the row (`unknown` when the data has none). */
  language: string;
}
