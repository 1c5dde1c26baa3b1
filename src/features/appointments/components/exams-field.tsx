import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { examNameField } from '@contract'
import { TextField } from '@/components/form-fields'

export interface ExamsFieldProps {
  value: string[]
  onChange: (exames: string[]) => void
  /** The list's own error ('Obrigatório*' when empty on submit). */
  error?: string
  /** Focused by the form when the list is the first invalid field. */
  inputRef?: (element: HTMLInputElement | null) => void
  disabled?: boolean
}

/** The exams list: a text input and 'Adicionar exame', each entry with its own remove button. */
export function ExamsField({ value, onChange, error, inputRef, disabled }: ExamsFieldProps) {
  const [draft, setDraft] = useState('')
  const [draftError, setDraftError] = useState<string | undefined>()
  const draftRef = useRef<HTMLInputElement | null>(null)
  const errorId = useId()

  const add = () => {
    const parsed = examNameField.safeParse(draft)
    if (!parsed.success) {
      setDraftError(parsed.error.issues[0]?.message)
      draftRef.current?.focus()
      return
    }
    onChange([...value, parsed.data])
    setDraft('')
    setDraftError(undefined)
    draftRef.current?.focus()
  }

  const remove = (index: number) => {
    onChange(value.filter((_, i) => i !== index))
    // The removed button leaves the page: keep the focus in the list's own input.
    draftRef.current?.focus()
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the exam instead of submitting the whole form.
    if (event.key === 'Enter') {
      event.preventDefault()
      add()
    }
  }

  const setRefs = (element: HTMLInputElement | null) => {
    draftRef.current = element
    inputRef?.(element)
  }

  return (
    <fieldset className="exams form-grid__full" aria-describedby={error ? errorId : undefined}>
      <legend>Exames</legend>
      <div className="exams__add">
        <TextField
          ref={setRefs}
          label="Novo exame"
          value={draft}
          autoComplete="off"
          error={draftError}
          disabled={disabled}
          onChange={(event) => {
            setDraft(event.target.value)
            if (draftError) setDraftError(undefined)
          }}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="button" onClick={add} disabled={disabled}>
          Adicionar exame
        </button>
      </div>
      {value.length === 0 ? (
        <p className="exams__empty">Nenhum exame.</p>
      ) : (
        <ul className="exams__list" aria-label="Exames adicionados">
          {value.map((exame, index) => (
            <li key={`${index}:${exame}`} className="exams__item">
              <span>{exame}</span>
              <button
                type="button"
                className="button button--small"
                aria-label={`Remover ${exame}`}
                onClick={() => remove(index)}
                disabled={disabled}
              >
                Remover
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  )
}
