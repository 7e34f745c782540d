import { beforeAll, describe, expect, test } from 'vitest'
import * as newLead from '~/routes/_app.leads.new'
import * as editLead from '~/routes/_app.leads.edit.$leadId'
import * as deleteLead from '~/routes/_app.leads.delete.$leadId'
import * as esignLead from '~/routes/_app.leads_.$leadId.esign'
import * as esignListedLead from '~/routes/_app.leads.esign.$leadId'
import * as editLeadOverPage from '~/routes/_app.leads_.$leadId.edit'
import * as deleteLeadOverPage from '~/routes/_app.leads_.$leadId.delete'
import * as editCaregiverOverPage from '~/routes/_app.caregivers_.$caregiverId.edit'
import * as deleteCaregiverOverPage from '~/routes/_app.caregivers_.$caregiverId.delete'
import * as registerPatientOverProfile from '~/routes/_app.patients_.$patientId.register.$step'
import * as sendIntakeForm from '~/routes/_app.leads_.$leadId.intake-form'
import * as newCommunication from '~/routes/_app.leads_.$leadId.communications.new'
import * as editCommunication from '~/routes/_app.leads_.$leadId.communications.$communicationId.edit'
import * as deleteCommunication from '~/routes/_app.leads_.$leadId.communications.$communicationId.delete'
import * as newCaregiver from '~/routes/_app.caregivers.new'
import * as editCaregiver from '~/routes/_app.caregivers.edit.$caregiverId'
import * as deleteCaregiver from '~/routes/_app.caregivers.delete.$caregiverId'
import * as removeCaregiverFile from '~/routes/_app.caregivers_.$caregiverId.files.$fileId.delete'
import * as registerPatient from '~/routes/_app.patients.register.$patientId.$step'
import * as newPatient from '~/routes/_app.patients.new'
import * as uploadDocument from '~/routes/_app.documents-new.upload'
import * as editDocument from '~/routes/_app.documents-new.$documentId.edit'
import * as deleteDocument from '~/routes/_app.documents-new.$documentId.delete'
import * as newDocumentType from '~/routes/_app.settings.document-types.new'
import * as editDocumentType from '~/routes/_app.settings.document-types.$documentTypeId.edit'
import * as deleteDocumentType from '~/routes/_app.settings.document-types.$documentTypeId.delete'
import * as newWorkflowStage from '~/routes/_app.settings.workflows.new'
import * as editWorkflowStage from '~/routes/_app.settings.workflows.$stageId.edit'
import * as deleteWorkflowStage from '~/routes/_app.settings.workflows.$stageId.delete'
import * as newAppointment from '~/routes/_app.calendar.new'
import * as scheduleForLead from '~/routes/_app.leads_.$leadId.schedule'
import * as scheduleForPatient from '~/routes/_app.patients_.$patientId.schedule'
import * as scheduleForCaregiver from '~/routes/_app.caregivers_.$caregiverId.schedule'
import * as editAppointment from '~/routes/_app.calendar_.$appointmentId.edit'
import * as rescheduleAppointment from '~/routes/_app.calendar_.$appointmentId.reschedule'
import * as cancelAppointment from '~/routes/_app.calendar_.$appointmentId.cancel'
import * as subscribeCalendar from '~/routes/_app.calendar.subscribe'
import { prisma } from '~/platform/db.server'
import { callRoute, makeRequest, signedInUser, toastOf } from '#tests/support/fixtures'

/**
 * One exit rule for every dialog route: Cancel, the close button, Escape and
 * a save go to `redirectTo` when it is a page of this site (the record's page
 * the dialog was opened from), else back to the page it is drawn over: a
 * list with that list's search, filters and page, or the record's page.
 */

type Loader = Parameters<typeof callRoute>[0]
type DialogCase = { dialog: string; path: string; list: string; loader: Loader; params: Record<string, string> }

let records: Awaited<ReturnType<typeof createRecords>>

async function createRecords() {
  const lead = await prisma.lead.create({
    data: { firstName: 'Exit', lastName: 'Lead', email: 'exit@example.com', phone: '2015550100', searchText: 'exit lead', phoneDigits: '2015550100' },
  })
  const communication = await prisma.communication.create({ data: { leadId: lead.id, createdBy: 'Test' } })
  const caregiver = await prisma.caregiver.create({
    data: { fullName: 'Exit Carer', phone: '2015550101', licenseNumber: 'L-1', yearsExperience: '1-2', searchText: 'exit carer', phoneDigits: '2015550101' },
  })
  const file = await prisma.caregiverFile.create({
    data: { caregiverId: caregiver.id, kind: 'resume', fileName: 'cv.pdf', fileSize: 10, mimeType: 'application/pdf', storageKey: 'exits/cv', sha256: 'x' },
  })
  const patient = await prisma.patient.create({
    data: {
      firstName: 'Exit',
      lastName: 'Patient',
      dateOfBirth: new Date('1950-01-01'),
      gender: 'female',
      phone: '2015550102',
      completedSteps: ['personal'],
      searchText: 'exit patient',
      phoneDigits: '2015550102',
    },
  })
  const document = await prisma.document.create({
    data: { name: 'Exit form', fileName: 'exit.pdf', fileSize: 10, mimeType: 'application/pdf', storageKey: 'exits/form', sha256: 'x', uploadedBy: 'Test' },
  })
  const documentType = await prisma.documentType.create({ data: { name: 'Exit type', ghlTag: 'exit-type' } })
  const appointment = await prisma.appointment.create({
    data: { title: 'Exit visit', startTime: new Date('2027-06-01T14:00:00Z'), endTime: new Date('2027-06-01T15:00:00Z'), timeZone: 'America/New_York', createdBy: 'Test' },
  })
  const workflowStage = await prisma.workflowStage.create({ data: { type: 'caregiver', name: 'Exit stage', trigger: 'caregiver_created' } })
  return { lead, communication, caregiver, file, patient, document, documentType, appointment, workflowStage }
}

function dialogs(): DialogCase[] {
  const { lead, communication, caregiver, file, patient, document, documentType, appointment, workflowStage } = records
  const appointmentPage = `/calendar/${appointment.id}`
  const leadPage = `/leads/${lead.id}`
  const caregiverPage = `/caregivers/${caregiver.id}`
  return [
    { dialog: 'new lead', path: '/leads/new', list: '/leads', loader: newLead.loader, params: {} },
    { dialog: 'edit lead', path: `/leads/edit/${lead.id}`, list: '/leads', loader: editLead.loader, params: { leadId: lead.id } },
    { dialog: 'edit lead over its page', path: `${leadPage}/edit`, list: leadPage, loader: editLeadOverPage.loader, params: { leadId: lead.id } },
    { dialog: 'delete lead', path: `/leads/delete/${lead.id}`, list: '/leads', loader: deleteLead.loader, params: { leadId: lead.id } },
    { dialog: 'delete lead over its page', path: `${leadPage}/delete`, list: leadPage, loader: deleteLeadOverPage.loader, params: { leadId: lead.id } },
    { dialog: 'e-sign a lead', path: `${leadPage}/esign`, list: leadPage, loader: esignLead.loader, params: { leadId: lead.id } },
    { dialog: 'e-sign a listed lead', path: `/leads/esign/${lead.id}`, list: '/leads', loader: esignListedLead.loader, params: { leadId: lead.id } },
    { dialog: 'send intake form', path: `${leadPage}/intake-form`, list: leadPage, loader: sendIntakeForm.loader, params: { leadId: lead.id } },
    { dialog: 'new communication', path: `${leadPage}/communications/new`, list: leadPage, loader: newCommunication.loader, params: { leadId: lead.id } },
    {
      dialog: 'edit communication',
      path: `${leadPage}/communications/${communication.id}/edit`,
      list: leadPage,
      loader: editCommunication.loader,
      params: { leadId: lead.id, communicationId: communication.id },
    },
    {
      dialog: 'delete communication',
      path: `${leadPage}/communications/${communication.id}/delete`,
      list: leadPage,
      loader: deleteCommunication.loader,
      params: { leadId: lead.id, communicationId: communication.id },
    },
    { dialog: 'new patient', path: '/patients/new', list: '/patients', loader: newPatient.loader, params: {} },
    {
      dialog: 'patient registration step',
      path: `/patients/register/${patient.id}/personal-info`,
      list: '/patients',
      loader: registerPatient.loader,
      params: { patientId: patient.id, step: 'personal-info' },
    },
    {
      dialog: 'patient registration step over the profile',
      path: `/patients/${patient.id}/register/personal-info`,
      list: `/patients/${patient.id}`,
      loader: registerPatientOverProfile.loader,
      params: { patientId: patient.id, step: 'personal-info' },
    },
    { dialog: 'new caregiver', path: '/caregivers/new', list: '/caregivers', loader: newCaregiver.loader, params: {} },
    { dialog: 'edit caregiver', path: `/caregivers/edit/${caregiver.id}`, list: '/caregivers', loader: editCaregiver.loader, params: { caregiverId: caregiver.id } },
    {
      dialog: 'edit caregiver over its page',
      path: `${caregiverPage}/edit`,
      list: caregiverPage,
      loader: editCaregiverOverPage.loader,
      params: { caregiverId: caregiver.id },
    },
    { dialog: 'delete caregiver', path: `/caregivers/delete/${caregiver.id}`, list: '/caregivers', loader: deleteCaregiver.loader, params: { caregiverId: caregiver.id } },
    {
      dialog: 'delete caregiver over its page',
      path: `${caregiverPage}/delete`,
      list: caregiverPage,
      loader: deleteCaregiverOverPage.loader,
      params: { caregiverId: caregiver.id },
    },
    {
      dialog: 'remove a caregiver file',
      path: `${caregiverPage}/files/${file.id}/delete`,
      list: caregiverPage,
      loader: removeCaregiverFile.loader,
      params: { caregiverId: caregiver.id, fileId: file.id },
    },
    { dialog: 'upload document', path: '/documents-new/upload', list: '/documents-new', loader: uploadDocument.loader, params: {} },
    { dialog: 'edit document', path: `/documents-new/${document.id}/edit`, list: '/documents-new', loader: editDocument.loader, params: { documentId: document.id } },
    { dialog: 'delete document', path: `/documents-new/${document.id}/delete`, list: '/documents-new', loader: deleteDocument.loader, params: { documentId: document.id } },
    { dialog: 'new document type', path: '/settings/document-types/new', list: '/settings/document-types', loader: newDocumentType.loader, params: {} },
    {
      dialog: 'edit document type',
      path: `/settings/document-types/${documentType.id}/edit`,
      list: '/settings/document-types',
      loader: editDocumentType.loader,
      params: { documentTypeId: documentType.id },
    },
    { dialog: 'new appointment', path: '/calendar/new', list: '/calendar', loader: newAppointment.loader, params: {} },
    { dialog: 'schedule a lead', path: `${leadPage}/schedule`, list: leadPage, loader: scheduleForLead.loader, params: { leadId: lead.id } },
    {
      dialog: 'schedule a patient',
      path: `/patients/${patient.id}/schedule`,
      list: `/patients/${patient.id}`,
      loader: scheduleForPatient.loader,
      params: { patientId: patient.id },
    },
    { dialog: 'schedule a caregiver', path: `${caregiverPage}/schedule`, list: caregiverPage, loader: scheduleForCaregiver.loader, params: { caregiverId: caregiver.id } },
    { dialog: 'edit appointment', path: `${appointmentPage}/edit`, list: appointmentPage, loader: editAppointment.loader, params: { appointmentId: appointment.id } },
    {
      dialog: 'reschedule appointment',
      path: `${appointmentPage}/reschedule`,
      list: appointmentPage,
      loader: rescheduleAppointment.loader,
      params: { appointmentId: appointment.id },
    },
    { dialog: 'cancel appointment', path: `${appointmentPage}/cancel`, list: appointmentPage, loader: cancelAppointment.loader, params: { appointmentId: appointment.id } },
    {
      dialog: 'delete document type',
      path: `/settings/document-types/${documentType.id}/delete`,
      list: '/settings/document-types',
      loader: deleteDocumentType.loader,
      params: { documentTypeId: documentType.id },
    },
    { dialog: 'new workflow stage', path: '/settings/workflows/new', list: '/settings/workflows', loader: newWorkflowStage.loader, params: {} },
    {
      dialog: 'edit workflow stage',
      path: `/settings/workflows/${workflowStage.id}/edit`,
      list: '/settings/workflows',
      loader: editWorkflowStage.loader,
      params: { stageId: workflowStage.id },
    },
    {
      dialog: 'delete workflow stage',
      path: `/settings/workflows/${workflowStage.id}/delete`,
      list: '/settings/workflows',
      loader: deleteWorkflowStage.loader,
      params: { stageId: workflowStage.id },
    },
    { dialog: 'subscribe to the calendar', path: '/calendar/subscribe', list: '/calendar', loader: subscribeCalendar.loader, params: {} },
  ]
}

beforeAll(async () => {
  records = await createRecords()
})

describe('every dialog route closes by one rule', () => {
  test('back to the list with its query, or to a same-site redirectTo; never off the site', async () => {
    const { cookie } = await signedInUser('coordinator')
    const cases = dialogs()
    expect(cases.length).toBeGreaterThanOrEqual(32)
    for (const { dialog, path, list, loader, params } of cases) {
      const closeTo = async (query: Record<string, string>) => {
        const search = new URLSearchParams(query).size ? `?${new URLSearchParams(query)}` : ''
        const response = await callRoute(loader, makeRequest(`${path}${search}`, { cookie }), params)
        expect(response.status, dialog).toBe(200)
        return ((await response.json()) as { closeTo: string }).closeTo
      }
      expect(await closeTo({}), dialog).toBe(list)
      expect(await closeTo({ q: 'smith', page: '2' }), dialog).toBe(`${list}?q=smith&page=2`)
      expect(await closeTo({ redirectTo: '/somewhere/else?x=1' }), dialog).toBe('/somewhere/else?x=1')
      expect(await closeTo({ q: 'smith', redirectTo: '//evil.example/' }), dialog).toBe(`${list}?q=smith`)
    }
  })

  test('a delete opened from the record page returns there on Cancel; once done it goes to the list, the page being gone', async () => {
    const { cookie } = await signedInUser('coordinator')
    const lead = await prisma.lead.create({
      data: { firstName: 'Gone', lastName: 'Soon', email: 'gone@example.com', phone: '2015550103', searchText: 'gone soon', phoneDigits: '2015550103' },
    })
    const here = `/leads/${lead.id}`
    const dialog = `${here}/delete?${new URLSearchParams({ redirectTo: here })}`
    const page = await callRoute(deleteLeadOverPage.loader, makeRequest(dialog, { cookie }), { leadId: lead.id })
    expect(((await page.json()) as { closeTo: string }).closeTo).toBe(here)
    const deleted = await callRoute(deleteLeadOverPage.action, makeRequest(dialog, { method: 'POST', cookie }), { leadId: lead.id })
    expect(deleted.headers.get('location')).toBe('/leads')
    expect(await toastOf(deleted)).toMatchObject({ title: 'Lead deleted' })

    const caregiver = await prisma.caregiver.create({
      data: { fullName: 'Gone Carer', phone: '2015550104', licenseNumber: 'L-2', yearsExperience: '1-2', searchText: 'gone carer', phoneDigits: '2015550104' },
    })
    const profile = `/caregivers/${caregiver.id}`
    const confirm = `${profile}/delete?${new URLSearchParams({ q: 'gone', redirectTo: profile })}`
    const form = await callRoute(deleteCaregiverOverPage.loader, makeRequest(confirm, { cookie }), { caregiverId: caregiver.id })
    expect(((await form.json()) as { closeTo: string }).closeTo).toBe(profile)
    const removed = await callRoute(deleteCaregiverOverPage.action, makeRequest(confirm, { method: 'POST', cookie }), { caregiverId: caregiver.id })
    expect(removed.headers.get('location')).toBe('/caregivers?q=gone')
  })
})
