// The tree: collections (SEP-2093 resources/list {uri}) where the server has them, otherwise
// resources grouped by URI path. Nodes are fetched when opened; which nodes are open survives
// list_changed, so a refresh keeps the user's place.
import {h, label, toast} from './dom.js';
import {get} from './api.js';
import {state, on, emit, badges} from './state.js';

const expanded = new Set();
let firstLoad = true;
const container = () => document.getElementById('tree');

export function initTree() {
  on('list-changed', () => refresh());
  on('updated', uri => markAll(uri));
  on('watches', () => markAll());
  on('select', () => markAll());
  refresh();
}

export async function refresh() {
  const el = container();
  const scroll = el.scrollTop;
  const fresh = h('div', {class: 'tree-root', role: 'tree'});
  try {
    await fill(fresh, '', 0, false);
  } catch (e) {
    fresh.append(h('p', {class: 'error'}, `Could not list resources: ${e.message}`));
  }
  el.replaceChildren(fresh);
  el.scrollTop = scroll;
  markAll();
}

async function fill(box, key, offset, more) {
  const answer = await get('tree', {node: key, offset, more: more ? 1 : ''});
  if (key === '' && firstLoad) {
    firstLoad = false;
    // One top node (a folder, one scheme): open it, there is nothing else to choose.
    if (answer.nodes.length === 1 && answer.nodes[0].expandable) expanded.add(answer.nodes[0].key);
  }
  for (const node of answer.nodes) box.append(await nodeElement(node));
  const shown = offset + answer.nodes.length;
  if (shown < answer.total || (answer.source === 'collection' && !answer.complete)) {
    box.append(moreRow(`Show more (${shown} shown)`, row => {
      row.remove();
      return fill(box, key, shown, false);
    }));
  } else if (answer.source === 'paths' && !answer.complete) {
    box.append(moreRow(`Load more from the server (${answer.loaded} resources listed so far)`, () => {
      box.replaceChildren();
      return fill(box, key, 0, true);
    }));
  } else if (answer.nodes.length === 0 && offset === 0) {
    box.append(h('div', {class: 'node empty muted'}, key ? 'empty' : 'The server lists no resources.'));
  }
}

function moreRow(text, action) {
  const row = h('div', {class: 'node more'}, h('button', {type: 'button', class: 'link'}, text));
  row.querySelector('button').addEventListener('click', () =>
    action(row).catch(e => toast(`Could not load more: ${e.message}`, 'error')));
  return row;
}

async function nodeElement(node) {
  const resource = node.resource;
  const twisty = h('span', {class: 'twisty', 'aria-hidden': 'true'}, node.expandable ? '▸' : '');
  const row = h('div', {
    class: 'node' + (node.expandable ? ' expandable' : '') + (resource ? ' resource' : ' group'),
    dataset: {key: node.key, ...(resource ? {uri: resource.uri} : {})},
    title: resource ? resource.uri : node.key,
  }, twisty, h('span', {class: 'label'}, node.label || (resource ? label(resource) : node.key)),
     h('span', {class: 'marks'}));
  const children = h('div', {class: 'children', role: 'group', hidden: true});
  const item = h('div', {class: 'treeitem', role: 'treeitem'}, row, children);
  const toggle = async () => {
    if (!node.expandable) return;
    if (!children.hidden) {
      children.hidden = true;
      expanded.delete(node.key);
      twisty.textContent = '▸';
      return;
    }
    expanded.add(node.key);
    await open();
  };
  const open = async () => {
    twisty.textContent = '▾';
    children.hidden = false;
    children.replaceChildren(h('div', {class: 'node muted'}, 'loading…'));
    const box = h('div', {class: 'box'});
    try {
      await fill(box, node.key, 0, false);
      children.replaceChildren(box);
    } catch (e) {
      children.replaceChildren(h('div', {class: 'node error'}, e.message));
    }
    markAll();
  };
  twisty.addEventListener('click', e => { e.stopPropagation(); toggle(); });
  row.addEventListener('click', () => {
    if (resource) emit('select', {uri: resource.uri, resource});
    else toggle();
  });
  row.addEventListener('dblclick', () => toggle());
  if (expanded.has(node.key)) await open();
  return item;
}

/** Marks rows: selected, watched, changed since seen. */
function markAll() {
  for (const row of container().querySelectorAll('.node[data-uri]')) {
    const uri = row.dataset.uri;
    row.classList.toggle('selected', uri === state.selected);
    row.classList.toggle('watched', state.agreed.has(uri));
    row.classList.toggle('updated', state.updated.has(uri));
    row.querySelector('.marks').replaceChildren(...badges(uri));
  }
}
