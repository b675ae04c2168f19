import { h, fill } from '../dom.js';
import { apiText, enc } from '../api.js';
import { errorBox } from './common.js';

/** A job run's log, read through the API for the execution whose history names it. */
export function jobLogPage(executionId, params) {
  const location = params.get('location') || '';
  const err = h('div', {});
  const text = h('pre', { class: 'job-log-text', id: 'job-log-text', tabindex: 0, 'aria-label': `Job log ${location}` }, 'Reading…');
  apiText(`/v1/executions/${enc(executionId)}/job-log?location=${enc(location)}`)
    .then((t) => fill(text, t || '(the log is empty)'))
    .catch((e) => { fill(text); errorBox(err, e); });
  return {
    el: h('section', { 'aria-labelledby': 'job-log-h' },
      h('p', {}, h('a', { href: `#/executions/${enc(executionId)}` }, `← Execution ${executionId}`)),
      h('h1', { id: 'job-log-h' }, 'Job log'), h('p', { class: 'hint' }, location), err, text),
  };
}
