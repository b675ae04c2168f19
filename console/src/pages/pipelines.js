import { h, fill, fmtTime, toast } from '../dom.js';
import { api, enc, mayChange } from '../api.js';
import { aslGraph, drawGraph, pipelineGraph } from '../graph.js';
import { errorBox, problemText, json } from './common.js';
import { dayStats, dayLine, load } from '../health.js';

/** Every pipeline the caller sees: validity and problems, pattern, schedules and next fires, object rules, dependsOn, the DAG. */
export function pipelinesPage() {
  const body = h('div', {}, h('p', { class: 'hint' }, 'Loading…'));
  const el = h('section', { 'aria-labelledby': 'pipelines-h' }, h('h1', { id: 'pipelines-h' }, 'Pipelines'), body);
  api('/v1/pipelines').then(({ pipelines }) => {
    if (!pipelines.length) {
      fill(body, h('p', {}, 'No pipelines: add <id>.asl.json files to the pipelines folder.'));
      return;
    }
    const day = h('p', { class: 'hint', id: 'day-note' }, 'Reading the last day’s runs…');
    fill(body,
      h('h2', {}, 'Which pipelines wait for which'),
      h('div', { class: 'graph-box' }, pipelineGraph(pipelines, { onSelect: (id) => { location.hash = `#/executions?pipeline=${enc(id)}`; } })),
      h('h2', {}, 'All pipelines'),
      h('table', { class: 'list', id: 'pipelines-table' },
        h('caption', { class: 'sr-only' }, 'Pipelines'),
        h('thead', {}, h('tr', {}, ['Pipeline', 'Valid', 'Last 24 h', 'Pattern', 'Schedules (next fires, UTC)', 'Object rules', 'Depends on', 'Webhook', '']
          .map((t) => h('th', { scope: 'col' }, t)))),
        h('tbody', {}, pipelines.map(row))),
      day);
    lastDay(body, day);
  }).catch((e) => errorBox(body, e));
  return { el };
}

/** Each row's last day (success rate, durations) from the runs started in it, read from the execution listing. */
async function lastDay(body, note) {
  try {
    const { executions, complete } = await load(api);
    const stats = dayStats(executions);
    for (const cell of body.querySelectorAll('td.last-day')) {
      const s = stats.get(cell.closest('tr').dataset.pipeline);
      fill(cell, s?.ended ? h('span', { class: `badge ${s.failed ? 'st-failed' : 'st-succeeded'}` }, `${Math.round(s.rate * 100)} %`) : null,
        ' ', h('span', { class: 'hint' }, dayLine(s)));
    }
    fill(note, `Last 24 h: runs started since ${new Date(Date.now() - 864e5).toISOString().slice(0, 16).replace('T', ' ')} UTC, `
      + `${executions.length} read${complete ? '' : ' (the first pages only: more were started)'}; success rate of the runs that ended.`);
  } catch (e) {
    fill(note, `The last day's runs could not be read: ${problemText(e)}`);
  }
}

function row(p) {
  return h('tr', { 'data-pipeline': p.id },
    h('th', { scope: 'row' }, h('a', { href: `#/pipelines/${enc(p.id)}` }, p.id)),
    h('td', {}, p.valid ? h('span', { class: 'badge st-succeeded' }, 'valid') : h('span', { class: 'badge st-failed' }, 'invalid'),
      p.problems ? h('ul', { class: 'problems' }, p.problems.map((t) => h('li', {}, t))) : null),
    h('td', { class: 'last-day' }, h('span', { class: 'hint' }, '…')),
    h('td', {}, p.pattern || h('span', { class: 'hint' }, 'state machine')),
    h('td', {}, (p.schedules || []).length ? h('ul', { class: 'plain' }, p.schedules.map((s) => h('li', {},
      h('code', {}, s.expression), ` ${s.timezone}`, s.label ? ` (${s.label})` : '',
      h('div', { class: 'hint' }, s.next.length ? `next: ${s.next.map(fmtTime).join(', ')}` : 'no further fires')))) : '—'),
    h('td', {}, (p.objectRules || []).length ? h('ul', { class: 'plain' }, p.objectRules.map(ruleItem)) : '—'),
    h('td', {}, (p.dependsOn || []).length ? p.dependsOn.map((d, i) => [i ? ', ' : '', h('a', { href: `#/pipelines/${enc(d.pipeline)}` }, d.pipeline),
      d.partitions !== 'identity' ? ` (${d.partitions})` : '']) : (p.waitsFor || []).length ? null : '—',
    (p.waitsFor || []).length ? h('div', { class: 'hint waits-for' }, 'waits in its run for ', p.waitsFor.map((u, i) => [i ? ', ' : '',
      h('a', { href: `#/pipelines/${enc(u)}` }, u)])) : null),
    h('td', {}, p.webhook?.signed ? 'signed' : 'open'),
    h('td', { class: 'actions' },
      h('a', { href: `#/executions?pipeline=${enc(p.id)}` }, 'Executions'),
      mayChange() && p.valid ? startForm(p.id) : null));
}

/** An object rule: which objects (bucket, keys, sizes) start the pipeline. */
function ruleItem(r) {
  const sizes = r.minSize != null || r.maxSize != null ? ` · ${r.minSize ?? 0}–${r.maxSize ?? '∞'} bytes` : '';
  return h('li', { 'data-rule': r.id },
    h('code', {}, r.id), ': ', r.store ? `${r.store} ` : '', 'bucket ', h('code', {}, r.bucket),
    h('div', { class: 'hint' }, `${r.keys}${sizes}`));
}

function startForm(id) {
  const field = `partition-${id}`;
  const input = h('input', { id: field, name: 'partition', size: 12, placeholder: 'optional' });
  return h('form', {
    class: 'inline', 'aria-label': `Start ${id}`,
    onsubmit: async (ev) => {
      ev.preventDefault();
      const body = input.value.trim() ? { partition: input.value.trim() } : {};
      try {
        const started = await api(`/v1/pipelines/${enc(id)}/executions`, { method: 'POST', body });
        toast(`Started ${started.executionId}`);
        location.hash = `#/executions/${enc(started.executionId)}`;
      } catch (e) {
        toast(`Could not start ${id}: ${problemText(e)}`, 'error');
      }
    },
  }, h('label', { for: field }, 'Partition'), ' ', input, ' ', h('button', { type: 'submit' }, `Start`), ' ',
  h('a', { href: `#/start/${enc(id)}`, 'aria-label': `Start ${id} with an input` }, 'with input…'));
}

/** One pipeline: its definition drawn, and what the list says of it. */
export function pipelinePage(id) {
  const body = h('div', {}, h('p', { class: 'hint' }, 'Loading…'));
  const el = h('section', { 'aria-labelledby': 'pipeline-h' },
    h('p', {}, h('a', { href: '#/pipelines' }, '← Pipelines')),
    h('h1', { id: 'pipeline-h' }, `Pipeline ${id}`), body);
  api(`/v1/pipelines/${enc(id)}/definition`).then((d) => {
    fill(body,
      h('p', {}, `Definition ${d.definitionHash || ''} · `, h('a', { href: `#/executions?pipeline=${enc(id)}` }, 'its executions'),
        mayChange() ? [' · ', h('a', { href: `#/start/${enc(id)}` }, 'start it with an input')] : null),
      h('div', { class: 'graph-box' }, drawGraph(aslGraph(d.definition), { title: `Definition of ${id}` })),
      h('details', {}, h('summary', {}, 'Definition (JSON)'), json(d.definition, 'Definition JSON')));
  }).catch((e) => errorBox(body, e));
  return { el };
}
