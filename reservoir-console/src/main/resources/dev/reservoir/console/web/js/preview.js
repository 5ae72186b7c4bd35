// The preview: reads the selected resource through the console and shows it as what it is.
// Large content arrives cut (the console streams it and keeps the first part), with a note.
import {h, bytes, label, toast} from './dom.js';
import {get, post} from './api.js';
import {state, on, emit} from './state.js';
import {markdown, code, table, image, hex, textKind, uriList} from './render.js';
import {addToBasket, inBasket, removeFromBasket} from './basket.js';

const $ = id => document.getElementById(id);
let shown = null;       // the last preview answer
let request = 0;

export function initPreview() {
  on('select', ({uri, resource}) => show(uri, resource, false));
  on('updated', uri => {
    if (uri === state.selected) show(uri, null, true);
  });
  on('watches', () => shown && actions(shown.uri));
  on('basket', () => shown && actions(shown.uri));
  on('status', s => {
    if (s.state === 'up' && state.selected && shown && shown.failed) show(state.selected, null, false);
  });
  on('list-changed', detail => {
    if (detail && detail.reconnected && state.selected) show(state.selected, null, false); // maybe a new server
  });
}

/** Shows a resource; {@code changed} when a notification said it changed. */
export async function show(uri, resource, changed) {
  const mine = ++request;
  state.selected = uri;
  if (!changed) state.updated.delete(uri);
  const pane = $('preview');
  if (!changed) {
    pane.replaceChildren(header(uri, resource), h('div', {id: 'preview-actions', class: 'actions'}),
      h('div', {id: 'preview-body', class: 'preview-body'}, h('p', {class: 'muted'}, 'Reading…')));
    actions(uri);
    emit('details', {uri, listed: resource});
  }
  try {
    const p = await get('preview', {uri});
    if (mine !== request) return;
    shown = p;
    if (changed) state.updated.delete(uri);
    $('preview-title').replaceChildren(label(p.resource || p.listed || {uri}));
    $('preview-body').replaceChildren(...body(p));
    if (changed) $('preview-body').prepend(h('p', {class: 'note live', id: 'updated-note'},
      `Updated ${new Date().toLocaleTimeString()}: the server said this resource changed.`));
    emit('details', {uri, listed: p.listed, read: p.resource, preview: p});
  } catch (e) {
    if (mine !== request) return;
    shown = {uri, failed: true};
    $('preview-body').replaceChildren(h('p', {class: 'error'}, e.message));
  }
}

function header(uri, resource) {
  return h('div', {class: 'preview-head'},
    h('h2', {id: 'preview-title'}, resource ? label(resource) : uri),
    h('div', {class: 'uri', id: 'preview-uri'}, uri));
}

function actions(uri) {
  const box = $('preview-actions');
  if (!box) return;
  const watching = state.watched.has(uri);
  const agreed = state.agreed.has(uri);
  box.replaceChildren(...[
    h('button', {type: 'button', id: 'watch-toggle', onclick: () => toggleWatch(uri, watching)},
      watching ? (agreed ? 'Stop watching' : 'Stop asking') : 'Watch'),
    inBasket(uri)
      ? h('button', {type: 'button', id: 'basket-toggle', onclick: () => removeFromBasket(uri)}, 'Remove from context')
      : h('button', {type: 'button', id: 'basket-toggle', onclick: () => addToBasket(uri)}, 'Add to context'),
    h('button', {type: 'button', id: 'refresh', onclick: () => show(uri, null, false)}, 'Read again'),
    watching && !agreed ? h('span', {class: 'muted'}, 'The server does not report changes to it.') : null,
  ].filter(Boolean));
}

async function toggleWatch(uri, watching) {
  try {
    await post(watching ? 'unwatch' : 'watch', {uris: [uri]});
  } catch (e) {
    toast(`Could not change the subscription: ${e.message}`, 'error');
  }
}

function body(p) {
  const out = [];
  const total = p.totalBytes ?? 0;
  if (p.items > 1) out.push(h('p', {class: 'note'}, `The server sent ${p.items} items; showing the first.`));
  if (p.truncated) {
    out.push(h('p', {class: 'note cut', id: 'cut-note'},
      `Showing the first ${bytes(p.shownBytes)} of ${bytes(total)}: the rest was streamed past, not kept.`));
  }
  if (p.note) out.push(h('p', {class: 'note'}, p.note));
  switch (p.kind) {
    case 'empty': out.push(h('p', {class: 'muted'}, 'The server returned no content.')); break;
    case 'image': out.push(image(p.base64, p.imageType), h('p', {class: 'muted'}, `${p.imageType}, ${bytes(total)}`)); break;
    case 'binary': out.push(h('p', {class: 'muted'}, `Binary content (${p.mimeType || 'no type given'}, ${bytes(total)}).`), hex(p.base64)); break;
    case 'text': out.push(text(p)); break;
    default: out.push(h('p', {class: 'error'}, `Unknown preview kind: ${p.kind}`));
  }
  return out;
}

function text(p) {
  const kind = textKind(p.mimeType, p.uri);
  if (p.text.length === 0) return h('p', {class: 'muted'}, 'Empty text.');
  if (kind === 'markdown') return tabs(markdown(p.text), code(p.text, 'markdown'));
  if (kind === 'uri-list') return tabs(uriList(p.text, uri => emit('select', {uri, resource: null})), code(p.text, 'plain'));
  if (kind === 'csv' || kind === 'tsv') return tabs(table(p.text, kind === 'tsv' ? '\t' : ','), code(p.text, 'plain'));
  return code(p.text, kind);
}

/** Rendered and source views of the same text. */
function tabs(rendered, source) {
  source.hidden = true;
  const bar = h('div', {class: 'toggle small'},
    h('button', {type: 'button', class: 'active', id: 'show-rendered'}, 'Rendered'),
    h('button', {type: 'button', id: 'show-source'}, 'Source'));
  const [a, b] = bar.children;
  a.addEventListener('click', () => { rendered.hidden = false; source.hidden = true; a.classList.add('active'); b.classList.remove('active'); });
  b.addEventListener('click', () => { rendered.hidden = true; source.hidden = false; b.classList.add('active'); a.classList.remove('active'); });
  return h('div', {}, bar, rendered, source);
}
