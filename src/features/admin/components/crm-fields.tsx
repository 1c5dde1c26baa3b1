import type { UseFormRegisterReturn } from 'react-hook-form'
import { UFS } from '@contract'
import { SelectField, TextField } from '@/components/form-fields'

interface CrmFieldsProps {
  /** Whose CRM: '' for the doctor's own dialog, ' do responsável técnico' on the laudo's settings. */
  whose?: string
  crm: UseFormRegisterReturn
  uf: UseFormRegisterReturn
  crmError?: string
  ufError?: string
}

/** A CRM and its UF, as the doctors' dialog and the laudo's settings ask them. */
export function CrmFields({ whose = '', crm, uf, crmError, ufError }: CrmFieldsProps) {
  return (
    <>
      <TextField label={`CRM${whose}`} inputMode="numeric" autoComplete="off" error={crmError} {...crm} />
      <SelectField label={`UF do CRM${whose}`} error={ufError} {...uf}>
        <option value="">—</option>
        {UFS.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </SelectField>
    </>
  )
}
