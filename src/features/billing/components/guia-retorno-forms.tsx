// A guia's return from the operadora (issue 37 point 5): 'Pago' or 'Glosado' with what was paid, the ANS glosa
// code and its reason; then, on a glossed guia, the 'Recurso' (date, text). Each form is checked by the
// contract's request before it leaves, each refusal under its field.
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import { clinicToday, RecursoGuiaRequest, RetornoGuiaRequest, type GuiaLoteTiss } from '@contract'
import { FormAlert } from '@/components/form-alert'
import { SelectField, TextAreaField, TextField } from '@/components/form-fields'
import { parseMoney } from '@/lib/format'
import { useFailedFields } from '@/lib/use-failed-fields'
import { useRecursoGuia, useRetornoGuia } from '../api/faturamento'

type RetornoValues = z.input<typeof RetornoGuiaRequest>
const RETORNO_FIELDS = ['situacao', 'valorIncents', 'glosaCodigo', 'glosaMotivo'] as const

/**
 * Reais as typed ('150,00', '1.234,56', 'R$ 150') to the request's centavos: nothing typed is missing, text
 * that is no amount becomes -1, which the request refuses as 'Valor inválido!' under the field.
 */
const typedCents = (text: unknown) =>
  typeof text !== 'string' || text.trim() === '' ? undefined : (parseMoney(text) ?? -1)

export function RetornoGuiaForm({ guia, label }: { guia: GuiaLoteTiss; label: string }) {
  const retorno = useRetornoGuia()
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<RetornoValues, unknown, z.output<typeof RetornoGuiaRequest>>({
    resolver: zodResolver(RetornoGuiaRequest),
    // the value is not here: its field starts from the text below and gives the form centavos
    defaultValues: { id: guia.id, situacao: 'pago', glosaCodigo: '', glosaMotivo: '' },
  })
  useFailedFields(retorno.failure, setError, (field) => RETORNO_FIELDS.find((name) => name === field))
  const glosado = useWatch({ control, name: 'situacao' }) === 'glosado'
  return (
    <form
      noValidate
      aria-label={`Retorno da ${label}`}
      onSubmit={handleSubmit(({ glosaCodigo, glosaMotivo, ...values }) =>
        retorno.mutate({ ...values, ...(values.situacao === 'glosado' ? { glosaCodigo, glosaMotivo } : {}) }),
      )}
    >
      <SelectField label="Retorno" error={errors.situacao?.message} {...register('situacao')}>
        <option value="pago">Pago</option>
        <option value="glosado">Glosado</option>
      </SelectField>
      <TextField
        label="Valor pago (R$)"
        inputMode="decimal"
        required
        defaultValue={(guia.valorIncents / 100).toFixed(2).replace('.', ',')}
        error={errors.valorIncents?.message}
        {...register('valorIncents', { setValueAs: typedCents })}
      />
      {glosado && (
        <>
          <TextField
            label="Código de glosa (ANS)"
            inputMode="numeric"
            required
            maxLength={4}
            autoComplete="off"
            error={errors.glosaCodigo?.message}
            {...register('glosaCodigo')}
          />
          <TextField
            label="Motivo da glosa"
            maxLength={500}
            error={errors.glosaMotivo?.message}
            {...register('glosaMotivo')}
          />
        </>
      )}
      <FormAlert failure={retorno.failure} />
      <button type="submit" className="button" disabled={retorno.isPending}>
        Salvar retorno
      </button>
    </form>
  )
}

type RecursoValues = z.input<typeof RecursoGuiaRequest>
const RECURSO_FIELDS = ['data', 'texto'] as const

export function RecursoGuiaForm({ guiaId, label }: { guiaId: string; label: string }) {
  const recurso = useRecursoGuia()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RecursoValues, unknown, z.output<typeof RecursoGuiaRequest>>({
    resolver: zodResolver(RecursoGuiaRequest),
    defaultValues: { id: guiaId, data: clinicToday(), texto: '' },
  })
  useFailedFields(recurso.failure, setError, (field) => RECURSO_FIELDS.find((name) => name === field))
  return (
    <form noValidate aria-label={`Recurso da ${label}`} onSubmit={handleSubmit((values) => recurso.mutate(values))}>
      <TextField label="Data do recurso" type="date" required error={errors.data?.message} {...register('data')} />
      <TextAreaField
        label="Texto do recurso"
        required
        maxLength={500}
        error={errors.texto?.message}
        {...register('texto')}
      />
      <FormAlert failure={recurso.failure} />
      <button type="submit" className="button" disabled={recurso.isPending}>
        Salvar recurso
      </button>
    </form>
  )
}
