// The console's JSON API. The page talks only to the console (same origin); the console talks
// to the one MCP server it was started for.

// The console's token: from the address it printed (then taken out of the address bar), kept for
// this tab in sessionStorage, which is per origin (so per port), unlike cookies.
const KEY = 'reservoir-console-token';
export const token = (() => {
  const fromAddress = new URLSearchParams(location.search).get('token');
  if (fromAddress) {
    sessionStorage.setItem(KEY, fromAddress);
    history.replaceState(null, '', location.pathname);
  }
  return sessionStorage.getItem(KEY) || '';
})();

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function answer(response) {
  const type = response.headers.get('Content-Type') || '';
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`;
    if (type.startsWith('application/json')) {
      const body = await response.json();
      if (body && body.error) message = body.error;
    }
    throw new ApiError(response.status, message);
  }
  return type.startsWith('application/json') ? response.json() : response.text();
}

export function get(path, params = {}, signal) {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v !== undefined && v !== null && v !== '') query.set(k, v);
  }
  const qs = query.toString();
  return fetch(`/api/${path}${qs ? '?' + qs : ''}`, {headers: {'X-Console-Token': token}, signal}).then(answer);
}

export function post(path, body) {
  return fetch(`/api/${path}`, {
    method: 'POST',
    headers: {'Content-Type': 'application/json', 'X-Console-Token': token},
    body: JSON.stringify(body),
  }).then(answer);
}

/** The live stream's address (EventSource sends no headers, so the token goes in the query). */
export function eventsUrl() {
  return `/api/events?token=${encodeURIComponent(token)}`;
}
