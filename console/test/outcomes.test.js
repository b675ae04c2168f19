import { test } from 'node:test';
import assert from 'node:assert/strict';
import { outcomes, outcomeLabel } from '../src/outcomes.js';

const at = (n) => `2026-12-01T10:00:${String(n).padStart(2, '0')}Z`;
const ev = (n, type, state, detail) => ({ at: at(n), type, frame: 0, state, detail });

test('a retried task that then succeeds, a caught failure, a running state and one never reached', () => {
  const events = [
    ev(0, 'EXECUTION_STARTED', undefined, { input: {} }),
    ev(1, 'STATE_ENTERED', 'Flaky', { input: { a: 1 } }),
    ev(2, 'TASK_FAILED', 'Flaky', { error: 'E', cause: 'once' }),
    ev(3, 'TASK_RETRY_SCHEDULED', 'Flaky', { error: 'E', cause: 'once', retry: 1 }),
    ev(4, 'TASK_FAILED', 'Flaky', { error: 'E', cause: 'twice' }),
    ev(5, 'TASK_RETRY_SCHEDULED', 'Flaky', { error: 'E', cause: 'twice', retry: 2 }),
    ev(6, 'STATE_EXITED', 'Flaky', { output: { ok: true } }),
    ev(7, 'STATE_ENTERED', 'Risky', { input: {} }),
    ev(8, 'TASK_FAILED', 'Risky', { error: 'Demo.Failed', cause: 'planted' }),
    ev(9, 'CAUGHT', 'Risky', { error: 'Demo.Failed', cause: 'planted' }),
    ev(10, 'STATE_ENTERED', 'Hold', { input: {} }),
    ev(11, 'TASK_SCHEDULED', 'Hold', { token: 'tok-1' }),
  ];
  const o = outcomes(events, 'RUNNING');
  assert.equal(o.get('Flaky').outcome, 'retried');
  assert.equal(o.get('Flaky').retries, 2);
  assert.equal(outcomeLabel(o.get('Flaky')), 'retried 2×');
  assert.deepEqual(o.get('Flaky').output, { ok: true });
  assert.equal(o.get('Risky').outcome, 'caught');
  assert.equal(o.get('Risky').error, 'Demo.Failed');
  assert.equal(o.get('Hold').outcome, 'running');
  assert.equal(o.get('Hold').waitingToken, 'tok-1');
  assert.equal(o.get('Never'), undefined);
  assert.equal(outcomeLabel(undefined), 'not reached');
});

test('a failed state, then redriven and succeeded', () => {
  const failed = [
    ev(1, 'STATE_ENTERED', 'Load', {}),
    ev(2, 'TASK_FAILED', 'Load', { error: 'Boom', cause: 'bad line 3' }),
    ev(3, 'EXECUTION_FAILED', undefined, { error: 'Boom', cause: 'bad line 3' }),
  ];
  const o = outcomes(failed, 'FAILED');
  assert.equal(o.get('Load').outcome, 'failed');
  assert.equal(o.get('Load').cause, 'bad line 3');
  const redriven = [...failed, ev(4, 'EXECUTION_REDRIVEN', 'Load', { redriveCount: 1 }),
    ev(5, 'STATE_ENTERED', 'Load', {}), ev(6, 'STATE_EXITED', 'Load', { output: 1 }), ev(7, 'EXECUTION_SUCCEEDED')];
  const after = outcomes(redriven, 'SUCCEEDED');
  assert.equal(after.get('Load').outcome, 'succeeded');
  assert.equal(outcomeLabel(after.get('Load')), 'succeeded ×2');
});

test('a state left open by a failed execution is failed, with the execution\'s error', () => {
  const o = outcomes([ev(1, 'STATE_ENTERED', 'Wait', {}), ev(2, 'EXECUTION_ABORTED', undefined, { error: 'Stopped', cause: 'by hand' })], 'ABORTED');
  assert.equal(o.get('Wait').outcome, 'failed');
  assert.equal(o.get('Wait').error, 'Stopped');
});
