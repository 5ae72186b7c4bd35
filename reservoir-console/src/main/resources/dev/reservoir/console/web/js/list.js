// The list view: sortable columns over a virtual scroller. Only the rows in sight exist in the
// page, and rows are fetched from the console a chunk at a time as they come into sight; the
// console in turn fetches resources/list pages only as far as needed. The list's length grows as
// pages arrive (MCP does not say how many resources there are).
import {h, bytes, date, label, marked, toast} from './dom.js';
import {get, post} from './api.js';
import {state, on, emit, badges, filtering} from './state.js';

const ROW = 40;
const CHUNK = 100;
const COLUMNS = [
  ['name', 'Name'], ['type', 'Type'], ['size', 'Size'],
  ['modified', 'Modified (UTC)'], ['priority', 'Prio.'], ['audience', 'Audience'],
];

let rows = new Map();       // position -> resource
let chunks = new Set();     // chunks fetched
let pending = new Set();    // chunks being fetched
let info = {matches: 0, complete: false, loaded: 0, pages: 0, sortedPartly: false};
let generation = 0;
let failures = 0;

const $ = id => document.getElementById(id);

export function initList() {
  $('list-viewport').addEventListener('scroll', () => requestAnimationFrame(load));
  window.addEventListener('resize', () => load());
  on('query', () => reset(true));
  on('list-changed', () => reset(false));
  on('updated', render);
  on('watches', render);
  on('select', render);
  $('list-load-all').addEventListener('click', loadAll);
  $('watch-visible').addEventListener('click', watchVisible);
  head();
}

/** Starts over: a new query goes back to the top; a changed list keeps the scroll position. */
export function reset(toTop) {
  generation++;
  rows = new Map();
  chunks = new Set();
  pending = new Set();
  failures = 0;
  if (toTop) $('list-viewport').scrollTop = 0;
  head();
  load();
}

function params(extra) {
  const q = state.query;
  return {q: q.q, mime: q.mime, audience: q.audience, since: q.since, minSize: q.minSize,
          maxSize: q.maxSize, sort: q.sort, dir: q.dir, ...extra};
}

function range() {
  const vp = $('list-viewport');
  const first = Math.floor(vp.scrollTop / ROW);
  return [first, first + Math.ceil(vp.clientHeight / ROW) + 1];
}

function total() {
  // Beyond what is loaded, room for one more chunk: scrolling there asks for it.
  return info.matches + (info.complete ? 0 : CHUNK);
}

export function load() {
  if ($('list').hidden) return;
  const [a, b] = range();
  const last = Math.min(b, Math.max(total(), CHUNK)) - 1;
  for (let c = Math.floor(a / CHUNK); c <= Math.floor(last / CHUNK); c++) fetchChunk(c);
  render();
}

function fetchChunk(c) {
  if (chunks.has(c) || pending.has(c) || failures > 2) return;
  const mine = generation;
  pending.add(c);
  get('rows', params({offset: c * CHUNK, limit: CHUNK}))
    .then(answer => {
      if (mine !== generation) return;
      answer.rows.forEach((r, i) => rows.set(answer.offset + i, r));
      info = answer;
      failures = 0;
      // A short chunk of an unfinished listing: the console stopped after its pages per call
      // (a search still looking); ask again while the rows are in sight.
      if (answer.rows.length === CHUNK || answer.complete) chunks.add(c);
      pending.delete(c);
      render();
      if (!chunks.has(c)) setTimeout(load, 0);
    })
    .catch(e => {
      pending.delete(c);
      if (mine !== generation) return;
      failures++;
      $('list-status').textContent = `Could not list resources: ${e.message}`;
    });
}

function head() {
  const q = state.query;
  $('list-head').replaceChildren(...COLUMNS.map(([key, title]) => {
    const active = q.sort === key;
    const arrow = active ? (q.dir === 'desc' ? ' ▼' : ' ▲') : '';
    return h('button', {type: 'button', class: `col col-${key}` + (active ? ' sorted' : ''), dataset: {sort: key},
      onclick: () => {
        if (active && q.dir !== 'desc') q.dir = 'desc';
        else if (active) { q.sort = ''; q.dir = ''; }
        else { q.sort = key; q.dir = ''; }
        emit('query', q);
      }}, title + arrow);
  }));
}

function render() {
  if ($('list').hidden) return;
  const [a, b] = range();
  const n = total();
  $('list-spacer').style.height = `${n * ROW}px`;
  const box = $('list-rows');
  box.style.transform = `translateY(${a * ROW}px)`;
  const out = [];
  for (let i = a; i < Math.min(b, n); i++) out.push(row(i, rows.get(i)));
  box.replaceChildren(...out);
  status();
}

function row(i, r) {
  if (!r) {
    const waiting = i < info.matches || !info.complete;
    return h('div', {class: 'row placeholder', dataset: {index: i}}, waiting ? 'loading…' : '');
  }
  const q = state.query.q.trim().toLowerCase();
  const a = r.annotations || {};
  const describe = q && r.description && r.description.toLowerCase().includes(q);
  return h('div', {
    class: 'row' + (r.uri === state.selected ? ' selected' : '') + (state.updated.has(r.uri) ? ' updated' : ''),
    dataset: {index: i, uri: r.uri},
    title: r.uri,
    onclick: () => emit('select', {uri: r.uri, resource: r}),
  },
  h('div', {class: 'cell col-name'},
    h('div', {class: 'name'}, ...badges(r.uri), marked(label(r), q)),
    h('div', {class: 'uri'}, describe ? marked(r.description, q) : marked(r.uri, q))),
  h('div', {class: 'cell col-type'}, r.isCollection ? 'collection' : (r.mimeType || '')),
  h('div', {class: 'cell col-size num'}, bytes(r.size)),
  h('div', {class: 'cell col-modified'}, date(a.lastModified)),
  h('div', {class: 'cell col-priority num'}, a.priority === undefined ? '' : String(a.priority)),
  h('div', {class: 'cell col-audience'}, (a.audience || []).join(', ')));
}

function status() {
  const listed = `${info.loaded.toLocaleString('en')} listed`;
  const parts = [filtering() ? `${info.matches.toLocaleString('en')} matching of ${listed}` : listed];
  parts.push(info.complete ? 'the whole list' : `more on the server (${info.pages} page${info.pages === 1 ? '' : 's'} fetched)`);
  if (info.sortedPartly) parts.push('sorted among those listed so far');
  if (info.problem) parts.push(info.problem);
  $('list-status').textContent = parts.join(' · ');
  $('list-load-all').hidden = !info.sortedPartly;
}

async function loadAll() {
  $('list-status').textContent = 'Listing everything…';
  try {
    await get('rows', params({offset: 0, limit: 1, all: 1}));
    reset(true);
  } catch (e) {
    toast(`Could not list everything: ${e.message}`, 'error');
  }
}

async function watchVisible() {
  const uris = [...$('list-rows').querySelectorAll('.row[data-uri]')].map(el => el.dataset.uri);
  if (uris.length === 0) return;
  try {
    const w = await post('watch', {uris});
    const refused = uris.filter(u => !(w.agreed || []).includes(u));
    toast(refused.length ? `The server will not report changes to ${refused.length} of them` : `Watching ${uris.length} resources`);
  } catch (e) {
    toast(`Could not watch: ${e.message}`, 'error');
  }
}
