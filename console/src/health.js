// Each pipeline's last day from the execution listing: how many runs ended, how many succeeded, how long they took.
// Pure, except for load(): node's test runner checks it (test/health.test.js).

const DAY_MS = 24 * 3600 * 1000;
const ENDED_BADLY = new Set(['FAILED', 'TIMED_OUT', 'ABORTED']);

/**
 * By pipeline id: {ended, succeeded, failed (failed, timed out or aborted), running, rate (succeeded / ended, null when
 * none ended), meanMs and maxMs (of the succeeded runs' start to stop)}, over the executions started since now - 24 h.
 */
export function dayStats(executions, now = Date.now()) {
  const since = now - DAY_MS;
  const by = new Map();
  for (const e of executions) {
    const started = Date.parse(e.startTime);
    if (!(started >= since)) continue;
    if (!by.has(e.pipeline)) by.set(e.pipeline, { ended: 0, succeeded: 0, failed: 0, running: 0, totalMs: 0, maxMs: 0 });
    const s = by.get(e.pipeline);
    if (e.status === 'SUCCEEDED') {
      s.ended++;
      s.succeeded++;
      const took = Date.parse(e.stopTime) - started;
      if (took >= 0) {
        s.totalMs += took;
        s.maxMs = Math.max(s.maxMs, took);
      }
    } else if (ENDED_BADLY.has(e.status)) {
      s.ended++;
      s.failed++;
    } else {
      s.running++;
    }
  }
  for (const s of by.values()) {
    s.rate = s.ended ? s.succeeded / s.ended : null;
    s.meanMs = s.succeeded ? s.totalMs / s.succeeded : null;
    delete s.totalMs;
  }
  return by;
}

/** A duration in ms as people read it: 850 ms, 12.4 s, 3 min 5 s, 2 h 10 min. */
export function fmtMs(ms) {
  if (ms == null) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  if (s < 3600) return `${Math.floor(s / 60)} min ${s % 60} s`;
  return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min`;
}

/** One pipeline's day in a line: "9 of 10 succeeded (90 %) · mean 3.2 s · longest 10.0 s", or what there is. */
export function dayLine(s) {
  if (!s) return 'no runs';
  const parts = [];
  if (s.ended) parts.push(`${s.succeeded} of ${s.ended} succeeded (${Math.round(s.rate * 100)} %)`);
  if (s.succeeded) parts.push(`mean ${fmtMs(s.meanMs)}`, `longest ${fmtMs(s.maxMs)}`);
  if (s.running) parts.push(`${s.running} running`);
  return parts.join(' · ');
}

/**
 * The executions started in the last day, page after page of GET /v1/executions (at most `pages` pages of 1000):
 * {executions, complete} (complete false when more were left, or the listing said it was truncated).
 */
export async function load(api, now = Date.now(), pages = 5) {
  const since = new Date(now - DAY_MS).toISOString();
  const executions = [];
  let token = null;
  for (let i = 0; i < pages; i++) {
    const q = new URLSearchParams({ since, limit: '1000' });
    if (token) q.set('nextToken', token);
    const page = await api(`/v1/executions?${q}`);
    executions.push(...(page.executions || []));
    if (page.truncated) return { executions, complete: false };
    token = page.nextToken;
    if (!token) return { executions, complete: true };
  }
  return { executions, complete: false };
}
