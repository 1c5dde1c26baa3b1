import { SelectField, TextField } from '@/components/form-fields'

export type SearchFilter = 'nome' | 'cpf' | 'rg'

const PLACEHOLDERS: Record<SearchFilter, string> = {
  nome: 'Digite o nome do paciente',
  cpf: 'Digite o CPF do paciente',
  rg: 'Digite o RG do paciente',
}

export interface PatientSearchProps {
  filter: SearchFilter
  text: string
  /** A problem with what was typed (e.g. letters in a CPF search). */
  error?: string
  onFilterChange: (filter: SearchFilter) => void
  onTextChange: (text: string) => void
}

/** The filter select (Nome, CPF, RG) and the search box; the page debounces what is typed. */
export function PatientSearch({ filter, text, error, onFilterChange, onTextChange }: PatientSearchProps) {
  return (
    <div role="search" className="patient-search">
      <SelectField
        label="Filtrar por"
        value={filter}
        onChange={(event) => onFilterChange(event.target.value as SearchFilter)}
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
        onChange={(event) => onTextChange(event.target.value)}
      />
    </div>
  )
}
