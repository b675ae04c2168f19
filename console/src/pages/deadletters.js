import { h, fill, fmtTime, toast } from '../dom.js';
import { api, enc, mayChange } from '../api.js';
import { poll, errorBox, problemText } from './common.js';

const PAGE = 50;

/**
 * The dead-letter queues of the caller's tenant (messages held, first and last seen) and their messages, latest
 * first, a page at a time; an operator redrives one (it goes back to its queue once and leaves the list).
 */
export function deadLettersPage(params) {
  const queue = params.get('queue') || '';
  const from = Math.max(0, Number.parseInt(params.get('from') || '0', 10) || 0);
  const err = h('div', {});
  const queues = h('tbody', {});
  const messages = h('tbody', {});
  const pager = h('nav', { class: 'pager', 'aria-label': 'Dead letter pages' });
  const count = h('p', { class: 'hint', 'aria-live': 'polite', id: 'dead-letters-count' });
  const link = (q, f) => {
    const p = new URLSearchParams();
    if (q) p.set('queue', q);
    if (f) p.set('from', String(f));
    return `#/dead-letters${p.toString() ? `?${p}` : ''}`;
  };

  async function load() {
    const q = new URLSearchParams({ from: String(from), limit: String(PAGE) });
    if (queue) q.set('queue', queue);
    try {
      const page = await api(`/v1/dead-letters?${q}`);
      fill(err);
      fill(queues, page.queues.length ? page.queues.map((s) => h('tr', { 'data-queue': s.queue },
        h('th', { scope: 'row' }, h('a', { href: link(s.queue, 0), 'aria-current': s.queue === queue ? 'true' : null }, s.queue)),
        h('td', {}, String(s.messages)), h('td', {}, fmtTime(s.firstSeen)), h('td', {}, fmtTime(s.lastSeen))))
        : h('tr', {}, h('td', { colspan: 4 }, 'No dead letters: every message was handled.')));
      fill(messages, page.messages.map(row));
      fill(count, `${page.messages.length} message${page.messages.length === 1 ? '' : 's'}${queue ? ` of ${queue}` : ''} shown`);
      fill(pager,
        from > 0 ? h('a', { href: link(queue, Math.max(0, from - PAGE)) }, '← Newer') : null, ' ',
        page.next != null ? h('a', { href: link(queue, page.next) }, 'Older →') : null);
    } catch (e) {
      errorBox(err, e);
    }
  }

  function row(m) {
    return h('tr', { 'data-letter': m.id, 'data-queue': m.queue },
      h('th', { scope: 'row' }, h('code', {}, m.messageId)),
      h('td', {}, m.queue),
      h('td', {}, m.executionId ? h('a', { href: `#/executions/${enc(m.executionId)}` }, m.executionId) : '—'),
      h('td', {}, String(m.count)),
      h('td', {}, fmtTime(m.firstSeen)),
      h('td', {}, fmtTime(m.lastSeen)),
      h('td', { class: 'error' }, m.error || ''),
      h('td', {}, h('details', {}, h('summary', {}, 'Body'),
        h('pre', { class: 'json', tabindex: 0, 'aria-label': `Body of message ${m.messageId}` }, m.body))),
      mayChange() ? h('td', { class: 'actions' }, m.redrivable
        ? h('button', { type: 'button', 'data-redrive': m.id, 'aria-label': `Redrive message ${m.messageId} to ${m.queue}`, onclick: (ev) => redrive(m, ev.target) }, 'Redrive')
        : h('span', { class: 'hint', title: 'Kept without a secret-looking field or cut at its size: not re-sent' }, 'not redrivable')) : null);
  }

  async function redrive(m, button) {
    button.disabled = true;
    try {
      await api(`/v1/dead-letters/${enc(m.id)}/redrive`, { method: 'POST' });
      toast(`Redrove message ${m.messageId} to ${m.queue}`);
    } catch (e) {
      toast(`Could not redrive ${m.messageId}: ${problemText(e)}`, 'error');
    }
    await load();
  }

  load();
  const stop = poll(load, 5000);
  return {
    el: h('section', { 'aria-labelledby': 'dead-letters-h' }, h('h1', { id: 'dead-letters-h' }, 'Dead letters'),
      h('p', { class: 'hint' }, 'Messages that failed every delivery, as the dlq-handler recorded them (values under secret-looking names are not kept). '
        + 'Redrive sends one back to its queue once; an execution failed for it needs its own redrive. Updated every 5 seconds.'),
      err,
      h('h2', {}, 'Queues'),
      h('table', { class: 'list', id: 'dead-letter-queues' }, h('caption', { class: 'sr-only' }, 'Dead-letter queues'),
        h('thead', {}, h('tr', {}, ['Queue', 'Messages', 'First seen (UTC)', 'Last seen (UTC)'].map((t) => h('th', { scope: 'col' }, t)))), queues),
      h('h2', {}, queue ? ['Messages of ', h('code', {}, queue), ' ', h('a', { href: link('', 0) }, '(all queues)')] : 'Messages'),
      h('table', { class: 'list', id: 'dead-letters-table' }, h('caption', { class: 'sr-only' }, 'Dead letters, last seen first'),
        h('thead', {}, h('tr', {}, ['Message', 'Queue', 'Execution', 'Times', 'First seen (UTC)', 'Last seen (UTC)', 'Error', 'Body']
          .concat(mayChange() ? ['Action'] : []).map((t) => h('th', { scope: 'col' }, t)))), messages),
      count, pager),
    dispose: stop,
  };
}
