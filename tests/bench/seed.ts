/**
 * The bench's records, as SQL: run.ts seeds a scratch database with them, and
 * a profiling script may seed a kept one once. Counts are parameters ($1).
 */
import type pg from 'pg'

const LEAD_SQL = `
INSERT INTO "Lead" (id, "firstName", "lastName", email, phone, status, source, "searchText", "phoneDigits", "ghlSyncStatus", "createdAt", "updatedAt")
SELECT gen_random_uuid(), f, l, e, p,
       (ARRAY['new','contacted','qualified','converted','lost'])[1 + i % 5],
       (ARRAY['website','referral','social-media','phone-call','email','gohighlevel','other'])[1 + i % 7],
       lower(f || ' ' || l || ' ' || e), regexp_replace(p, '\\D', '', 'g'), 'not_configured',
       now() - (i || ' minutes')::interval, now()
FROM (
  SELECT i,
         (ARRAY['Maria','James','Linda','Robert','Patricia','Michael','Barbara','William','Elizabeth','David','Jennifer','Richard','Susan','Joseph','Dorothy','Thomas'])[1 + i % 16] AS f,
         (ARRAY['Garcia','Johnson','Williams','Brown','Jones','Miller','Davis','Rodriguez','Martinez','Hernandez','Lopez','Gonzalez','Wilson','Anderson','Taylor','Moore','Jackson','Martin','Lee','Perez'])[1 + (i * 7) % 20] || (i % 97)::text AS l,
         'lead' || i || '@example.com' AS e,
         '(' || (200 + i % 700)::text || ') 555-' || lpad((i % 10000)::text, 4, '0') AS p
  FROM generate_series(1, $1::int) AS i
) AS rows`

const FIRST_NAMES = `ARRAY['Maria','James','Linda','Robert','Patricia','Michael','Barbara','William','Elizabeth','David','Jennifer','Richard','Susan','Joseph','Dorothy','Thomas']`
const LAST_NAMES = `ARRAY['Garcia','Johnson','Williams','Brown','Jones','Miller','Davis','Rodriguez','Martinez','Hernandez','Lopez','Gonzalez','Wilson','Anderson','Taylor','Moore','Jackson','Martin','Lee','Perez']`

const PATIENT_SQL = `
INSERT INTO "Patient" (id, "firstName", "lastName", "dateOfBirth", gender, phone, email, city, state, "registrationStatus",
                       "completedSteps", "careType", "searchText", "phoneDigits", "createdAt", "updatedAt")
SELECT gen_random_uuid(), f, l, date '1930-01-01' + (i % 20000), (ARRAY['female','male','other'])[1 + i % 3], p, e,
       'Springfield', 'NY', (ARRAY['new','in-progress','pending-review','complete'])[1 + i % 4],
       ARRAY['personal','medical'], (ARRAY['home-care','medical-care','elderly-care','pediatric-care'])[1 + i % 4],
       lower(f || ' ' || l || ' ' || e), regexp_replace(p, '\\D', '', 'g'), now() - (i || ' minutes')::interval, now()
FROM (
  SELECT i, (${FIRST_NAMES})[1 + i % 16] AS f, (${LAST_NAMES})[1 + (i * 7) % 20] || (i % 89)::text AS l,
         'patient' || i || '@example.com' AS e, '(' || (200 + i % 700)::text || ') 555-' || lpad((i % 10000)::text, 4, '0') AS p
  FROM generate_series(1, $1::int) AS i
) AS rows`

const CAREGIVER_SQL = `
INSERT INTO "Caregiver" (id, "fullName", email, phone, "licenseNumber", "yearsExperience", certifications, specializations,
                         "hourlyRateCents", "availableDays", status, "backgroundCheckStatus", "applicationProgress",
                         "searchText", "phoneDigits", "createdAt", "updatedAt")
SELECT gen_random_uuid(), n, e, p, 'LIC-' || i, '3-5', ARRAY['CNA'], ARRAY['Elderly Care'], 2500, ARRAY['monday','wednesday','friday'],
       (ARRAY['active','inactive','pending'])[1 + i % 3], (ARRAY['pending','in_progress','cleared','failed'])[1 + i % 4], 'submitted',
       lower(n || ' ' || e), regexp_replace(p, '\\D', '', 'g'), now() - (i || ' minutes')::interval, now()
FROM (
  SELECT i, (${FIRST_NAMES})[1 + i % 16] || ' ' || (${LAST_NAMES})[1 + (i * 7) % 20] || (i % 83)::text AS n,
         'caregiver' || i || '@example.com' AS e, '(' || (200 + i % 700)::text || ') 555-' || lpad((i % 10000)::text, 4, '0') AS p
  FROM generate_series(1, $1::int) AS i
) AS rows`

// Half a year back to half a year ahead, evenly spread (about 270 a day). The
// caregivers take turns, so no caregiver's visits overlap (the database refuses that).
const APPOINTMENT_SQL = `
WITH people AS (
  SELECT (SELECT array_agg(id) FROM "Caregiver") AS caregivers,
         (SELECT array_agg(id) FROM (SELECT id FROM "Patient" LIMIT 5000) AS p) AS patients,
         (SELECT array_agg(id) FROM (SELECT id FROM "Lead" LIMIT 5000) AS l) AS leads
)
INSERT INTO "Appointment" (id, title, "startTime", "endTime", "timeZone", "appointmentType", status, location,
                           "patientId", "caregiverId", "leadId", "createdBy", "createdAt", "updatedAt")
SELECT gen_random_uuid(), (ARRAY['Care visit','Therapy session','Assessment','Care plan review'])[1 + i % 4] || ' ' || i,
       s, s + interval '1 hour', 'America/New_York',
       (ARRAY['consultation','initial_assessment','follow_up','check_up','therapy','care_review'])[1 + i % 6],
       CASE WHEN s < now() THEN (ARRAY['completed','completed','no_show','cancelled'])[1 + i % 4]
            ELSE (ARRAY['scheduled','scheduled','confirmed'])[1 + i % 3] END,
       (ARRAY['Healthcare Center','Client home'])[1 + i % 2],
       CASE WHEN i % 3 = 0 THEN NULL ELSE patients[1 + i % array_length(patients, 1)] END,
       CASE WHEN i % 6 = 0 THEN NULL ELSE caregivers[1 + i % array_length(caregivers, 1)] END,
       CASE WHEN i % 3 = 0 THEN leads[1 + i % array_length(leads, 1)] ELSE NULL END,
       'Bench', now(), now()
FROM people, (
  SELECT i, date_trunc('minute', now() - interval '182 days' + (i * (interval '365 days' / $1::int))) AS s
  FROM generate_series(1, $1::int) AS i
) AS rows`

export const BENCH_COUNTS = {
  leads: Number(process.env.BENCH_LEADS ?? 100_000),
  patients: Number(process.env.BENCH_PATIENTS ?? 20_000),
  caregivers: Number(process.env.BENCH_CAREGIVERS ?? 5_000),
  appointments: Number(process.env.BENCH_APPOINTMENTS ?? 100_000),
}

/** Inserts the bench's leads, patients, caregivers and appointments (in that order: appointments name the others). */
export async function seedBenchRecords(client: pg.Client, counts = BENCH_COUNTS) {
  await client.query(LEAD_SQL, [counts.leads])
  await client.query(PATIENT_SQL, [counts.patients])
  await client.query(CAREGIVER_SQL, [counts.caregivers])
  await client.query(APPOINTMENT_SQL, [counts.appointments])
  await client.query('ANALYZE "Lead"; ANALYZE "Patient"; ANALYZE "Caregiver"; ANALYZE "Appointment"')
}
