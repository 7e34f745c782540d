import { useNonce } from '~/platform/http/nonce-provider'

/**
 * 'Type' or 'Draw' on the signing page. The page ships no JavaScript bundle:
 * this part is hidden in the HTML and shown by a small inline script (with
 * the page's CSP nonce) that also runs the drawing pads. Without JavaScript
 * the typed name is the signature. Type stays available with it too: a
 * drawing pad cannot be worked with a keyboard.
 */
export const SIGNATURE_STYLE_ID = 'signature-style'

type PadProps = { name: 'signatureImage' | 'initialsImage'; label: string; hint?: string; value?: string; error?: string }

function Pad({ name, label, hint, value, error }: PadProps) {
  const describedBy = [hint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean).join(' ') || undefined
  return (
    <div id={`${name}-pad`} tabIndex={-1} data-pad className="mt-3">
      <p id={`${name}-label`} className="text-sm font-medium">
        {label}
      </p>
      {hint ? (
        <p id={`${name}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <canvas
        width={600}
        height={200}
        role="img"
        aria-labelledby={`${name}-label`}
        aria-describedby={describedBy}
        {...(error ? { 'aria-invalid': true } : {})}
        className="mt-1 block aspect-[3/1] w-full max-w-xl cursor-crosshair touch-none rounded border-2 border-dashed border-slate-400 bg-white"
      />
      <input type="hidden" name={name} defaultValue={value ?? ''} />
      <button type="button" data-pad-clear className="mt-1 rounded border border-slate-300 px-3 py-1 text-sm text-blue-700 underline coarse:min-h-11">
        Clear<span className="sr-only"> {label.toLowerCase()}</span>
      </button>
      {error ? (
        <p id={`${name}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export function SignatureStyle({
  hasInitials,
  values,
  errors,
}: {
  hasInitials: boolean
  values: Record<string, string>
  errors: Record<string, string>
}) {
  const nonce = useNonce()
  const drawn = values.signatureMethod === 'drawn'
  return (
    <>
      <fieldset id={SIGNATURE_STYLE_ID} hidden className="mt-4">
        <legend className="text-sm font-medium">How do you want to sign?</legend>
        <div className="mt-1 flex flex-wrap gap-x-6 gap-y-1">
          <label className="flex items-center gap-2 coarse:min-h-11">
            <input type="radio" name="signatureMethod" value="typed" defaultChecked={!drawn} className="h-5 w-5" />
            Type (your name in handwriting)
          </label>
          <label className="flex items-center gap-2 coarse:min-h-11">
            <input type="radio" name="signatureMethod" value="drawn" defaultChecked={drawn} className="h-5 w-5" />
            Draw
          </label>
        </div>
        <div data-draw-panel hidden={!drawn}>
          <Pad
            name="signatureImage"
            label="Draw your signature"
            hint="With a finger, a pen or the mouse. Using a keyboard? Choose Type."
            value={values.signatureImage}
            error={errors.signatureImage}
          />
          {hasInitials ? (
            <Pad
              name="initialsImage"
              label="Draw your initials"
              hint="Optional: left empty, your typed initials are used."
              value={values.initialsImage}
              error={errors.initialsImage}
            />
          ) : null}
        </div>
      </fieldset>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: `(${setUpSignaturePads.toString()})(${JSON.stringify(SIGNATURE_STYLE_ID)})` }} />
    </>
  )
}

/** Runs in the browser as the source text above: it must use nothing from outside its own body. */
function setUpSignaturePads(fieldsetId: string) {
  const fieldset = document.getElementById(fieldsetId)
  const panel = fieldset?.querySelector<HTMLElement>('[data-draw-panel]')
  const drawChoice = fieldset?.querySelector<HTMLInputElement>('input[name=signatureMethod][value=drawn]')
  if (!fieldset || !panel || !drawChoice || !document.createElement('canvas').getContext) return
  fieldset.hidden = false
  const sync = () => {
    panel.hidden = !drawChoice.checked
  }
  for (const radio of fieldset.querySelectorAll('input[name=signatureMethod]')) radio.addEventListener('change', sync)
  sync()

  for (const pad of fieldset.querySelectorAll<HTMLElement>('[data-pad]')) {
    const canvas = pad.querySelector('canvas')
    const input = pad.querySelector<HTMLInputElement>('input[type=hidden]')
    const clear = pad.querySelector<HTMLButtonElement>('[data-pad-clear]')
    const context = canvas?.getContext('2d')
    if (!canvas || !input || !clear || !context) continue
    context.lineWidth = 4
    context.lineCap = 'round'
    context.lineJoin = 'round'
    context.strokeStyle = context.fillStyle = '#0d1a4d'
    // A drawing sent back with a correction elsewhere on the page is shown again.
    if (input.value) {
      const image = new Image()
      image.onload = () => context.drawImage(image, 0, 0, canvas.width, canvas.height)
      image.src = input.value
    }
    let drawing = false
    let last = { x: 0, y: 0 }
    const pointOf = (event: PointerEvent) => {
      const box = canvas.getBoundingClientRect()
      return { x: ((event.clientX - box.left) * canvas.width) / box.width, y: ((event.clientY - box.top) * canvas.height) / box.height }
    }
    canvas.addEventListener('pointerdown', (event) => {
      if (event.button > 0) return
      event.preventDefault()
      drawing = true
      canvas.setPointerCapture(event.pointerId)
      last = pointOf(event)
      context.beginPath()
      context.arc(last.x, last.y, context.lineWidth / 2, 0, Math.PI * 2)
      context.fill()
    })
    canvas.addEventListener('pointermove', (event) => {
      if (!drawing) return
      event.preventDefault()
      const coalesced = event.getCoalescedEvents?.() ?? []
      for (const step of coalesced.length > 0 ? coalesced : [event]) {
        const point = pointOf(step)
        context.beginPath()
        context.moveTo(last.x, last.y)
        context.lineTo(point.x, point.y)
        context.stroke()
        last = point
      }
    })
    const end = () => {
      if (!drawing) return
      drawing = false
      input.value = canvas.toDataURL('image/png')
    }
    canvas.addEventListener('pointerup', end)
    canvas.addEventListener('pointercancel', end)
    clear.addEventListener('click', () => {
      context.clearRect(0, 0, canvas.width, canvas.height)
      input.value = ''
    })
  }
}
