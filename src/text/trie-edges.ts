/**
 * Trie edges (node, symbol) → child in an open-addressing hash table: a trie that finds a word
 * or n-gram by walking its code points or units, with no string built per look-up. Symbols are
 * code points (char n-grams) or UTF-16 units (word tokens). Each slot keeps its three numbers
 * side by side (from, symbol, child, and one spare for alignment), so a probe reads one cache
 * line: a vocabulary's table outgrows the caches, and lookups are most of featurizing.
 */
const STRIDE = 4;

export class Edges {
  /** Slots of [from, symbol, child, −]; from = −1 marks an empty slot. */
  private slots = new Int32Array(1024 * STRIDE).fill(-1);
  private size = 0;

  private static start(node: number, symbol: number, mask: number): number {
    // Small multipliers keep the arithmetic in small-integer range before the code is optimised.
    return ((node & 0xfffff) * 1031 + (symbol & 0xfffff) * 29) & mask;
  }

  /** The child, or −1. */
  get(node: number, symbol: number): number {
    const slots = this.slots;
    const mask = slots.length / STRIDE - 1;
    let i = Edges.start(node, symbol, mask);
    for (;;) {
      const at = i * STRIDE;
      const f = slots[at] as number;
      if (f === -1) return -1;
      if (f === node && slots[at + 1] === symbol) return slots[at + 2] as number;
      i = (i + 1) & mask;
    }
  }

  /** Adds an edge that is not in the table yet. */
  add(node: number, symbol: number, child: number): void {
    if (2 * (this.size + 1) * STRIDE > this.slots.length) this.grow();
    const slots = this.slots;
    const mask = slots.length / STRIDE - 1;
    let i = Edges.start(node, symbol, mask);
    while (slots[i * STRIDE] !== -1) i = (i + 1) & mask;
    slots[i * STRIDE] = node;
    slots[i * STRIDE + 1] = symbol;
    slots[i * STRIDE + 2] = child;
    this.size++;
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Int32Array(old.length * 2).fill(-1);
    this.size = 0;
    for (let at = 0; at < old.length; at += STRIDE)
      if (old[at] !== -1) this.add(old[at] as number, old[at + 1] as number, old[at + 2] as number);
  }
}

/**
 * A trie's nodes: their edges, and per node the feature id spelled by the path to it (−1 when
 * that path spells no feature). Node 0 is the root.
 */
export class Trie {
  readonly edges = new Edges();
  readonly feature: number[] = [-1];

  /** A new child of `node` by `symbol` (which must not have one yet). */
  addChild(node: number, symbol: number): number {
    const child = this.feature.length;
    this.feature.push(-1);
    this.edges.add(node, symbol, child);
    return child;
  }

  /** The child of `node` by `symbol`, made when missing. */
  child(node: number, symbol: number): number {
    const next = this.edges.get(node, symbol);
    return next >= 0 ? next : this.addChild(node, symbol);
  }
}
