import { h, fill, fmtTime, duration, statusBadge, toast } from '../dom.js';
import { api, enc, mayChange } from '../api.js';
import { aslGraph, drawGraph } from '../graph.js';
import { outcomes, outcomeLabel } from '../outcomes.js';
import { poll, errorBox, problemText, json, errorView } from './common.js';
import { historyView } from './history.js';
import { childCounts } from './mapruns.js';
import { iterationsOf, pickIterations } from '../iterations.js';

const ENDED_BADLY = new Set(['FAILED', 'TIMED_OUT', 'ABORTED']);

/** One execution: its definition drawn and coloured by what happened, a state's details, the history, the actions. */
export function executionPage(id) {
  const head = h('div', {});
  const actions = h('div', { class: 'actions-bar' });
  const graphBox = h('div', { class: 'graph-box' });
  const detail = h('aside', { class: 'detail', 'aria-live': 'polite', 'aria-label': 'Selected state' },
    h('p', { class: 'hint' }, 'Select a state in the graph (click, or Tab to it and press Enter) to see its input, output, error and timings.'));
  const history = historyView((state) => { selected = state; drawnFor = null; render(); });
  const mapRunsBox = h('div', { id: 'execution-map-runs' });
  const err = h('div', {});
  let definition = null;
  let drawnFor = null;
  let selected = null;
  let last = { exec: null, byState: new Map(), events: [], mapRuns: [] };

  async function load() {
    try {
      const [exec, read] = await Promise.all([api(`/v1/executions/${enc(id)}`), api(`/v1/executions/${enc(id)}/history?limit=1000`)]);
      if (!definition) definition = (await api(`/v1/executions/${enc(id)}/definition`)).definition;
      const byState = outcomes(read.events, exec.status);
      const mapRuns = read.events.some((e) => e.type === 'MAP_RUN_STARTED')
        ? (await api(`/v1/executions/${enc(id)}/map-runs`)).mapRuns : [];
      last = { exec, byState, events: read.events, mapRuns };
      fill(err);
      render();
      if (exec.status !== 'RUNNING') stopPolling();
    } catch (e) {
      errorBox(err, e);
    }
  }

  function render() {
    const { exec, byState, events } = last;
    fill(head,
      h('p', {}, h('a', { href: `#/executions?pipeline=${enc(exec.pipeline)}` }, `← Executions of ${exec.pipeline}`)),
      h('h1', { id: 'execution-h' }, exec.name, ' ', statusBadge(exec.status), exec.asleep ? [' ', h('span', {
        class: 'badge asleep', id: 'asleep-badge',
        title: 'Waiting, it sleeps in the object store; Redis keeps a stub until what it waits for wakes it',
      }, 'asleep')] : null),
      h('dl', { class: 'facts' },
        fact('Execution', exec.executionId), fact('Pipeline', h('a', { href: `#/pipelines/${enc(exec.pipeline)}` }, exec.pipeline)),
        exec.partition ? fact('Partition', exec.partition) : null,
        fact('Started', fmtTime(exec.startTime)), fact('Stopped', exec.stopTime ? fmtTime(exec.stopTime) : '—'),
        fact('Duration', duration(exec.startTime, exec.stopTime)), fact('Transitions', exec.transitions),
        fact('Redriven', exec.redriveCount || 0), exec.archived ? fact('Archived', 'yes') : null),
      exec.error ? errorView(exec.error, exec.cause, exec.executionId) : null,
      h('details', { id: 'execution-input' }, h('summary', {}, 'Execution input'), json(exec.input, `Input of ${exec.name}`)));
    renderActions(exec, byState);
    // The graph and a state's details show the inline Map iterations picked; the actions and history, the whole run.
    const shown = picks.size ? outcomes(pickIterations(events, picks), exec.status) : byState;
    const maps = iterationsOf(events);
    const key = JSON.stringify([[...picks], [...maps], [...shown.values()].map((s) => [s.state, s.outcome, s.retries])]);
    if (drawnFor !== key) {
      drawnFor = key;
      fill(graphBox, legend(), iterationPickers(maps), drawGraph(aslGraph(definition), {
        title: `Definition of ${exec.pipeline}, coloured by what happened`,
        decorate: (n) => {
          const o = shown.get(n.name);
          return { cls: `o-${o ? o.outcome : 'none'}${selected === n.name ? ' selected' : ''}`, outcome: o ? o.outcome : 'none', label: outcomeLabel(o) };
        },
        onSelect: (n) => { selected = n.name; drawnFor = null; render(); },
      }));
    }
    scrollToCurrent(byState);
    if (selected) renderDetail(selected, shown.get(selected));
    renderMapRuns(exec, last.mapRuns);
    history.update(events, byState, exec);
  }

  /** A picker per inline Map that ran iterations: all of them (the default), or one item's. */
  const picks = new Map();
  function iterationPickers(maps) {
    if (!maps.size) return null;
    return h('div', { class: 'iterations filters', role: 'group', 'aria-label': 'Map iterations shown' },
      [...maps].map(([map, indexes]) => {
        const select = h('select', { id: `iter-${map}`, 'data-map': map, onchange: (ev) => {
          if (ev.target.value === '') picks.delete(map); else picks.set(map, Number(ev.target.value));
          drawnFor = null;
          render();
        } }, h('option', { value: '' }, `all ${indexes.length}`), indexes.map((i) => h('option', { value: i }, `item ${i}`)));
        select.value = picks.has(map) ? String(picks.get(map)) : '';
        return h('span', { class: 'field' }, h('label', { for: select.id }, `Map ${map}: iteration`), select);
      }));
  }

  /**
   * Scrolls the graph to the state running now (else the one it failed in) when that changes, centred in the graph's
   * box; the page itself does not move, and a reader's own scrolling stands until the current state changes.
   */
  let scrolledTo = null;
  function scrollToCurrent(byState) {
    const states = [...byState.values()];
    const current = states.find((s) => s.outcome === 'running') || states.reverse().find((s) => s.outcome === 'failed');
    if (!current || current.state === scrolledTo) return;
    const g = graphBox.querySelector(`g.state[data-state="${CSS.escape(current.state)}"]`);
    if (!g) return;
    scrolledTo = current.state;
    graphBox.dataset.current = current.state;
    const box = graphBox.getBoundingClientRect();
    const r = g.getBoundingClientRect();
    graphBox.scrollTop += r.top + r.height / 2 - (box.top + box.height / 2);
    graphBox.scrollLeft += r.left + r.width / 2 - (box.left + box.width / 2);
  }

  /** The distributed map runs, each with its children by status; the whole view one link away. */
  function renderMapRuns(exec, runs) {
    fill(mapRunsBox, runs.length ? [h('h2', {}, 'Map runs'), h('ul', { class: 'map-runs' }, runs.map((r) => h('li', { 'data-run': r.runId },
      h('strong', {}, r.label), ' ', statusBadge(r.status), ' ', childCounts(exec.pipeline, r)))),
    h('p', {}, h('a', { href: `#/map-runs/${enc(exec.executionId)}`, id: 'map-runs-link' }, 'All map runs of this execution'))] : null);
  }

  let actionsFor = null;
  function renderActions(exec, byState) {
    if (!mayChange()) { fill(actions); return; }
    const waiting = [...byState.values()].filter((s) => s.waitingToken);
    // A redrive runs the failed state again: when that is a Fail state (a failure caught and routed there, say), it
    // fails again at once, so a new run with the same input is offered instead.
    const atFail = exec.status === 'FAILED' ? failStateReached(definition, byState) : null;
    const key = JSON.stringify([exec.status, atFail, waiting.map((s) => s.waitingToken)]);
    if (key === actionsFor) return; // keep what is being typed into a callback form
    actionsFor = key;
    fill(actions,
      exec.status === 'RUNNING' ? h('button', { type: 'button', id: 'stop', onclick: () => change('stop', { error: 'Console.Stopped', cause: 'stopped from the console' }) }, 'Stop') : null,
      ENDED_BADLY.has(exec.status) && !atFail ? h('button', { type: 'button', id: 'redrive', onclick: () => change('redrive') }, 'Redrive') : null,
      atFail ? [h('button', { type: 'button', id: 'rerun', onclick: () => rerun(exec) }, 'Re-run with the same input'), ' ',
        h('span', { class: 'hint', id: 'why-no-redrive' }, `No redrive: it ended in the Fail state ${atFail}, which a redrive would run again.`), ' ']
        : null,
      h('a', { href: `#/start/${enc(exec.pipeline)}?from=${enc(exec.executionId)}`, id: 'new-with-input', class: 'button-link' },
        'New execution with this input'),
      waiting.map((s) => callbackForm(s)));
  }

  async function change(what, body) {
    if (what === 'stop' && !window.confirm(`Stop ${id}?`)) return;
    try {
      await api(`/v1/executions/${enc(id)}/${what}`, { method: 'POST', body });
      toast(what === 'stop' ? 'Stopped' : 'Redriven: running again from its failed state');
      startPolling();
      await load();
    } catch (e) {
      toast(`${what} failed: ${problemText(e)}`, 'error');
    }
  }

  async function rerun(exec) {
    try {
      const started = await api(`/v1/pipelines/${enc(exec.pipeline)}/executions`, { method: 'POST', body: { input: exec.input ?? {} } });
      toast(`Started ${started.executionId} with the same input`);
      location.hash = `#/executions/${enc(started.executionId)}`;
    } catch (e) {
      toast(`Could not start ${exec.pipeline} again: ${problemText(e)}`, 'error');
    }
  }

  function callbackForm(s) {
    const out = h('textarea', { id: `cb-out-${s.state}`, rows: 2, cols: 30 }, '{}');
    const error = h('input', { id: `cb-err-${s.state}`, value: 'Console.Rejected', size: 18 });
    const cause = h('input', { id: `cb-cause-${s.state}`, value: '', size: 24 });
    const send = async (kind) => {
      try {
        let body;
        if (kind === 'success') body = JSON.parse(out.value || '{}');
        else body = { error: error.value, cause: cause.value };
        await api(`/v1/tasks/${enc(s.waitingToken)}/${kind}`, { method: 'POST', body });
        toast(`Sent task ${kind} for ${s.state}`);
        setTimeout(load, 300);
      } catch (e) {
        toast(`Could not send ${kind}: ${e instanceof SyntaxError ? `the output is not JSON (${e.message})` : problemText(e)}`, 'error');
      }
    };
    return h('fieldset', { class: 'callback' }, h('legend', {}, `${s.state} waits for a callback`),
      h('label', { for: out.id }, 'Output (JSON)'), out, ' ',
      h('button', { type: 'button', class: 'ok', onclick: () => send('success') }, 'Send success'), ' ',
      h('label', { for: error.id }, 'Error'), error, h('label', { for: cause.id }, 'Cause'), cause, ' ',
      h('button', { type: 'button', class: 'danger', onclick: () => send('failure') }, 'Send failure'));
  }

  function renderDetail(name, o) {
    fill(detail, h('h2', {}, name), h('p', {}, h('span', { class: `badge o-${o ? o.outcome : 'none'}` }, outcomeLabel(o))),
      o ? [
        h('dl', { class: 'facts' }, fact('Entered', fmtTime(o.firstEntered)), fact('Left', o.lastExited ? fmtTime(o.lastExited) : '—'),
          fact('Took', o.lastExited ? duration(o.firstEntered, o.lastExited) : (o.outcome === 'running' ? `${duration(o.lastEntered)} so far` : '—')),
          fact('Times entered', o.entered), fact('Retries', o.retries)),
        o.error ? errorView(o.error, o.cause, id) : null,
        last.mapRuns.filter((r) => r.state === name).map((r) => h('p', { class: 'map-run-of-state' }, `Map run ${r.label}: `,
          statusBadge(r.status), ' ', childCounts(last.exec.pipeline, r))),
        h('h3', {}, 'Input'), json(o.input, `Input of ${name}`),
        h('h3', {}, 'Output'), json(o.output, `Output of ${name}`),
      ] : h('p', {}, 'This state was not reached.'));
  }

  let stopPolling = () => {};
  function startPolling() { stopPolling(); stopPolling = poll(load, 1500); }
  startPolling();
  load();
  return {
    el: h('section', { 'aria-labelledby': 'execution-h' }, err, head, actions,
      h('div', { class: 'split' }, graphBox, detail), mapRunsBox, h('h2', {}, 'History'), history.el),
    dispose: () => stopPolling(),
  };
}

/** The Fail state the run failed in, if it did: its name, else null. */
function failStateReached(definition, byState) {
  const types = new Map();
  const walk = (machine) => {
    for (const [name, st] of Object.entries(machine?.States || {})) {
      types.set(name, st.Type);
      (st.Branches || []).forEach(walk);
      walk(st.ItemProcessor || st.Iterator);
    }
  };
  walk(definition);
  const failed = [...byState.values()].find((o) => o.outcome === 'failed' && types.get(o.state) === 'Fail');
  return failed ? failed.state : null;
}

function fact(k, v) {
  return [h('dt', {}, k), h('dd', {}, v)];
}

function legend() {
  return h('ul', { class: 'legend', 'aria-label': 'Colours' }, ['succeeded', 'retried', 'caught', 'failed', 'running', 'none'].map((o) =>
    h('li', {}, h('span', { class: `swatch o-${o}` }), o === 'none' ? 'not reached' : o)));
}
