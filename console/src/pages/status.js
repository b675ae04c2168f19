import { h, fill, fmtTime, duration } from '../dom.js';
import { api, enc } from '../api.js';
import { poll, errorBox, jobLogLink } from './common.js';

/** The status table (sluice_status): one row per run, with its rows in and out, its error and its job log. */
export function statusPage(params) {
  const pipeline = params.get('pipeline') || '';
  const partition = params.get('partition') || '';
  const tbody = h('tbody', {});
  const err = h('div', {});
  const pipelineInput = h('input', { id: 's-pipeline', name: 'pipeline', value: pipeline, size: 16 });
  const partitionInput = h('input', { id: 's-partition', name: 'partition', value: partition, size: 14, placeholder: '2026-11-29' });
  const form = h('form', {
    class: 'filters', 'aria-label': 'Filter the status table',
    onsubmit: (ev) => {
      ev.preventDefault();
      const q = new URLSearchParams();
      if (pipelineInput.value.trim()) q.set('pipeline', pipelineInput.value.trim());
      if (partitionInput.value.trim()) q.set('partition', partitionInput.value.trim());
      location.hash = `#/status${q.toString() ? `?${q}` : ''}`;
    },
  }, h('span', { class: 'field' }, h('label', { for: 's-pipeline' }, 'Pipeline'), pipelineInput),
  h('span', { class: 'field' }, h('label', { for: 's-partition' }, 'Partition'), partitionInput),
  h('button', { type: 'submit' }, 'Filter'), ' ', h('a', { href: '#/status' }, 'Clear'));

  async function load() {
    const q = new URLSearchParams({ limit: '200' });
    if (pipeline) q.set('pipeline', pipeline);
    if (partition) q.set('partition', partition);
    try {
      const { rows } = await api(`/v1/status?${q}`);
      fill(err);
      fill(tbody, rows.length ? rows.map(row) : h('tr', {}, h('td', { colspan: 9 }, 'No rows.')));
    } catch (e) {
      errorBox(err, e);
    }
  }
  // Which of the caller's pipelines write rows here: those whose definition has a write-status task (every pattern does).
  const writers = h('p', { class: 'hint', id: 'status-writers' });
  (async () => {
    try {
      const { pipelines } = await api('/v1/pipelines');
      const valid = pipelines.filter((p) => p.valid);
      const writes = await Promise.all(valid.map((p) => api(`/v1/pipelines/${enc(p.id)}/definition`)
        .then((d) => JSON.stringify(d.definition).includes('write-status')).catch(() => false)));
      const yes = valid.filter((p, i) => writes[i]).map((p) => p.id);
      const no = valid.filter((p, i) => !writes[i]).map((p) => p.id);
      fill(writers, yes.length ? `Rows come from the pipelines with a write-status task (every pattern pipeline has one): ${yes.join(', ')}.`
        : 'None of your pipelines has a write-status task (every pattern pipeline has one), so none writes rows here.',
      no.length ? ` The others (${no.join(', ')}) record no rows; their runs are on the Executions page.` : '');
    } catch { /* the table says what the API answered */ }
  })();
  load();
  const stop = poll(load, 5000);
  return {
    el: h('section', { 'aria-labelledby': 'status-h' }, h('h1', { id: 'status-h' }, 'Status table'),
      h('p', { class: 'hint' }, 'sluice_status: one row per run, as the pipelines record it (write-status). Updated every 5 seconds.'),
      writers, form, err,
      h('table', { class: 'list', id: 'status-table' }, h('caption', { class: 'sr-only' }, 'Status table, newest first'),
        h('thead', {}, h('tr', {}, ['Run', 'Pipeline', 'Partition', 'State', 'Started (UTC)', 'Took', 'Rows in / out', 'Error', 'Job log']
          .map((t) => h('th', { scope: 'col' }, t)))), tbody)),
    dispose: stop,
  };
}

function row(r) {
  const log = r.jobLogUrl;
  return h('tr', { 'data-execution': r.executionId },
    h('th', { scope: 'row' }, h('a', { href: `#/executions/${enc(r.executionId)}` }, r.executionId.slice(r.pipeline.length + 1)),
      r.redriveCount ? h('span', { class: 'hint' }, ` (redriven ${r.redriveCount}×)`) : null),
    h('td', {}, r.pipeline), h('td', {}, r.partition || '—'),
    h('td', {}, h('span', { class: `badge st-${r.state.toLowerCase()}` }, r.state)),
    h('td', {}, fmtTime(r.started)), h('td', {}, r.ended ? duration(r.started, r.ended) : '—'),
    h('td', {}, `${r.rowsIn ?? '—'} / ${r.rowsOut ?? '—'}`),
    h('td', { class: 'error' }, r.error || ''),
    h('td', {}, !log ? '—' : jobLogLink(log, r.executionId)));
}
