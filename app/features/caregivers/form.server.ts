import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '~/lib/form-input'
import { json } from '@remix-run/node'
import type { NewCaregiverFile } from '~/features/caregivers/caregivers.server'
import { caregiverFormSchema, type CaregiverInput } from '~/features/caregivers/schema'
import { UploadError } from '~/platform/uploads.server'
import { discardCaregiverFiles, receiveCaregiverApplication } from '~/features/caregivers/upload.server'
import { formFailureReply } from '~/platform/http/errors.server'
import { createToastHeaders } from '~/platform/http/toast.server'

export const CHOOSE_FILES_AGAIN = 'Nothing was saved. Please choose the files again.'

/** An accepted post: its values, its stored files, and the reply that echoes what was typed. */
type AcceptedPost = {
  ok: true
  input: CaregiverInput
  files: NewCaregiverFile[]
  reply: (errors: { formErrors?: string[]; fieldErrors?: Record<string, string[]> }) => SubmissionResult<string[]>
}
type Outcome = AcceptedPost | { ok: false; response: Response }

/**
 * A refused upload: the body could not be read, so there are no typed values
 * to send back. The reply carries no initialValue, so the form keeps what it
 * holds: with JavaScript, what was typed; without, the values it started
 * from (the stored record when editing). An empty initialValue would blank it.
 */
function refusedUpload(message: string, status: number, headers: Headers) {
  const reply: SubmissionResult<string[]> = { status: 'error', error: { '': [message, CHOOSE_FILES_AGAIN] } }
  return json(reply, { status, headers })
}

/**
 * Reads a posted caregiver form (new or edit) with its files. When anything
 * is wrong the answer is ready to return: the form's errors next to their
 * fields and pickers, and no file left in storage.
 */
export async function readCaregiverFormPost(request: Request): Promise<Outcome> {
  let upload
  try {
    upload = await receiveCaregiverApplication(request)
  } catch (error) {
    if (!(error instanceof UploadError)) throw error
    const headers = await createToastHeaders({ type: 'destructive', title: 'Error', description: error.message })
    return { ok: false, response: refusedUpload(error.message, error.status, headers) }
  }
  const { form, files, fileErrors } = upload
  const submission = parseWithZod(form, { schema: caregiverFormSchema })
  const refusedFiles = Object.keys(fileErrors).length > 0
  if (submission.status !== 'success' || refusedFiles) {
    // Save nothing: the files this request stored go too.
    await discardCaregiverFiles(files)
    const filesWereChosen = refusedFiles || files.length > 0
    const reply = submission.reply({
      formErrors: filesWereChosen ? [CHOOSE_FILES_AGAIN] : undefined,
      fieldErrors: fileErrors,
    })
    const firstFileError = Object.values(fileErrors)[0]?.[0]
    const headers = firstFileError
      ? await createToastHeaders({ type: 'destructive', title: 'Error', description: firstFileError })
      : undefined
    return { ok: false, response: json(reply, { status: 400, headers }) }
  }
  return { ok: true, input: submission.value, files, reply: (errors) => submission.reply(errors) }
}

/**
 * The answer when a valid post's save threw (formFailureReply): nothing was
 * saved, so the files this post stored go too, and the form comes back with
 * what was typed and, when files were chosen, a word to choose them again.
 */
export async function caregiverSaveFailed(error: unknown, post: AcceptedPost, failure: string) {
  await discardCaregiverFiles(post.files)
  const chooseAgain = post.files.length ? [CHOOSE_FILES_AGAIN] : []
  const { result, init } = await formFailureReply(
    error,
    ({ formErrors = [], fieldErrors }) => post.reply({ formErrors: [...formErrors, ...chooseAgain], fieldErrors }),
    failure,
  )
  return json(result, init)
}
