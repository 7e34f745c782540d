import { describe, expect, test } from 'vitest'
import * as caregiverEdit from '~/routes/_app.caregivers.edit.$caregiverId'
import * as caregiverProfile from '~/routes/_app.caregivers_.$caregiverId'
import * as leadEdit from '~/routes/_app.leads.edit.$leadId'
import * as leadPage from '~/routes/_app.leads_.$leadId'
import * as patientProfile from '~/routes/_app.patients_.$patientId'
import * as registrationStep from '~/routes/_app.patients.register.$patientId.$step'

/** Loader data naming a person, shaped like every record page's. */
const person = { firstName: 'Ada', lastName: 'Lovelace', fullName: 'Ada Lovelace' }
const data = { lead: person, patient: person, caregiver: person, name: 'Ada Lovelace' }

describe('page titles on record pages', () => {
  test.each([
    ['lead page', leadPage],
    ['lead edit', leadEdit],
    ['patient profile', patientProfile],
    ['registration step', registrationStep],
    ['caregiver profile', caregiverProfile],
    ['caregiver edit', caregiverEdit],
  ])('the %s title names the kind of record, not the person (titles stay in browser history)', (_name, route) => {
    const tags = (route.meta as (args: unknown) => Array<{ title?: string }>)({ data, params: {}, location: {}, matches: [] })
    const title = tags.find((tag) => tag.title)?.title ?? ''
    expect(title).toMatch(/\| Healthcare Portal$/)
    expect(title).not.toMatch(/Ada|Lovelace/)
  })
})
