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

/** {@code text} parsed when it is a JSON object or array, else {@code undefined}. */
export function jsonIn(text) {
  if (typeof text !== 'string' || !/^\s*[[{]/.test(text)) return undefined;
  try {
    const v = JSON.parse(text);
    return v !== null && typeof v === 'object' ? v : undefined;
  } catch {
    return undefined;
  }
}

/** The sentence a JSON cause carries (a Lambda's errorMessage, an SDK's message), if it has one. */
export function causeMessage(parsed) {
  if (!parsed || Array.isArray(parsed)) return null;
  const m = parsed.errorMessage ?? parsed.message ?? parsed.Message ?? parsed.detail ?? parsed.cause;
  return typeof m === 'string' && m.trim() ? m : null;
}

/**
 * An error and its cause, readable: a cause that is JSON has its message pulled up as a sentence and the whole shown
 * pretty (folded); any other cause is shown as it is.
 */
export function errorView(error, cause, executionId) {
  const parsed = jsonIn(cause);
  const message = causeMessage(parsed);
  const log = logLocation(parsed, cause);
  return h('div', { class: 'error-box', role: 'note' }, h('strong', { class: 'error-name' }, error),
    message ? h('p', { class: 'error-message' }, message) : null,
    log ? h('p', { class: 'job-log' }, jobLogLink(log, executionId)) : null,
    parsed ? h('details', { class: 'cause-json', open: message ? null : true }, h('summary', {}, 'The cause, as JSON'),
      h('pre', { class: 'cause' }, JSON.stringify(parsed, null, 2)))
      : h('pre', { class: 'cause' }, cause || ''));
}

/** The job run's log a cause names: a failed run's {@code LogLocation}, or the sentence's "Its log: <location>." */
export function logLocation(parsed, cause) {
  if (parsed && typeof parsed.LogLocation === 'string' && parsed.LogLocation) return parsed.LogLocation;
  const m = typeof cause === 'string' ? /Its log: (\S+?)\.?$/.exec(cause.trim()) : null;
  return m ? m[1] : null;
}

/**
 * A link to a job run's log: a web address as it is (a cloud's log service), else the console's page that reads it
 * through the API for the execution that named it; a location with no execution to read it through stays text.
 */
export function jobLogLink(location, executionId) {
  if (/^https?:\/\//.test(location)) return h('a', { href: location, rel: 'noreferrer', class: 'job-log-link' }, 'job log');
  if (!executionId) return h('code', {}, location);
  return h('a', { href: `#/job-log/${encodeURIComponent(executionId)}?location=${encodeURIComponent(location)}`, class: 'job-log-link' },
    'job log', h('span', { class: 'hint' }, ` (${location})`));
}

/** A history event's error: short ones inline; a long or JSON cause folded, its first words (or its message) as the summary. */
export function causeInline(error, cause) {
  const text = cause == null ? '' : String(cause);
  const parsed = jsonIn(text);
  if (!parsed && text.length <= 160) return h('span', { class: 'ev-detail' }, ` ${error}${text ? `: ${text}` : ''}`);
  const lead = causeMessage(parsed) || text;
  return h('details', { class: 'ev-cause' },
    h('summary', {}, ` ${error}: ${lead.length > 120 ? `${lead.slice(0, 120)}…` : lead}`),
    h('pre', { class: 'cause' }, parsed ? JSON.stringify(parsed, null, 2) : text));
}
