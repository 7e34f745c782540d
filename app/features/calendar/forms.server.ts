/**
 * The calendar's schemas, for route actions and loaders. Routes import
 * schemas through this .server module so that Zod never reaches the page's
 * JavaScript: the pages check forms with the rules their loaders send
 * (formRules, ~/lib/form-rules.server.ts).
 */
export {
  appointmentCreateApiSchema,
  appointmentCreateSchema,
  appointmentEditSchema,
  appointmentFormSchema,
  appointmentUpdateApiSchema,
  cancelSchema,
  parseAppointmentListQuery,
  rescheduleSchema,
  upcomingDaysSchema,
} from '~/features/calendar/schema'
