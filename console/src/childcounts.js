/**
 * A map run's children by status, as GET /v1/executions/{id}/map-runs counts them: PENDING (not started yet, so no
 * execution to link to; the API gives it when it counts from the run's own store and knows the total), then the statuses
 * of started children. Only the non-zero ones, in that order. Pure, so node --test covers it.
 */
export const CHILD_STATUSES = ['PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED'];

/** [{ status, count, linked, label }] for each status counted above zero; `linked` when its children can be listed. */
export function countParts(children) {
  const c = children || {};
  return CHILD_STATUSES.filter((s) => Number(c[s]) > 0).map((s) => ({
    status: s, count: Number(c[s]), linked: s !== 'PENDING', label: `${c[s]} ${s.toLowerCase().replace('_', ' ')}`,
  }));
}

/** Where the counts came from, said plainly: the run's own record ('store') or its child executions listed ('executions'). */
export function countedBy(children) {
  const by = (children || {}).counted;
  if (by === 'store') return 'counted by the map run itself';
  if (by === 'executions') return 'counted from its child executions';
  return '';
}
