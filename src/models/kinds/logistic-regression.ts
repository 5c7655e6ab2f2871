/**
 * `logistic-regression` (tabular, L2-penalised, on raw features): `models: [logistic-regression]` or
 * `{ logistic-regression: { C } }`.
 */
import { describeFound } from '../../errors.js';
import { configError } from '../../config/validate.js';
import { builtinModel } from '../descriptor.js';
import { LogisticRegressionModel } from '../logistic.js';

/** Inverse regularisation strength unless the config says otherwise (scikit-learn's default). */
const DEFAULT_C = 1;

export const LOGISTIC_REGRESSION = builtinModel({
  kind: 'logistic-regression',
  init: '  - { logistic-regression: { C: 1 } }',
  task: 'tabular',
  selectedBy: 'name',
  parameters: ['C'],
  read(params, { source, at }) {
    const C = params.C ?? DEFAULT_C;
    if (typeof C !== 'number' || !(C > 0) || !Number.isFinite(C))
      throw configError(source, [...at, 'C'], `expected a number > 0, found ${describeFound(C)}`);
    return { C };
  },
  probabilities: () => true,
  labelOnly: false,
  gradients: true,
  build: (plan, context) =>
    LogisticRegressionModel.fit(plan.name, context.train, context.labels, context.features, plan.params.C),
  preprocessing: {
    tabular: (plan) => ({
      input: 'the feature vector in the order of `features`',
      scaling: 'identity: no scaler; the model is fitted and scored on raw feature units',
      scores:
        `LogisticRegression(C=${plan.params.C}) on the raw features (L2 penalty, intercept unpenalised, fully ` +
        `converged): predict_proba`
    })
  }
});
