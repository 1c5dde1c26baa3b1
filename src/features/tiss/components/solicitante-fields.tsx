// 'Novo médico solicitante' inside the guia: referrals come from outside, so the desk adds the doctor it
// meets (nome, conselho, número, UF, CBO) to the reusable list and the guia takes them at once.
import { CONSELHOS, RegisterSolicitanteRequest, UFS, type MedicoSolicitante } from '@contract'
import { FormAlert } from '@/components/form-alert'
import { SelectField, TextField } from '@/components/form-fields'
import { useCheckedForm } from '@/lib/use-checked-form'
import { useRegisterSolicitante } from '../api/register-solicitante'

interface SolicitanteForm {
  nome: string
  conselho: string
  numero: string
  uf: string
  cbo: string
}

export function SolicitanteFields({
  onSaved,
  onCancel,
}: {
  onSaved: (solicitante: MedicoSolicitante) => void
  onCancel: () => void
}) {
  const register = useRegisterSolicitante()
  const { form, field, check } = useCheckedForm<SolicitanteForm>({
    nome: '',
    conselho: 'CRM',
    numero: '',
    uf: '',
    cbo: '',
  })
  const save = () => {
    const body = check(RegisterSolicitanteRequest, form)
    if (body) register.mutate(body, { onSuccess: onSaved })
  }
  // a group, not a <form>: it sits inside the guia's form
  return (
    <div role="group" aria-label="Novo médico solicitante" className="tiss-solicitante">
      <FormAlert failure={register.failure} />
      <TextField label="Nome do médico solicitante" required autoComplete="off" {...field('nome')} />
      <SelectField label="Conselho" required {...field('conselho')}>
        {CONSELHOS.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
      <TextField label="Número no conselho" required inputMode="numeric" autoComplete="off" {...field('numero')} />
      <SelectField label="UF do conselho" required {...field('uf')}>
        <option value="">Selecione a UF</option>
        {UFS.map((uf) => (
          <option key={uf} value={uf}>
            {uf}
          </option>
        ))}
      </SelectField>
      <TextField
        label="CBO"
        required
        inputMode="numeric"
        autoComplete="off"
        hint="Código de 6 números (radiologista: 225320)."
        {...field('cbo')}
      />
      <div className="tiss-solicitante__actions">
        <button type="button" className="button" onClick={onCancel} disabled={register.isPending}>
          Cancelar
        </button>
        <button type="button" className="button button--primary" onClick={save} disabled={register.isPending}>
          Salvar médico solicitante
        </button>
      </div>
    </div>
  )
}
