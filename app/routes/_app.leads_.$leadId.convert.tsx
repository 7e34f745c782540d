// Converting a lead, drawn over the lead's page: the New Patient Registration dialog (see pageBehindDialog).
export { action, default, loader, meta } from '~/routes/_app.patients.new'
