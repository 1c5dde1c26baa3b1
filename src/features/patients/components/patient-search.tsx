import { memo, useEffect, useState } from 'react'
import { SelectField, TextField } from '@/components/form-fields'
import { useDebouncedValue } from '@/lib/use-debounced-value'

export type SearchFilter = 'nome' | 'cpf' | 'rg'

/** The filter and its text, as one value once typing has stopped (they always travel together). */
export interface SearchQuery {
  filter: SearchFilter
  text: string
}

const PLACEHOLDERS: Record<SearchFilter, string> = {
  nome: 'Digite o nome do paciente',
  cpf: 'Digite o CPF do paciente',
  rg: 'Digite o RG do paciente',
}

const SEPARATOR = '\u0000'

export interface PatientSearchProps {
  /** docs/product.md §9: what is typed is searched once typing has stopped for this long. */
  debounceMs: number
  /** A problem with what was typed (e.g. letters in a CPF search). */
  error?: string
  /** Called (from an effect) once the filter and text have stopped changing for `debounceMs`; stable, please. */
  onSearch: (query: SearchQuery) => void
}

/**
 * The filter select (Nome, CPF, RG) and the search box. It owns what is typed and its debounce, so that a
 * keystroke renders this component only — not the page with its up to 1,000 rows and its dialogs (issue #18:
 * typing with 1,000 rows on a tablet ≤ 50 ms to paint). The page hears of the search once typing stops.
 */
export const PatientSearch = memo(function PatientSearch({ debounceMs, error, onSearch }: PatientSearchProps) {
  const [filter, setFilter] = useState<SearchFilter>('nome')
  const [text, setText] = useState('')
  // One debounced string so that the filter and its text always travel together.
  const debounced = useDebouncedValue(`${filter}${SEPARATOR}${text}`, debounceMs)
  useEffect(() => {
    const [debouncedFilter, debouncedText = ''] = debounced.split(SEPARATOR) as [SearchFilter, string?]
    onSearch({ filter: debouncedFilter, text: debouncedText })
  }, [debounced, onSearch])

  return (
    <div role="search" className="patient-search">
      <SelectField
        label="Filtrar por"
        value={filter}
        onChange={(event) => {
          setFilter(event.target.value as SearchFilter)
          setText('')
        }}
      >
        <option value="nome">Nome</option>
        <option value="cpf">CPF</option>
        <option value="rg">RG</option>
      </SelectField>
      <TextField
        label="Buscar paciente"
        type="search"
        value={text}
        placeholder={PLACEHOLDERS[filter]}
        inputMode={filter === 'nome' ? 'text' : 'numeric'}
        autoComplete="off"
        spellCheck={false}
        error={error}
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  )
})
