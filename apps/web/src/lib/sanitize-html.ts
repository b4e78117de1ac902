import DOMPurify from 'dompurify';

/**
 * docs/domains/platform.md#html-sanitising: help-centre HTML passes a whitelist that allows style attributes; other texts allow
 * only span with class, or nothing. The server sanitises help, notice and page content when it is
 * saved; the client sanitises again because the browser is the one that runs what slips through.
 */
const RICH_TAGS = [
  'a',
  'b',
  'blockquote',
  'br',
  'caption',
  'code',
  'col',
  'colgroup',
  'div',
  'em',
  'font',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
];
const RICH_ATTRS = ['style', 'class', 'href', 'target', 'rel', 'title', 'src', 'alt', 'width', 'height', 'colspan', 'rowspan', 'align', 'color', 'size'];
/** http(s) and mailto, or no scheme at all (relative links, plain values such as colspan); no javascript:, no data: */
const SAFE_URI = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

let hooked = false;
function hookLinks() {
  if (hooked) return;
  hooked = true;
  // Links from content open in a new window and do not hand it our window object.
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    }
  });
}

/** Help-centre, notice and page-configuration HTML: formatting tags, links, images, tables, style attributes. */
export function sanitizeRichHtml(html: string | null | undefined): string {
  if (!html) return '';
  hookLinks();
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: RICH_TAGS,
    ALLOWED_ATTR: RICH_ATTRS,
    ALLOWED_URI_REGEXP: SAFE_URI,
    ALLOW_DATA_ATTR: false,
  });
}

/** Short texts with highlighting: only <span class="…">. */
export function sanitizeSpanClass(html: string | null | undefined): string {
  if (!html) return '';
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: ['span'], ALLOWED_ATTR: ['class'], ALLOW_DATA_ATTR: false });
}

/** Plain text: every tag removed, entities kept as text. */
export function toPlainText(html: string | null | undefined): string {
  if (!html) return '';
  return DOMPurify.sanitize(html, { ALLOWED_TAGS: ['#text'], ALLOWED_ATTR: [], KEEP_CONTENT: true });
}
