import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { json } from '@remix-run/node'
import { Form, Link, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { RouteDialog } from '~/components/route-dialog'
import { Button, buttonClassName } from '~/components/ui/button'
import { deleteDocument, getDocument } from '~/models/document.server'
import { requireUserWithPermission } from '~/utils/auth.server'
import { redirectWithToast } from '~/utils/toast.server'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserWithPermission(request, 'records:write')
  const document = await getDocument(params.documentId ?? '')
  if (!document) throw new Response('Document not found', { status: 404 })
  return json({ name: document.name })
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUserWithPermission(request, 'records:write')
  const back = `/documents-new${new URL(request.url).search}`
  const deleted = await deleteDocument(params.documentId ?? '', { request, userId: user.id }).catch((error: unknown) => {
    console.error(error)
    return null
  })
  if (deleted === null) return redirectWithToast(back, { type: 'destructive', title: 'Error', description: 'Failed to delete document' })
  if (!deleted) throw new Response('Document not found', { status: 404 })
  return redirectWithToast(back, { title: 'Document Deleted' })
}

export default function DeleteDocument() {
  const { name } = useLoaderData<typeof loader>()
  const { search } = useLocation()
  const navigation = useNavigation()
  const closeTo = `/documents-new${search}`
  return (
    <RouteDialog title="Delete Document" closeTo={closeTo}>
      <p className="text-sm text-slate-700">Are you sure you want to delete "{name}"? This action cannot be undone.</p>
      <Form method="post" className="mt-6 flex justify-end gap-3">
        <Link to={closeTo} preventScrollReset className={buttonClassName('secondary')}>
          Cancel
        </Link>
        <Button type="submit" variant="destructive" disabled={navigation.state === 'submitting'}>
          Delete
        </Button>
      </Form>
    </RouteDialog>
  )
}
