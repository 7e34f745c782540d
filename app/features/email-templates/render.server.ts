import { EMAIL_PLACEHOLDERS, type PlaceholderValues } from './placeholders'

export type RenderedEmail = { subject: string; html: string; text: string }

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

/**
 * Fills a template's placeholders: values are HTML-escaped in the content,
 * the content is sanitised against the allow-list, and a plain-text part is
 * derived. Every sender (workflow stages, intake-form links, signing
 * invitations) renders through here.
 */
export function renderEmailTemplate(template: { subject: string; htmlContent: string }, values: PlaceholderValues): RenderedEmail {
  const fill = (source: string, escape: (v: string) => string) =>
    source.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      (EMAIL_PLACEHOLDERS as readonly string[]).includes(name) ? escape(values[name as keyof PlaceholderValues] ?? '') : whole,
    )
  const html = fill(template.htmlContent, escapeHtml)
  const text = html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim()
  return { subject: fill(template.subject, (v) => v), html, text }
}
