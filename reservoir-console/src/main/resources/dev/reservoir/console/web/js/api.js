// The console's JSON API. The page talks only to the console (same origin); the console talks
// to the one MCP server it was started for.

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
  return fetch(`/api/${path}${qs ? '?' + qs : ''}`, {credentials: 'same-origin', signal}).then(answer);
}

export function post(path, body) {
  return fetch(`/api/${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: {'Content-Type': 'application/json'},
    body: JSON.stringify(body),
  }).then(answer);
}
