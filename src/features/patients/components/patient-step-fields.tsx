import type { UseFormRegisterReturn } from 'react-hook-form'
import { clinicToday } from '@contract'
import { SelectField, TextField } from '@/components/form-fields'
import { CONSENT_LABEL, SELECT_OPTIONS, type PatientField } from '../lib/patient-form'

/** A field's props from the form: its label, its error and react-hook-form's registration. */
export type FieldProps = (
  name: PatientField,
) => { label: string; error: string | undefined } & UseFormRegisterReturn<PatientField>

/** Step 1: personal information; `consent` registers the 'Aceita receber mensagens (WhatsApp)' checkbox. */
export function PersonalFields({
  field,
  consent,
}: {
  field: FieldProps
  consent: UseFormRegisterReturn<'aceitaMensagens'>
}) {
  return (
    <div className="form-grid">
      <TextField {...field('nome')} className="form-grid__full" autoCapitalize="words" />
      <TextField {...field('cpf')} inputMode="numeric" />
      <TextField {...field('rg')} inputMode="numeric" />
      <TextField {...field('datanascimento')} type="date" max={clinicToday()} />
      <SelectField {...field('estadocivil')}>
        <SelectOptions options={SELECT_OPTIONS.estadocivil} />
      </SelectField>
      <SelectField {...field('sexo')}>
        <SelectOptions options={SELECT_OPTIONS.sexo} />
      </SelectField>
      <SelectField {...field('cor')}>
        <SelectOptions options={SELECT_OPTIONS.cor} />
      </SelectField>
      <TextField {...field('naturalidade')} />
      <TextField {...field('profissao')} />
      <TextField {...field('email')} type="email" inputMode="email" autoCapitalize="none" spellCheck={false} />
      <TextField {...field('telefone')} type="tel" inputMode="tel" hint="Com DDD, ex.: (11) 98765-4321" />
      <label className="form-grid__full checkbox-field">
        <input type="checkbox" {...consent} /> {CONSENT_LABEL}
      </label>
    </div>
  )
}

/** Step 2: the address. */
export function AddressFields({ field }: { field: FieldProps }) {
  return (
    <div className="form-grid">
      <TextField {...field('endereco')} className="form-grid__full" />
      <TextField {...field('numeroendereco')} inputMode="numeric" />
      <TextField {...field('bairro')} />
      <TextField {...field('cidade')} />
      <TextField {...field('estado')} />
    </div>
  )
}

function SelectOptions({ options }: { options: readonly { value: string; label: string }[] }) {
  return (
    <>
      <option value="">Selecione</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  )
}
