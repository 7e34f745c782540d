import {
  PDFArray,
  PDFDict,
  PDFInvalidObject,
  PDFName,
  PDFNull,
  PDFParser,
  PDFRef,
  PDFStream,
  PDFWriter,
  type PDFContext,
  type PDFObject,
} from 'pdf-lib'
import { InvalidFileError } from '~/platform/storage.server'

/**
 * Removes what makes a PDF do things by itself: scripts, actions that start
 * programs, fetch or send data, or open other files, whether they run when
 * the file opens, when a page or field is touched, or when a link is
 * clicked. Links to web pages or to other places in the document, form
 * fields, annotations and the pages themselves stay.
 */
export type StrippedPdf = {
  /** The input itself when nothing was found; otherwise a rewritten copy. */
  bytes: Uint8Array
  /** What was taken out ('JavaScript action', 'XFA form'…), empty for a clean file. */
  removed: string[]
}

/**
 * Action types (the /S of an action) that only move within the document,
 * open a web address, show or hide things, or reset a form. Any other type
 * is removed, including those a future reader may add: JavaScript, Launch,
 * SubmitForm and ImportData (send or read form data), GoToR and GoToE (open
 * another file), Rendition, RichMediaExecute, Sound, Movie.
 */
const HARMLESS_ACTIONS = new Set(['GoTo', 'GoToDp', 'URI', 'Named', 'Thread', 'Hide', 'ResetForm', 'SetOCGState', 'Trans', 'GoTo3DView'])

/** Keys whose value is an action; /AA holds a dictionary of them. */
const ACTION_KEYS = new Set(['OpenAction', 'A', 'Next', 'PA'])

/** Keys that only ever hold scripts or script containers, wherever they appear. */
const SCRIPT_KEYS = new Map([
  ['JS', 'JavaScript code'],
  // The document-level scripts of the /Names dictionary.
  ['JavaScript', 'document JavaScript'],
  // XML forms carry their own scripts; readers without XFA show the AcroForm fields.
  ['XFA', 'XFA form'],
])

/**
 * Names of active content as they can appear in the file's bytes (each
 * letter possibly written as #xx). Finding one the object walk did not is a
 * sign of objects a reader may see but the parser did not (hidden from a
 * front-to-back reading, say inside a stream's data): the file is then
 * rewritten from what was checked. Stream data is scanned too, so names
 * short enough to occur by chance in compressed data (/JS) are left out.
 */
const RAW_MARKERS = new Set(['JavaScript', 'XFA', 'Launch', 'SubmitForm', 'ImportData', 'RichMediaExecute', 'GoToR', 'GoToE'])

/** What `removed` reports besides the kinds of actions and scripts. */
const EARLIER = 'active content in earlier versions of objects'
const UNSEEN = 'objects hidden from the check'
const MISSING = 'references to objects the file does not hold'
const UNREADABLE_ACTION = 'unreadable action'

/** Yield to other requests every so many objects: a 50 MB file can hold hundreds of thousands. */
const OBJECTS_PER_TICK = 2000

const UNREADABLE = 'This PDF could not be read: it may be damaged. Open it and save it again as a PDF, then upload it again'
const UNCHECKABLE =
  'Parts of this PDF could not be read, so it cannot be checked for scripts: open it and save it again as a PDF, then upload it again'
const ENCRYPTED_UNCHECKABLE =
  'This PDF is password-protected in a way that keeps it from being checked for scripts: remove the protection and upload it again'
const ENCRYPTED_ACTIVE =
  'This PDF is password-protected and contains scripts or actions that run when it opens: remove the protection and upload it again'

/**
 * A name as readers compare it. pdf-lib decodes a #xx escape only when its
 * hex digits are not lower-case letters (/J#61vaScript, not /#4aavaScript),
 * so the rest is decoded here; decoding twice can only make more names look
 * suspicious, never fewer.
 */
function plainName(name: PDFName) {
  const written = name.asString()
  if (!written.includes('#')) return written.slice(1)
  return name.decodeText().replace(/#([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

function entryNamed(dict: PDFDict, wanted: string): [PDFName, PDFObject] | undefined {
  return dict.entries().find(([key]) => plainName(key) === wanted)
}

function resolve(context: PDFContext, object: PDFObject | undefined) {
  return object instanceof PDFRef ? context.lookup(object) : object
}

/** What an action slot holds that must go ('Launch action'), or null for a harmless action or a destination. */
function forbiddenAction(context: PDFContext, object: PDFObject | undefined): string | null {
  // A reader may make sense of what the parser could not: it cannot be let through.
  if (object instanceof PDFInvalidObject) return UNREADABLE_ACTION
  if (!(object instanceof PDFDict)) return null
  const type = resolve(context, entryNamed(object, 'S')?.[1])
  // Destinations point at pages, which are dictionaries without /S.
  if (!(type instanceof PDFName)) return null
  const name = plainName(type)
  return HARMLESS_ACTIONS.has(name) ? null : `${name} action`
}

/** Empties an action slot (/OpenAction, /A, /Next, an /AA entry) of forbidden actions; /Next may hold a list. */
function cleanActionSlot(context: PDFContext, holder: PDFDict, key: PDFName, found: string[]) {
  const value = resolve(context, holder.get(key))
  if (value instanceof PDFArray) {
    // An /OpenAction array is a destination (a page and a view): no element of it is an action.
    for (let index = value.size() - 1; index >= 0; index--) {
      const forbidden = forbiddenAction(context, resolve(context, value.get(index)))
      if (forbidden) {
        value.remove(index)
        found.push(forbidden)
      }
    }
    if (value.size() === 0) holder.delete(key)
    return
  }
  const forbidden = forbiddenAction(context, value)
  if (forbidden) {
    holder.delete(key)
    found.push(forbidden)
  }
}

function isMissing(context: PDFContext, object: PDFObject) {
  return object instanceof PDFRef && context.lookup(object) === undefined
}

/**
 * Cleans one object and the dictionaries and arrays written inside it.
 * Objects it refers to are visited on their own (every object of the file
 * is), so references are not followed, except to judge an action. A
 * reference to an object the parser never saw is made null, as a reader
 * reads it when the object is really missing: the object may be hidden
 * where the parser does not look.
 */
function cleanObject(context: PDFContext, object: PDFObject, found: string[]) {
  if (object instanceof PDFStream) return cleanObject(context, object.dict, found)
  if (object instanceof PDFArray) {
    object.asArray().forEach((element, index) => {
      if (isMissing(context, element)) {
        object.set(index, PDFNull)
        found.push(MISSING)
      } else {
        cleanObject(context, element, found)
      }
    })
    return
  }
  if (!(object instanceof PDFDict)) return
  for (const [key, value] of object.entries()) {
    const name = plainName(key)
    const script = SCRIPT_KEYS.get(name)
    if (isMissing(context, value)) {
      object.delete(key)
      found.push(MISSING)
    } else if (script) {
      object.delete(key)
      found.push(script)
    } else if (ACTION_KEYS.has(name)) {
      cleanActionSlot(context, object, key, found)
    } else if (name === 'AA') {
      // Additional actions: page opened or closed, field entered, changed, formatted…
      const actions = resolve(context, value)
      if (actions instanceof PDFDict) {
        for (const [trigger] of actions.entries()) cleanActionSlot(context, actions, trigger, found)
        if (actions.entries().length === 0) object.delete(key)
      } else if (actions instanceof PDFInvalidObject) {
        object.delete(key)
        found.push(UNREADABLE_ACTION)
      }
    }
    if (object.has(key)) cleanObject(context, value, found)
  }
}

function objectBytes(object: PDFInvalidObject) {
  const bytes = new Uint8Array(object.sizeInBytes())
  object.copyBytesInto(bytes, 0)
  return Buffer.from(bytes).toString('latin1')
}

/** A cross-reference stream pdf-lib could not read holds object positions, never content. */
function isCrossReferenceStream(object: PDFInvalidObject) {
  return /\/Type\s*\/XRef\b/.test(objectBytes(object))
}

const DELIMITERS = new Set([...'\0\t\n\f\r /<>[]()%{}'].map((character) => character.charCodeAt(0)))
const LONGEST_MARKER = Math.max(...[...RAW_MARKERS].map((marker) => marker.length))

function hexDigit(byte: number | undefined) {
  return byte !== undefined && /^[0-9a-f]$/i.test(String.fromCharCode(byte))
}

/** Whether any name in the file's bytes, read as a reader reads it, is one of RAW_MARKERS. */
function mentionsActiveContent(bytes: Uint8Array) {
  // Byte by byte: decoding 50 MB into a string takes longer than parsing it.
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  for (let start = buffer.indexOf(0x2f); start !== -1; start = buffer.indexOf(0x2f, start + 1)) {
    let name = ''
    for (let at = start + 1; at < buffer.length && !DELIMITERS.has(buffer[at]!) && name.length <= LONGEST_MARKER; at++) {
      if (buffer[at] === 0x23 && hexDigit(buffer[at + 1]) && hexDigit(buffer[at + 2])) {
        name += String.fromCharCode(parseInt(buffer.toString('latin1', at + 1, at + 3), 16))
        at += 2
      } else {
        name += String.fromCharCode(buffer[at]!)
      }
    }
    if (RAW_MARKERS.has(name)) return true
  }
  return false
}

function onlyMissing(found: string[]): boolean {
  return found.every((what) => what === MISSING)
}

/** Visits the items in batches, letting other requests run in between. */
async function inBatches<T>(items: Iterable<T>, visit: (item: T) => void) {
  let count = 0
  for (const item of items) {
    if (++count % OBJECTS_PER_TICK === 0) await new Promise((resolve) => setImmediate(resolve))
    visit(item)
  }
}

/** Drops the objects nothing refers to any more (removed actions, their scripts). */
async function dropUnreachable(context: PDFContext) {
  const reachable = new Set<PDFRef>()
  const pending: PDFObject[] = [context.trailerInfo.Root, context.trailerInfo.Info].filter((object) => object !== undefined)
  let visited = 0
  while (pending.length > 0) {
    if (++visited % (OBJECTS_PER_TICK * 10) === 0) await new Promise((resolve) => setImmediate(resolve))
    const object = pending.pop()!
    if (object instanceof PDFRef) {
      if (reachable.has(object)) continue
      reachable.add(object)
      const target = context.lookup(object)
      if (target) pending.push(target)
    } else if (object instanceof PDFStream) {
      pending.push(object.dict)
    } else if (object instanceof PDFDict || object instanceof PDFArray) {
      // One at a time: spreading a page tree's or a name tree's long array could overflow the stack.
      for (const element of object instanceof PDFDict ? object.values() : object.asArray()) pending.push(element)
    }
  }
  await inBatches(context.enumerateIndirectObjects(), ([ref]) => {
    if (!reachable.has(ref)) context.delete(ref)
  })
  // The trailer's /Size says how many object numbers are in use.
  context.largestObjectNumber = 0
  for (const ref of reachable) context.largestObjectNumber = Math.max(context.largestObjectNumber, ref.objectNumber)
}

/**
 * pdf-lib's parser, keeping the objects it replaced. An object defined again
 * later in the file (an incremental update) replaces the earlier one in the
 * parsed document, but a reader following the file's cross-reference table
 * may still use the earlier one.
 */
class RevisionKeepingParser extends PDFParser {
  readonly replaced: PDFObject[] = []

  constructor(bytes: Uint8Array) {
    super(bytes, OBJECTS_PER_TICK, false)
    const context = this.context
    const assign = context.assign.bind(context)
    context.assign = (ref, object) => {
      const earlier = context.lookup(ref)
      if (earlier) this.replaced.push(earlier)
      assign(ref, object)
    }
  }
}

/**
 * Returns the PDF without its active content. A clean file comes back as
 * it came (byte for byte, so its digital signatures still hold); otherwise
 * the file is rewritten from its checked objects. Throws InvalidFileError
 * for a file that cannot be read or checked, and for a password-protected
 * file with active content, which cannot be rewritten without its password.
 */
export async function stripActiveContent(bytes: Uint8Array): Promise<StrippedPdf> {
  const parser = new RevisionKeepingParser(bytes)
  let context: PDFContext
  try {
    context = await parser.parseDocument()
  } catch {
    throw new InvalidFileError(UNREADABLE)
  }
  if (!(context.lookup(context.trailerInfo.Root) instanceof PDFDict)) throw new InvalidFileError(UNREADABLE)
  const encrypted = context.trailerInfo.Encrypt !== undefined

  const objects = context.enumerateIndirectObjects()
  if (objects.some(([, object]) => object instanceof PDFInvalidObject && !isCrossReferenceStream(object))) {
    // Password protection also hides the objects packed in object streams.
    throw new InvalidFileError(encrypted ? ENCRYPTED_UNCHECKABLE : UNCHECKABLE)
  }

  const found: string[] = []
  await inBatches(objects, ([, object]) => cleanObject(context, object, found))
  const foundEarlier: string[] = []
  await inBatches(parser.replaced, (object) => cleanObject(context, object, foundEarlier))
  // Objects an update deleted are still referred to by their earlier versions: that alone is no sign.
  if (foundEarlier.some((what) => what !== MISSING)) found.push(EARLIER)
  if (onlyMissing(found) && mentionsActiveContent(bytes)) found.push(UNSEEN)
  if (found.length === 0) return { bytes, removed: [] }
  if (encrypted) {
    // Its names are not encrypted, so the scan of its bytes found no hidden active content: a missing object is only missing.
    if (onlyMissing(found)) return { bytes, removed: [] }
    // Without the password pdf-lib can neither decrypt nor re-encrypt what it writes.
    throw new InvalidFileError(ENCRYPTED_ACTIVE)
  }

  // The rewritten file holds only the objects checked here: what the parser
  // did not see, or saw in an earlier version, is left behind.
  await dropUnreachable(context)
  const cleaned = await PDFWriter.forContext(context, OBJECTS_PER_TICK).serializeToBuffer()
  return { bytes: cleaned, removed: [...new Set(found)].sort() }
}
