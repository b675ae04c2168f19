import { h, fill, toast } from '../dom.js';
import { api, enc, mayChange } from '../api.js';
import { errorBox, problemText } from './common.js';
import { readInput } from '../input.js';

/**
 * Start a pipeline with an input: a JSON editor that says at each keystroke whether the text is a JSON object (Start
 * waits until it is), and a partition. With {@code from} (an execution id) the editor opens with that run's input, which
 * makes "new execution with this input".
 */
export function startPage(pipeline, params) {
  const from = params.get('from');
  const err = h('div', {});
  const body = h('div', {}, h('p', { class: 'hint' }, 'Loading…'));
  const el = h('section', { 'aria-labelledby': 'start-h' },
    h('p', {}, h('a', { href: `#/pipelines/${enc(pipeline)}` }, `← Pipeline ${pipeline}`)),
    h('h1', { id: 'start-h' }, `Start ${pipeline}`), err, body);
  if (!mayChange()) {
    fill(body, h('p', {}, 'Your key may read but not start executions.'));
    return { el };
  }
  const source = from ? api(`/v1/executions/${enc(from)}`) : Promise.resolve(null);
  source.then((exec) => {
    const input = h('textarea', {
      id: 'start-input', name: 'input', rows: 12, cols: 70, spellcheck: 'false', class: 'json-editor',
      'aria-describedby': 'start-input-state',
    });
    input.value = exec ? JSON.stringify(exec.input ?? {}, null, 2) : '{\n  \n}';
    const state = h('p', { id: 'start-input-state', class: 'hint', 'aria-live': 'polite' });
    const partition = h('input', { id: 'start-partition', name: 'partition', size: 14, placeholder: 'optional' });
    const submit = h('button', { type: 'submit', id: 'start-submit' }, 'Start');
    const check = () => {
      const read = readInput(input.value);
      input.setAttribute('aria-invalid', read.problem ? 'true' : 'false');
      submit.disabled = !!read.problem;
      state.className = read.problem ? 'error' : 'hint';
      fill(state, read.problem || 'A JSON object: ready to start.');
      return read;
    };
    input.addEventListener('input', check);
    check();
    const form = h('form', {
      class: 'start-form', 'aria-label': `Start ${pipeline}`,
      onsubmit: async (ev) => {
        ev.preventDefault();
        const read = check();
        if (read.problem) return;
        const request = { input: read.value };
        if (partition.value.trim()) request.partition = partition.value.trim();
        try {
          const started = await api(`/v1/pipelines/${enc(pipeline)}/executions`, { method: 'POST', body: request });
          toast(`Started ${started.executionId}`);
          location.hash = `#/executions/${enc(started.executionId)}`;
        } catch (e) {
          toast(`Could not start ${pipeline}: ${problemText(e)}`, 'error');
        }
      },
    },
    exec ? h('p', { class: 'hint', id: 'start-from' }, 'With the input of ', h('a', { href: `#/executions/${enc(exec.executionId)}` }, exec.executionId),
      exec.input?.partition ? ` (partition ${exec.input.partition}, kept in the input)` : '', '.') : null,
    h('label', { for: 'start-input' }, 'Input (JSON object)'), input, state,
    h('p', {}, h('label', { for: 'start-partition' }, 'Partition'), ' ', partition, ' ', submit));
    fill(body, form);
  }).catch((e) => errorBox(err, e));
  return { el };
}
