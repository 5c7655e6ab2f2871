// What scripts/bench-trees.js drives, bundled by ncc: the tree-ensemble readers and their prediction.
export { margins } from '../../src/models/trees/forest.js';
export { readLightgbmText } from '../../src/models/trees/lightgbm-text.js';
export { readXgboostJson } from '../../src/models/trees/xgboost-json.js';
export { treeExact } from '../../src/tabular/tree-exact.js';
