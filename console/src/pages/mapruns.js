import { h, fill, fmtTime, duration, statusBadge } from '../dom.js';
import { api, enc } from '../api.js';
import { poll, errorBox } from './common.js';
import { countParts, countedBy } from '../childcounts.js';

/** Where a map run's children are listed: the executions list of the parent's pipeline, that run's only (one status, if given). */
export function childrenHref(pipeline, runId, status) {
  const q = new URLSearchParams({ pipeline, mapRun: runId });
  if (status) q.set('status', status);
  return `#/executions?${q}`;
}

/** A map run's children counted by status, each count of started children a link to them; pending ones are not started yet. */
export function childCounts(pipeline, run) {
  const c = run.children || {};
  return h('span', { class: 'child-counts', 'data-run': run.runId, title: countedBy(c) },
    h('a', { href: childrenHref(pipeline, run.runId), class: 'children-link' }, `${c.total ?? 0} children`),
    run.items != null ? ` of ${run.items} items` : '', ': ',
    countParts(c).map((p, i) => [i ? ', ' : '', p.linked
      ? h('a', { href: childrenHref(pipeline, run.runId, p.status), 'data-count': p.status }, p.label)
      : h('span', { 'data-count': p.status, class: 'hint' }, p.label)]),
    c.total ? '' : 'none yet', c.truncated ? ' (counted among the newest 20000 executions)' : '');
}

/** The distributed map runs an execution started: each with its Map state, status, times and children by status. */
export function mapRunsPage(executionId) {
  const err = h('div', {});
  const tbody = h('tbody', {});
  const head = h('p', {}, h('a', { href: `#/executions/${enc(executionId)}` }, `← Execution ${executionId}`));
  async function load() {
    try {
      const { pipeline, mapRuns } = await api(`/v1/executions/${enc(executionId)}/map-runs`);
      fill(err);
      fill(tbody, mapRuns.length ? mapRuns.map((r) => h('tr', { 'data-run': r.runId, 'data-status': r.status },
        h('th', { scope: 'row' }, r.label, r.label !== r.state ? h('span', { class: 'hint' }, ` (state ${r.state})`) : null),
        h('td', {}, statusBadge(r.status)),
        h('td', {}, fmtTime(r.startTime)),
        h('td', {}, r.stopTime ? fmtTime(r.stopTime) : '—'),
        h('td', {}, duration(r.startTime, r.stopTime)),
        h('td', {}, childCounts(pipeline, r)),
        h('td', { class: 'hint' }, r.runId)))
        : h('tr', {}, h('td', { colspan: 7 }, 'This execution started no distributed map run.')));
      if (!mapRuns.some((r) => r.status === 'RUNNING')) stop();
    } catch (e) {
      errorBox(err, e);
    }
  }
  const stop = poll(load, 2000);
  load();
  return {
    el: h('section', { 'aria-labelledby': 'map-runs-h' }, head, h('h1', { id: 'map-runs-h' }, 'Map runs'),
      h('p', { class: 'hint' }, 'A distributed Map runs each item as a child execution of its own; they are listed under their run, not among the executions.'),
      err, h('table', { class: 'list', id: 'map-runs-table' },
        h('caption', { class: 'sr-only' }, `Map runs of ${executionId}, newest first`),
        h('thead', {}, h('tr', {}, ['Map', 'Status', 'Started (UTC)', 'Stopped (UTC)', 'Duration', 'Children', 'Run id']
          .map((t) => h('th', { scope: 'col' }, t)))), tbody)),
    dispose: () => stop(),
  };
}
