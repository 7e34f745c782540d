import { escapeHtml } from '~/lib/html'

/**
 * The HTML part of an e-mail as it is sent and previewed: a whole document,
 * so a mail reader's screen reader knows its language and title. The body is
 * the rendered, sanitised template.
 */
export function emailDocument(subject: string, bodyHtml: string) {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head><body>${bodyHtml}</body></html>`
}
