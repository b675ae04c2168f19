import './style.css';
import { api, ApiError, session } from './api.js';
import { h, fill } from './dom.js';
import { pipelinesPage, pipelinePage } from './pages/pipelines.js';
import { executionsPage } from './pages/executions.js';
import { executionPage } from './pages/execution.js';
import { statusPage } from './pages/status.js';
import { deadLettersPage } from './pages/deadletters.js';
import { startPage } from './pages/start.js';
import { mapRunsPage } from './pages/mapruns.js';
import { jobLogPage } from './pages/joblog.js';

const main = document.getElementById('main');
let dispose = () => {};

/** Who the API takes us for; a 401 asks for a key (kept in session storage, for this tab only). */
async function signIn(message) {
  try {
    session.caller = await api('/v1/caller');
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) {
      askKey(message || (session.key() ? 'That key was not accepted.' : 'This Sluice needs an API key.'));
      return false;
    }
    throw e;
  }
  const c = session.caller;
  fill(document.getElementById('who'), c.mode === 'local'
    ? h('span', {}, 'Local mode: no key needed')
    : [h('span', {}, `Tenant ${c.tenant} · key ${c.key} · ${c.role}`), ' ',
      h('button', { type: 'button', class: 'link', onclick: () => { session.forget(); session.caller = null; start(); } }, 'Forget key')]);
  return true;
}

function askKey(message) {
  dispose();
  fill(document.getElementById('who'));
  const input = h('input', { id: 'key', name: 'key', type: 'password', autocomplete: 'off', required: true, size: 40, 'aria-describedby': 'key-help' });
  fill(main, h('section', { class: 'card narrow' },
    h('h1', {}, 'Sign in'),
    h('p', { role: 'alert' }, message),
    h('form', {
      onsubmit: (ev) => { ev.preventDefault(); session.setKey(input.value.trim()); start(); },
    },
    h('label', { for: 'key' }, 'API key'), ' ', input,
    h('p', { id: 'key-help', class: 'hint' }, 'A tenant key (sk_...). It is kept in this tab\'s session storage and sent with each request; closing the tab forgets it.'),
    h('button', { type: 'submit' }, 'Use key'))));
  input.focus();
}

function route() {
  dispose();
  dispose = () => {};
  const hash = location.hash.replace(/^#/, '') || '/pipelines';
  const [path, query = ''] = hash.split('?');
  const params = new URLSearchParams(query);
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  document.querySelectorAll('[data-nav]').forEach((a) => {
    if (a.dataset.nav === ({ start: 'pipelines', 'map-runs': 'executions', 'job-log': 'executions' }[parts[0]] || parts[0])) a.setAttribute('aria-current', 'page'); else a.removeAttribute('aria-current');
  });
  let page;
  if (parts[0] === 'executions' && parts[1]) page = executionPage(parts.slice(1).join('/'));
  else if (parts[0] === 'executions') page = executionsPage(params);
  else if (parts[0] === 'map-runs' && parts[1]) page = mapRunsPage(parts.slice(1).join('/'));
  else if (parts[0] === 'job-log' && parts[1]) page = jobLogPage(parts.slice(1).join('/'), params);
  else if (parts[0] === 'status') page = statusPage(params);
  else if (parts[0] === 'dead-letters') page = deadLettersPage(params);
  else if (parts[0] === 'pipelines' && parts[1]) page = pipelinePage(parts[1]);
  else if (parts[0] === 'start' && parts[1]) page = startPage(parts[1], params);
  else page = pipelinesPage();
  fill(main, page.el);
  dispose = page.dispose || (() => {});
  main.focus({ preventScroll: true });
}

async function start() {
  try {
    if (await signIn()) route();
  } catch (e) {
    fill(main, h('p', { role: 'alert', class: 'error' }, `The API did not answer: ${e.message}`));
  }
}

window.addEventListener('hashchange', () => { if (session.caller) route(); });
start();
