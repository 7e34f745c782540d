import sanitizeHtml from 'sanitize-html'
import { fillPlaceholders, type PlaceholderValues } from './placeholders'
import { escapeHtml } from '~/lib/html'

export type RenderedEmail = { subject: string; html: string; text: string }

/** The placeholders that stand for a whole link, and so may be an <a>'s href as written. */
const URL_PLACEHOLDER_HREF = /^\{\{\s*(intakeFormUrl|contactUrl)\s*\}\}$/
const SAFE_HREF = /^(https?:\/\/|mailto:)/i
const SAFE_IMAGE_SRC = /^https:\/\//i

const COLOR = /^(#[0-9a-f]{3,8}|[a-z]+|rgba?\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*(,\s*(0|1|0?\.\d+)\s*)?\))$/i
const LENGTH = /^\d{1,4}(\.\d+)?(px|em|rem|%)?$/
const BOX = /^(\d{1,4}(\.\d+)?(px|em|rem|%)?\s*){1,4}$/

/**
 * What a template may contain. E-mail clients differ, but none should run
 * anything: no script, style, iframe, form or object; no on* handlers (only
 * listed attributes survive); links only to http, https, mailto or a link
 * placeholder; images only over https. Inline styles are limited to a few
 * properties whose values cannot load anything.
 */
const ALLOW_LIST: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'div',
    'span',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'hr',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'code',
    'pre',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan', 'align'],
    th: ['colspan', 'rowspan', 'align'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      color: [COLOR],
      'background-color': [COLOR],
      'text-align': [/^(left|right|center|justify)$/],
      'font-size': [LENGTH],
      'font-weight': [/^(normal|bold|[1-9]00)$/],
      'font-style': [/^(normal|italic)$/],
      'text-decoration': [/^(none|underline|line-through)$/],
      padding: [BOX],
      margin: [BOX],
      'line-height': [LENGTH],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // Their text is code or chrome, not the message.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'title',
    'head',
    'iframe',
    'object',
    'embed',
    'template',
    'svg',
    'math',
    'select',
  ],
  transformTags: {
    // Relative links would point at nothing in an inbox: only absolute safe ones or a link placeholder.
    a: (tagName, attribs) => {
      const href = (attribs.href ?? '').trim()
      const { href: _dropped, ...rest } = attribs
      return { tagName, attribs: SAFE_HREF.test(href) || URL_PLACEHOLDER_HREF.test(href) ? { ...rest, href } : rest }
    },
    img: (tagName, attribs) => {
      const src = (attribs.src ?? '').trim()
      const { src: _dropped, ...rest } = attribs
      return { tagName, attribs: SAFE_IMAGE_SRC.test(src) ? { ...rest, src } : rest }
    },
  },
  // An image left without a safe source shows nothing but a broken frame.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
}

/** The template's HTML as stored and sent: only what the allow-list permits. */
export function sanitizeTemplateHtml(html: string) {
  return sanitizeHtml(html, ALLOW_LIST).trim()
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
}

function decodeEntities(text: string) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) return String.fromCodePoint(parseInt(name.slice(2), 16))
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10))
    return NAMED_ENTITIES[name.toLowerCase()] ?? whole
  })
}

const BLOCK_END = /<\/(p|div|h[1-6]|blockquote|ul|ol|table|pre)>/gi
const BLOCK_START = /<(p|div|h[1-6]|blockquote|ul|ol|table|pre)\b[^>]*>/gi

/**
 * The plain-text part, from sanitised HTML (whose markup is regular):
 * paragraphs and headings are separated by a blank line, <br> and rows end
 * a line, list items start with '- ', and a link reads 'text (url)' (just
 * the url when the text is the url).
 */
export function htmlToText(html: string) {
  const text = html
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/<a\b[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_whole, href: string, inner: string) => {
      const label = decodeEntities(inner.replace(/<[^>]*>/g, '')).trim()
      const url = decodeEntities(href)
      if (!label) return url
      return label === url || label === url.replace(/^mailto:/i, '') ? label : `${label} (${url})`
    })
    .replace(/<img\b[^>]*?alt="([^"]*)"[^>]*>/gi, '$1')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<hr\s*\/?>/gi, '\n\n---\n\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/tr>/gi, '\n')
    .replace(/<\/t[dh]>/gi, ' ')
    .replace(BLOCK_START, '\n\n')
    .replace(BLOCK_END, '\n\n')
    .replace(/<[^>]*>/g, '')
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/**
 * Fills a template's placeholders: the content is sanitised against the
 * allow-list, values are HTML-escaped into it, and it is sanitised again (a
 * value in a link placeholder must itself be a safe link); the subject is
 * plain text on one line; and a plain-text part is derived. Every sender
 * (workflow stages, intake-form links, signing invitations) renders through
 * here.
 */
export function renderEmailTemplate(
  template: { subject: string; htmlContent: string },
  values: PlaceholderValues
): RenderedEmail {
  const html = sanitizeTemplateHtml(fillPlaceholders(sanitizeTemplateHtml(template.htmlContent), values, escapeHtml))
  const subject = fillPlaceholders(template.subject, values, (value) => value)
    .replace(/[\r\n\t]+/g, ' ')
    .trim()
  return { subject, html, text: htmlToText(html) }
}
