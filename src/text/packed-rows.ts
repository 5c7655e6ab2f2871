/**
 * Sparse rows and vocabularies in a form one thread hands another cheaply: a chunk's rows as
 * three typed arrays (moved, not copied), a vocabulary as one string and its end offsets (two
 * flat copies instead of one cloned string per feature). Unpacking gives back exactly the rows
 * and features that were packed, in order.
 */
import type { SparseRow } from './features.js';

/** Rows in order: row k is ids/counts[offsets[k], offsets[k + 1]). */
export interface PackedRows {
  offsets: Uint32Array<ArrayBuffer>;
  ids: Int32Array<ArrayBuffer>;
  counts: Uint32Array<ArrayBuffer>;
}

/** Gives a buffer of at least `bytes` bytes (a recycled one, or a new one). */
type BufferSource = (bytes: number) => ArrayBuffer;

const freshBuffer: BufferSource = (bytes) => new ArrayBuffer(bytes);

/** Packs rows into three arrays, each over a whole buffer taken from `take` (which may be larger than needed). */
export function packRows(rows: readonly SparseRow[], take: BufferSource = freshBuffer): PackedRows {
  let total = 0;
  for (const row of rows) total += row.ids.length;
  const offsets = new Uint32Array(take(4 * (rows.length + 1)), 0, rows.length + 1);
  const ids = new Int32Array(take(4 * total), 0, total);
  const counts = new Uint32Array(take(4 * total), 0, total);
  let at = 0;
  offsets[0] = 0;
  rows.forEach((row, k) => {
    ids.set(row.ids, at);
    counts.set(row.counts, at);
    at += row.ids.length;
    offsets[k + 1] = at;
  });
  return { offsets, ids, counts };
}

/**
 * Buffers handed back after use, to pack the next rows into: a chunk's rows are large and live
 * for a few chunks, long enough to reach the old generation, where dropped buffers wait for a
 * full collection; reusing them keeps the memory they hold flat.
 */
export class BufferPool {
  private readonly free: ArrayBuffer[] = [];

  /** Takes the smallest free buffer that is large enough, or makes one with room to spare. */
  readonly take: BufferSource = (bytes) => {
    if (bytes === 0) return new ArrayBuffer(0);
    let best = -1;
    this.free.forEach((b, i) => {
      if (b.byteLength >= bytes && (best < 0 || b.byteLength < (this.free[best] as ArrayBuffer).byteLength)) best = i;
    });
    if (best >= 0) return this.free.splice(best, 1)[0] as ArrayBuffer;
    return new ArrayBuffer(Math.ceil((bytes * 1.25) / 8) * 8);
  };

  give(buffers: readonly ArrayBuffer[]): void {
    for (const b of buffers) if (b.byteLength > 0) this.free.push(b);
  }

  get size(): number {
    return this.free.length;
  }
}

/** The rows of `packed`, as views on its arrays (rows must not be modified). */
export function unpackRows(packed: PackedRows): SparseRow[] {
  const { offsets, ids, counts } = packed;
  const rows: SparseRow[] = new Array(offsets.length - 1);
  for (let k = 0; k < rows.length; k++) {
    const a = offsets[k] as number;
    const b = offsets[k + 1] as number;
    rows[k] = { ids: ids.subarray(a, b), counts: counts.subarray(a, b) };
  }
  return rows;
}

/**
 * The buffers to transfer with a message carrying these rows (each array is a view from offset 0 of its own buffer).
 */
export function rowBuffers(packed: readonly PackedRows[]): ArrayBuffer[] {
  return packed.flatMap((p) => [p.offsets.buffer, p.ids.buffer, p.counts.buffer]);
}

export interface PackedVocabulary {
  joined: string;
  ends: Uint32Array<ArrayBuffer>;
}

export function packVocabulary(vocabulary: readonly string[]): PackedVocabulary {
  const ends = new Uint32Array(vocabulary.length);
  let at = 0;
  vocabulary.forEach((f, i) => (ends[i] = at += f.length));
  return { joined: vocabulary.join(''), ends };
}

export function unpackVocabulary(packed: PackedVocabulary): string[] {
  const out: string[] = new Array(packed.ends.length);
  let start = 0;
  for (let i = 0; i < out.length; i++) {
    const end = packed.ends[i] as number;
    out[i] = packed.joined.slice(start, end);
    start = end;
  }
  return out;
}
