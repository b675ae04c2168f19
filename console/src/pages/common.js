import { h, fill } from '../dom.js';
import { ApiError, session } from '../api.js';

/** Polls {@code load} every {@code ms} while the page is shown and the tab visible; answers the stop. */
export function poll(load, ms) {
  let timer = null;
  let stopped = false;
  const tick = async () => {
    if (stopped) return;
    if (!document.hidden) {
      try { await load(); } catch { /* shown by load */ }
    }
    if (!stopped) timer = setTimeout(tick, ms);
  };
  timer = setTimeout(tick, ms);
  return () => { stopped = true; clearTimeout(timer); };
}

export function problemText(e) {
  if (e instanceof ApiError) {
    if (e.status === 401) { session.caller = null; location.reload(); }
    return `${e.status}: ${e.message}`;
  }
  return e.message;
}

export function errorBox(el, e) {
  fill(el, h('p', { role: 'alert', class: 'error' }, problemText(e)));
}

export function json(value, label) {
  return h('pre', { class: 'json', tabindex: 0, 'aria-label': label }, value === undefined ? '(none)' : JSON.stringify(value, null, 2));
}
