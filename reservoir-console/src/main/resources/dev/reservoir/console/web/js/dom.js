// DOM helpers. Everything a server sends is untrusted: it reaches the page as text nodes and
// attribute values only (never innerHTML), except Markdown and highlighted code, which go
// through DOMPurify in render.js.

/** h('div', {class: 'x', dataset: {uri}}, 'text', child) -> element. */
export function h(tag, props, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') el.className = value;
    else if (key === 'dataset') Object.assign(el.dataset, value);
    else if (key.startsWith('on')) el.addEventListener(key.slice(2), value);
    else if (key === 'text') el.textContent = value;
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export function clear(el) {
  el.replaceChildren();
  return el;
}

/** Text with every occurrence of the query (ignoring case) in a mark element. */
export function marked(text, query) {
  const out = document.createDocumentFragment();
  const s = text == null ? '' : String(text);
  if (!query) {
    out.append(s);
    return out;
  }
  const lower = s.toLowerCase();
  let at = 0;
  for (let i = lower.indexOf(query, at); i >= 0 && query.length > 0; i = lower.indexOf(query, at)) {
    out.append(s.slice(at, i), h('mark', {}, s.slice(i, i + query.length)));
    at = i + query.length;
  }
  out.append(s.slice(at));
  return out;
}

export function bytes(n) {
  if (n === undefined || n === null) return '';
  if (n < 1024) return `${n} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let v = n / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) { v /= 1024; u++; }
  return `${v < 10 ? v.toFixed(1) : Math.round(v)} ${units[u]}`;
}

export function date(iso) {
  if (!iso) return '';
  const d = new Date(iso);
  return isNaN(d) ? String(iso) : d.toISOString().slice(0, 16).replace('T', ' ');
}

export function label(resource) {
  return resource.title || resource.name || resource.uri;
}

/** A short-lived message at the bottom of the window. */
export function toast(message, kind = 'info') {
  const el = h('div', {class: `toast ${kind}`, role: 'status'}, message);
  document.body.append(el);
  setTimeout(() => el.remove(), 4000);
}

export function debounce(fn, ms) {
  let timer;
  return (...args) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), ms);
  };
}

