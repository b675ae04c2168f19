import { h, fill, fmtTime, duration } from '../dom.js';
import { outcomeLabel } from '../outcomes.js';
import { EVENT_KINDS, filterEvents, spans } from '../timeline.js';
import { causeInline } from './common.js';

/**
 * An execution's history: a timeline (Gantt) of its states, and an event table with each event's payload, filtered by
 * the kind of event and a part of the state's name. {@code onSelect(state)} selects a state in the graph.
 */
export function historyView(onSelect) {
  let last = null;
  const kind = h('select', { id: 'history-kind', onchange: () => render() },
    Object.entries(EVENT_KINDS).map(([k, v]) => h('option', { value: k }, v.label)));
  const state = h('input', { id: 'history-state', type: 'search', size: 16, placeholder: 'part of a name', oninput: () => render() });
  const gantt = h('div', { class: 'gantt', id: 'gantt', role: 'list', 'aria-label': 'States over time' });
  const tbody = h('tbody', {});
  const shownCount = h('p', { class: 'hint', id: 'history-count', 'aria-live': 'polite' });

  function render() {
    if (!last) return;
    const { events, byState, exec } = last;
    const bars = spans(byState, exec.startTime, exec.stopTime);
    fill(gantt, bars.map((b) => h('div', { class: 'gantt-row', role: 'listitem', 'data-state': b.state, 'data-outcome': b.outcome },
      h('button', { type: 'button', class: 'link gantt-label', onclick: () => onSelect(b.state) }, b.state),
      h('span', { class: 'gantt-track' }, bar(b, byState)),
      h('span', { class: 'gantt-took' }, `${duration(b.from, b.to || undefined)} · ${outcomeLabel(byState.get(b.state))}`))));
    const rows = filterEvents(events, kind.value, state.value);
    fill(shownCount, `${rows.length} of ${events.length} events`);
    fill(tbody, rows.map((e) => h('tr', { class: `ev ev-${e.type.toLowerCase()}`, 'data-type': e.type, 'data-n': e.n },
      h('td', {}, e.n),
      h('td', {}, h('time', { datetime: e.at, title: fmtTime(e.at) }, `+${duration(events[0].at, e.at)}`)),
      h('td', {}, h('span', { class: 'ev-type' }, e.type.replaceAll('_', ' ').toLowerCase())),
      h('td', {}, e.state ? h('button', { type: 'button', class: 'link', onclick: () => onSelect(e.state) }, e.state) : '—'),
      h('td', {}, brief(e.detail), payload(e)))));
  }

  return {
    el: h('div', { class: 'history' },
      h('h3', {}, 'Timeline'), gantt,
      h('h3', {}, 'Events'),
      h('div', { class: 'filters', role: 'group', 'aria-label': 'Filter events' },
        h('span', { class: 'field' }, h('label', { for: 'history-kind' }, 'Show'), kind),
        h('span', { class: 'field' }, h('label', { for: 'history-state' }, 'State contains'), state)),
      h('table', { class: 'list events', id: 'history-table' }, h('caption', { class: 'sr-only' }, 'History events, oldest first'),
        h('thead', {}, h('tr', {}, ['#', 'Time', 'Event', 'State', 'Details'].map((t) => h('th', { scope: 'col' }, t)))), tbody),
      shownCount),
    update: (events, byState, exec) => { last = { events, byState, exec }; render(); },
  };
}

/** A state's bar, placed by the CSS object model (the console's content security policy allows no style attributes). */
function bar(b, byState) {
  const el = h('span', { class: `gantt-bar o-${b.outcome}`,
    title: `${b.state}: ${outcomeLabel(byState.get(b.state))}, ${fmtTime(b.from)} to ${b.to ? fmtTime(b.to) : 'now'}` });
  el.style.left = `${(b.left * 100).toFixed(2)}%`;
  el.style.width = `max(${(b.width * 100).toFixed(2)}%, 2px)`;
  return el;
}

/** The one-line summary of an event's detail: its error (folded when long or JSON), or its attempt. */
function brief(d) {
  if (!d) return null;
  if (d.error) return causeInline(d.error, d.cause);
  if (d.retry) return h('span', { class: 'ev-detail' }, ` attempt ${d.retry + 1}`);
  return null;
}

/** The event's whole detail (input, output, parameters, error), folded. */
function payload(e) {
  if (!e.detail || !Object.keys(e.detail).length) return null;
  const keys = Object.keys(e.detail).join(', ');
  return h('details', { class: 'ev-payload' }, h('summary', {}, keys),
    h('pre', { class: 'json', tabindex: 0, 'aria-label': `Detail of event ${e.n}` }, JSON.stringify(e.detail, null, 2)));
}
