// What happened to each state of an execution, read from its history events (oldest first).
// Pure: no DOM, so node's test runner checks it (test/outcomes.test.js).

/** The outcomes, by state name: succeeded, failed, caught, retried (succeeded after N retries), running, or absent (not reached). */
export function outcomes(events, executionStatus) {
  const byState = new Map();
  const of = (name) => {
    if (!byState.has(name)) {
      byState.set(name, { state: name, entered: 0, exited: 0, retries: 0, caught: 0, failed: false, open: false, events: [] });
    }
    return byState.get(name);
  };
  let executionError = null;
  for (const e of events) {
    if (e.type === 'EXECUTION_REDRIVEN') {
      for (const s of byState.values()) s.failed = false;
      continue;
    }
    if (e.type === 'EXECUTION_FAILED' || e.type === 'EXECUTION_TIMED_OUT' || e.type === 'EXECUTION_ABORTED') {
      executionError = e;
      continue;
    }
    if (!e.state || e.type.startsWith('EXECUTION_')) continue;
    const s = of(e.state);
    s.events.push(e);
    const d = e.detail || {};
    switch (e.type) {
      case 'STATE_ENTERED':
        s.entered++;
        s.open = true;
        s.failed = false;
        s.firstEntered ??= e.at;
        s.lastEntered = e.at;
        s.input = d.input;
        break;
      case 'STATE_EXITED':
        s.exited++;
        s.open = false;
        s.lastExited = e.at;
        s.output = d.output;
        break;
      case 'TASK_SCHEDULED':
        s.scheduled = d;
        break;
      case 'TASK_FAILED':
      case 'TASK_TIMED_OUT':
      case 'MAP_RUN_FAILED':
        s.failed = true;
        s.error = d.error;
        s.cause = d.cause;
        s.lastFailedAt = e.at;
        break;
      case 'TASK_RETRY_SCHEDULED':
        s.retries++;
        s.failed = false;
        s.error = d.error;
        s.cause = d.cause;
        break;
      case 'CAUGHT':
        s.caught++;
        s.open = false;
        s.failed = false;
        s.error = d.error;
        s.cause = d.cause;
        s.lastExited = e.at;
        break;
      default:
        break;
    }
  }
  const running = executionStatus === 'RUNNING';
  for (const s of byState.values()) {
    const open = s.open;
    if (s.caught > 0 && !open) s.outcome = 'caught';
    else if (open && running && !s.failed) s.outcome = 'running';
    else if (open || s.failed) s.outcome = 'failed';
    else if (s.retries > 0) s.outcome = 'retried';
    else s.outcome = 'succeeded';
    if (s.outcome === 'failed' && !s.error && executionError?.detail) {
      s.error = executionError.detail.error;
      s.cause = executionError.detail.cause;
    }
    s.waitingToken = s.outcome === 'running' && s.scheduled?.token ? s.scheduled.token : null;
  }
  return byState;
}

/** The words shown for an outcome (the colour is never the only sign). */
export function outcomeLabel(o) {
  if (!o) return 'not reached';
  if (o.outcome === 'retried') return `retried ${o.retries}×`;
  if (o.outcome === 'caught') return o.retries > 0 ? `caught after ${o.retries} retries` : 'caught';
  if (o.outcome === 'succeeded' && o.entered > 1) return `succeeded ×${o.entered}`;
  return o.outcome;
}
