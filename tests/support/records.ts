import { Readable } from 'node:stream'
import { expect } from 'vitest'
import { prisma } from '~/platform/db.server'
import { getStorage } from '~/platform/storage.server'
import { callRoute, makeRequest } from '#tests/support/fixtures'
import { SAMPLE_PDF, multipartRequest } from '#tests/support/uploads'

type Handler = Parameters<typeof callRoute>[0]

/** The names the seeded records carry: distinctive, so a test can tell where a page shows them. */
export type SeedNames = {
  lead: { firstName: string; lastName: string }
  communication: string
  patient: { firstName: string; lastName: string }
  caregiver: string
  document: string
  caregiverFile: string
  appointment: string
}

const FUZZ_NAMES: SeedNames = {
  lead: { firstName: 'Fuzz', lastName: 'Target' },
  communication: 'Seed',
  patient: { firstName: 'Fuzz', lastName: 'Patient' },
  caregiver: 'Fuzz Carer',
  document: 'Fuzz',
  caregiverFile: 'cv',
  appointment: 'Fuzz visit',
}

let seeded = 0

/**
 * Real records for every kind of id a route path can hold, made through the
 * API as `cookie`'s admin: a lead with a communication, a patient, a
 * caregiver with a stored file, a document type, a document and an
 * appointment for the patient, caregiver and lead. Returns the
 * ids by route parameter name.
 */
export async function seedRecords(cookie: string, adminId: string, names: SeedNames = FUZZ_NAMES) {
  seeded += 1
  const { action: leadsApi } = await import('~/routes/api.leads')
  const { action: communicationsApi } = await import('~/routes/api.leads.$leadId.communications')
  const { action: patientsApi } = await import('~/routes/api.patients')
  const { action: caregiversApi } = await import('~/routes/api.caregivers')
  const { action: documentTypesApi } = await import('~/routes/api.document-types')
  const { action: uploadApi } = await import('~/routes/api.documents.simple-upload')
  const { action: appointmentsApi } = await import('~/routes/api.appointments')
  const json = async (fn: Handler, path: string, body: unknown) => {
    const response = await callRoute(fn, makeRequest(path, { cookie, json: body }), {})
    expect(response.status, `${path} seed`).toBeLessThan(300)
    return (await response.json()) as Record<string, unknown> & { id: string }
  }
  const lead = await json(leadsApi, '/api/leads', { ...names.lead, email: `fuzz${seeded}@example.com`, phone: '2015550100' })
  const communication = await callRoute(
    communicationsApi,
    makeRequest(`/api/leads/${lead.id}/communications`, { cookie, json: { type: 'note', subject: names.communication, content: names.communication } }),
    { leadId: lead.id },
  ).then((response) => response.json() as Promise<{ id: string }>)
  const patient = await json(patientsApi, '/api/patients', { ...names.patient, dateOfBirth: '1940-01-01', gender: 'female', phone: '2015550101' })
  const caregiver = await json(caregiversApi, '/api/caregivers', {
    fullName: names.caregiver,
    email: `carer${seeded}@example.com`,
    phone: '2015550102',
    licenseNumber: 'CNA-1',
    yearsExperience: '1-2',
  })
  const documentType = await json(documentTypesApi, '/api/document-types', { name: `Fuzz Type ${seeded}`, ghlTag: `fuzz-${seeded}`, isActive: true })
  const upload = await callRoute(
    uploadApi,
    multipartRequest('/api/documents/simple-upload', { category: 'billing' }, { name: `${names.document}.pdf`, type: 'application/pdf', bytes: SAMPLE_PDF }, cookie),
  )
  const document = ((await upload.json()) as { document: { id: string } }).document
  // Two days ahead at a minute of its own, so it is upcoming and never clashes with an earlier seed's.
  const start = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000 + seeded * 2 * 60 * 60 * 1000)
  const appointment = await json(appointmentsApi, '/api/appointments', {
    title: names.appointment,
    startTime: start.toISOString(),
    patientId: patient.id,
    caregiverId: caregiver.id,
    leadId: lead.id,
  })
  const storageKey = `caregivers/seed-${seeded}-${Date.now()}.pdf`
  const stored = await getStorage().write(storageKey, Readable.from([SAMPLE_PDF]), { maxBytes: SAMPLE_PDF.length })
  const file = await prisma.caregiverFile.create({
    data: {
      caregiverId: caregiver.id,
      kind: 'resume',
      fileName: `${names.caregiverFile}.pdf`,
      mimeType: 'application/pdf',
      fileSize: stored.size,
      sha256: stored.sha256,
      storageKey,
      uploadedById: adminId,
    },
  })
  return {
    leadId: lead.id,
    communicationId: communication.id,
    patientId: patient.id,
    caregiverId: caregiver.id,
    documentTypeId: documentType.id,
    documentId: document.id,
    fileId: file.id,
    appointmentId: appointment.id,
    userId: adminId,
    step: 'emergency-contacts',
  } as Record<string, string>
}

/** A route's URL and params with the seeded ids in place of the placeholders. */
export function concretePath(urlPath: string, params: Record<string, string>, ids: Record<string, string>) {
  const filled: Record<string, string> = {}
  let path = urlPath
  for (const [name, placeholder] of Object.entries(params)) {
    const value = ids[name] ?? placeholder
    filled[name] = value
    path = path.replace(placeholder, value)
  }
  return { path, params: filled }
}
