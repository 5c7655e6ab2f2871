import { chunkTexts } from '../../src/evaluate/conditions.js';
import type { SparseRow } from '../../src/text/features.js';
import {
  BufferPool,
  packRows,
  packVocabulary,
  rowBuffers,
  unpackRows,
  unpackVocabulary
} from '../../src/text/packed-rows.js';

const row = (ids: number[], counts: number[]): SparseRow => ({
  ids: Int32Array.from(ids),
  counts: Uint32Array.from(counts)
});

describe('packRows / unpackRows', () => {
  test('gives back every row in order, empty rows included', () => {
    const rows = [row([3, 1], [2, 1]), row([], []), row([7], [4_000_000_000]), row([], [])];
    const back = unpackRows(packRows(rows));
    expect(back.map((r) => [Array.from(r.ids), Array.from(r.counts)])).toEqual(
      rows.map((r) => [Array.from(r.ids), Array.from(r.counts)])
    );
    expect(back[2]?.counts).toBeInstanceOf(Uint32Array);
    expect(back[0]?.ids).toBeInstanceOf(Int32Array);
  });

  test('rows past the first allocation (long rows, many rows) and no rows at all', () => {
    const rows = Array.from({ length: 300 }, (_, k) =>
      row(
        Array.from({ length: k * 7 }, (_, i) => i * 3 + k),
        Array.from({ length: k * 7 }, (_, i) => i + 1)
      )
    );
    const packed = packRows(rows);
    expect(packed.ids.length).toBe(rows.reduce((n, r) => n + r.ids.length, 0));
    expect(unpackRows(packed).map((r) => Array.from(r.ids))).toEqual(rows.map((r) => Array.from(r.ids)));
    expect(unpackRows(packRows([]))).toEqual([]);
  });

  test('the packed arrays own their buffers, so they can be transferred whole', () => {
    const packed = packRows([row([1, 2, 3], [1, 1, 1])]);
    const buffers = rowBuffers([packed]);
    expect(buffers).toHaveLength(3);
    expect(packed.ids.byteLength).toBe(packed.ids.buffer.byteLength);
    expect(packed.counts.byteLength).toBe(packed.counts.buffer.byteLength);
    const { port1, port2 } = new MessageChannel();
    port1.postMessage(packed, buffers);
    port1.close();
    port2.close();
    expect(packed.ids.length).toBe(0); // detached: moved, not copied
  });
});

describe('BufferPool', () => {
  test('rows packed into recycled buffers read back the same; the smallest large-enough buffer is reused', () => {
    const pool = new BufferPool();
    const first = packRows([row([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [1, 1, 1, 1, 1, 1, 1, 1, 1, 9])], pool.take);
    // Room to spare: a recycled buffer can be larger than the rows it carries.
    expect(first.ids.buffer.byteLength).toBeGreaterThanOrEqual(40);
    pool.give(rowBuffers([first]));
    expect(pool.size).toBe(3);
    const rows = [row([5, 6], [2, 3]), row([], []), row([9], [1])];
    const second = packRows(rows, pool.take);
    expect(pool.size).toBeLessThan(3);
    expect(unpackRows(second).map((r) => [Array.from(r.ids), Array.from(r.counts)])).toEqual([
      [
        [5, 6],
        [2, 3]
      ],
      [[], []],
      [[9], [1]]
    ]);
    // Nothing empty is kept; a request for no bytes takes nothing from the pool.
    pool.give([new ArrayBuffer(0)]);
    const before = pool.size;
    expect(pool.take(0).byteLength).toBe(0);
    expect(pool.size).toBe(before);
  });
});

describe('packVocabulary / unpackVocabulary', () => {
  test('gives back every feature, whatever its characters', () => {
    const vocabulary = ['', ' a', 'ab', '\n', '😀x', 'é ', '\ud800', '', 'zz'];
    const packed = packVocabulary(vocabulary);
    expect(packed.ends).toHaveLength(vocabulary.length);
    expect(unpackVocabulary(packed)).toEqual(vocabulary);
    expect(unpackVocabulary(packVocabulary([]))).toEqual([]);
  });
});

describe('chunkTexts', () => {
  test('the distinct text inputs of a chunk in order of first appearance; tabular inputs are skipped', () => {
    const text = (t: string) => ({ input: { kind: 'text' as const, text: t } });
    const lists = [
      [text('b'), text('a'), text('b')],
      [{ input: { kind: 'features' as const, values: { x: 1 } } }],
      [text('a'), text('c'), text('')]
    ];
    expect(chunkTexts(lists)).toEqual(['b', 'a', 'c', '']);
  });
});
