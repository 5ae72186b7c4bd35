// What the page knows and shows, shared by the views, and a small event bus between them.
import {h} from './dom.js';

export const state = {
  status: null,          // the console's link to the server (GET /api/status, status events)
  selected: null,        // the URI previewed
  query: {q: '', mime: '', audience: '', since: '', minSize: '', maxSize: '', sort: '', dir: ''},
  watched: new Set(),    // URIs the page asked to watch
  agreed: new Set(),     // URIs the server agreed to report on
  updated: new Set(),    // URIs that changed since they were last looked at
  basket: [],            // [{uri, name, size}] chosen for the model's context
};

const handlers = new Map();

/** Events: select, list-changed, updated, watches, basket, status, query. */
export function on(type, fn) {
  if (!handlers.has(type)) handlers.set(type, []);
  handlers.get(type).push(fn);
}

export function emit(type, detail) {
  for (const fn of handlers.get(type) || []) {
    try {
      fn(detail);
    } catch (e) {
      console.error(`handler of ${type} failed`, e);
    }
  }
}

/** Whether any search text or filter is set. */
export function filtering() {
  const q = state.query;
  return Boolean(q.q || q.mime || q.audience || q.since || q.minSize || q.maxSize);
}

/** The badges of a resource: watched (the server agreed to report on it), changed since seen. */
export function badges(uri) {
  const out = [];
  if (state.agreed.has(uri)) out.push(h('span', {class: 'badge watching', title: 'the server reports its changes'}, 'watching'));
  if (state.updated.has(uri)) out.push(h('span', {class: 'badge changed', title: 'changed since you last looked'}, 'changed'));
  return out;
}
