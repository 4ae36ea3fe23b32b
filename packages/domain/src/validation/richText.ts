/**
 * Keeps only formatting HTML from the rich-text editor: an allow-list of tags, of attributes per tag, and of URL
 * schemes; everything else is escaped or dropped (scripts, styles, event handlers, javascript: and data: URLs).
 * Text is re-serialised from what was parsed, so nothing the list does not know reaches the output.
 */
const TAGS = new Set([
  'p',
  'br',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'span',
  'div',
  'ul',
  'ol',
  'li',
  'a',
  'h1',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'table',
  'thead',
  'tbody',
  'tr',
  'td',
  'th',
  'hr',
  'img',
]);
const VOID = new Set(['br', 'hr', 'img']);
const DROP_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'svg']);
const ATTRS: Record<string, Set<string>> = {
  a: new Set(['href', 'title', 'target']),
  img: new Set(['src', 'alt', 'width', 'height']),
  td: new Set(['colspan', 'rowspan']),
  th: new Set(['colspan', 'rowspan']),
};
const SAFE_URL = /^(https?:|mailto:|tel:|#|\/)/i;
const ALIGN = /^text-align:\s*(left|right|center|justify);?$/i;

const escapeText = (s: string) => s.replace(/&(?!(#\d+|#x[0-9a-f]+|[a-z]+);)/gi, '&amp;').replace(/</g, '&lt;');
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

function cleanAttrs(tag: string, raw: string): string {
  const out: string[] = [];
  const re = /([a-zA-Z-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
  for (const m of raw.matchAll(re)) {
    const name = (m[1] as string).toLowerCase();
    const value = m[2] ?? m[3] ?? m[4] ?? '';
    if (name === 'style') {
      if (ALIGN.test(value.trim())) out.push(`style="${escapeAttr(value.trim())}"`);
      continue;
    }
    if (!ATTRS[tag]?.has(name)) continue;
    if ((name === 'href' || name === 'src') && !SAFE_URL.test(value.trim())) continue;
    if (name === 'target') {
      out.push('target="_blank" rel="noopener noreferrer"');
      continue;
    }
    out.push(`${name}="${escapeAttr(value)}"`);
  }
  return out.length ? ` ${out.join(' ')}` : '';
}

export function sanitizeRichText(html: string): string {
  let out = '';
  let dropping: string | null = null;
  const re = /<!--[\s\S]*?-->|<\/?([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|([^<]+)|(<)/g;
  for (const m of html.matchAll(re)) {
    const [whole, rawTag, attrs = '', text, lone] = m;
    if (whole.startsWith('<!--')) continue;
    if (dropping) {
      if (rawTag && whole.startsWith('</') && rawTag.toLowerCase() === dropping) dropping = null;
      continue;
    }
    if (text !== undefined) {
      out += escapeText(text);
      continue;
    }
    if (lone !== undefined) {
      out += '&lt;';
      continue;
    }
    const tag = (rawTag as string).toLowerCase();
    if (DROP_WITH_CONTENT.has(tag)) {
      if (!whole.startsWith('</') && !whole.endsWith('/>')) dropping = tag;
      continue;
    }
    if (!TAGS.has(tag)) continue;
    if (whole.startsWith('</')) {
      if (!VOID.has(tag)) out += `</${tag}>`;
      continue;
    }
    out += `<${tag}${cleanAttrs(tag, attrs.replace(/\/$/, ''))}>`;
  }
  return out;
}

/**
 * Rich text (HTML) as plain text: a line break after each paragraph, line, list item, heading and block, `• ` before
 * each list item, the tags dropped and the common entities decoded; at most one blank line in a row.
 */
export function htmlATexto(html: string): string {
  return html
    .replace(/<\s*(br|\/p|\/li|\/h\d|\/div)\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
