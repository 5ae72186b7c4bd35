// The side panel: every field of the selected resource, as listed (resources/list) and as read
// (resources/read contents; with SEP-2093 these carry all metadata), including annotations,
// icons, _meta and isCollection. All as text.
import {h, bytes} from './dom.js';
import {on} from './state.js';
import {icon} from './render.js';

const KNOWN = ['uri', 'name', 'title', 'description', 'mimeType', 'size', 'isCollection'];

export function initDetails() {
  on('details', show);
}

function show({uri, listed, read, preview}) {
  const pane = document.getElementById('details');
  const merged = {...(listed || {}), ...(read || {})};
  const parts = [h('h3', {}, 'Metadata'), fields(merged, uri)];
  const a = merged.annotations;
  if (a) {
    parts.push(h('h3', {}, 'Annotations'), h('dl', {class: 'fields'},
      row('audience', (a.audience || []).join(', ') || '—'),
      row('priority', a.priority ?? '—'),
      row('lastModified', a.lastModified || '—')));
  }
  if (merged.icons && merged.icons.length) {
    parts.push(h('h3', {}, 'Icons'), h('ul', {class: 'icons'}, merged.icons.map(i =>
      h('li', {}, icon(i.src) || h('span', {class: 'muted'}, 'not loaded: '),
        h('code', {}, i.src.length > 80 ? i.src.slice(0, 80) + '…' : i.src),
        i.sizes && i.sizes.length ? ` ${i.sizes.join(' ')}` : '', i.mimeType ? ` ${i.mimeType}` : '',
        i.theme ? ` (${i.theme})` : ''))));
  }
  if (merged._meta) parts.push(h('h3', {}, '_meta'), h('pre', {class: 'json'}, JSON.stringify(merged._meta, null, 2)));
  if (preview) {
    parts.push(h('h3', {}, 'Content'), h('dl', {class: 'fields'},
      row('kind', preview.kind), row('bytes', `${preview.totalBytes} (${bytes(preview.totalBytes)})`),
      row('items', preview.items)));
  }
  if (listed) parts.push(h('details', {}, h('summary', {}, 'As listed (resources/list)'), h('pre', {class: 'json', id: 'raw-listed'}, JSON.stringify(listed, null, 2))));
  if (read) parts.push(h('details', {}, h('summary', {}, 'As read (resources/read contents)'), h('pre', {class: 'json', id: 'raw-read'}, JSON.stringify(read, null, 2))));
  pane.replaceChildren(...parts);
}

function fields(r, uri) {
  const dl = h('dl', {class: 'fields', id: 'fields'});
  dl.append(row('uri', r.uri || uri));
  for (const key of KNOWN.slice(1)) {
    if (r[key] === undefined) continue;
    dl.append(row(key, key === 'size' ? `${r.size} (${bytes(r.size)})` : String(r[key])));
  }
  for (const [key, value] of Object.entries(r)) {
    if (KNOWN.includes(key) || ['annotations', 'icons', '_meta'].includes(key)) continue;
    dl.append(row(key, typeof value === 'object' ? JSON.stringify(value) : String(value)));
  }
  return dl;
}

function row(key, value) {
  return h('div', {class: 'field', dataset: {field: key}}, h('dt', {}, key), h('dd', {}, String(value)));
}
