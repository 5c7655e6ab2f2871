/** Shared pieces of the external-model tests: fixture commands and plans. */
import { join } from 'node:path';
import type { ExampleInput } from '../../../src/data/example.js';
import type { ExternalModelPlan } from '../../../src/models/external/contract.js';
import { ExternalModel } from '../../../src/models/external/external-model.js';

export const FIXTURES = join(import.meta.dirname, 'fixtures');
export const NODE = JSON.stringify(process.execPath);

/** A command line running one fixture script (run from FIXTURES) with arguments. */
export function fixture(script: string, ...args: string[]): string {
  return [NODE, script, ...args].join(' ');
}

export function plan(over: Partial<ExternalModelPlan> = {}): ExternalModelPlan {
  return {
    name: 'ext',
    command: fixture('fake-model.mjs'),
    timeoutS: 60,
    requestTimeoutS: 30,
    probabilities: false,
    env: [],
    window: 64,
    ...over
  };
}

export function text(t: string): ExampleInput {
  return { kind: 'text', text: t };
}

/** A model over the fixtures folder; `logs` collects its log lines. */
export function model(
  over: Partial<ExternalModelPlan> = {},
  labels: readonly string[] = ['a', 'b']
): { m: ExternalModel; logs: string[] } {
  const logs: string[] = [];
  return { m: new ExternalModel(plan(over), labels, FIXTURES, (l) => logs.push(l)), logs };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
