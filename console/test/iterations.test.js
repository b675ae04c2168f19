import { test } from 'node:test';
import assert from 'node:assert/strict';
import { iterationsOf, pickIterations } from '../src/iterations.js';
import { outcomes } from '../src/outcomes.js';

const at = (n) => `2026-12-01T10:00:${String(n).padStart(2, '0')}Z`;
const ev = (n, type, frame, state, detail) => ({ at: at(n), type, frame, state, detail });
// Map Each over two items: item 0 goes to Odd, item 1 to Even (frames 1 and 2); then Done at the top.
const events = [
  ev(0, 'EXECUTION_STARTED', 0, undefined, {}),
  ev(1, 'STATE_ENTERED', 0, 'Each', {}),
  ev(2, 'MAP_ITERATION_STARTED', 1, 'Each', { index: 0 }),
  ev(3, 'STATE_ENTERED', 1, 'Which', {}),
  ev(4, 'STATE_EXITED', 1, 'Which', {}),
  ev(5, 'STATE_ENTERED', 1, 'Odd', {}),
  ev(6, 'STATE_EXITED', 1, 'Odd', {}),
  ev(7, 'MAP_ITERATION_STARTED', 2, 'Each', { index: 1 }),
  ev(8, 'STATE_ENTERED', 2, 'Which', {}),
  ev(9, 'STATE_EXITED', 2, 'Which', {}),
  ev(10, 'STATE_ENTERED', 2, 'Even', {}),
  ev(11, 'STATE_EXITED', 2, 'Even', {}),
  ev(12, 'STATE_EXITED', 0, 'Each', {}),
  ev(13, 'STATE_ENTERED', 0, 'Done', {}),
  ev(14, 'STATE_EXITED', 0, 'Done', {}),
];

test('the iterations an inline Map ran are listed by index', () => {
  assert.deepEqual([...iterationsOf(events)], [['Each', [0, 1]]]);
});

test('picking an iteration keeps its events and everything outside the Map', () => {
  const first = outcomes(pickIterations(events, new Map([['Each', 0]])), 'SUCCEEDED');
  assert.equal(first.get('Odd').outcome, 'succeeded');
  assert.equal(first.has('Even'), false);
  assert.equal(first.get('Which').entered, 1);
  assert.equal(first.get('Done').outcome, 'succeeded');
  const second = outcomes(pickIterations(events, new Map([['Each', 1]])), 'SUCCEEDED');
  assert.equal(second.has('Odd'), false);
  assert.equal(second.get('Even').outcome, 'succeeded');
  assert.equal(outcomes(pickIterations(events, new Map()), 'SUCCEEDED').get('Which').entered, 2);
});

test('a branch inside an iteration belongs to that iteration', () => {
  const nested = [
    ev(1, 'STATE_ENTERED', 0, 'Each', {}),
    ev(2, 'MAP_ITERATION_STARTED', 1, 'Each', { index: 0 }),
    ev(3, 'STATE_ENTERED', 1, 'Both', {}),
    ev(4, 'BRANCH_STARTED', 3, 'Both', { branch: 0 }),
    ev(5, 'STATE_ENTERED', 3, 'Left', {}),
    ev(6, 'STATE_EXITED', 3, 'Left', {}),
    ev(7, 'MAP_ITERATION_STARTED', 2, 'Each', { index: 1 }),
    ev(8, 'STATE_ENTERED', 2, 'Both', {}),
    ev(9, 'BRANCH_STARTED', 4, 'Both', { branch: 0 }),
    ev(10, 'STATE_ENTERED', 4, 'Left', {}),
    ev(11, 'TASK_FAILED', 4, 'Left', { error: 'E' }),
  ];
  assert.equal(outcomes(pickIterations(nested, new Map([['Each', 0]])), 'FAILED').get('Left').outcome, 'succeeded');
  assert.equal(outcomes(pickIterations(nested, new Map([['Each', 1]])), 'FAILED').get('Left').outcome, 'failed');
});
