// The console's page: wires the views together. Each view lives in its own module.
import {debounce} from './dom.js';
import {state, on, emit, filtering} from './state.js';
import {start as startLive} from './live.js';
import {initTree} from './tree.js';
import {initList, load as loadList} from './list.js';
import {initPreview} from './preview.js';
import {initDetails} from './details.js';
import {initTemplates} from './templates.js';
import {initBasket} from './basket.js';

const $ = id => document.getElementById(id);

function showTab(name) {
  for (const button of document.querySelectorAll('#tabs button')) button.classList.toggle('active', button.dataset.tab === name);
  for (const pane of document.querySelectorAll('.tab-pane')) pane.hidden = pane.id !== `pane-${name}`;
  emit('tab', name);
}

function showView(view) {
  $('view-tree').classList.toggle('active', view === 'tree');
  $('view-list').classList.toggle('active', view === 'list');
  $('tree').hidden = view !== 'tree';
  $('list').hidden = view !== 'list';
  if (view === 'list') loadList();
}

function readQuery() {
  const q = state.query;
  q.q = $('search').value.trim().toLowerCase();
  q.mime = $('filter-mime').value.trim();
  q.audience = $('filter-audience').value;
  q.since = $('filter-since').value;
  q.minSize = $('filter-min').value;
  q.maxSize = $('filter-max').value;
  // Searching and filtering happen in the list (the tree shows everything).
  if (filtering()) showView('list');
  emit('query', q);
}

function header(status) {
  const s = status.server || {};
  $('server-name').textContent = s.title || s.name || status.target;
  $('server-meta').textContent = [s.version, status.target].filter(Boolean).join(' · ');
  document.title = `${s.title || s.name || 'server'} · Reservoir console`;
}

async function main() {
  for (const button of document.querySelectorAll('#tabs button')) button.addEventListener('click', () => showTab(button.dataset.tab));
  $('view-tree').addEventListener('click', () => showView('tree'));
  $('view-list').addEventListener('click', () => showView('list'));
  const changed = debounce(readQuery, 200);
  for (const id of ['search', 'filter-mime', 'filter-min', 'filter-max']) $(id).addEventListener('input', changed);
  for (const id of ['filter-audience', 'filter-since']) $(id).addEventListener('change', readQuery);
  on('status', header);
  initDetails();
  initPreview();
  initTemplates();
  initBasket();
  await startLive();
  initTree();
  initList();
  document.body.dataset.ready = 'true';
}

main().catch(e => {
  document.body.dataset.ready = 'failed';
  $('connection').textContent = `The console could not start: ${e.message}`;
});
