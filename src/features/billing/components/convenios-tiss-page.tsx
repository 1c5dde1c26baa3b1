// 'Dados TISS dos convênios' (ADMIN, issue 37 point 1): per convênio, the provider's code at the operadora,
// the TISS version, guias per batch and the exams that need an authorisation ('Exige autorização').
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import {
  DefinirConvenioTissRequest,
  GUIAS_POR_LOTE_MAX,
  messages,
  PARTICULAR_ID,
  VERSOES_TISS,
  type Convenio,
  type ConvenioTiss,
  type Exame,
} from '@contract'
import { FormAlert } from '@/components/form-alert'
import { SelectField, TextField } from '@/components/form-fields'
import { FormActions } from '@/components/form-actions'
import { useCatalogo } from '@/lib/catalogue-query'
import { useFailedFields } from '@/lib/use-failed-fields'
import { useConveniosTiss, useSaveConvenioTiss } from '../api/convenios-tiss'

type Values = z.input<typeof DefinirConvenioTissRequest>
const FIELDS = ['codigoPrestador', 'versaoTiss', 'guiasPorLote', 'examesComAutorizacao'] as const

export default function ConveniosTissPage() {
  const catalogo = useCatalogo()
  const tiss = useConveniosTiss()
  const ready = catalogo.data && tiss.data
  return (
    <main className="page">
      <h1>Dados TISS dos convênios</h1>
      {ready ? (
        catalogo.data.convenios
          .filter((c) => c.ativo && c.id !== PARTICULAR_ID)
          .map((c) => (
            <ConvenioTissForm
              key={`${c.id}:${JSON.stringify(tiss.data.find((t) => t.convenioId === c.id))}`}
              convenio={c}
              current={tiss.data.find((t) => t.convenioId === c.id)}
              exames={catalogo.data.exames.filter((e) => e.ativo)}
            />
          ))
      ) : (
        <p role="status">{catalogo.isError || tiss.isError ? messages.fetchFailed : 'Carregando…'}</p>
      )}
    </main>
  )
}

function ConvenioTissForm({
  convenio,
  current,
  exames,
}: {
  convenio: Convenio
  current: ConvenioTiss | undefined
  exames: Exame[]
}) {
  const save = useSaveConvenioTiss()
  const titleId = `tiss-${convenio.id}`
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof DefinirConvenioTissRequest>>({
    resolver: zodResolver(DefinirConvenioTissRequest),
    defaultValues: {
      convenioId: convenio.id,
      codigoPrestador: current?.codigoPrestador ?? '',
      versaoTiss: current?.versaoTiss ?? '04.03.00',
      guiasPorLote: current?.guiasPorLote ?? GUIAS_POR_LOTE_MAX,
      examesComAutorizacao: current?.examesComAutorizacao ?? [],
    },
  })
  useFailedFields(save.failure, setError, (field) => FIELDS.find((name) => name === field))
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{convenio.nome}</h2>
      <form noValidate onSubmit={handleSubmit((values) => save.mutate(values))}>
        <FormAlert failure={save.failure} />
        <TextField
          label="Código do prestador na operadora"
          autoComplete="off"
          error={errors.codigoPrestador?.message}
          {...register('codigoPrestador')}
        />
        <SelectField label="Versão TISS" error={errors.versaoTiss?.message} {...register('versaoTiss')}>
          {VERSOES_TISS.map((v) => (
            <option key={v} value={v}>
              {v}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Guias por lote"
          type="number"
          inputMode="numeric"
          min={1}
          max={GUIAS_POR_LOTE_MAX}
          error={errors.guiasPorLote?.message}
          {...register('guiasPorLote', { valueAsNumber: true })}
        />
        <fieldset>
          <legend>Exige autorização</legend>
          {exames.map((e) => (
            <label key={e.id} className="checkbox-field">
              <input type="checkbox" value={e.id} {...register('examesComAutorizacao')} /> {e.nome}
            </label>
          ))}
        </fieldset>
        <FormActions submitLabel={`Salvar dados TISS de ${convenio.nome}`} pending={save.isPending} />
      </form>
    </section>
  )
}
