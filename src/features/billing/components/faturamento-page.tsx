// 'Faturamento' (ADMIN, issue 37 points 4–5): choose the convênio and the competência → the month's realized
// appointments not yet billed, each 'Pronta' or what it lacks; 'Gerar lote'; the convênio's batches with
// 'Baixar XML', 'Enviado' (date, protocolo) and each guia's return ('Pago', 'Glosado') and 'Recurso'.
import { useState, type FormEvent } from 'react'
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
import { useCatalogo } from '@/lib/catalogue-query'
import { formatMoney } from '@/lib/format'
import {
  baixarXml,
  useEnviarLote,
  useGerarLote,
  useLotes,
  usePendentes,
  useRecursoGuia,
  useRetornoGuia,
} from '../api/faturamento'
import '../billing.css'

/** Reais as typed ('150,00' or '150') to centavos; NaN when it is not a value. */
const toCents = (text: string) => Math.round(Number(text.replace(/\./g, '').replace(',', '.')) * 100)

export default function FaturamentoPage() {
  const catalogo = useCatalogo()
  const [convenioId, setConvenioId] = useState('')
  const [competencia, setCompetencia] = useState(clinicToday().slice(0, 7))
  const convenios = catalogo.data?.convenios.filter((c) => c.id !== PARTICULAR_ID) ?? []
  return (
    <main className="page faturamento">
      <h1>Faturamento</h1>
      <section className="card faturamento-filtro">
        <label>
          Convênio
          <select value={convenioId} onChange={(e) => setConvenioId(e.target.value)}>
            <option value="">Escolha o convênio</option>
            {convenios.map((c) => (
              <option key={c.id} value={c.id}>
                {c.nome}
              </option>
            ))}
          </select>
        </label>
        <label>
          Competência
          <input type="month" value={competencia} onChange={(e) => setCompetencia(e.target.value)} />
        </label>
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
                {formatDate(a.datahora.slice(0, 10))} {a.datahora.slice(11, 16)} — {a.paciente} ({a.exames.join(', ')})
                · {formatMoney(a.valorIncents)}
              </span>
              {a.faltas.length === 0 ? (
                <strong className="faturamento-pronta">Pronta</strong>
              ) : (
                <ul className="faturamento-faltas" aria-label={`O que falta: ${a.paciente}`}>
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
  const enviar = useEnviarLote()
  const [data, setData] = useState(clinicToday())
  const [protocolo, setProtocolo] = useState('')
  const title = `Lote ${lote.numero}`
  const submit = (e: FormEvent) => {
    e.preventDefault()
    enviar.mutate({ id: lote.id, data, protocolo })
  }
  return (
    <article className="faturamento-lote" aria-label={title}>
      <h3>
        {title} · {lote.competencia.split('-').reverse().join('/')} · {loteSituacaoLabels[lote.situacao]}
      </h3>
      <p>
        {lote.guias.length} {lote.guias.length === 1 ? 'guia' : 'guias'} · {formatMoney(lote.valorIncents)}
        {lote.enviadoEm && ` · Enviado em ${formatDate(lote.enviadoEm)}, protocolo ${lote.protocolo}`}
      </p>
      <button type="button" onClick={() => void baixarXml(lote.id)}>
        Baixar XML
      </button>
      {lote.situacao === 'gerado' && (
        <form onSubmit={submit} aria-label={`Envio do ${title}`}>
          <label>
            Data do envio
            <input type="date" value={data} onChange={(e) => setData(e.target.value)} required />
          </label>
          <label>
            Protocolo da operadora
            <input value={protocolo} onChange={(e) => setProtocolo(e.target.value)} required maxLength={12} />
          </label>
          {enviar.failure && <p role="alert">{enviar.failure.toast}</p>}
          <button type="submit" disabled={enviar.isPending}>
            Marcar como enviado
          </button>
        </form>
      )}
      <ul className="faturamento-lista">
        {lote.guias.map((guia) => (
          <Guia key={guia.id} guia={guia} enviado={lote.situacao === 'enviado'} />
        ))}
      </ul>
    </article>
  )
}

function Guia({ guia, enviado }: { guia: GuiaLoteTiss; enviado: boolean }) {
  const retorno = useRetornoGuia()
  const recurso = useRecursoGuia()
  const [situacao, setSituacao] = useState<'pago' | 'glosado'>('pago')
  const [valor, setValor] = useState((guia.valorIncents / 100).toFixed(2).replace('.', ','))
  const [codigo, setCodigo] = useState('')
  const [motivo, setMotivo] = useState('')
  const [dataRecurso, setDataRecurso] = useState(clinicToday())
  const [texto, setTexto] = useState('')
  const label = `Guia ${guia.numeroGuia}`
  return (
    <li aria-label={label}>
      <p>
        {label} — {guia.paciente} · {formatMoney(guia.valorIncents)} ·{' '}
        <strong>{guiaSituacaoLabels[guia.situacao]}</strong>
        {guia.valorPagoIncents !== null && ` · pago ${formatMoney(guia.valorPagoIncents)}`}
        {guia.glosaCodigo && ` · glosa ${guia.glosaCodigo}${guia.glosaMotivo ? `: ${guia.glosaMotivo}` : ''}`}
        {guia.recursoData && ` · recurso em ${formatDate(guia.recursoData)}: ${guia.recursoTexto}`}
      </p>
      {enviado && (guia.situacao === 'aguardando' || guia.situacao === 'pago') && (
        <form
          aria-label={`Retorno da ${label}`}
          onSubmit={(e) => {
            e.preventDefault()
            const cents = toCents(valor)
            retorno.mutate({
              id: guia.id,
              situacao,
              valorIncents: Number.isFinite(cents) ? cents : -1,
              ...(situacao === 'glosado' ? { glosaCodigo: codigo, glosaMotivo: motivo } : {}),
            })
          }}
        >
          <label>
            Retorno
            <select value={situacao} onChange={(e) => setSituacao(e.target.value as 'pago' | 'glosado')}>
              <option value="pago">Pago</option>
              <option value="glosado">Glosado</option>
            </select>
          </label>
          <label>
            Valor pago (R$)
            <input inputMode="decimal" value={valor} onChange={(e) => setValor(e.target.value)} />
          </label>
          {situacao === 'glosado' && (
            <>
              <label>
                Código de glosa (ANS)
                <input inputMode="numeric" value={codigo} onChange={(e) => setCodigo(e.target.value)} maxLength={4} />
              </label>
              <label>
                Motivo da glosa
                <input value={motivo} onChange={(e) => setMotivo(e.target.value)} maxLength={500} />
              </label>
            </>
          )}
          {retorno.failure && <p role="alert">{retorno.failure.toast}</p>}
          <button type="submit" disabled={retorno.isPending}>
            Salvar retorno
          </button>
        </form>
      )}
      {guia.situacao === 'glosado' && (
        <form
          aria-label={`Recurso da ${label}`}
          onSubmit={(e) => {
            e.preventDefault()
            recurso.mutate({ id: guia.id, data: dataRecurso, texto })
          }}
        >
          <label>
            Data do recurso
            <input type="date" value={dataRecurso} onChange={(e) => setDataRecurso(e.target.value)} required />
          </label>
          <label>
            Texto do recurso
            <textarea value={texto} onChange={(e) => setTexto(e.target.value)} required maxLength={500} />
          </label>
          {recurso.failure && <p role="alert">{recurso.failure.toast}</p>}
          <button type="submit" disabled={recurso.isPending}>
            Salvar recurso
          </button>
        </form>
      )}
    </li>
  )
}
