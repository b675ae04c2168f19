import { test } from 'node:test';
import assert from 'node:assert/strict';
import { countParts, countedBy } from '../src/childcounts.js';

test('pending children come first, unlinked: they are not started, so no execution lists them', () => {
  // As GET /v1/executions/{id}/map-runs answers a run its store counts: 10 in all, 4 not started yet.
  const parts = countParts({ total: 10, PENDING: 4, RUNNING: 3, SUCCEEDED: 2, FAILED: 1, counted: 'store' });
  assert.deepEqual(parts.map((p) => [p.status, p.count, p.linked]),
    [['PENDING', 4, false], ['RUNNING', 3, true], ['SUCCEEDED', 2, true], ['FAILED', 1, true]]);
  assert.equal(parts[0].label, '4 pending');
});

test('zero and absent counts are left out; timed out reads as two words', () => {
  assert.deepEqual(countParts({ total: 2, PENDING: 0, RUNNING: 0, SUCCEEDED: 1, TIMED_OUT: 1 }).map((p) => p.label),
    ['1 succeeded', '1 timed out']);
  assert.deepEqual(countParts(undefined), []);
});

test('where the counts came from is said plainly', () => {
  assert.equal(countedBy({ counted: 'store' }), 'counted by the map run itself');
  assert.equal(countedBy({ counted: 'executions' }), 'counted from its child executions');
  assert.equal(countedBy({}), '');
});
