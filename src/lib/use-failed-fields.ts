import { useEffect, useEffectEvent } from 'react'
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import type { Failure } from './describe-failure'

/**
 * Marks the fields a refused save names (a 400's `failure.fieldErrors`) on a react-hook-form form, as its
 * own validation does: aria-invalid and the message under each field; the first gets the focus.
 * `formField` gives the form's name of an API field (undefined: not a field of this form); `onMarked`
 * hears which fields were marked (a wizard goes to the step that has them).
 */
export function useFailedFields<T extends FieldValues>(
  failure: Failure | null,
  setError: UseFormSetError<T>,
  formField: (apiField: string) => Path<T> | undefined,
  onMarked?: (fields: Path<T>[]) => void,
) {
  const mark = useEffectEvent((fieldErrors: Record<string, string>) => {
    const marked: Path<T>[] = []
    for (const [apiField, message] of Object.entries(fieldErrors)) {
      const field = formField(apiField)
      if (!field || marked.includes(field)) continue
      setError(field, { type: 'server', message }, { shouldFocus: marked.length === 0 })
      marked.push(field)
    }
    if (marked.length > 0) onMarked?.(marked)
  })
  // Once per failure: describeFailure's result changes only with a new error.
  useEffect(() => {
    if (failure) mark(failure.fieldErrors)
  }, [failure])
}
