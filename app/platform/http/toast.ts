import { z } from 'zod'

export const toastSchema = z.object({
  id: z.string(),
  type: z.enum(['default', 'destructive']).default('default'),
  title: z.string(),
  description: z.string().optional(),
})
export type Toast = z.infer<typeof toastSchema>
export type ToastInput = z.input<typeof toastSchema> extends infer T
  ? Omit<T, 'id'> & { id?: string }
  : never
