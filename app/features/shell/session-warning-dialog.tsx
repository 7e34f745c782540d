import { Form, type useFetcher } from '@remix-run/react'
import { ModalDialog } from '~/components/modal-dialog'
import { Button } from '~/components/ui/button'

/** The session timeout's warning (SessionTimeout), loaded on its own. */
export default function SessionWarningDialog({
  secondsLeft,
  KeepAliveForm,
}: {
  secondsLeft: number
  KeepAliveForm: ReturnType<typeof useFetcher>['Form']
}): React.ReactElement | null {
  return (
    // No onCancel: Escape or a press beside it must not pass for a choice.
    <ModalDialog
      role="alertdialog"
      labelledBy="session-timeout-title"
      describedBy="session-timeout-description"
      panelClassName="w-full max-w-md rounded-lg bg-white p-6 shadow-xl"
    >
      <h2 id="session-timeout-title" className="text-lg font-semibold">
        Are you still there?
      </h2>
      <p id="session-timeout-description" className="mt-2 text-sm text-slate-700">
        For the privacy of patient information you will be signed out in <strong>{secondsLeft} seconds</strong> unless
        you choose to stay signed in.
      </p>
      <div className="mt-6 flex justify-end gap-3">
        <Form method="post" action="/logout">
          <Button type="submit" variant="secondary">
            Sign out
          </Button>
        </Form>
        <KeepAliveForm method="post" action="/resources/session">
          <Button type="submit" data-autofocus>
            Stay signed in
          </Button>
        </KeepAliveForm>
      </div>
    </ModalDialog>
  )
}
