// Template forms: one per resource template, an input per variable with completion as you type
// (completion/complete, with the other variables' values as context.arguments), and the
// resulting URI read and previewed.
import {h, debounce, toast} from './dom.js';
import {get, post} from './api.js';
import {emit, on} from './state.js';

const $ = id => document.getElementById(id);
let loaded = false;

export function initTemplates() {
  on('tab', tab => {
    if (tab === 'templates' && !loaded) load();
  });
  on('status', s => {
    if (s.state === 'up' && loaded) load(); // a reconnected server may have other templates
  });
}

export async function load() {
  loaded = true;
  const pane = $('pane-templates');
  pane.replaceChildren(h('p', {class: 'muted'}, 'Loading templates…'));
  try {
    const answer = await get('templates');
    const parts = [];
    if (answer.templates.length === 0) parts.push(h('p', {class: 'muted'}, 'The server has no resource templates.'));
    if (!answer.completions && answer.templates.length) parts.push(h('p', {class: 'note'}, 'The server does not offer completion; type the values.'));
    if (answer.more) parts.push(h('p', {class: 'note'}, 'The server has more templates than shown.'));
    pane.replaceChildren(...parts, ...answer.templates.map(t => form(t, answer.completions)));
  } catch (e) {
    loaded = false;
    pane.replaceChildren(h('p', {class: 'error'}, `Could not list templates: ${e.message}`));
  }
}

function form(t, completions) {
  const inputs = new Map();
  const uriLine = h('div', {class: 'uri expanded'});
  const values = () => Object.fromEntries([...inputs].map(([k, el]) => [k, el.value]));
  const expand = debounce(async () => {
    try {
      const {uri} = await post('expand', {template: t.uriTemplate, values: values()});
      uriLine.textContent = uri;
    } catch (e) {
      uriLine.textContent = e.message;
    }
  }, 150);
  const card = h('form', {class: 'template', dataset: {template: t.uriTemplate}},
    h('h3', {}, t.title || t.name),
    t.description ? h('p', {class: 'muted'}, t.description) : null,
    h('code', {class: 'uri-template'}, t.uriTemplate),
    ...t.variables.map(v => field(t, v, inputs, values, expand, completions)),
    uriLine,
    h('button', {type: 'submit', class: 'primary'}, 'Read'));
  card.addEventListener('submit', async e => {
    e.preventDefault();
    try {
      const {uri} = await post('expand', {template: t.uriTemplate, values: values()});
      uriLine.textContent = uri;
      emit('select', {uri, resource: null});
    } catch (err) {
      toast(err.message, 'error');
    }
  });
  return card;
}

function field(t, variable, inputs, values, expand, completions) {
  const input = h('input', {type: 'text', name: variable, autocomplete: 'off', spellcheck: 'false',
    dataset: {variable}, placeholder: variable});
  const list = h('ul', {class: 'suggestions', role: 'listbox', hidden: true});
  inputs.set(variable, input);
  let asked = 0;
  const choose = value => {
    input.value = value;
    list.hidden = true;
    expand();
  };
  const suggest = debounce(async () => {
    const mine = ++asked;
    try {
      const answer = await post('complete', {template: t.uriTemplate, variable, value: input.value, context: values()});
      if (mine !== asked || document.activeElement !== input) return;
      list.replaceChildren(...answer.values.map(v =>
        h('li', {role: 'option', dataset: {value: v}, onmousedown: e => { e.preventDefault(); choose(v); }}, v)));
      if (answer.hasMore) list.append(h('li', {class: 'muted more'}, `${answer.total ?? 'more'} in all; type to narrow`));
      list.hidden = answer.values.length === 0;
    } catch (e) {
      list.replaceChildren(h('li', {class: 'error'}, e.message));
      list.hidden = false;
    }
  }, 120);
  // Without the completions capability the server is not asked (it would answer with an error).
  input.addEventListener('input', () => { if (completions) suggest(); expand(); });
  input.addEventListener('focus', () => { if (completions) suggest(); });
  input.addEventListener('blur', () => { list.hidden = true; });
  input.addEventListener('keydown', e => keys(e, list, choose));
  return h('label', {class: 'variable'}, h('span', {}, variable), h('div', {class: 'combo'}, input, list));
}

function keys(e, list, choose) {
  const options = [...list.querySelectorAll('li[data-value]')];
  const at = options.findIndex(li => li.classList.contains('active'));
  if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    e.preventDefault();
    if (options.length === 0) return;
    options.forEach(li => li.classList.remove('active'));
    const next = e.key === 'ArrowDown' ? (at + 1) % options.length : (at - 1 + options.length) % options.length;
    options[next].classList.add('active');
  } else if (e.key === 'Enter' && at >= 0 && !list.hidden) {
    e.preventDefault();
    choose(options[at].dataset.value);
  } else if (e.key === 'Escape') {
    list.hidden = true;
  }
}
