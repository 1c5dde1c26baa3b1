import { useId, type ComponentProps, type ReactNode } from 'react'

interface FieldExtras {
  label: string
  error?: string
  hint?: ReactNode
  /**
   * Marked before any error (issue 14): an asterisk beside the label, outside it, so that the label and the
   * field's accessible name stay the specification's exact text; `aria-required` says it to screen readers.
   */
  required?: boolean
}

export type TextFieldProps = FieldExtras & ComponentProps<'input'>
export type SelectFieldProps = FieldExtras & ComponentProps<'select'>
export type TextAreaFieldProps = FieldExtras & ComponentProps<'textarea'>

/** Ids and ARIA wiring shared by every field: label by id, hint and error by aria-describedby. */
function useFieldIds(
  id: string | undefined,
  error: string | undefined,
  hint: ReactNode,
  describedBy: string | undefined,
) {
  const generated = useId()
  const fieldId = id ?? generated
  const hintId = `${fieldId}-hint`
  const errorId = `${fieldId}-error`
  const describedByIds = [describedBy, hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(' ')
  return {
    fieldId,
    hintId,
    errorId,
    aria: {
      'aria-invalid': error ? (true as const) : undefined,
      'aria-describedby': describedByIds || undefined,
    },
  }
}

function FieldShell({
  fieldId,
  label,
  required,
  hint,
  hintId,
  error,
  errorId,
  className,
  children,
}: {
  fieldId: string
  label: string
  required?: boolean
  hint: ReactNode
  hintId: string
  error: string | undefined
  errorId: string
  className?: string
  children: ReactNode
}) {
  return (
    <div className={['field', error ? 'field--invalid' : undefined, className].filter(Boolean).join(' ')}>
      <div className="field__label-row">
        <label className="field__label" htmlFor={fieldId}>
          {label}
        </label>
        {required && (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {children}
      {hint && (
        <div className="field__hint" id={hintId}>
          {hint}
        </div>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  )
}

export function TextField({
  label,
  error,
  hint,
  id,
  className,
  required,
  'aria-describedby': describedBy,
  ...props
}: TextFieldProps) {
  const { fieldId, hintId, errorId, aria } = useFieldIds(id, error, hint, describedBy)
  return (
    <FieldShell {...{ fieldId, label, required, hint, hintId, error, errorId, className }}>
      <input id={fieldId} className="field__control" aria-required={required || undefined} {...aria} {...props} />
    </FieldShell>
  )
}

export function SelectField({
  label,
  error,
  hint,
  id,
  className,
  children,
  required,
  'aria-describedby': describedBy,
  ...props
}: SelectFieldProps) {
  const { fieldId, hintId, errorId, aria } = useFieldIds(id, error, hint, describedBy)
  return (
    <FieldShell {...{ fieldId, label, required, hint, hintId, error, errorId, className }}>
      <select id={fieldId} className="field__control" aria-required={required || undefined} {...aria} {...props}>
        {children}
      </select>
    </FieldShell>
  )
}

export function TextAreaField({
  label,
  error,
  hint,
  id,
  className,
  'aria-describedby': describedBy,
  ...props
}: TextAreaFieldProps) {
  const { fieldId, hintId, errorId, aria } = useFieldIds(id, error, hint, describedBy)
  return (
    <FieldShell {...{ fieldId, label, hint, hintId, error, errorId, className }}>
      <textarea id={fieldId} className="field__control" {...aria} {...props} />
    </FieldShell>
  )
}
