// A written answer held to the contract's zod schema, strictly (the tests of PostgreSQL's one writers:
// written-answers-schema.test.ts, paciente-json.test.ts).
import { z } from 'zod'

/** An object schema made strict all the way down: an unknown key anywhere is an error. */
export function strict(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject)
    return z.strictObject(Object.fromEntries(Object.entries(schema.shape).map(([k, v]) => [k, strict(v as z.ZodType)])))
  if (schema instanceof z.ZodOptional) return strict(schema.unwrap() as z.ZodType).optional()
  if (schema instanceof z.ZodNullable) return strict(schema.unwrap() as z.ZodType).nullable()
  return schema
}

/** The keys of an object schema in its order: all of them, or only those an answer must carry. */
export const keysOf = (shape: Record<string, z.ZodType>, which: 'all' | 'required') =>
  Object.entries(shape)
    .filter(([, field]) => which === 'all' || !field.safeParse(undefined).success)
    .map(([key]) => key)
