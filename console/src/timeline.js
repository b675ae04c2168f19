// An execution's history read for its event table and its timeline (pure: the node tests import it).

/** The kinds of event the history table filters by, and which event types each holds. */
export const EVENT_KINDS = {
  all: { label: 'All events', has: () => true },
  states: { label: 'States entered and left', has: (t) => t === 'STATE_ENTERED' || t === 'STATE_EXITED' || t === 'STATE_ABORTED' },
  tasks: { label: 'Tasks', has: (t) => t.startsWith('TASK_') },
  errors: { label: 'Failures, retries and catches', has: (t) => /FAILED|TIMED_OUT|ABORTED|RETRY|CAUGHT/.test(t) },
  maps: { label: 'Maps and branches', has: (t) => t.startsWith('MAP_') || t.startsWith('PARALLEL_') || t.startsWith('BRANCH_') },
  execution: { label: 'The execution', has: (t) => t.startsWith('EXECUTION_') },
};

/** The events (numbered from 1 in history order) of {@code kind} whose state's name contains {@code state}, in any case. */
export function filterEvents(events, kind, state) {
  const has = (EVENT_KINDS[kind] || EVENT_KINDS.all).has;
  const part = (state || '').trim().toLowerCase();
  return events.map((e, i) => ({ ...e, n: i + 1 }))
    .filter((e) => has(e.type) && (!part || (e.state || '').toLowerCase().includes(part)));
}

/**
 * The timeline of the states reached, in the order first entered: each from its first entry to its last exit (a state
 * still open ends at {@code now}), as fractions of the run's span from {@code start} to its stop (or {@code now}).
 */
export function spans(byState, start, stop, now = new Date().toISOString()) {
  const t0 = Date.parse(start);
  const t1 = Math.max(Date.parse(stop || now), t0 + 1);
  const whole = t1 - t0;
  return [...byState.values()].filter((s) => s.firstEntered)
    .sort((a, b) => Date.parse(a.firstEntered) - Date.parse(b.firstEntered))
    .map((s) => {
      const from = Date.parse(s.firstEntered);
      const to = s.open ? t1 : Date.parse(s.lastExited || s.lastFailedAt || s.firstEntered);
      return { state: s.state, outcome: s.outcome, from: s.firstEntered, to: s.open ? null : new Date(to).toISOString(),
        left: (from - t0) / whole, width: Math.max(to - from, 0) / whole, ms: Math.max(to - from, 0) };
    });
}
