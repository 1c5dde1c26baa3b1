// A form kept by hand rather than through react-hook-form (the catalogue's and the equipment's), checked with
// the contract's own request schema on submit: its values, each field's first message, and what binds a text
// field or a select to one value — the same three props every such field had written out.
import { useState, type ChangeEvent } from 'react'
import type { z } from 'zod'
import { checkWith, type FieldErrors } from './form-errors'

/** The names of the form's text values (what a text field, text area or select edits). */
type TextKey<F> = { [K in keyof F]-?: F[K] extends string ? K : never }[keyof F] & string

type FieldChange = ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>

export function useCheckedForm<F extends object>(initial: F | (() => F)) {
  const [form, setForm] = useState<F>(initial)
  const [errors, setErrors] = useState<FieldErrors>({})
  const set = (patch: Partial<F>) => setForm((current) => ({ ...current, ...patch }))

  /** value, error and onChange for the field editing `name`; its message is the request's field `errorOf`. */
  const field = (name: TextKey<F>, errorOf: string = name) => ({
    value: form[name] as string,
    error: errors[errorOf],
    onChange: (event: FieldChange) => set({ [name]: event.target.value } as Partial<F>),
  })

  /** The body as the contract's schema parses it, or undefined with each failing field's message shown. */
  const check = <S extends z.ZodType>(schema: S, body: unknown): z.output<S> | undefined => {
    const checked = checkWith(schema, body)
    setErrors(checked.errors ?? {})
    return checked.errors ? undefined : checked.data
  }

  return { form, setForm, set, errors, setErrors, field, check }
}
