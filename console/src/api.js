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

/** A text the API answers (a job log), with the key; an error answer throws as {@link api} does. */
export async function apiText(path) {
  const headers = { Accept: 'text/plain, application/problem+json' };
  const key = session.key();
  if (key) headers.Authorization = `Bearer ${key}`;
  const r = await fetch(ROOT + path.replace(/^\//, ''), { headers, credentials: 'omit' });
  const text = await r.text();
  if (!r.ok) {
    let problem;
    try { problem = JSON.parse(text); } catch { problem = { detail: text }; }
    throw new ApiError(r.status, problem);
  }
  return text;
}

export const mayChange = () => !!session.caller?.mayChange;

/**
 * Reads server-sent events from {@code path} with the key in the header (EventSource cannot send one): calls
 * {@code onEvent(name, data)} per event; reconnects when the server ends the stream; {@code onFail(error)} once when
 * it cannot be had (not a stream, an error answer, a broken connection), and stops. Answers the stop.
 */
export function events(path, onEvent, onFail) {
  const controller = new AbortController();
  let stopped = false;
  const headers = { Accept: 'text/event-stream' };
  const key = session.key();
  if (key) headers.Authorization = `Bearer ${key}`;
  (async () => {
    try {
      while (!stopped) {
        const r = await fetch(ROOT + path.replace(/^\//, ''), { headers, credentials: 'omit', signal: controller.signal });
        if (!r.ok || !(r.headers.get('Content-Type') || '').startsWith('text/event-stream') || !r.body) {
          throw new ApiError(r.status, { detail: `no event stream (HTTP ${r.status})` });
        }
        const reader = r.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value.replace(/\r\n?/g, '\n');
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let name = 'message';
            const data = [];
            for (const line of frame.split('\n')) {
              if (line.startsWith('event:')) name = line.slice(6).trim();
              else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
            }
            if (data.length) onEvent(name, data.join('\n'));
          }
        }
      }
    } catch (e) {
      if (!stopped) onFail(e);
    }
  })();
  return () => { stopped = true; controller.abort(); };
}
