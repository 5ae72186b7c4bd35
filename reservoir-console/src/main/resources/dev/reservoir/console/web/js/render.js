// Renderers for the preview: Markdown, highlighted code, CSV tables, images, hex. Content is
// untrusted: Markdown and highlighted code pass through DOMPurify (no script, no event handlers,
// no forms, no styles; links open apart with no referrer; images only from data: URIs, so
// nothing is fetched from the internet); everything else is text nodes.
import {marked as markdownParser} from '/vendor/marked.js';
import DOMPurify from '/vendor/purify.js';
import {h} from './dom.js';

const SAFE_IMAGE = /^data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[a-z0-9+/=]+$/i;
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp',
  'image/x-icon', 'image/vnd.microsoft.icon', 'image/avif', 'image/svg+xml']);
const PURIFY = {
  USE_PROFILES: {html: true},
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'iframe', 'object', 'embed'],
  FORBID_ATTR: ['style', 'srcset'],
  RETURN_DOM_FRAGMENT: true,
};

DOMPurify.addHook('afterSanitizeAttributes', node => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
  if (node.tagName === 'IMG' && !SAFE_IMAGE.test(node.getAttribute('src') || '')) {
    node.removeAttribute('src');
    node.setAttribute('title', 'not loaded: the console shows only images inside the resource');
    node.classList.add('blocked');
  }
});

export function markdown(text) {
  const html = markdownParser.parse(text, {gfm: true, async: false});
  return h('div', {class: 'markdown'}, DOMPurify.sanitize(html, PURIFY));
}

const LANGUAGES = {
  'application/json': 'json', 'text/html': 'xml', 'application/xml': 'xml', 'text/xml': 'xml',
  'image/svg+xml': 'xml', 'text/javascript': 'javascript', 'application/javascript': 'javascript',
  'text/x-java': 'java', 'text/x-java-source': 'java', 'text/x-python': 'python', 'text/x-script.python': 'python',
  'application/x-yaml': 'yaml', 'application/yaml': 'yaml', 'text/yaml': 'yaml', 'text/x-yaml': 'yaml',
  'application/sql': 'sql', 'text/css': 'css', 'application/x-sh': 'bash', 'text/x-shellscript': 'bash',
  'application/toml': 'ini', 'text/x-c': 'c', 'text/x-go': 'go', 'text/x-rust': 'rust',
  'application/typescript': 'typescript',
};
const EXTENSIONS = {
  json: 'json', js: 'javascript', mjs: 'javascript', ts: 'typescript', java: 'java', py: 'python',
  rb: 'ruby', go: 'go', rs: 'rust', c: 'c', h: 'c', cpp: 'cpp', cs: 'csharp', kt: 'kotlin',
  xml: 'xml', html: 'xml', svg: 'xml', yaml: 'yaml', yml: 'yaml', toml: 'ini', ini: 'ini',
  sh: 'bash', sql: 'sql', css: 'css', diff: 'diff', properties: 'properties', gradle: 'groovy',
};

function baseType(mime) {
  return (mime || '').toLowerCase().split(';')[0].trim();
}

function extension(uri) {
  const path = (uri || '').split(/[?#]/)[0];
  const dot = path.lastIndexOf('.');
  return dot > path.lastIndexOf('/') ? path.slice(dot + 1).toLowerCase() : '';
}

/** How to show text: markdown, csv, tsv, or a highlight.js language, or 'plain'. */
export function textKind(mime, uri) {
  const type = baseType(mime);
  const ext = extension(uri);
  if (type === 'text/markdown' || type === 'text/x-markdown' || ext === 'md' || ext === 'markdown') return 'markdown';
  if (type === 'text/csv' || ext === 'csv') return 'csv';
  if (type === 'text/uri-list') return 'uri-list';
  if (type === 'text/tab-separated-values' || ext === 'tsv') return 'tsv';
  return LANGUAGES[type] || (type.endsWith('+json') ? 'json' : type.endsWith('+xml') ? 'xml' : EXTENSIONS[ext]) || 'plain';
}

/** Code with syntax highlighting (up to 256 KiB; beyond that plain text, which stays fast). */
export function code(text, language) {
  const pre = h('pre', {class: language === 'plain' ? 'code plain' : 'code'});
  const el = h('code', {class: 'hljs'});
  pre.append(el);
  let shown = text;
  if (language === 'json' && text.length < (1 << 20)) {
    try {
      shown = JSON.stringify(JSON.parse(text), null, 2);
    } catch (e) {
      // not JSON after all: shown as sent
    }
  }
  const hljs = window.hljs;
  if (language !== 'plain' && hljs && hljs.getLanguage(language) && shown.length <= 256 * 1024) {
    const html = hljs.highlight(shown, {language, ignoreIllegals: true}).value;
    el.append(DOMPurify.sanitize(html, {ALLOWED_TAGS: ['span'], ALLOWED_ATTR: ['class'], RETURN_DOM_FRAGMENT: true}));
    el.dataset.language = language;
  } else {
    el.textContent = shown;
  }
  return pre;
}

/** Rows of a CSV (RFC 4180: quotes, doubled quotes, separators and newlines inside quotes). */
export function parseCsv(text, separator = ',', maxRows = Infinity) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length && rows.length < maxRows; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { field += '"'; i++; }
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === separator) { row.push(field); field = ''; }
    else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field); rows.push(row); row = []; field = '';
    } else field += c;
  }
  if ((field !== '' || row.length > 0) && rows.length < maxRows) { row.push(field); rows.push(row); }
  return rows;
}

export function table(text, separator) {
  const MAX = 1000;
  const rows = parseCsv(text, separator, MAX + 1);
  const [first, ...rest] = rows;
  const shown = rest.slice(0, MAX - 1);
  const t = h('table', {class: 'csv'},
    h('thead', {}, h('tr', {}, (first || []).map(c => h('th', {}, c)))),
    h('tbody', {}, shown.map(r => h('tr', {}, r.map(c => h('td', {}, c))))));
  const box = h('div', {class: 'csv-box'}, t);
  if (rows.length > MAX) box.append(h('p', {class: 'note'}, `Showing the first ${MAX} rows.`));
  return box;
}

export function image(base64, type) {
  if (!IMAGE_TYPES.has(type)) return h('p', {class: 'note'}, `Not shown: ${type} is not an image type the console shows.`);
  return h('div', {class: 'image-box'}, h('img', {class: 'preview-image', alt: 'preview', src: `data:${type};base64,${base64}`}));
}

export function hex(base64) {
  const raw = atob(base64);
  const lines = [];
  for (let off = 0; off < raw.length; off += 16) {
    const slice = raw.slice(off, off + 16);
    const hexes = [...slice].map(ch => ch.charCodeAt(0).toString(16).padStart(2, '0'));
    const ascii = [...slice].map(ch => (ch >= ' ' && ch <= '~') ? ch : '.').join('');
    lines.push(`${off.toString(16).padStart(8, '0')}  ${hexes.slice(0, 8).join(' ').padEnd(23)}  ${hexes.slice(8).join(' ').padEnd(23)}  |${ascii}|`);
  }
  return h('pre', {class: 'hex'}, lines.join('\n'));
}

/** An icon of a resource: data: images only (https icons are named, not fetched). */
export function icon(src) {
  return SAFE_IMAGE.test(src || '') ? h('img', {class: 'icon', alt: '', src}) : null;
}

/** A text/uri-list (what a collection's read returns on some servers): its URIs, each to open. */
export function uriList(text, open) {
  const lines = text.split(/\r?\n/).map(l => l.trim()).filter(Boolean);
  return h('div', {class: 'uri-list'},
    ...lines.filter(l => l.startsWith('#')).map(l => h('p', {class: 'muted'}, l.slice(1).trim())),
    h('ul', {}, lines.filter(l => !l.startsWith('#')).map(uri =>
      h('li', {}, h('a', {href: '#', dataset: {uri}, onclick: e => { e.preventDefault(); open(uri); }}, uri)))));
}
