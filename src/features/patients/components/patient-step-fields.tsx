import type { ReactNode } from 'react'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { SelectField, TextField } from '@/components/form-fields'
import { CONSENT_LABEL, SELECT_OPTIONS, type PatientField } from '../lib/patient-form'
import { formTexts, UFS } from '../lib/form-texts'

/** A field's props from the form: its label, its error, whether required, and react-hook-form's registration. */
export type FieldProps = (
  name: PatientField,
) => { label: string; error: string | undefined; required: boolean } & UseFormRegisterReturn<PatientField>

/**
 * Step 1: personal information. `consent` registers the 'Aceita receber mensagens (WhatsApp)' checkbox;
 * `cpfNote` is the early duplicate (issue 14), said under the CPF.
 */
export function PersonalFields({
  field,
  consent,
  cpfNote,
}: {
  field: FieldProps
  consent: UseFormRegisterReturn<'aceitaMensagens'>
  cpfNote?: ReactNode
}) {
  return (
    <div className="form-grid">
      <TextField {...field('nome')} className="form-grid__full" autoCapitalize="words" />
      <TextField
        {...field('nomesocial')}
        className="form-grid__full"
        autoCapitalize="words"
        hint="Opcional: como a pessoa quer ser chamada. O nome civil fica nos documentos."
      />
      <div className="form-grid__full patient-cpf">
        <TextField {...field('cpf')} inputMode="numeric" autoComplete="off" placeholder="000.000.000-00" />
        {cpfNote}
      </div>
      <TextField {...field('rg')} inputMode="numeric" />
      {/* DD/MM/AAAA whatever the browser's language (issue 14); the API still receives an ISO date */}
      <TextField
        {...field('datanascimento')}
        type="text"
        inputMode="numeric"
        autoComplete="bday"
        placeholder="DD/MM/AAAA"
        maxLength={10}
      />
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

/**
 * Step 2: the address. `cepNote` says what the CEP lookup did (issue 14). `legacyEstado` is an older
 * record's Estado that is not a UF (free text, e.g. 'São Paulo'): offered as an extra option so that it is
 * shown, not lost, until it is corrected.
 */
export function AddressFields({
  field,
  cepNote,
  legacyEstado,
}: {
  field: FieldProps
  cepNote?: string
  legacyEstado?: string | undefined
}) {
  return (
    <div className="form-grid">
      <TextField
        {...field('cep')}
        inputMode="numeric"
        autoComplete="postal-code"
        placeholder="00000-000"
        hint={cepNote ?? 'Opcional: preenche o endereço.'}
      />
      <TextField {...field('endereco')} className="form-grid__full" />
      <TextField {...field('numeroendereco')} inputMode="numeric" />
      <TextField {...field('complemento')} hint="Opcional" />
      <TextField {...field('bairro')} />
      <TextField {...field('cidade')} />
      {/* The 27 UFs (issue 14) */}
      <SelectField {...field('estado')} autoComplete="address-level1">
        <option value="">Selecione</option>
        {legacyEstado && <option value={legacyEstado}>{formTexts.ufLegacy.replace('{estado}', legacyEstado)}</option>}
        {UFS.map((uf) => (
          <option key={uf} value={uf}>
            {uf}
          </option>
        ))}
      </SelectField>
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
