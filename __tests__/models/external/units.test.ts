import { encodeRequest, quote, requestId, requestSeq, ResponseParser } from '../../../src/models/external/protocol.js';
import { LineSplitter } from '../../../src/models/external/lines.js';
import { ByteTail } from '../../../src/models/external/stderr-tail.js';
import { ANSWERED, FAILED, IN_FLIGHT, RequestTable } from '../../../src/models/external/request-table.js';
import { modelEnvironment } from '../../../src/models/external/environment.js';

describe('request ids and encoding', () => {
  test('ids round-trip exactly and nothing else parses', () => {
    expect(requestId(1)).toBe('r1');
    expect(requestSeq('r1')).toBe(1);
    expect(requestSeq('r1234567')).toBe(1234567);
    for (const bad of ['r', 'r0', 'r01', 'R1', 'r1a', 'x1', '1', '', 'r-1', 'r 1', 'r12345678901234567'])
      expect(requestSeq(bad)).toBeNull();
  });

  test('text and feature requests are one JSON line each', () => {
    const line = encodeRequest(7, { kind: 'text', text: 'a "quoted"\nline\u2028' });
    expect(line.endsWith('\n')).toBe(true);
    expect(line.slice(0, -1)).not.toContain('\n');
    expect(JSON.parse(line)).toEqual({ id: 'r7', text: 'a "quoted"\nline\u2028' });
    expect(JSON.parse(encodeRequest(8, { kind: 'features', values: { x1: 0.5, x2: -1 } }))).toEqual({
      id: 'r8',
      features: { x1: 0.5, x2: -1 }
    });
  });

  test('quote keeps 80 characters and never splits a surrogate pair', () => {
    expect(quote('short')).toBe('"short"');
    expect(quote('x'.repeat(100))).toBe(`"${'x'.repeat(80)}"…`);
    expect(quote(`${'x'.repeat(79)}😀tail`)).toBe(`"${'x'.repeat(79)}"…`);
  });
});

describe('ResponseParser', () => {
  const parser = new ResponseParser(['a', 'b'], false);
  const probs = new ResponseParser(['a', 'b'], true);
  const fail = (p: ResponseParser, line: string) => {
    const r = p.parse(line);
    if (r.ok) throw new Error('expected a failure');
    return r;
  };

  test('scores in label order, label-only, extra fields ignored', () => {
    expect(parser.parse('{"id":"r1","scores":{"b":2,"a":-1},"extra":true}')).toEqual({
      ok: true,
      id: 'r1',
      result: { status: 'ok', scores: [-1, 2] }
    });
    expect(parser.parse('{"id":"r2","label":"b"}')).toEqual({
      ok: true,
      id: 'r2',
      result: { status: 'ok', scores: null, label: 'b' }
    });
    expect(probs.parse('{"id":"r3","scores":{"a":0.1,"b":0.9000005}}').ok).toBe(true);
  });

  test.each([
    ['{"id":"r1"', null, 'malformed_json', /^malformed JSON response "\{\\"id\\":\\"r1\\""$/],
    ['[1,2]', null, 'malformed_json', /not a JSON object/],
    ['{"scores":{"a":1,"b":0}}', null, 'bad_response', /without a string "id"/],
    ['{"id":1,"label":"a"}', null, 'bad_response', /without a string "id"/],
    ['{"id":"r1"}', 'r1', 'bad_response', /neither "scores" nor "label"/],
    ['{"id":"r1","error":"ValueError: x"}', 'r1', 'model_error', /^the model reported an error: "ValueError: x"$/],
    ['{"id":"r1","error":{"type":"E"}}', 'r1', 'bad_response', /"error" is not a string/],
    ['{"id":"r1","label":"a","scores":{"a":1,"b":0}}', 'r1', 'bad_response', /both "scores" and "label"/],
    ['{"id":"r1","label":3}', 'r1', 'bad_response', /"label" is not a string: 3/],
    ['{"id":"r1","label":"z"}', 'r1', 'unknown_label', /label "z" is not a training label/],
    ['{"id":"r1","scores":[1,0]}', 'r1', 'bad_response', /"scores" is not an object/],
    ['{"id":"r1","scores":{"a":1}}', 'r1', 'missing_labels', /miss training labels "b"/],
    ['{"id":"r1","scores":{"a":1,"c":0}}', 'r1', 'missing_labels', /"b"/],
    ['{"id":"r1","scores":{"a":1,"b":0,"c":0}}', 'r1', 'unknown_label', /outside the training set: "c"/],
    [
      '{"id":"r1","scores":{"a":"NaN","b":0}}',
      'r1',
      'non_finite_score',
      /score for "a" is not a finite number: "\\"NaN\\""/
    ],
    [
      '{"id":"r1","scores":{"a":1,"b":1e999}}',
      'r1',
      'non_finite_score',
      /score for "b" is not a finite number: Infinity/
    ],
    ['{"id":"r1","scores":{"a":null,"b":0}}', 'r1', 'non_finite_score', /null/]
  ])('%s', (line, id, failure, reason) => {
    const r = fail(parser, line);
    expect(r.id).toBe(id);
    expect(r.failure).toBe(failure);
    expect(r.reason).toMatch(reason);
  });

  test('probabilities: sum within 1e-6 and each score in [0, 1]', () => {
    expect(fail(probs, '{"id":"r1","scores":{"a":0.5,"b":0.6}}')).toMatchObject({
      failure: 'not_probabilities',
      reason: expect.stringMatching(/sum to 1\.1/)
    });
    expect(fail(probs, '{"id":"r1","scores":{"a":1.5,"b":-0.5}}')).toMatchObject({
      failure: 'not_probabilities',
      reason: expect.stringMatching(/"a" is not a probability/)
    });
    expect(parser.parse('{"id":"r1","scores":{"a":0.5,"b":0.6}}').ok).toBe(true);
  });

  test('labels named like Object.prototype members are not taken from the prototype', () => {
    const p = new ResponseParser(['constructor', 'toString'], false);
    expect(fail(p, '{"id":"r1","scores":{"toString":1}}')).toMatchObject({ failure: 'missing_labels' });
    expect(p.parse('{"id":"r1","scores":{"constructor":1,"toString":0}}').ok).toBe(true);
  });
});

describe('LineSplitter', () => {
  const split = (chunks: string[], max?: number) => {
    const out: string[] = [];
    const s = new LineSplitter((l) => out.push(l), max);
    for (const c of chunks) s.push(c);
    s.end();
    return out;
  };

  test('lines across chunks, CRLF, blank lines, a last line without newline', () => {
    expect(split(['{"a"', ':1}\r\n\r\n  \n{"b":2}\n{', '"c"', ':3}'])).toEqual(['{"a":1}', '{"b":2}', '{"c":3}']);
    expect(split(['one\ntwo\n', '\n', 'three\r', '\nfour'])).toEqual(['one', 'two', 'three', 'four']);
  });

  test('an over-long line is cut once and its rest dropped up to the next newline', () => {
    expect(split(['abcdef', 'ghij', 'kl\nok\n'], 8)).toEqual(['abcdefgh', 'ok']);
  });
});

describe('ByteTail', () => {
  test('keeps the last bytes only, and the last lines', () => {
    const tail = new ByteTail(10);
    tail.push(Buffer.from('0123456789'));
    tail.push(Buffer.from('abc\n'));
    tail.push(Buffer.from('def\n'));
    expect(tail.text()).toBe('89abc\ndef\n');
    expect(tail.lastLines(1)).toBe('def');
    expect(tail.lastLines(5, 6)).toBe('…| def');
  });

  test('a multi-byte character cut at the start is dropped', () => {
    const tail = new ByteTail(4);
    tail.push(Buffer.from('é€ab'));
    expect(tail.text()).toBe('ab');
  });
});

describe('RequestTable', () => {
  test('send, settle, oldest and expiry by send time', () => {
    const t = new RequestTable();
    expect(t.send(3, 100)).toBe(1);
    expect(t.send(2000, 200)).toBe(4);
    expect(t.nextSeq).toBe(2004);
    expect(t.inFlight).toBe(2003);
    expect(t.settle(1, ANSWERED)).toBe(true);
    expect(t.settle(1, FAILED)).toBe(false);
    expect(t.stateOf(1)).toBe(ANSWERED);
    expect(t.stateOf(2)).toBe(IN_FLIGHT);
    expect(t.stateOf(2004)).toBe(0);
    expect(t.oldestInFlight()).toBe(2);
    const expired: number[] = [];
    t.expire(150, (s) => expired.push(s));
    expect(expired).toEqual([2, 3]);
    expect(t.oldestInFlight()).toBe(4);
    t.failAll(() => {});
    expect(t.inFlight).toBe(0);
    expect(t.oldestInFlight()).toBeNull();
  });
});

describe('modelEnvironment', () => {
  test('PATH, HOME, LANG and listed names only; runner secrets never', () => {
    const parent = {
      PATH: '/bin',
      HOME: '/h',
      SHELL: '/bin/sh',
      GITHUB_TOKEN: 't',
      ACTIONS_RUNTIME_TOKEN: 't',
      INPUT_X: 'x',
      MY_VAR: '1'
    };
    expect(modelEnvironment(parent, ['MY_VAR', 'UNSET', 'GITHUB_TOKEN', 'actions_id_token_request_url'])).toEqual({
      env: { PATH: '/bin', HOME: '/h', MY_VAR: '1' },
      refused: ['GITHUB_TOKEN', 'actions_id_token_request_url']
    });
  });
});
