// The Create Appointment dialog drawn over this person's page (see pageBehindDialog).
export { action, default, loader, meta } from '~/routes/_app.calendar.new'
