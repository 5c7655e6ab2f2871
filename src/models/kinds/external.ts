/**
 * `{ name, command, … }`: the user's own classifier over the JSONL protocol
 * (src/models/external/contract.ts), for either task. Its entry is read whole, since it has no
 * built-in name.
 */
import { readFileSync } from 'node:fs';
import { describeFound } from '../../errors.js';
import { modelName } from '../../config/model-name.js';
import { PRINTABLE, configError, unknownKey } from '../../config/validate.js';
import { sha256Hex } from '../../util/hash.js';
import { stableJson } from '../../util/json.js';
import { hasHidden } from '../../util/visible.js';
import { entryModel } from '../descriptor.js';
import { PROTOCOL_VERSION } from '../external/contract.js';
import { ExternalModel } from '../external/external-model.js';
import { repeatedScores } from '../repeat.js';
import { processOptions, stringList } from './process-options.js';

const EXTERNAL_KEYS = [
  'name',
  'command',
  'timeout_s',
  'request_timeout_s',
  'probabilities',
  'env',
  'files',
  'window',
  'repeat'
];

/** Said of a command's scores in the preprocessing record. */
const answers = (probabilities: boolean) =>
  `whatever the command answers (${probabilities ? 'declared as probabilities' : 'scores, not probabilities'}); ` +
  `its own preprocessing is identified by the digests of models[].files`;

export const EXTERNAL = entryModel({
  kind: 'external',
  task: 'any',
  selectedBy: 'entry',
  key: 'command',
  read(obj, { source, at, file }) {
    for (const key of Object.keys(obj)) {
      if (!EXTERNAL_KEYS.includes(key)) throw configError(source, [...at, key], unknownKey(key, EXTERNAL_KEYS), true);
    }
    // The command runs as written: a hidden character (a line break that starts a second
    // command, a bidi control that shows a reviewer other text) is refused.
    const command = (): string => {
      const v = obj.command;
      if (typeof v !== 'string' || v.trim() === '')
        throw configError(source, [...at, 'command'], `expected a non-empty string, found ${describeFound(v)}`);
      if (hasHidden(v))
        throw configError(
          source,
          [...at, 'command'],
          `expected a command on one line ${PRINTABLE}, found ${describeFound(v)}`
        );
      return v;
    };
    const options = processOptions(obj, source, at);
    return {
      name: modelName(obj.name, source, [...at, 'name']),
      params: {
        command: command(),
        ...options,
        files: stringList(obj, 'files', source, at).map((p, i) => file([...at, 'files', i], p))
      }
    };
  },
  probabilities: (params) => params.probabilities,
  labelOnly: true,
  gradients: false,
  build(plan, context) {
    const p = plan.params;
    const externalPlan = {
      name: plan.name,
      command: p.command,
      timeoutS: p.timeout_s,
      requestTimeoutS: p.request_timeout_s,
      probabilities: p.probabilities,
      env: p.env,
      window: p.window,
      repeat: p.repeat,
      answers: context.answers(plan)
    };
    return new ExternalModel(externalPlan, context.labels, context.root, context.log);
  },
  remote: {
    command: true,
    wallMs: (model) => (model instanceof ExternalModel ? model.counters().wall_ms : null),
    manifest(model, plan) {
      if (!(model instanceof ExternalModel)) return null;
      const files = plan.params.files.map((f) => ({ path: f.path, sha256: sha256Hex(readFileSync(f.absolute)) }));
      return {
        // The model's identity: its command line and the digests of the files it was declared to use.
        digest: sha256Hex(stableJson({ command: plan.params.command, files })),
        files,
        env: plan.params.env
      };
    },
    // Wall time has its own place in manifest.run.
    counters: (model) => (model instanceof ExternalModel ? { ...model.counters(), wall_ms: undefined } : null),
    cacheSettings: (plan) => ({
      command: plan.params.command,
      protocol_version: PROTOCOL_VERSION,
      probabilities: plan.params.probabilities
    }),
    stderrTail: (model) => (model instanceof ExternalModel ? model.stderrTail() : '')
  },
  preprocessing: {
    text: (plan) => ({
      input:
        'the text as written (the perturbed text under a perturbation), UTF-8, as the "text" string of one JSON ' +
        'request line {"id": "r<sequence number>", "text": ...} on the command\'s standard input; Evidence Gate ' +
        'does no lower-casing, normalisation or tokenisation',
      vectorizers: [],
      scores: repeatedScores(answers(plan.params.probabilities), plan.params.repeat)
    }),
    tabular: (plan) => ({
      input:
        'the feature record as a JSON object of numbers, keys in the order of `features`, as the "features" ' +
        'value of one JSON request line {"id": "r<sequence number>", "features": {...}}',
      scaling: "identity on Evidence Gate's side: the command receives raw feature units",
      scores: repeatedScores(answers(plan.params.probabilities), plan.params.repeat)
    })
  }
});
