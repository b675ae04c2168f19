import { test } from 'node:test';
import assert from 'node:assert/strict';
import { outcomes } from '../src/outcomes.js';
import { filterEvents, spans } from '../src/timeline.js';

const at = (n) => `2026-12-01T10:00:${String(n).padStart(2, '0')}Z`;
const ev = (n, type, state, detail) => ({ at: at(n), type, frame: 0, state, detail });
const events = [
  ev(0, 'EXECUTION_STARTED', undefined, { input: {} }),
  ev(0, 'STATE_ENTERED', 'Load', { input: {} }),
  ev(1, 'TASK_SCHEDULED', 'Load', { token: 't' }),
  ev(2, 'TASK_FAILED', 'Load', { error: 'E', cause: 'once' }),
  ev(3, 'TASK_RETRY_SCHEDULED', 'Load', { error: 'E', cause: 'once', retry: 1 }),
  ev(5, 'STATE_EXITED', 'Load', { output: {} }),
  ev(5, 'STATE_ENTERED', 'Hold', { input: {} }),
];

test('the event table filters by kind and by a part of the state name, numbering events in history order', () => {
  assert.deepEqual(filterEvents(events, 'errors', '').map((e) => [e.n, e.type]), [[4, 'TASK_FAILED'], [5, 'TASK_RETRY_SCHEDULED']]);
  assert.deepEqual(filterEvents(events, 'all', 'HOL').map((e) => e.n), [7]);
  assert.deepEqual(filterEvents(events, 'execution', '').map((e) => e.type), ['EXECUTION_STARTED']);
  assert.equal(filterEvents(events, 'nonsense', '').length, events.length);
});

test('the timeline spans each state from first entry to last exit, an open one to now, as parts of the run', () => {
  const s = spans(outcomes(events, 'RUNNING'), at(0), null, at(10));
  assert.deepEqual(s.map((x) => x.state), ['Load', 'Hold']);
  assert.equal(s[0].left, 0);
  assert.equal(s[0].width, 0.5);
  assert.equal(s[0].outcome, 'retried');
  assert.equal(s[1].left, 0.5);
  assert.equal(s[1].width, 0.5);
  assert.equal(s[1].to, null);
  assert.equal(s[1].outcome, 'running');
});

test('a Parallel\'s and a Map\'s own events are maps and branches; an aborted state is a state event and a failure', () => {
  const fork = [
    ev(0, 'PARALLEL_STATE_STARTED', 'Both'),
    ev(1, 'BRANCH_FAILED', 'Both', { branch: 0, parent: 0 }),
    ev(1, 'MAP_ITERATION_ABORTED', 'Each', { index: 1, parent: 0 }),
    ev(1, 'STATE_ABORTED', 'Call'),
    ev(2, 'PARALLEL_STATE_FAILED', 'Both'),
  ];
  assert.deepEqual(filterEvents(fork, 'maps', '').map((e) => e.n), [1, 2, 3, 5]);
  assert.deepEqual(filterEvents(fork, 'states', '').map((e) => e.type), ['STATE_ABORTED']);
  assert.deepEqual(filterEvents(fork, 'errors', '').map((e) => e.n), [2, 3, 4, 5]);
});
