import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, useLoaderData, useOutlet } from '@remix-run/react'
import { Link } from '~/components/link'
import { Pagination } from '~/components/pagination'
import { Button } from '~/components/ui/button'
import { EmailTemplateGallery, EmailTemplateList } from '~/features/email-templates/email-template-list'
import { listEmailTemplates, previewEmailTemplate } from '~/features/email-templates/email-templates.server'
import { describeTriggerConditions, parseTriggerConditions } from '~/features/email-templates/options'
import { EMAIL_FORM_TYPES } from '~/features/email-templates/placeholders'
import { STARTER_TEMPLATES } from '~/features/email-templates/starters'
import { FORM_SUBMISSION_STATUSES } from '~/features/online-forms/form-fields'
import { parseSubmissionListQuery } from '~/features/online-forms/forms.server'
import { SUBMISSION_STATUS_LABELS } from '~/features/online-forms/intake-rules'
import { SubmissionCards } from '~/features/online-forms/submission-table'
import { listFormSubmissions, submissionView } from '~/features/online-forms/submissions.server'
import { cn } from '~/lib/misc'
import { userActor } from '~/platform/auth/actor.server'
import { requireUserWithPermission } from '~/platform/auth/auth.server'
import { useTimeZone } from '~/platform/auth/user'

export const meta: MetaFunction = () => [{ title: 'Email Automation | Settings | Healthcare Portal' }]

const SUBTABS = [
  { id: 'submissions', label: 'Form Submissions' },
  { id: 'templates', label: 'Email Templates' },
  { id: 'gallery', label: 'Template Gallery' },
] as const
type Subtab = (typeof SUBTABS)[number]['id']

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:read')
  const url = new URL(request.url)
  const tab: Subtab = SUBTABS.find((subtab) => subtab.id === url.searchParams.get('tab'))?.id ?? 'submissions'
  if (tab === 'templates') {
    const templates = await listEmailTemplates()
    return json({
      tab,
      submissions: null,
      gallery: null,
      templates: templates.map((template) => ({
        id: template.id,
        name: template.name,
        subject: template.subject,
        formType: template.formType,
        isActive: template.isActive,
        conditions: describeTriggerConditions(parseTriggerConditions(template.triggerConditions)),
      })),
    })
  }
  if (tab === 'gallery') {
    const gallery = EMAIL_FORM_TYPES.map((formType) => {
      const starter = STARTER_TEMPLATES[formType]
      return { formType, name: starter.name, subject: starter.subject, preview: previewEmailTemplate(starter) }
    })
    return json({ tab, submissions: null, templates: null, gallery })
  }
  const query = parseSubmissionListQuery(url.searchParams)
  const { total, page, pageSize, rows } = await listFormSubmissions(query, userActor(request, user))
  const now = new Date()
  return json({
    tab,
    templates: null,
    gallery: null,
    submissions: {
      status: query.status ?? '',
      total,
      page,
      pageSize,
      rows: rows.map((row) => {
        const view = submissionView(row, url.origin, now)
        return {
          id: view.id,
          leadId: view.leadId,
          leadEmail: view.leadEmail,
          formTitle: view.formTitle,
          formType: view.formType,
          status: view.status,
          emailSent: view.emailSent,
          emailStatus: view.emailStatus,
          sentAt: view.sentAt,
          viewedAt: view.viewedAt,
          completedAt: view.completedAt,
          link: view.link,
          linkExpired: view.linkExpired,
        }
      }),
    },
  })
}

export default function EmailAutomationTab() {
  const { tab, submissions, templates, gallery } = useLoaderData<typeof loader>()
  const timeZone = useTimeZone()
  const outlet = useOutlet()
  return (
    <section aria-labelledby="email-automation-heading">
      <h2 id="email-automation-heading" className="text-xl font-semibold">
        Email Automation
      </h2>
      <p className="mt-1 text-sm text-slate-600">The e-mails the portal sends: your templates, the starters they can begin from, and the form links sent to leads.</p>
      <nav aria-label="Email Automation" className="mb-4 mt-4 flex flex-wrap gap-2">
        {SUBTABS.map((subtab) => (
          <Link
            key={subtab.id}
            to={subtab.id === 'submissions' ? '?' : `?tab=${subtab.id}`}
            aria-current={tab === subtab.id ? 'page' : undefined}
            className={cn(
              'inline-flex min-h-10 items-center rounded-md px-3 text-sm font-medium coarse:min-h-11',
              tab === subtab.id ? 'bg-blue-700 text-white' : 'bg-slate-100 text-slate-800 hover:bg-slate-200',
            )}
          >
            {subtab.label}
          </Link>
        ))}
      </nav>
      {outlet}
      {submissions ? (
        <>
          <Form method="get" className="mb-4 flex flex-wrap items-end gap-2">
            <div className="flex flex-col gap-1">
              <label htmlFor="submission-status" className="text-sm font-medium">
                Status
              </label>
              <select
                id="submission-status"
                name="status"
                defaultValue={submissions.status}
                className="min-h-10 rounded-md border border-slate-300 bg-white px-3 text-sm coarse:min-h-11"
              >
                <option value="">All statuses</option>
                {FORM_SUBMISSION_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {SUBMISSION_STATUS_LABELS[status]}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" variant="secondary">
              Filter
            </Button>
          </Form>
          {submissions.rows.length === 0 ? (
            <p className="rounded-md border border-dashed border-slate-300 p-8 text-center">
              No form submissions yet. Send an intake form from a lead&apos;s page.
            </p>
          ) : (
            <SubmissionCards rows={submissions.rows} timeZone={timeZone} />
          )}
          <Pagination page={submissions.page} pageSize={submissions.pageSize} total={submissions.total} noun="submissions" label="Form submissions pages" />
        </>
      ) : templates ? (
        <EmailTemplateList templates={templates} />
      ) : gallery ? (
        <EmailTemplateGallery starters={gallery} />
      ) : null}
    </section>
  )
}
