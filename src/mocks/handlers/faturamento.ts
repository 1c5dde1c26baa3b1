// TISS billing (issue 37), as server/routes/faturamento.ts answers: the month's realized appointments of a
// convênio not yet billed, each 'Pronta' or what it lacks (contract/tiss-billing-source.ts, shared with the
// server), batches written by the contract's writer with the same bytes (node-forge's MD5: the browser has
// none), and their life. Only the server validates the file against the XSDs; the mock checks the document's
// shape, which mirrors them.
import forge from 'node-forge'
import {
  billableAppointment,
  CBO_RADIOLOGISTA,
  clinicWallClock,
  GUIA_A_NUMERAR,
  messages,
  TISS_MAX_GUIAS,
  tissBatchText,
  tissBillingMessages as m,
  tissHeaderFaltas,
  TissLoteDocument,
  tissProblems,
  type BillableAppointment,
  type LoteTiss,
  type TissAppointmentEntry,
  type TissHeader,
} from '@contract'
import { fail, mockRoute } from '../pipeline'
import { newId, type MockStore } from '../store'

type StoredLote = MockStore['lotesTiss'][number]

const latin1Md5 = (text: string) => forge.md.md5.create().update(text, 'raw').digest().toHex()

function header(store: MockStore, convenioId: string): TissHeader {
  const convenio = store.convenios.find((c) => c.id === convenioId)
  return {
    operadora: {
      registroAns: convenio?.ans ?? '',
      codigoPrestador: store.tiss.convenios[convenioId]?.codigoPrestador ?? '',
    },
    clinica: {
      cnes: store.laudoConfiguracoes?.cnes ?? '',
      cnpj: (store.clinica?.cnpj ?? '').replace(/\D/g, ''),
      nome: store.clinica?.nome ?? '',
    },
  }
}

/** As server/tiss/data-entry.ts reads migration 0028's tables. */
function entry(store: MockStore, convenioId: string, agendamentoId: string, pacienteId: string): TissAppointmentEntry {
  const own: TissAppointmentEntry = { executanteCbo: CBO_RADIOLOGISTA }
  const guia = store.tiss.guias[agendamentoId]
  if (guia && guia.convenioId === convenioId) {
    own.numeroGuiaPrestador = String(guia.numeroGuiaPrestador)
    own.carater = guia.carater === '2' ? 'URGENCIA' : 'ELETIVO'
    if (guia.dataAutorizacao) own.senhaData = guia.dataAutorizacao
    if (guia.validadeSenha) own.senhaValidade = guia.validadeSenha
    if (guia.indicacaoClinica.trim()) own.indicacaoClinica = guia.indicacaoClinica.trim()
    const s = store.tiss.solicitantes.find((x) => x.id === guia.solicitanteId)
    if (s) own.solicitante = { nome: s.nome, conselho: s.conselho, numero: s.numero, uf: s.uf, cbo: s.cbo }
  }
  const card = store.tiss.carteirinhas.find((c) => c.pacienteId === pacienteId && c.convenioId === convenioId)
  if (card) own.carteirinha = { numero: card.numero, validade: card.validade }
  return own
}

function billable(store: MockStore, convenioId: string, competencia: string) {
  const h = header(store, convenioId)
  const common = tissHeaderFaltas(h)
  const billed = new Set(store.lotesTiss.flatMap((l) => l.guias.map((g) => g.agendamentoId)))
  const items: BillableAppointment[] = store.agendamentos
    .filter(
      (a) =>
        a.status === 'realizado' &&
        a.datahora.startsWith(competencia) &&
        store.agendamentoCatalogo[a.id]?.convenioId === convenioId &&
        !billed.has(a.id),
    )
    .sort((a, b) => a.datahora.localeCompare(b.datahora) || a.id.localeCompare(b.id))
    .map((a) => {
      const detalhes = store.agendamentoCatalogo[a.id]!
      const medico = store.medicos.find((x) => x.id === a.medicoId)
      const detalhesMedico = store.medicoDetalhes[a.medicoId]
      return billableAppointment(
        {
          agendamentoId: a.id,
          datahora: a.datahora.slice(0, 19),
          paciente: store.pacientes.find((p) => p.id === a.pacienteId)?.nome ?? '',
          carteirinha: detalhes.carteirinha,
          guia: detalhes.guia,
          senha: detalhes.senhaAutorizacao,
          medico: { nome: medico?.nome ?? '', crm: detalhesMedico?.crm ?? '', uf: detalhesMedico?.crmUf ?? '' },
          exames: detalhes.exames.map((e) => ({
            nome: e.nome,
            tuss: store.exames.find((x) => x.id === e.exameId)?.tuss ?? null,
            valorIncents: e.valorIncents,
          })),
          valorIncents: a.valorIncents,
        },
        entry(store, convenioId, a.id, a.pacienteId),
        common,
      )
    })
  return { items, header: h }
}

const toLote = ({ xml: _xml, ...lote }: StoredLote): LoteTiss =>
  structuredClone({ ...lote, valorIncents: lote.guias.reduce((sum, g) => sum + g.valorIncents, 0) })

function loteOf(store: MockStore, id: string): StoredLote {
  return store.lotesTiss.find((l) => l.id === id) ?? fail(404, m.loteNotFound)
}

function guiaOf(store: MockStore, id: string) {
  for (const lote of store.lotesTiss) {
    const guia = lote.guias.find((g) => g.id === id)
    if (guia) return { lote, guia }
  }
  return fail(404, m.guiaNotFound)
}

const nextNumber = (numbers: number[]) => Math.max(0, ...numbers) + 1

export const faturamentoHandlers = [
  mockRoute('faturamentoPendentes', (body, { store }) => ({
    atendimentos: billable(store, body.convenioId, body.competencia).items.map((item) => item.atendimento),
  })),

  mockRoute('gerarLoteTiss', (body, { store }) => {
    if (!store.convenios.some((c) => c.id === body.convenioId)) fail(404, messages.convenioNotFound)
    const { items, header: h } = billable(store, body.convenioId, body.competencia)
    const ready = items.filter((item) => item.guia !== null).slice(0, TISS_MAX_GUIAS)
    if (ready.length === 0) fail(400, m.nothingReady)
    const own = store.lotesTiss.filter((l) => l.convenioId === body.convenioId)
    const numero = nextNumber(own.map((l) => l.numero))
    let guiaNumber = nextNumber(
      own.flatMap((l) => l.guias.map((g) => g.numeroGuia)).flatMap((n) => (/^\d{1,15}$/.test(n) ? [Number(n)] : [])),
    )
    const guias = ready.map((item) => ({
      ...item.guia!,
      numeroGuiaPrestador:
        item.guia!.numeroGuiaPrestador === GUIA_A_NUMERAR ? String(guiaNumber++) : item.guia!.numeroGuiaPrestador,
    }))
    const now = new Date(store.now())
    const wall = clinicWallClock(now).toISOString()
    const document = {
      ...h,
      numeroLote: String(numero),
      geradoEm: { data: wall.slice(0, 10), hora: wall.slice(11, 19) },
      guias,
    }
    const checked = TissLoteDocument.safeParse(document)
    if (!checked.success)
      fail(
        400,
        tissProblems(document, checked.error.issues)
          .map((p) => (p.guia ? `Guia ${p.guia}: ${p.mensagem}` : p.mensagem))
          .join('; '),
      )
    const { text, hash } = tissBatchText(checked.data, latin1Md5)
    const lote: StoredLote = {
      id: newId(),
      convenioId: body.convenioId,
      numero,
      competencia: body.competencia,
      situacao: 'gerado',
      geradoEm: now.toISOString(),
      enviadoEm: null,
      protocolo: null,
      hash,
      xml: text,
      guias: guias
        .map((guia, i) => ({
          id: newId(),
          agendamentoId: ready[i]!.atendimento.agendamentoId,
          numeroGuia: guia.numeroGuiaPrestador,
          paciente: ready[i]!.atendimento.paciente,
          valorIncents: guia.procedimentos.reduce((sum, p) => sum + p.valorTotal, 0),
          situacao: 'aguardando' as const,
          valorPagoIncents: null,
          glosaCodigo: null,
          glosaMotivo: null,
          recursoTexto: null,
          recursoData: null,
        }))
        .sort((a, b) => (a.numeroGuia < b.numeroGuia ? -1 : a.numeroGuia > b.numeroGuia ? 1 : 0)),
    }
    store.lotesTiss.push(lote)
    return { lote: toLote(lote) }
  }),

  mockRoute('lotesTiss', (body, { store }) => ({
    lotes: store.lotesTiss
      .filter((l) => l.convenioId === body.convenioId)
      .sort((a, b) => b.numero - a.numero)
      .map(toLote),
  })),

  mockRoute('xmlLoteTiss', (body, { store }) => {
    const lote = loteOf(store, body.id)
    return { arquivo: `lote-tiss-${lote.numero}.xml`, base64: btoa(lote.xml) }
  }),

  mockRoute('enviarLoteTiss', (body, { store }) => {
    const lote = loteOf(store, body.id)
    if (lote.situacao === 'enviado') fail(409, m.loteAlreadySent)
    Object.assign(lote, { situacao: 'enviado', enviadoEm: body.data, protocolo: body.protocolo })
    return { lote: toLote(lote) }
  }),

  mockRoute('retornoGuiaTiss', (body, { store }) => {
    const { lote, guia } = guiaOf(store, body.id)
    if (lote.situacao !== 'enviado') fail(409, m.loteNotSent)
    const glosado = body.situacao === 'glosado'
    Object.assign(guia, {
      situacao: body.situacao,
      valorPagoIncents: body.valorIncents,
      glosaCodigo: glosado ? body.glosaCodigo! : null,
      glosaMotivo: glosado ? (body.glosaMotivo ?? '') : null,
      recursoTexto: null,
      recursoData: null,
    })
    return { lote: toLote(lote) }
  }),

  mockRoute('recursoGuiaTiss', (body, { store }) => {
    const { lote, guia } = guiaOf(store, body.id)
    if (guia.situacao !== 'glosado') fail(409, m.recursoNotGlosada)
    Object.assign(guia, { situacao: 'recurso', recursoTexto: body.texto, recursoData: body.data })
    return { lote: toLote(lote) }
  }),
]
