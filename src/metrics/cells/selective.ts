/**
 * Per scope: the risk–coverage curve of the clean predictions ordered by margin (selective.ts); not evaluated for a
 * label-only model.
 */
import { notEvaluated } from '../figure.js';
import { RiskCoverageAccumulator, selectiveOutcome, type RiskCoverage } from '../selective.js';
import { perScope, type CellKind, type MetricCell } from './cell.js';

const LABEL_ONLY = 'label-only model: it returns no scores, so there is no margin';

function noMargin(n: number): RiskCoverage {
  return { n, errors: 0, missing: 0, aurc: notEvaluated(LABEL_ONLY, n), curve: [] };
}

export const selectiveCell: CellKind = {
  fields: ['selective'],
  make(context): MetricCell {
    const curves = perScope(context, () => new RiskCoverageAccumulator());
    return {
      add(x) {
        const outcome = selectiveOutcome(x.clean);
        for (const s of x.scopes) (curves[s] as RiskCoverageAccumulator).add(outcome.margin, outcome.correct);
      },
      finish({ labelOnly }) {
        return {
          selective: context.scopes.map((scope, s) => {
            const curve = (curves[s] as RiskCoverageAccumulator).finish();
            return { scope, ...(labelOnly ? noMargin(curve.n) : curve) };
          })
        };
      }
    };
  }
};
