// A printout (docs/decisions.md, "Messages and printouts"): rendered outside the app's root, hidden on
// screen, the only thing on paper. Its paper sets the page: A4, or an 80 mm receipt printer's roll.
import type { ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { formatClinicPhone, formatCnpj, type ConfiguracoesClinica } from '@contract'
import './print.css'

export type Paper = 'a4' | 'roll80'

export const paperLabels: Record<Paper, string> = { a4: 'A4', roll80: 'Bobina 80 mm' }

const PAGE_RULES: Record<Paper, string> = {
  a4: '@page { size: A4; margin: 12mm; }',
  roll80: '@page { size: 80mm 297mm; margin: 3mm; }',
}

export function PrintSheet({ paper, label, children }: { paper: Paper; label: string; children: ReactNode }) {
  return createPortal(
    <div className={`print-sheet print-sheet--${paper}`} aria-label={label} data-paper={paper}>
      <style>{`@media print { ${PAGE_RULES[paper]} }`}</style>
      {children}
    </div>,
    document.body,
  )
}

/** The clinic's header on every printout: logo, name, address, phone and CNPJ. */
export function PrintHeader({ clinica }: { clinica: ConfiguracoesClinica | undefined }) {
  if (!clinica) return null
  return (
    <header className="print-header">
      {clinica.logo && <img src={clinica.logo} alt="" />}
      <div>
        <p>
          <strong>{clinica.nome}</strong>
        </p>
        {clinica.endereco && <p>{clinica.endereco}</p>}
        {clinica.telefone && <p>Tel. {formatClinicPhone(clinica.telefone)}</p>}
        {clinica.cnpj && <p>CNPJ {formatCnpj(clinica.cnpj)}</p>}
      </div>
    </header>
  )
}

/** The paper select beside a print button. */
export function PaperSelect({ value, onChange }: { value: Paper; onChange: (paper: Paper) => void }) {
  return (
    <label className="paper-select">
      Papel{' '}
      <select value={value} onChange={(event) => onChange(event.target.value as Paper)}>
        {(Object.keys(paperLabels) as Paper[]).map((paper) => (
          <option key={paper} value={paper}>
            {paperLabels[paper]}
          </option>
        ))}
      </select>
    </label>
  )
}
