import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dayStats, dayLine, fmtMs, load } from '../src/health.js';

const now = Date.parse('2026-12-05T12:00:00Z');
const run = (pipeline, status, start, stop) => ({ pipeline, status, startTime: start, stopTime: stop });

test('success rate and durations per pipeline over the last day; older runs and running ones apart', () => {
  const stats = dayStats([
    run('orders', 'SUCCEEDED', '2026-12-05T10:00:00Z', '2026-12-05T10:00:02Z'),
    run('orders', 'SUCCEEDED', '2026-12-05T11:00:00Z', '2026-12-05T11:00:06Z'),
    run('orders', 'FAILED', '2026-12-05T11:30:00Z', '2026-12-05T11:30:01Z'),
    run('orders', 'TIMED_OUT', '2026-12-05T11:40:00Z', '2026-12-05T11:50:00Z'),
    run('orders', 'RUNNING', '2026-12-05T11:59:00Z', null),
    run('orders', 'FAILED', '2026-12-04T11:59:59Z', '2026-12-04T12:00:00Z'), // started more than a day ago
    run('fx', 'ABORTED', '2026-12-05T09:00:00Z', '2026-12-05T09:00:01Z'),
  ], now);
  const orders = stats.get('orders');
  assert.deepEqual({ ...orders }, { ended: 4, succeeded: 2, failed: 2, running: 1, maxMs: 6000, rate: 0.5, meanMs: 4000 });
  assert.equal(dayLine(orders), '2 of 4 succeeded (50 %) · mean 4.0 s · longest 6.0 s · 1 running');
  assert.equal(stats.get('fx').rate, 0);
  assert.equal(stats.get('fx').meanMs, null);
  assert.equal(dayLine(stats.get('fx')), '0 of 1 succeeded (0 %)');
  assert.equal(dayLine(stats.get('none')), 'no runs');
});

test('durations read as people read them', () => {
  assert.equal(fmtMs(850), '850 ms');
  assert.equal(fmtMs(12400), '12.4 s');
  assert.equal(fmtMs(185000), '3 min 5 s');
  assert.equal(fmtMs(7800000), '2 h 10 min');
  assert.equal(fmtMs(null), '—');
});

test('the day is read page after page, and an unfinished read says so', async () => {
  const asked = [];
  const pages = [{ executions: [run('a', 'SUCCEEDED', '2026-12-05T10:00:00Z', '2026-12-05T10:00:01Z')], nextToken: 't1' },
    { executions: [run('a', 'FAILED', '2026-12-05T10:00:00Z', '2026-12-05T10:00:01Z')] }];
  const all = await load(async (path) => { asked.push(path); return pages[asked.length - 1]; }, now);
  assert.equal(all.executions.length, 2);
  assert.equal(all.complete, true);
  assert.match(asked[0], /since=2026-12-04T12%3A00%3A00.000Z/);
  assert.match(asked[1], /nextToken=t1/);
  const capped = await load(async () => ({ executions: [], nextToken: 'more' }), now, 2);
  assert.equal(capped.complete, false);
});
