// A form's fields checked with the contract's own request schema: the first message per field (the catalogue's
// and the equipment's forms, which keep their state by hand rather than through react-hook-form).
import type { z } from 'zod'

export type FieldErrors = Record<string, string>

/** The parsed body, or the first message of each field that failed (the fields are the request's). */
export function checkWith<S extends z.ZodType>(
  schema: S,
  body: unknown,
): { data: z.output<S>; errors?: undefined } | { data?: undefined; errors: FieldErrors } {
  const result = schema.safeParse(body)
  if (result.success) return { data: result.data }
  const errors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '')
    errors[field] ??= issue.message
  }
  return { errors }
}
