import crypto from 'node:crypto'
import { digitsOf } from '~/lib/search'
import { WEEKDAYS, addDays, dateIn } from '~/lib/time'
import { zonedInstant } from '~/lib/zoned-time'
import { LEAD_SOURCES, LEAD_STATUSES } from '~/features/leads/schema'
import type { FormField } from '~/features/online-forms/form-fields'
import { prisma } from '~/platform/db.server'
import { encrypt } from '~/platform/encryption.server'
import { getEnv } from '~/platform/env.server'

/**
 * Deterministic demo records for the embedded quick start and `npm run
 * db:seed`. Idempotent: every record has a fixed id and is created only if
 * missing, so running it again changes nothing (and never overwrites edits).
 */
export function demoId(key: string) {
  const hex = crypto.createHash('sha256').update(`demo:${key}`).digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

const FIRST_NAMES = ['Maria', 'James', 'Linda', 'Robert', 'Patricia', 'Michael', 'Barbara', 'William', 'Elizabeth', 'David', 'Jennifer', 'Richard', 'Susan', 'Joseph', 'Dorothy', 'Thomas', 'Margaret', 'Charles', 'Nancy', 'Daniel']
const LAST_NAMES = ['Garcia', 'Johnson', 'Williams', 'Brown', 'Jones', 'Miller', 'Davis', 'Rodriguez', 'Martinez', 'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee']
const CITIES: Array<[string, string, string]> = [
  ['Brooklyn', 'NY', '11201'],
  ['Newark', 'NJ', '07102'],
  ['Stamford', 'CT', '06901'],
  ['Yonkers', 'NY', '10701'],
  ['Jersey City', 'NJ', '07302'],
  ['Hartford', 'CT', '06103'],
]
const STREETS = ['Maple Ave', 'Oak St', 'Elm St', 'Cedar Ln', 'Park Pl', 'Washington Blvd', 'Lincoln Rd']
const NOTES = [
  'Daughter called about in-home help for her mother after a hospital stay.',
  'Looking for weekday companionship and medication reminders.',
  'Interested in overnight care; wants a quote.',
  'Referred by the discharge planner at St. Mary’s.',
  '',
]
const COMMUNICATIONS = [
  { type: 'phone', direction: 'inbound', subject: 'Initial enquiry', content: 'Asked about services and rates. Sent brochure by e-mail.', status: 'completed' },
  { type: 'email', direction: 'outbound', subject: 'Service brochure', content: 'Sent the services brochure and price sheet.', status: 'completed' },
  { type: 'meeting', direction: 'outbound', subject: 'In-home assessment', content: 'Assessment visit with the family.', status: 'scheduled' },
  { type: 'note', direction: 'internal', subject: 'Care needs', content: 'Needs help with bathing and meals; prefers a Spanish-speaking caregiver.', status: 'completed' },
  { type: 'sms', direction: 'outbound', subject: 'Reminder', content: 'Reminder text for tomorrow’s call did not deliver.', status: 'failed' },
] as const

export const DEMO_LEAD_COUNT = 60

export function demoLeads() {
  return Array.from({ length: DEMO_LEAD_COUNT }, (_, index) => {
    const firstName = FIRST_NAMES[index % FIRST_NAMES.length]!
    const lastName = LAST_NAMES[(index * 7) % LAST_NAMES.length]!
    const [city, state, zipCode] = CITIES[index % CITIES.length]!
    const phone = `(${201 + (index % 7)}) 555-${String(1000 + index * 37).slice(-4)}`
    const email = `${firstName}.${lastName}${index}@example.com`.toLowerCase()
    return {
      id: demoId(`lead:${index}`),
      firstName,
      lastName,
      email,
      phone,
      address: `${100 + index * 11} ${STREETS[index % STREETS.length]}`,
      city,
      state,
      zipCode,
      status: LEAD_STATUSES[index % LEAD_STATUSES.length]!,
      source: index % 9 === 8 ? null : LEAD_SOURCES[index % LEAD_SOURCES.length]!.value,
      assignedTo: index % 3 === 0 ? 'Intake Team' : null,
      notes: NOTES[index % NOTES.length] || null,
      searchText: `${firstName} ${lastName} ${email}`.toLowerCase(),
      phoneDigits: digitsOf(phone),
      ghlSyncStatus: 'not_configured',
      // One a day over September and October 2026, newest first.
      createdAt: new Date(Date.UTC(2026, 8, 1, 14) + (DEMO_LEAD_COUNT - index) * 24 * 60 * 60 * 1000),
    }
  })
}

export async function seedDemoData() {
  const leads = demoLeads()
  const { count: createdLeads } = await prisma.lead.createMany({ data: leads, skipDuplicates: true })
  const communications = leads.flatMap((lead, index) =>
    COMMUNICATIONS.slice(0, index % 4).map((entry, position) => ({
      id: demoId(`communication:${index}:${position}`),
      leadId: lead.id,
      ...entry,
      createdBy: 'Intake Team',
      createdAt: new Date(lead.createdAt.getTime() + (position + 1) * 3 * 60 * 60 * 1000),
    })),
  )
  const { count: createdCommunications } = await prisma.communication.createMany({
    data: communications,
    skipDuplicates: true,
  })
  const { count: createdPatients } = await prisma.patient.createMany({ data: demoPatients(), skipDuplicates: true })
  const createdCaregivers = await seedDemoCaregivers()
  const { count: createdAppointments } = await prisma.appointment.createMany({ data: demoAppointments(), skipDuplicates: true })
  const createdForms = await seedDemoIntakeForm()
  return { created: createdLeads + createdCommunications + createdPatients + createdCaregivers + createdAppointments + createdForms }
}

export const DEMO_INTAKE_FORM_TITLE = 'Home Care Intake Form'

export const DEMO_INTAKE_FIELDS: FormField[] = [
  { name: 'first_name', type: 'text', label: 'First Name', required: true },
  { name: 'last_name', type: 'text', label: 'Last Name', required: true },
  { name: 'email', type: 'email', label: 'Email', required: true },
  { name: 'phone', type: 'tel', label: 'Phone', required: true },
  { name: 'address', type: 'text', label: 'Street Address', required: false },
  { name: 'city', type: 'text', label: 'City', required: false },
  { name: 'state', type: 'text', label: 'State', required: false },
  { name: 'zip', type: 'text', label: 'ZIP Code', required: false },
  { name: 'date_of_birth', type: 'date', label: 'Date of Birth', required: true },
  { name: 'care_needed', type: 'radio', label: 'Care needed', required: true, options: ['Personal care', 'Companionship', 'Skilled nursing'] },
  { name: 'services', type: 'checkbox', label: 'Services of interest', required: false, options: ['Bathing', 'Meals', 'Medication reminders', 'Transportation'] },
  { name: 'contact_time', type: 'dropdown', label: 'Best time to call', required: false, options: ['Morning', 'Afternoon', 'Evening'] },
  { name: 'emergency_phone', type: 'tel', label: 'Emergency Contact Phone', required: false },
  { name: 'hours_per_week', type: 'number', label: 'Hours of care per week', required: false },
  { name: 'signature', type: 'signature', label: 'Signature', required: true },
]

/** A published hosted form and two submissions (one waiting, one signed), so the pages have something to show. */
async function seedDemoIntakeForm() {
  const formId = demoId('online-form:intake')
  const existing = await prisma.onlineForm.findUnique({ where: { id: formId }, select: { id: true } })
  if (existing) return 0
  const now = Date.now()
  const day = 24 * 60 * 60 * 1000
  const [waiting, signed] = [demoLeads()[0]!, demoLeads()[1]!]
  const token = () => crypto.randomBytes(32).toString('base64url')
  const [waitingToken, signedToken] = [token(), token()]
  const hash = (value: string) => crypto.createHash('sha256').update(value).digest('hex')
  await prisma.$transaction([
    prisma.onlineForm.create({
      data: {
        id: formId,
        title: DEMO_INTAKE_FORM_TITLE,
        sourceFileName: 'healthcare-intake-form.pdf',
        fields: DEMO_INTAKE_FIELDS,
        totalPages: 1,
        formType: 'intake',
        status: 'published',
        provider: 'portal',
        webhookId: crypto.randomBytes(24).toString('base64url'),
        publishedAt: new Date(now - 10 * day),
      },
    }),
    prisma.formSubmission.createMany({
      skipDuplicates: true,
      data: [
        {
          id: demoId('form-submission:waiting'),
          formId,
          leadId: waiting.id,
          leadEmail: waiting.email,
          formType: 'intake',
          status: 'viewed',
          tokenHash: hash(waitingToken),
          tokenCiphertext: encrypt(waitingToken),
          sentAt: new Date(now - 2 * day),
          viewedAt: new Date(now - day),
          expiresAt: new Date(now + 12 * day),
        },
        {
          id: demoId('form-submission:signed'),
          formId,
          leadId: signed.id,
          leadEmail: signed.email,
          formType: 'intake',
          status: 'signed',
          tokenHash: hash(signedToken),
          tokenCiphertext: encrypt(signedToken),
          sentAt: new Date(now - 6 * day),
          viewedAt: new Date(now - 5 * day),
          completedAt: new Date(now - 5 * day),
          expiresAt: new Date(now + 8 * day),
          signatureName: `${signed.firstName} ${signed.lastName}`,
          signedAt: new Date(now - 5 * day),
          submissionData: {
            first_name: signed.firstName,
            last_name: signed.lastName,
            email: signed.email,
            phone: signed.phone,
            city: signed.city,
            date_of_birth: '1941-03-09',
            care_needed: 'Companionship',
            services: ['Meals', 'Medication reminders'],
            contact_time: 'Morning',
            hours_per_week: '20',
            signature: `${signed.firstName} ${signed.lastName}`,
          },
        },
      ],
    }),
  ])
  return 3
}

export const DEMO_PATIENT_COUNT = 16

const PATIENT_STEPS = ['personal', 'medical', 'insurance', 'contacts', 'preferences'] as const
const CARE_TYPE_VALUES = ['home-care', 'medical-care', 'elderly-care', 'pediatric-care'] as const

/**
 * Registrations at every stage: complete, pending review, part-way and just
 * started. The first converted demo lead is linked to a registration.
 */
export function demoPatients() {
  const convertedLead = demoLeads().find((lead) => lead.status === 'converted')!
  return Array.from({ length: DEMO_PATIENT_COUNT }, (_, index) => {
    const firstName = FIRST_NAMES[(index * 3 + 5) % FIRST_NAMES.length]!
    const lastName = LAST_NAMES[(index * 11 + 3) % LAST_NAMES.length]!
    const [city, state, zipCode] = CITIES[(index + 2) % CITIES.length]!
    const phone = `(${212 + (index % 5)}) 555-${String(2000 + index * 53).slice(-4)}`
    const email = index % 4 === 3 ? null : `${firstName}.${lastName}.p${index}@example.com`.toLowerCase()
    // 4 complete, 4 pending review, then 1 to 4 steps saved.
    const stepsDone = index < 8 ? 5 : 1 + (index % 4)
    const completedSteps = PATIENT_STEPS.slice(0, stepsDone)
    const registrationStatus =
      index < 4 ? 'complete' : stepsDone === 5 ? 'pending-review' : stepsDone === 1 ? 'new' : 'in-progress'
    const careType = CARE_TYPE_VALUES[index % CARE_TYPE_VALUES.length]!
    const birthYear = index % 5 === 4 ? 2016 + (index % 3) : 1934 + index * 2
    return {
      id: demoId(`patient:${index}`),
      firstName,
      lastName,
      dateOfBirth: new Date(Date.UTC(birthYear, index % 12, 1 + ((index * 7) % 28))),
      gender: (['female', 'male', 'female', 'other', 'prefer-not-to-say'] as const)[index % 5]!,
      phone,
      email,
      address: `${20 + index * 13} ${STREETS[(index + 3) % STREETS.length]}`,
      city,
      state,
      zipCode,
      registrationStatus,
      completedSteps: [...completedSteps],
      medicalHistory: stepsDone >= 2
        ? { conditions: 'Type 2 diabetes; hypertension', allergies: index % 2 ? 'Penicillin' : undefined, medications: 'Metformin 500 mg twice daily', physicianName: 'Dr. Alvarez', physicianPhone: '(212) 555-0199' }
        : undefined,
      insuranceInfo: stepsDone >= 3
        ? index % 3 === 0
          ? {}
          : { provider: 'Medicare', memberId: `1EG4-TE5-MK${String(70 + index)}`, policyHolder: `${firstName} ${lastName}`, relationship: 'self' }
        : undefined,
      emergencyContacts: stepsDone >= 4 ? [{ name: `Sam ${lastName}`, relationship: 'Son', phone: `(917) 555-${String(3000 + index).slice(-4)}` }] : [],
      carePreferences: stepsDone >= 5
        ? { careType, preferredDays: ['monday', 'wednesday', 'friday'], preferredTimes: ['morning'], language: index % 3 === 0 ? 'Spanish' : 'English', caregiverGender: 'no-preference' }
        : undefined,
      careType: stepsDone >= 5 ? careType : null,
      searchText: [firstName, lastName, email].filter(Boolean).join(' ').toLowerCase(),
      phoneDigits: digitsOf(phone),
      leadId: index === 4 ? convertedLead.id : null,
      reviewedAt: index < 4 ? new Date(Date.UTC(2026, 10, 2 + index, 15)) : null,
      // Spread over the weeks before the seed date, newest first.
      createdAt: new Date(Date.UTC(2026, 10, 20, 15) - index * 2.5 * 24 * 60 * 60 * 1000),
    }
  })
}

// ---------------------------------------------------------------------------
// Demo caregivers: varied statuses, background checks and specializations;
// some licenses expired or expiring (relative to the day of seeding). No files.

const CAREGIVER_NAMES = [
  'Ana Ruiz', 'Brian Okafor', 'Chloe Nguyen', 'Darnell Brooks', 'Elena Petrova', 'Farah Haddad', 'Gloria Mensah',
  'Henry Park', 'Imani Carter', 'Jorge Alvarez', 'Keisha Holmes', 'Liam O’Connor', 'Mei Chen', 'Nadia Rahman',
  'Oscar Silva', 'Priya Patel', 'Rosa Delgado', 'Samuel Adeyemi', 'Tanya Kowalski', 'Victor Moreau',
]
const DEMO_SPECIALIZATIONS = [
  'Elderly Care', 'Dementia Care', 'Post-Surgery Care', 'Chronic Illness Management',
  'Pediatric Care', 'Mental Health Support', 'Physical Therapy', 'Medication Management',
]
const DEMO_CERTIFICATIONS = ['CPR', 'First Aid', 'CNA', 'HHA', 'BLS', 'Dementia Care Certificate']
const DEMO_EXPERIENCE = ['less-than-1', '1-2', '3-5', '5-10', '10+']
const DEMO_CAREGIVER_STATUSES = ['active', 'active', 'pending', 'active', 'inactive']
const DEMO_BACKGROUND_CHECKS = ['cleared', 'pending', 'in_progress', 'cleared', 'failed']

export const DEMO_CAREGIVER_COUNT = CAREGIVER_NAMES.length

export function demoCaregivers(now = new Date()) {
  const day = (offset: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset))
  // Expired, expiring within 30 days, and comfortably valid, in turn.
  const LICENSE_OFFSETS = [400, -20, 15, 700, 200, 25, -90, 365]
  return CAREGIVER_NAMES.map((fullName, index) => {
    const [city, state, zipCode] = CITIES[index % CITIES.length]!
    const phone = `(${347 + (index % 5)}) 555-${String(2000 + index * 53).slice(-4)}`
    const email = index % 6 === 5 ? null : `${fullName.split(' ')[0]!.toLowerCase()}.caregiver${index}@example.com`
    const specializationCount = 1 + (index % 5)
    const specializations = Array.from(
      { length: specializationCount },
      (_, offset) => DEMO_SPECIALIZATIONS[(index + offset * 3) % DEMO_SPECIALIZATIONS.length]!,
    ).filter((value, position, all) => all.indexOf(value) === position)
    const certifications = DEMO_CERTIFICATIONS.slice(index % 3, (index % 3) + 1 + (index % 3))
    return {
      id: demoId(`caregiver:${index}`),
      fullName,
      email,
      phone,
      licenseNumber: `${index % 2 ? 'HHA' : 'CNA'}-${String(40000 + index * 311)}`,
      licenseExpiresOn: index % 9 === 8 ? null : day(LICENSE_OFFSETS[index % LICENSE_OFFSETS.length]!),
      certificationExpiresOn: certifications.length ? day(index % 4 === 1 ? 10 : 150 + index * 20) : null,
      yearsExperience: DEMO_EXPERIENCE[index % DEMO_EXPERIENCE.length]!,
      certifications,
      specializations,
      hourlyRateCents: 2200 + (index % 8) * 150,
      availableDays: WEEKDAYS.filter((_, weekday) => (weekday + index) % 3 !== 0),
      address: `${200 + index * 9} ${STREETS[(index + 2) % STREETS.length]}`,
      city,
      state,
      zipCode,
      status: DEMO_CAREGIVER_STATUSES[index % DEMO_CAREGIVER_STATUSES.length]!,
      backgroundCheckStatus: DEMO_BACKGROUND_CHECKS[(index * 3) % DEMO_BACKGROUND_CHECKS.length]!,
      applicationProgress: 'submitted',
      searchText: `${fullName} ${email ?? ''}`.trim().toLowerCase(),
      phoneDigits: digitsOf(phone),
      // One every two days over October and November 2026, newest first.
      createdAt: new Date(Date.UTC(2026, 9, 1, 15) + (DEMO_CAREGIVER_COUNT - index) * 2 * 24 * 60 * 60 * 1000),
    }
  })
}

async function seedDemoCaregivers() {
  const { count } = await prisma.caregiver.createMany({ data: demoCaregivers(), skipDuplicates: true })
  return count
}

// ---------------------------------------------------------------------------
// Demo appointments: a fortnight around the day of seeding (three days back,
// ten ahead) in the agency's zone, of every type and status. Those already
// past are completed, missed or cancelled; those ahead are scheduled or
// confirmed. A caregiver's visits on one day never overlap.

const VISIT_SLOTS = [
  { time: '09:00', minutes: 60 },
  { time: '11:00', minutes: 90 },
  { time: '14:00', minutes: 60 },
  { time: '16:00', minutes: 45 },
] as const

const VISIT_KINDS = [
  { type: 'initial_assessment', title: 'Initial assessment', location: 'Client home', for: 'lead' },
  { type: 'follow_up', title: 'Follow-up visit', location: 'Client home', for: 'patient' },
  { type: 'consultation', title: 'Care consultation', location: 'Healthcare Center', for: 'lead' },
  { type: 'therapy', title: 'Physical therapy session', location: 'Healthcare Center', for: 'patient' },
  { type: 'check_up', title: 'Wellness check-up', location: 'Client home', for: 'patient' },
  { type: 'care_review', title: 'Care plan review', location: 'Healthcare Center', for: 'patient' },
] as const

const PAST_OUTCOMES = ['completed', 'completed', 'no_show', 'completed', 'cancelled'] as const
const CANCEL_REASONS = ['Client admitted to hospital', 'Family asked to move it to next week']

export function demoAppointments(now = new Date(), timeZone = getEnv().AGENCY_TIME_ZONE) {
  const today = dateIn(now, timeZone)
  const caregivers = demoCaregivers(now).filter((caregiver) => caregiver.status === 'active')
  const patients = demoPatients()
  const leads = demoLeads().filter((lead) => ['new', 'contacted', 'qualified'].includes(lead.status))
  const appointments = []
  let index = 0
  for (let offset = -3; offset <= 10; offset++) {
    const day = addDays(today, offset)
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay()
    // Sundays are quiet; Saturdays have a morning visit.
    const slots = weekday === 0 ? [] : weekday === 6 ? VISIT_SLOTS.slice(0, 1) : VISIT_SLOTS.slice(0, 3 + (offset & 1))
    for (const [slotIndex, slot] of slots.entries()) {
      const kind = VISIT_KINDS[index % VISIT_KINDS.length]!
      const start = zonedInstant(day, slot.time, timeZone, 'earlier')
      if (!start.ok) continue
      const startTime = start.instant
      const endTime = new Date(startTime.getTime() + slot.minutes * 60 * 1000)
      const past = endTime.getTime() < now.getTime()
      const status = past ? PAST_OUTCOMES[index % PAST_OUTCOMES.length]! : index % 3 === 0 ? 'confirmed' : 'scheduled'
      const lead = kind.for === 'lead' ? leads[index % leads.length]! : null
      const patient = kind.for === 'patient' ? patients[index % patients.length]! : null
      // A consultation at the center needs no caregiver; visits have one, never two at once.
      const caregiver = kind.type === 'consultation' ? null : caregivers[(index + slotIndex) % caregivers.length]!
      const person = lead ?? patient
      appointments.push({
        id: demoId(`appointment:${index}`),
        title: person ? `${kind.title} – ${person.firstName} ${person.lastName}` : kind.title,
        startTime,
        endTime,
        timeZone,
        appointmentType: kind.type,
        status,
        location: kind.location,
        notes: index % 4 === 1 ? 'Bring the care plan and the medication list.' : null,
        patientId: patient?.id ?? null,
        caregiverId: caregiver?.id ?? null,
        leadId: lead?.id ?? null,
        createdBy: 'Intake Team',
        cancelReason: status === 'cancelled' ? CANCEL_REASONS[index % CANCEL_REASONS.length]! : null,
        createdAt: new Date(startTime.getTime() - 7 * 24 * 60 * 60 * 1000),
      })
      index += 1
    }
  }
  return appointments
}
