import { h, fill, fmtTime, duration, statusBadge, toast } from '../dom.js';
import { api, enc, events, mayChange } from '../api.js';
import { poll, errorBox, problemText } from './common.js';

const STATUSES = ['RUNNING', 'SUCCEEDED', 'FAILED', 'TIMED_OUT', 'ABORTED'];
const ENDED_BADLY = new Set(['FAILED', 'TIMED_OUT', 'ABORTED']);

const FILTERS = ['name', 'pipeline', 'status', 'partition', 'since', 'until', 'mapRun', 'children', 'sort', 'order', 'limit'];
const COLUMNS = [['Name', 'name'], ['Pipeline', 'pipeline'], ['Partition', null], ['Status', 'status'], ['Started (UTC)', 'startTime'],
  ['Stopped (UTC)', 'stopTime'], ['Duration', 'duration']];

/**
 * The executions, one page at a time from the API (which filters, sorts and pages them): by name, pipeline, status,
 * partition (exactly: the partition each run was started for) and start time, sorted by a column; map-run children are
 * listed under their run only; with redrive and stop for the rows ticked.
 */
export function executionsPage(params) {
  const f = Object.fromEntries(FILTERS.map((k) => [k, params.get(k) || '']));
  const sort = f.sort || 'startTime';
  const order = f.order || (['startTime', 'stopTime', 'duration'].includes(sort) ? 'desc' : 'asc');
  // The token of each page shown so far (the last is the page shown) and the number of its first row. Newest first, a
  // token holds the store's cursor, so Next goes on through every execution; a page whose filter the store cannot index
  // may hold fewer rows than asked, with a token still.
  const tokens = [null];
  const firstRows = [1];
  let nextToken = null;
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
  const children = h('input', { id: 'f-children', type: 'checkbox', checked: f.children === 'true',
    onchange: (ev) => go({ children: ev.target.checked ? 'true' : '' }) });
  const since = h('input', { id: 'f-since', name: 'since', type: 'datetime-local', value: f.since });
  const until = h('input', { id: 'f-until', name: 'until', type: 'datetime-local', value: f.until });
  const go = (changes) => {
    const q = new URLSearchParams();
    for (const k of FILTERS) {
      const v = k in changes ? changes[k] : f[k];
      if (v) q.set(k, v);
    }
    location.hash = `#/executions${q.toString() ? `?${q}` : ''}`;
  };
  const form = h('form', {
    class: 'filters', 'aria-label': 'Filter executions',
    onsubmit: (ev) => {
      ev.preventDefault();
      go({ pipeline: pipelineSelect.value, status: statusSelect.value, partition: partition.value.trim(), since: since.value, until: until.value,
        name: name.value.trim() });
    },
  },
  field('f-name', 'Name contains', name), field('f-pipeline', 'Pipeline', pipelineSelect), field('f-status', 'Status', statusSelect), field('f-partition', 'Partition', partition),
  field('f-since', 'Started from (UTC)', since), field('f-until', 'Started before (UTC)', until),
  h('span', { class: 'field' }, children, h('label', { for: 'f-children' }, 'Include map-run children')),
  h('button', { type: 'submit' }, 'Filter'), ' ', h('a', { href: '#/executions' }, 'Clear'));

  const utc = (local) => (local ? new Date(`${local}Z`) : null);

  const query = () => {
    const q = new URLSearchParams({ limit: f.limit || '50', sort, order });
    for (const k of ['pipeline', 'status', 'partition', 'name', 'mapRun', 'children']) if (f[k]) q.set(k, f[k]);
    for (const k of ['since', 'until']) if (f[k]) q.set(k, utc(f[k]).toISOString());
    const token = tokens[tokens.length - 1];
    if (token) q.set('nextToken', token);
    return q;
  };

  // Set when the order (one without an index) covered the newest executions only: from when on it holds every match.
  let sortedFrom = null;
  let sortBound = null;
  function show(page) {
    shown = page.executions;
    nextToken = page.nextToken || null;
    sortedFrom = page.truncated ? page.sortedFrom : null;
    sortBound = page.sortBound || null;
    for (const id of [...selected]) if (!shown.some((e) => e.executionId === id)) selected.delete(id);
    fill(err);
    render();
  }

  async function load() {
    try {
      show(await api(`/v1/executions?${query()}`));
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
      h('td', { class: 'partition' }, e.partition || '—'),
      h('td', {}, statusBadge(e.status)),
      h('td', {}, fmtTime(e.startTime)),
      h('td', {}, e.stopTime ? fmtTime(e.stopTime) : '—'),
      h('td', {}, duration(e.startTime, e.stopTime)))));
    const first = firstRows[firstRows.length - 1];
    fill(count, shown.length ? `Executions ${first}–${first + shown.length - 1}${nextToken ? ', more on the next page' : ''}`
      : (nextToken ? 'None in this stretch; more may follow on the next page' : (tokens.length > 1 ? 'No more executions' : '0 executions match')),
    sortedFrom ? h('span', { id: 'sorted-from' }, ` — sorted among those started from ${fmtTime(sortedFrom)} on (the newest `
      + `${sortBound || ''} read); `, h('a', { href: '#', id: 'sort-older',
      onclick: (ev) => { ev.preventDefault(); go({ until: sortedFrom.replace(/Z$/, '') }); } }, 'sort the older ones')) : '');
    fill(pager,
      h('button', { type: 'button', id: 'page-prev', disabled: tokens.length === 1, onclick: () => turn(-1) }, '← Previous page'),
      h('button', { type: 'button', id: 'page-next', disabled: !nextToken, onclick: () => turn(1) }, 'Next page →'));
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

  const pager = h('nav', { class: 'pager', 'aria-label': 'Pages of executions' });
  // A sortable column's header is a button: a click sorts by it, a second click turns the order round.
  const header = ([title, field]) => {
    if (!field) return h('th', { scope: 'col' }, title);
    const on = sort === field;
    return h('th', { scope: 'col', 'aria-sort': on ? (order === 'asc' ? 'ascending' : 'descending') : null },
      h('button', { type: 'button', class: 'link sort', 'data-sort': field,
        onclick: () => go({ sort: field, order: on ? (order === 'asc' ? 'desc' : 'asc') : '' }) },
      title, on ? (order === 'asc' ? ' ▲' : ' ▼') : ''));
  };
  const mapRunNote = f.mapRun ? h('p', { class: 'hint', id: 'map-run-note' }, `The child executions of map run ${f.mapRun}. `,
    h('a', { href: '#/executions' }, 'All executions')) : null;
  fill(area, mapRunNote, bulk, h('table', { class: 'list', id: 'executions-table' },
    h('caption', { class: 'sr-only' }, `Executions, sorted by ${sort} (${order === 'asc' ? 'ascending' : 'descending'})`),
    h('thead', {}, h('tr', {}, mayChange() ? h('th', { scope: 'col' }, h('span', { class: 'sr-only' }, 'Select')) : null,
      COLUMNS.map(header))),
    tbody), count, pager);
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
  let deaf = null;
  const listen = () => {
    heard = false;
    stop();
    if (live.dataset.live === 'poll') { stop = poll(load, 2000); return; }
    stop = events(`/v1/executions/stream?${query()}`, (name, data) => {
      heard = true;
      if (name === 'executions') show(JSON.parse(data));
    }, fallBack);
    clearTimeout(deaf);
    deaf = setTimeout(() => { if (!heard) fallBack(); }, 5000);
  };
  // Another page: the list (and its stream) from that page's token.
  function turn(by) {
    if (by > 0 && nextToken) {
      tokens.push(nextToken);
      firstRows.push(firstRows[firstRows.length - 1] + shown.length);
    } else if (by < 0 && tokens.length > 1) {
      tokens.pop();
      firstRows.pop();
    }
    load();
    listen();
  }
  load();
  listen();
  return {
    el: h('section', { 'aria-labelledby': 'executions-h' }, h('h1', { id: 'executions-h' }, 'Executions'), form, live, err, area),
    dispose: () => { clearTimeout(deaf); stop(); },
  };
}

function field(id, label, input) {
  return h('span', { class: 'field' }, h('label', { for: id }, label), input);
}
