import { Form } from '@remix-run/react'
import { Link } from '~/components/link'
import { ActiveBadge } from '~/components/status-badge'
import { Button, buttonClassName } from '~/components/ui/button'
import { useCan } from '~/platform/auth/user'
import { EmailPreview, type EmailPreviewData } from './email-preview'
import { EMAIL_AUTOMATION_PATH, FORM_TYPE_LABELS } from './options'
import type { EmailFormType } from './placeholders'

export type EmailTemplateRow = {
  id: string
  name: string
  subject: string
  formType: string
  isActive: boolean
  conditions: string
}

/** Dialogs open over the templates subtab and come back to it. */
const ON_TEMPLATES_TAB = '?tab=templates'
const formTypeLabel = (formType: string) => FORM_TYPE_LABELS[formType as EmailFormType] ?? formType

export function EmailTemplateList({ templates }: { templates: EmailTemplateRow[] }) {
  const canWrite = useCan('records:write')
  const addLink = (label: string) =>
    canWrite ? (
      <Link
        to={`${EMAIL_AUTOMATION_PATH}/new${ON_TEMPLATES_TAB}`}
        preventScrollReset
        className={buttonClassName('primary')}
      >
        {label}
      </Link>
    ) : null
  return (
    <section aria-labelledby="email-templates-heading" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 id="email-templates-heading" className="text-lg font-semibold">
            Email Templates
          </h3>
          <p className="text-sm text-slate-600">The messages the automation sends, one or more per form type.</p>
        </div>
        {addLink('Create Template')}
      </div>
      {templates.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-md border border-dashed border-slate-300 p-8 text-center">
          <p>No email templates yet. Start from the Template Gallery or create one.</p>
          {addLink('Create Your First Template')}
        </div>
      ) : (
        <div className="overflow-x-auto rounded-md border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Email templates, by form type then name</caption>
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Name
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Subject
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Type
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Status
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Sent to
                </th>
                {canWrite ? (
                  <th scope="col" className="px-3 py-2 font-medium">
                    Actions
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {templates.map((template) => (
                <tr key={template.id}>
                  <th scope="row" className="px-3 py-2 font-medium">
                    {template.name}
                  </th>
                  <td className="max-w-xs px-3 py-2 text-slate-700">{template.subject}</td>
                  <td className="px-3 py-2">{formTypeLabel(template.formType)}</td>
                  <td className="px-3 py-2">
                    <ActiveBadge active={template.isActive} labels={['Active', 'Inactive']} />
                  </td>
                  <td className="px-3 py-2 text-slate-700">{template.conditions}</td>
                  {canWrite ? (
                    <td className="px-3 py-2">
                      <div className="flex flex-wrap items-center gap-2">
                        <Link
                          to={`${EMAIL_AUTOMATION_PATH}/${template.id}/edit${ON_TEMPLATES_TAB}`}
                          preventScrollReset
                          aria-label={`Edit ${template.name}`}
                          className={buttonClassName('secondary', 'sm')}
                        >
                          Edit
                        </Link>
                        <Form
                          method="post"
                          action={`${EMAIL_AUTOMATION_PATH}/${template.id}/active${ON_TEMPLATES_TAB}`}
                          preventScrollReset
                        >
                          <input type="hidden" name="isActive" value={template.isActive ? 'false' : 'true'} />
                          <Button
                            type="submit"
                            variant="secondary"
                            size="sm"
                            aria-label={`${template.isActive ? 'Deactivate' : 'Activate'} ${template.name}`}
                          >
                            {template.isActive ? 'Deactivate' : 'Activate'}
                          </Button>
                        </Form>
                        <Link
                          to={`${EMAIL_AUTOMATION_PATH}/${template.id}/delete${ON_TEMPLATES_TAB}`}
                          preventScrollReset
                          aria-label={`Delete ${template.name}`}
                          className={buttonClassName('secondary', 'sm') + ' text-red-800'}
                        >
                          Delete
                        </Link>
                      </div>
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

export type GalleryStarter = { formType: EmailFormType; name: string; subject: string; preview: EmailPreviewData }

/** The four starters, each previewed with the sample values; 'Use this template' opens the create form filled with it. */
export function EmailTemplateGallery({ starters }: { starters: GalleryStarter[] }) {
  const canWrite = useCan('records:write')
  return (
    <section aria-labelledby="email-gallery-heading" className="flex flex-col gap-4">
      <div>
        <h3 id="email-gallery-heading" className="text-lg font-semibold">
          Template Gallery
        </h3>
        <p className="text-sm text-slate-600">
          Starter templates, one per form type. Without an active template of a type, its starter is sent.
        </p>
      </div>
      <ul className="grid gap-4 lg:grid-cols-2">
        {starters.map((starter) => (
          <li key={starter.formType} className="flex flex-col gap-3 rounded-md border border-slate-200 p-4">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <h4 className="font-semibold">{starter.name}</h4>
                <p className="text-sm text-slate-600">{formTypeLabel(starter.formType)}</p>
              </div>
              {canWrite ? (
                <Link
                  to={`${EMAIL_AUTOMATION_PATH}/new?tab=templates&starter=${starter.formType}`}
                  aria-label={`Use this template: ${starter.name}`}
                  className={buttonClassName('primary', 'sm')}
                >
                  Use this template
                </Link>
              ) : null}
            </div>
            <EmailPreview preview={starter.preview} title={`Preview: ${starter.name}`} headingLevel={4} />
          </li>
        ))}
      </ul>
    </section>
  )
}
