// A batch's 'Enviado' (issue 37 point 5): the date it went to the operadora and the protocolo it gave, checked
// by the contract's request before it leaves, each refusal under its field.
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { clinicToday, EnvioLoteRequest } from '@contract'
import { FormAlert } from '@/components/form-alert'
import { TextField } from '@/components/form-fields'
import { useFailedFields } from '@/lib/use-failed-fields'
import { useEnviarLote } from '../api/faturamento'

type Values = z.input<typeof EnvioLoteRequest>
const FIELDS = ['data', 'protocolo'] as const

export function EnvioLoteForm({ loteId, title }: { loteId: string; title: string }) {
  const enviar = useEnviarLote()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof EnvioLoteRequest>>({
    resolver: zodResolver(EnvioLoteRequest),
    defaultValues: { id: loteId, data: clinicToday(), protocolo: '' },
  })
  useFailedFields(enviar.failure, setError, (field) => FIELDS.find((name) => name === field))
  return (
    <form noValidate onSubmit={handleSubmit((values) => enviar.mutate(values))} aria-label={`Envio do ${title}`}>
      <TextField label="Data do envio" type="date" required error={errors.data?.message} {...register('data')} />
      <TextField
        label="Protocolo da operadora"
        required
        maxLength={12}
        autoComplete="off"
        error={errors.protocolo?.message}
        {...register('protocolo')}
      />
      <FormAlert failure={enviar.failure} />
      <button type="submit" className="button button--primary" disabled={enviar.isPending}>
        Marcar como enviado
      </button>
    </form>
  )
}
