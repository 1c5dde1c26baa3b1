// 'Faturamento' (ADMIN, issue 37 points 4–5): choose the convênio and the competência → the month's realized
// appointments not yet billed, each 'Pronta' or what it lacks; 'Gerar lote'; the convênio's batches with
// 'Baixar XML', 'Enviado' (date, protocolo) and each guia's return ('Pago', 'Glosado') and 'Recurso'.
import { useState } from 'react'
import {
  clinicToday,
  formatDate,
  guiaSituacaoLabels,
  loteSituacaoLabels,
  messages,
  PARTICULAR_ID,
  type GuiaLoteTiss,
  type LoteTiss,
} from '@contract'
import { SelectField, TextField } from '@/components/form-fields'
import { useCatalogo } from '@/lib/catalogue-query'
import { capitalizeName, formatMoney } from '@/lib/format'
import { baixarXml, useGerarLote, useLotes, usePendentes } from '../api/faturamento'
import { EnvioLoteForm } from './envio-lote-form'
import { RecursoGuiaForm, RetornoGuiaForm } from './guia-retorno-forms'
import '../billing.css'

export default function FaturamentoPage() {
  const catalogo = useCatalogo()
  const [convenioId, setConvenioId] = useState('')
  const [competencia, setCompetencia] = useState(clinicToday().slice(0, 7))
  const convenios = catalogo.data?.convenios.filter((c) => c.id !== PARTICULAR_ID) ?? []
  return (
    <main className="page faturamento">
      <h1>Faturamento</h1>
      <section className="card faturamento-filtro">
        <SelectField label="Convênio" value={convenioId} onChange={(e) => setConvenioId(e.target.value)}>
          <option value="">Escolha o convênio</option>
          {convenios.map((c) => (
            <option key={c.id} value={c.id}>
              {c.nome}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Competência"
          type="month"
          value={competencia}
          onChange={(e) => setCompetencia(e.target.value)}
        />
      </section>
      {convenioId && /^\d{4}-\d{2}$/.test(competencia) && (
        <>
          <Pendentes convenioId={convenioId} competencia={competencia} />
          <Lotes convenioId={convenioId} />
        </>
      )}
    </main>
  )
}

function Pendentes({ convenioId, competencia }: { convenioId: string; competencia: string }) {
  const pendentes = usePendentes(convenioId, competencia)
  const gerar = useGerarLote()
  const prontas = pendentes.data?.filter((a) => a.faltas.length === 0).length ?? 0
  return (
    <section className="card" aria-labelledby="faturamento-pendentes">
      <h2 id="faturamento-pendentes">Atendimentos a faturar</h2>
      {!pendentes.data ? (
        <p role="status">{pendentes.isError ? messages.fetchFailed : 'Carregando…'}</p>
      ) : pendentes.data.length === 0 ? (
        <p>Nenhum atendimento realizado a faturar nesta competência.</p>
      ) : (
        <ul className="faturamento-lista">
          {pendentes.data.map((a) => (
            <li key={a.agendamentoId}>
              <span>
                {formatDate(a.datahora.slice(0, 10))} {a.datahora.slice(11, 16)} — {capitalizeName(a.paciente)} (
                {a.exames.join(', ')}) · {formatMoney(a.valorIncents)}
              </span>
              {a.faltas.length === 0 ? (
                <strong className="faturamento-pronta">Pronta</strong>
              ) : (
                <ul className="faturamento-faltas" aria-label={`O que falta: ${capitalizeName(a.paciente)}`}>
                  {a.faltas.map((f) => (
                    <li key={f}>{f}</li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
      {gerar.failure && <p role="alert">{gerar.failure.toast}</p>}
      <button
        type="button"
        className="button button--primary"
        disabled={prontas === 0 || gerar.isPending}
        onClick={() => gerar.mutate({ convenioId, competencia })}
      >
        Gerar lote
      </button>
    </section>
  )
}

function Lotes({ convenioId }: { convenioId: string }) {
  const lotes = useLotes(convenioId)
  return (
    <section className="card" aria-labelledby="faturamento-lotes">
      <h2 id="faturamento-lotes">Lotes</h2>
      {!lotes.data ? (
        <p role="status">{lotes.isError ? messages.fetchFailed : 'Carregando…'}</p>
      ) : lotes.data.length === 0 ? (
        <p>Nenhum lote gerado para este convênio.</p>
      ) : (
        lotes.data.map((lote) => <Lote key={lote.id} lote={lote} />)
      )}
    </section>
  )
}

function Lote({ lote }: { lote: LoteTiss }) {
  const title = `Lote ${lote.numero}`
  return (
    <article className="faturamento-lote" aria-label={title}>
      <h3>
        {title} · {lote.competencia.split('-').reverse().join('/')} · {loteSituacaoLabels[lote.situacao]}
      </h3>
      <p>
        {lote.guias.length} {lote.guias.length === 1 ? 'guia' : 'guias'} · {formatMoney(lote.valorIncents)}
        {lote.enviadoEm && ` · Enviado em ${formatDate(lote.enviadoEm)}, protocolo ${lote.protocolo}`}
      </p>
      <button type="button" className="button button--small" onClick={() => void baixarXml(lote.id)}>
        Baixar XML
      </button>
      {lote.situacao === 'gerado' && <EnvioLoteForm loteId={lote.id} title={title} />}
      <ul className="faturamento-lista">
        {lote.guias.map((guia) => (
          <Guia key={guia.id} guia={guia} enviado={lote.situacao === 'enviado'} />
        ))}
      </ul>
    </article>
  )
}

function Guia({ guia, enviado }: { guia: GuiaLoteTiss; enviado: boolean }) {
  const label = `Guia ${guia.numeroGuia}`
  return (
    <li aria-label={label}>
      <p>
        {label} — {capitalizeName(guia.paciente)} · {formatMoney(guia.valorIncents)} ·{' '}
        <strong>{guiaSituacaoLabels[guia.situacao]}</strong>
        {guia.valorPagoIncents !== null && ` · pago ${formatMoney(guia.valorPagoIncents)}`}
        {guia.glosaCodigo && ` · glosa ${guia.glosaCodigo}${guia.glosaMotivo ? `: ${guia.glosaMotivo}` : ''}`}
        {guia.recursoData && ` · recurso em ${formatDate(guia.recursoData)}: ${guia.recursoTexto}`}
      </p>
      {enviado && (guia.situacao === 'aguardando' || guia.situacao === 'pago') && (
        <RetornoGuiaForm guia={guia} label={label} />
      )}
      {guia.situacao === 'glosado' && <RecursoGuiaForm guiaId={guia.id} label={label} />}
    </li>
  )
}
