// The console's one way to the HTTP API: same origin, the tenant key (if any) from session storage.
const KEY = 'sluice.console.key';

export class ApiError extends Error {
  constructor(status, problem) {
    super(problem?.detail || problem?.title || `HTTP ${status}`);
    this.status = status;
    this.problem = problem;
  }
}

export const session = {
  key: () => sessionStorage.getItem(KEY),
  setKey: (k) => sessionStorage.setItem(KEY, k),
  forget: () => sessionStorage.removeItem(KEY),
  caller: null,
};

// The API's root, from where the console is served (<root>/console/): '/' locally, '/api/' behind a prefix.
const ROOT = new URL('..', `${location.origin}${location.pathname}`).pathname;

export async function api(path, { method = 'GET', body } = {}) {
  const headers = { Accept: 'application/json' };
  const key = session.key();
  if (key) headers.Authorization = `Bearer ${key}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const r = await fetch(ROOT + path.replace(/^\//, ''), { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'omit' });
  const text = await r.text();
  let json = null;
  if (text) {
    try { json = JSON.parse(text); } catch { json = { detail: text }; }
  }
  if (!r.ok) throw new ApiError(r.status, json);
  return json;
}

export const enc = encodeURIComponent;

export const mayChange = () => !!session.caller?.mayChange;
