// The live stream (server-sent events from the console) and the connection indicator.
import {state, emit} from './state.js';
import {get, eventsUrl} from './api.js';
import {debounce} from './dom.js';

// A burst of list changes (a folder being written to) refreshes the views once.
const listChanged = debounce(detail => emit('list-changed', detail), 300);

const indicator = () => document.getElementById('connection');

function show(kind, text, title) {
  const el = indicator();
  el.dataset.state = kind;
  el.textContent = text;
  el.title = title || '';
}

function applyStatus(status) {
  const before = state.status;
  state.status = status;
  if (status.state === 'up') {
    const s = status.server || {};
    show('up', `● connected · ${s.revision || ''} · ${s.transport || ''}`, status.target);
  } else {
    show('down', `● server lost: ${status.problem || 'no answer'} · reconnecting…`, status.target);
  }
  if (status.watches) applyWatches(status.watches);
  emit('status', status);
  // A new connection may be a new server process: everything shown is looked at again.
  if (before && status.state === 'up' && status.connections !== before.connections) listChanged({reconnected: true});
}

function applyWatches(w) {
  state.watched = new Set(w.watched || []);
  state.agreed = new Set(w.agreed || []);
  emit('watches', w);
}

export async function start() {
  applyStatus(await get('status'));
  const source = new EventSource(eventsUrl());
  source.addEventListener('status', e => applyStatus(JSON.parse(e.data)));
  source.addEventListener('watches', e => applyWatches(JSON.parse(e.data)));
  source.addEventListener('updated', e => {
    const {uri} = JSON.parse(e.data);
    state.updated.add(uri);
    emit('updated', uri);
  });
  source.addEventListener('list_changed', () => listChanged({}));
  source.onerror = () => {
    // EventSource reconnects by itself; until then the console itself is unreachable.
    if (source.readyState !== EventSource.OPEN) show('gone', '● console unreachable · retrying…');
  };
  source.onopen = () => {
    if (state.status) applyStatus(state.status);
  };
}

export {applyWatches};
