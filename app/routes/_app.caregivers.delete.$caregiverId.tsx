// The same dialog drawn over the list: its loader, action and page are the record's dialog's (see pageBehindDialog).
export { action, default, loader, meta } from '~/routes/_app.caregivers_.$caregiverId.delete'
