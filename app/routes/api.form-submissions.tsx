import type { LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { parseSubmissionListQuery } from '~/features/online-forms/forms.server'
import { listFormSubmissions, submissionJson } from '~/features/online-forms/submissions.server'
import { userActor } from '~/platform/auth/actor.server'
import { requireApiUserWithPermission } from '~/platform/auth/auth.server'
import { apiRoute } from '~/platform/http/errors.server'

const API_PAGE_SIZE = 50

/**
 * GET /api/form-submissions?status=&formType=&leadId=&page=&pageSize= — an
 * array, newest first; X-Total-Count has the total. Staff only: each row
 * carries its link's token (submissionToken, formUrl) so staff can resend it.
 */
export const loader = apiRoute('form submission', async ({ request }: LoaderFunctionArgs) => {
  const user = await requireApiUserWithPermission(request, 'records:read')
  const url = new URL(request.url)
  const query = parseSubmissionListQuery(url.searchParams, API_PAGE_SIZE)
  const { total, rows } = await listFormSubmissions(query, userActor(request, user), { pastTheEnd: 'empty' })
  return json(
    rows.map((row) => submissionJson(row, url.origin)),
    { headers: { 'X-Total-Count': String(total), 'Cache-Control': 'no-store' } },
  )
})
