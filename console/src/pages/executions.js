import { h, fill, fmtTime, duration, statusBadge, toast } from '../dom.js';
import { api, enc, events, mayChange } from '../api.js';
import { poll, errorBox, problemText } from './common.js';

const STATUSES = ['RUNNING', 'SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED'];
const ENDED_BADLY = new Set(['FAILED', 'TIMED_OUT', 'ABORTED']);

/**
 * The executions, newest first, filtered by pipeline, status, partition (exactly: the API matches the partition each run
 * was started for) and start time; with redrive and stop for the rows ticked.
 */
export function executionsPage(params) {
  const f = {
    pipeline: params.get('pipeline') || '', status: params.get('status') || '', partition: params.get('partition') || '',
    since: params.get('since') || '', until: params.get('until') || '', name: params.get('name') || '',
  };
  const selected = new Set();
  let shown = [];
  const tbody = h('tbody', {});
  const count = h('p', { class: 'hint', 'aria-live': 'polite', id: 'executions-count' });
  const bulk = h('div', { class: 'bulk' });
  const area = h('div', {});
  const err = h('div', {});

  const pipelineSelect = h('select', { id: 'f-pipeline', name: 'pipeline' }, h('option', { value: '' }, 'any'));
  api('/v1/pipelines').then(({ pipelines }) => {
    for (const p of pipelines) pipelineSelect.append(h('option', { value: p.id }, p.id));
    pipelineSelect.value = f.pipeline;
  }).catch(() => {});
  const statusSelect = h('select', { id: 'f-status', name: 'status' }, h('option', { value: '' }, 'any'), STATUSES.map((s) => h('option', { value: s }, s)));
  statusSelect.value = f.status;
  const partition = h('input', { id: 'f-partition', name: 'partition', value: f.partition, size: 14, placeholder: '2026-11-29' });
  const name = h('input', { id: 'f-name', name: 'name', value: f.name, size: 16, placeholder: 'part of a name', type: 'search' });
  const since = h('input', { id: 'f-since', name: 'since', type: 'datetime-local', value: f.since });
  const until = h('input', { id: 'f-until', name: 'until', type: 'datetime-local', value: f.until });
  const form = h('form', {
    class: 'filters', 'aria-label': 'Filter executions',
    onsubmit: (ev) => {
      ev.preventDefault();
      const q = new URLSearchParams();
      for (const [k, v] of [['pipeline', pipelineSelect.value], ['status', statusSelect.value], ['partition', partition.value.trim()],
        ['since', since.value], ['until', until.value], ['name', name.value.trim()]]) if (v) q.set(k, v);
      location.hash = `#/executions${q.toString() ? `?${q}` : ''}`;
    },
  },
  field('f-name', 'Name contains', name), field('f-pipeline', 'Pipeline', pipelineSelect), field('f-status', 'Status', statusSelect), field('f-partition', 'Partition', partition),
  field('f-since', 'Started from (UTC)', since), field('f-until', 'Started before (UTC)', until),
  h('button', { type: 'submit' }, 'Filter'), ' ', h('a', { href: '#/executions' }, 'Clear'));

  const utc = (local) => (local ? new Date(`${local}Z`) : null);

  const query = () => {
    const q = new URLSearchParams({ limit: '500' });
    if (f.pipeline) q.set('pipeline', f.pipeline);
    if (f.status) q.set('status', f.status);
    if (f.since) q.set('since', utc(f.since).toISOString());
    if (f.partition) q.set('partition', f.partition);
    return q;
  };

  function show(executions) {
    const before = utc(f.until);
    // The name is matched here, in the newest 500 the other filters let through (the API has no name search).
    const part = f.name.toLowerCase();
    shown = executions.filter((e) => (!before || new Date(e.startTime) < before) && (!part || e.name.toLowerCase().includes(part)));
    for (const id of [...selected]) if (!shown.some((e) => e.executionId === id)) selected.delete(id);
    fill(err);
    render();
  }

  async function load() {
    try {
      show((await api(`/v1/executions?${query()}`)).executions);
    } catch (e) {
      errorBox(err, e);
    }
  }

  function render() {
    fill(tbody, shown.map((e) => h('tr', { 'data-execution': e.executionId, 'data-status': e.status },
      mayChange() ? h('td', {}, h('input', {
        type: 'checkbox', 'aria-label': `Select ${e.executionId}`, checked: selected.has(e.executionId),
        onchange: (ev) => { if (ev.target.checked) selected.add(e.executionId); else selected.delete(e.executionId); renderBulk(); },
      })) : null,
      h('th', { scope: 'row' }, h('a', { href: `#/executions/${enc(e.executionId)}` }, e.name)),
      h('td', {}, e.pipeline),
      h('td', {}, statusBadge(e.status)),
      h('td', {}, fmtTime(e.startTime)),
      h('td', {}, e.stopTime ? fmtTime(e.stopTime) : '—'),
      h('td', {}, duration(e.startTime, e.stopTime)))));
    fill(count, `${shown.length} execution${shown.length === 1 ? '' : 's'}${shown.length ? '' : ' match'}`);
    renderBulk();
  }

  function renderBulk() {
    if (!mayChange()) { fill(bulk); return; }
    const rows = shown.filter((e) => selected.has(e.executionId));
    const redrivable = rows.filter((e) => ENDED_BADLY.has(e.status));
    const stoppable = rows.filter((e) => e.status === 'RUNNING');
    fill(bulk,
      h('button', { type: 'button', onclick: () => { shown.filter((e) => ENDED_BADLY.has(e.status)).forEach((e) => selected.add(e.executionId)); render(); } },
        'Select failed'), ' ',
      h('button', { type: 'button', id: 'bulk-redrive', disabled: !redrivable.length, onclick: () => act('redrive', redrivable) },
        `Redrive selected (${redrivable.length})`), ' ',
      h('button', { type: 'button', id: 'bulk-stop', disabled: !stoppable.length, onclick: () => act('stop', stoppable) },
        `Stop selected (${stoppable.length})`));
  }

  async function act(what, rows) {
    if (what === 'stop' && !window.confirm(`Stop ${rows.length} running execution(s)?`)) return;
    const results = await Promise.allSettled(rows.map((e) => api(`/v1/executions/${enc(e.executionId)}/${what}`,
      { method: 'POST', body: what === 'stop' ? { error: 'Console.Stopped', cause: 'stopped from the console' } : undefined })));
    const failed = results.filter((r) => r.status === 'rejected');
    toast(`${what === 'stop' ? 'Stopped' : 'Redrove'} ${results.length - failed.length} of ${results.length}`
      + (failed.length ? `; ${failed.map((r) => problemText(r.reason)).join('; ')}` : ''), failed.length ? 'error' : 'info');
    selected.clear();
    await load();
  }

  fill(area, bulk, h('table', { class: 'list', id: 'executions-table' },
    h('caption', { class: 'sr-only' }, 'Executions, newest first'),
    h('thead', {}, h('tr', {}, mayChange() ? h('th', { scope: 'col' }, h('span', { class: 'sr-only' }, 'Select')) : null,
      ['Name', 'Pipeline', 'Status', 'Started (UTC)', 'Stopped (UTC)', 'Duration'].map((t) => h('th', { scope: 'col' }, t)))),
    tbody), count);
  // Live by server-sent events (the server pushes the list when it changes); by polling every 2 s where it cannot stream.
  // A host behind a buffering proxy (API Gateway) never delivers the first event: after 5 s without one, poll instead.
  const live = h('p', { class: 'hint', id: 'executions-live', 'data-live': 'stream' }, 'Live: the server sends changes as they happen.');
  let heard = false;
  let stop = () => {};
  const fallBack = () => {
    stop();
    live.dataset.live = 'poll';
    fill(live, 'Updated every 2 seconds.');
    load();
    stop = poll(load, 2000);
  };
  load();
  stop = events(`/v1/executions/stream?${query()}`, (name, data) => {
    heard = true;
    if (name === 'executions') show(JSON.parse(data).executions);
  }, fallBack);
  const deaf = setTimeout(() => { if (!heard) fallBack(); }, 5000);
  return {
    el: h('section', { 'aria-labelledby': 'executions-h' }, h('h1', { id: 'executions-h' }, 'Executions'), form, live, err, area),
    dispose: () => { clearTimeout(deaf); stop(); },
  };
}

function field(id, label, input) {
  return h('span', { class: 'field' }, h('label', { for: id }, label), input);
}
