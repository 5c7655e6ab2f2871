import type { Differentiable } from '../../src/tabular/contract.js';

/**
 * A binary logistic model p(1 | x) = σ(w·x + b) over labels ['0', '1'], written by hand for the
 * tests. predict: '1' when p > 0.5, ties to the first label '0'. inputGradient is the gradient
 * of the cross-entropy loss: −(1 − p)·w for label '1', p·w for label '0'. It counts its calls.
 */
export class LinearStub implements Differentiable {
  predictCalls = 0;
  gradientCalls = 0;
  constructor(
    readonly w: readonly number[],
    readonly b: number
  ) {}

  logit(x: readonly number[]): number {
    return this.w.reduce((s, wi, i) => s + wi * (x[i] as number), this.b);
  }

  /** The logit of `label` in the signed form: z for '1', −z for '0'. */
  margin(x: readonly number[], label: string): number {
    return label === '1' ? this.logit(x) : -this.logit(x);
  }

  predict(x: readonly number[]): string {
    this.predictCalls += 1;
    return this.logit(x) > 0 ? '1' : '0';
  }

  inputGradient(x: readonly number[], label: string): number[] {
    this.gradientCalls += 1;
    const p = 1 / (1 + Math.exp(-this.logit(x)));
    const factor = label === '1' ? -(1 - p) : p;
    return this.w.map((wi) => factor * wi);
  }
}
