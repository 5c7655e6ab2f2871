/**
 * What every tree read from a model file must be before it is walked (forest.ts): children inside the node list and
 * each node reached from the root at most once, so that a walk always ends at a leaf. A file that breaks this is
 * refused with the tree's place in it, whatever the format.
 */
import type { Tree } from './forest.js';

/** A model file that cannot be read as the format says; the caller adds the file's name. */
export class TreeFileProblem extends Error {}

export function checkTree(tree: Tree, at: string): void {
  const n = tree.feature.length;
  if (n === 0) throw new TreeFileProblem(`${at}: a tree without nodes`);
  const seen = new Uint8Array(n);
  const stack = [0];
  seen[0] = 1;
  while (stack.length > 0) {
    const node = stack.pop() as number;
    if ((tree.feature[node] as number) < 0) continue;
    for (const child of [tree.left[node] as number, tree.right[node] as number]) {
      if (child < 0 || child >= n)
        throw new TreeFileProblem(`${at}: node ${node} has child ${child}; expected a node from 0 to ${n - 1}`);
      if (seen[child] === 1)
        throw new TreeFileProblem(`${at}: node ${child} is reached twice; expected a tree (each node has one parent)`);
      seen[child] = 1;
      stack.push(child);
    }
  }
}
