// 'Entregar laudo' (issue 36 point 7): who takes the laudo — the patient, or someone else with name and CPF
// (checked as every CPF is, by the contract's cpfField) — recorded with the time by POST /laudos/entregar.
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { cpfField, EntregarLaudoRequest, RECEBEDORES } from '@contract'
import { Dialog } from '@/components/dialog'
import { FormAlert } from '@/components/form-alert'
import { FormActions } from '@/components/form-actions'
import { TextField } from '@/components/form-fields'
import { useFailedFields } from '@/lib/use-failed-fields'
import { useDeliverLaudo } from '../api/release-versions'

/** The form's values: nome and CPF are asked only of a third party; the request's own rules check them. */
const DeliverForm = z
  .object({ recebedor: z.enum(RECEBEDORES), nome: z.string(), cpf: z.string() })
  .superRefine((values, ctx) => {
    if (values.recebedor !== 'terceiro') return
    const parsed = EntregarLaudoRequest.safeParse({ laudoId: crypto.randomUUID(), ...values })
    if (parsed.success) return
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message })
  })
type Values = z.infer<typeof DeliverForm>

export interface DeliverLaudoDialogProps {
  open: boolean
  laudoId: string
  title: string
  onClose: () => void
  onDelivered: () => void
}

export function DeliverLaudoDialog({ open, title, onClose, ...rest }: DeliverLaudoDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={title} className="deliver-laudo">
      {open && <DeliverLaudoForm onClose={onClose} {...rest} />}
    </Dialog>
  )
}

function DeliverLaudoForm({ laudoId, onClose, onDelivered }: Omit<DeliverLaudoDialogProps, 'open' | 'title'>) {
  const deliver = useDeliverLaudo()
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(DeliverForm),
    defaultValues: { recebedor: 'paciente', nome: '', cpf: '' },
  })
  const recebedor = useWatch({ control, name: 'recebedor' })
  useFailedFields(deliver.failure, setError, (field) => (field === 'nome' || field === 'cpf' ? field : undefined))
  const submit = (values: Values) =>
    deliver.mutate(
      values.recebedor === 'paciente'
        ? { laudoId, recebedor: 'paciente' }
        : { laudoId, recebedor: 'terceiro', nome: values.nome.trim(), cpf: cpfField.parse(values.cpf) },
      { onSuccess: onDelivered },
    )
  return (
    <form noValidate onSubmit={handleSubmit(submit)}>
      <FormAlert failure={deliver.failure} />
      <fieldset className="deliver-laudo__who">
        <legend>Quem retira o laudo</legend>
        <label className="checkbox-field">
          <input type="radio" value="paciente" {...register('recebedor')} /> O próprio paciente
        </label>
        <label className="checkbox-field">
          <input type="radio" value="terceiro" {...register('recebedor')} /> Outra pessoa
        </label>
      </fieldset>
      {recebedor === 'terceiro' && (
        <>
          <TextField
            label="Nome de quem retira"
            autoComplete="off"
            required
            error={errors.nome?.message}
            {...register('nome')}
          />
          <TextField
            label="CPF de quem retira"
            inputMode="numeric"
            autoComplete="off"
            required
            hint="Somente números."
            error={errors.cpf?.message}
            {...register('cpf')}
          />
        </>
      )}
      <div className="deliver-laudo__actions">
        <FormActions submitLabel="Registrar entrega" pending={deliver.isPending} />
        <button type="button" className="button" onClick={onClose}>
          Voltar
        </button>
      </div>
    </form>
  )
}
