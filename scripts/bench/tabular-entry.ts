// What scripts/bench-tabular.js drives, bundled by ncc: the tabular pieces of the engine in-process.
export { loadPlan } from '../../src/config/load.js';
export { loadDataset } from '../../src/data/dataset.js';
export { buildModels } from '../../src/models/build.js';
export { featureSpace } from '../../src/evaluate/tabular.js';
export { exactCandidate } from '../../src/tabular/exact.js';
export { squareAttack } from '../../src/tabular/square.js';
export { runQueryAttacks } from '../../src/evaluate/tabular-queries.js';
export { ExternalModel } from '../../src/models/external/external-model.js';
export { run } from '../../src/pipeline/run.js';
export { setThreadEntry } from '../../src/util/threads.js';
