import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readInput } from '../src/input.js';

test('an object is an input; empty text is {}', () => {
  assert.deepEqual(readInput('{"who": "Ada", "n": [1, 2]}'), { value: { who: 'Ada', n: [1, 2] } });
  assert.deepEqual(readInput('  \n'), { value: {} });
});

test('text that is not JSON says so in the parser\'s words; Start waits', () => {
  const r = readInput('{"who": ');
  assert.equal(r.value, undefined);
  assert.match(r.problem, /^Not JSON: /);
});

test('JSON that is not an object is refused with what is expected', () => {
  for (const t of ['[1, 2]', '"text"', '42', 'null']) {
    assert.equal(readInput(t).problem, 'The input is a JSON object: {"key": value, ...}.', t);
  }
});
