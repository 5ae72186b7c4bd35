// The context basket: resources for a model's context within a budget (bytes, and an estimated
// token count), filled by hand or automatically by the client's selectContext (priority,
// audience, recency, size), showing what fits and why the rest does not, and exported as one
// Markdown bundle.
import {h, bytes, label, debounce, toast} from './dom.js';
import {post} from './api.js';
import {state, on, emit} from './state.js';

const BYTES_PER_TOKEN = 4;
const REASONS = {
  COLLECTION: 'a collection, not content',
  WRONG_AUDIENCE: 'meant for another audience',
  LOW_PRIORITY: 'priority below the floor',
  UNKNOWN_SIZE: 'size unknown',
  OVER_BUDGET: 'does not fit what is left of the budget',
  GREW_PAST_BUDGET: 'larger than declared: no longer fits',
  UNREADABLE: 'could not be read',
};
const $ = id => document.getElementById(id);
let plan = null;      // the last plan of the basket's items
let leftOut = null;   // what the last automatic fill left out
let planning = 0;

export const inBasket = uri => state.basket.some(i => i.uri === uri);

export function addToBasket(uri) {
  if (!inBasket(uri)) state.basket.push({uri});
  changed();
}

export function removeFromBasket(uri) {
  state.basket = state.basket.filter(i => i.uri !== uri);
  changed();
}

export function initBasket() {
  const pane = $('pane-basket');
  pane.append(
    h('h2', {}, 'Context basket'),
    h('div', {class: 'budget'},
      h('label', {}, 'Budget ', h('input', {id: 'budget', type: 'number', min: '0', value: '16'})),
      h('select', {id: 'budget-unit'}, h('option', {value: '1'}, 'bytes'), h('option', {value: '1024', selected: true}, 'KiB'),
        h('option', {value: '1048576'}, 'MiB')),
      h('span', {id: 'budget-tokens', class: 'muted'})),
    h('div', {class: 'budget'},
      h('select', {id: 'basket-audience'}, h('option', {value: ''}, 'any audience'),
        h('option', {value: 'user'}, 'for the user'), h('option', {value: 'assistant'}, 'for the assistant')),
      h('label', {}, 'min priority ', h('input', {id: 'basket-priority', type: 'number', min: '0', max: '1', step: '0.1'}))),
    h('div', {class: 'actions'},
      h('button', {type: 'button', id: 'auto-fill', class: 'primary', onclick: autoFill}, 'Fill automatically'),
      h('button', {type: 'button', id: 'basket-clear', onclick: () => { state.basket = []; leftOut = null; changed(); }}, 'Empty')),
    h('div', {id: 'basket-summary', class: 'summary'}),
    h('div', {id: 'basket-items'}),
    h('div', {id: 'basket-left-out'}),
    h('div', {class: 'actions'},
      h('button', {type: 'button', id: 'bundle-copy', onclick: () => exportBundle('copy')}, 'Copy as Markdown'),
      h('button', {type: 'button', id: 'bundle-download', onclick: () => exportBundle('download')}, 'Download .md')),
    h('textarea', {id: 'bundle', readonly: true, hidden: true, rows: '12', 'aria-label': 'Markdown bundle'}));
  for (const id of ['budget', 'budget-unit', 'basket-audience', 'basket-priority']) {
    $(id).addEventListener('input', changedSoon);
    $(id).addEventListener('change', changedSoon);
  }
  on('list-changed', changedSoon);
  render();
}

function budget() {
  return Math.max(0, Math.round(Number($('budget').value || 0) * Number($('budget-unit').value)));
}

function filters() {
  const priority = $('basket-priority').value;
  return {budget: budget(), audience: $('basket-audience').value || null,
          minPriority: priority === '' ? null : Number(priority)};
}

const changedSoon = debounce(() => changed(), 250);

function changed() {
  $('basket-count').textContent = state.basket.length ? String(state.basket.length) : '';
  emit('basket', state.basket);
  runPlan();
}

async function runPlan() {
  const mine = ++planning;
  if (state.basket.length === 0) {
    plan = null;
    render();
    return;
  }
  try {
    const answer = await post('context/select',
      {...filters(), uris: state.basket.map(i => i.uri), unknownSizes: true, read: true});
    if (mine !== planning) return;
    plan = answer;
  } catch (e) {
    if (mine !== planning) return;
    plan = {error: e.message};
  }
  render();
}

async function autoFill() {
  $('auto-fill').disabled = true;
  try {
    const answer = await post('context/select', {...filters(), read: false});
    state.basket = answer.included.map(i => ({uri: i.resource.uri}));
    leftOut = answer;
    changed();
  } catch (e) {
    toast(`Could not choose: ${e.message}`, 'error');
  } finally {
    $('auto-fill').disabled = false;
  }
}

function render() {
  const total = budget();
  $('budget-tokens').textContent = `≈ ${Math.ceil(total / BYTES_PER_TOKEN).toLocaleString('en')} tokens (4 bytes per token)`;
  const used = plan && !plan.error ? plan.used : 0;
  const pct = total ? Math.min(100, Math.round(100 * used / total)) : 0;
  const bar = h('div', {class: 'bar'}, h('div', {class: 'fill'}));
  bar.firstChild.style.width = `${pct}%`;
  $('basket-summary').replaceChildren(...[
    h('div', {id: 'basket-used'}, `${bytes(used) || '0 B'} of ${bytes(total) || '0 B'} used · ≈ ${Math.ceil(used / BYTES_PER_TOKEN).toLocaleString('en')} tokens · ${state.basket.length} chosen`),
    bar,
    plan && plan.error ? h('p', {class: 'error'}, plan.error) : null,
  ].filter(Boolean));
  $('basket-items').replaceChildren(items());
  $('basket-left-out').replaceChildren(...leftOutView());
}

function items() {
  if (state.basket.length === 0) return h('p', {class: 'muted'}, 'Empty. Add resources from their preview, or fill automatically.');
  const fits = new Map((plan?.included || []).map(i => [i.resource.uri, i]));
  const out = new Map((plan?.excluded || []).map(i => [i.resource.uri, i]));
  return h('table', {class: 'basket'}, h('tbody', {}, state.basket.map(({uri}) => {
    const f = fits.get(uri);
    const x = out.get(uri);
    const r = (f || x)?.resource || {uri};
    const status = f ? h('span', {class: 'fits'}, 'fits') : x ? h('span', {class: 'left-out'}, REASONS[x.reason] || x.reason) : h('span', {class: 'muted'}, '…');
    return h('tr', {dataset: {uri}, class: f ? 'fits' : x ? 'left-out' : ''},
      h('td', {class: 'name'}, h('a', {href: '#', onclick: e => { e.preventDefault(); emit('select', {uri, resource: r.name ? r : null}); }}, label(r))),
      h('td', {class: 'num'}, f ? bytes(f.bytes) : bytes(r.size)),
      h('td', {}, status),
      h('td', {}, h('button', {type: 'button', class: 'link', title: 'Remove', onclick: () => removeFromBasket(uri)}, '✕')));
  })));
}

function leftOutView() {
  if (!leftOut || leftOut.excludedTotal === 0) return [];
  const counts = Object.entries(leftOut.excludedCounts).map(([k, n]) => `${n} ${REASONS[k] || k}`).join(' · ');
  return [h('details', {id: 'left-out', open: true},
    h('summary', {}, `Left out by the automatic fill: ${leftOut.excludedTotal} (${counts})`),
    h('ul', {class: 'left-out-list'}, leftOut.excluded.slice(0, 100).map(x =>
      h('li', {dataset: {uri: x.resource.uri}}, label(x.resource), h('span', {class: 'muted'}, ` — ${REASONS[x.reason] || x.reason}`,
        x.resource.size !== undefined ? ` (${bytes(x.resource.size)})` : '')))))];
}

async function exportBundle(how) {
  const uris = (plan?.included || []).map(i => i.resource.uri);
  if (uris.length === 0) {
    toast('Nothing in the basket fits the budget.', 'error');
    return;
  }
  try {
    const md = await post('context/bundle', {uris, budget: budget()});
    const area = $('bundle');
    area.value = md;
    area.hidden = false;
    if (how === 'copy') {
      try {
        await navigator.clipboard.writeText(md);
        toast('Copied the Markdown bundle.');
      } catch (e) {
        area.select();
        toast(document.execCommand('copy') ? 'Copied the Markdown bundle.' : 'Select the text below and copy it.');
      }
    } else {
      const link = h('a', {href: URL.createObjectURL(new Blob([md], {type: 'text/markdown'})), download: 'context.md'});
      document.body.append(link);
      link.click();
      link.remove();
    }
  } catch (e) {
    toast(`Could not export: ${e.message}`, 'error');
  }
}
