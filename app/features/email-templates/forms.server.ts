/**
 * The e-mail templates' schemas, for route actions and loaders. Routes import
 * schemas through this .server module so that Zod never reaches the page's
 * JavaScript (docs/conventions.md, Forms).
 */
export {
  emailTemplateFormSchema,
  emailTemplatePreviewFormSchema,
  emailTemplatePreviewSchema,
  emailTemplateSchema,
  templateInputFromForm,
} from './schema'

import { parseWithZod } from '~/lib/form-input.server'
import { previewEmailTemplate } from './email-templates.server'
import { emailTemplatePreviewFormSchema } from './schema'

/**
 * The Preview button's answer (no save): what was typed comes back as the
 * form's values, without error messages, next to the rendering.
 */
export function previewFormReply(formData: FormData) {
  const submission = parseWithZod(formData, { schema: emailTemplatePreviewFormSchema })
  const value = submission.status === 'success' ? submission.value : {}
  return {
    result: submission.reply(),
    preview: previewEmailTemplate({ subject: value.subject ?? '', htmlContent: value.htmlContent ?? '' }),
  }
}
