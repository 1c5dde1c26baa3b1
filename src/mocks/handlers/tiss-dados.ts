// TISS data entry over the store, as server/routes/tiss-dados.ts and server/repositories/tiss-*.ts answer:
// convênio settings with defaults, one card per patient and convênio, solicitantes unique per registration,
// guias numbered per convênio on their first save, and the booking's warnings.
import {
  defaultConvenioTiss,
  messages,
  PARTICULAR_ID,
  tissAvisos,
  type ConvenioTiss,
  type GuiaTiss,
  type MedicoSolicitante,
} from '@contract'
import { fail, mockRoute } from '../pipeline'
import { agendamento, compare, refuseUnlessOwnAgenda } from '../records'
import { audit } from '../audit-trail'
import { newId, type MockStore } from '../store'

function convenioTiss(store: MockStore, convenioId: string): ConvenioTiss {
  return { ...defaultConvenioTiss(convenioId), ...structuredClone(store.tiss.convenios[convenioId] ?? {}), convenioId }
}

const isConvenio = (id: string | null | undefined): id is string => !!id && id !== PARTICULAR_ID

function guiaOf(store: MockStore, agendamentoId: string): GuiaTiss | null {
  const row = store.tiss.guias[agendamentoId]
  if (!row) return null
  const { solicitanteId, ...rest } = row
  const catalogo = store.agendamentoCatalogo[agendamentoId]
  const solicitante = store.tiss.solicitantes.find((s) => s.id === solicitanteId)
  const medico = store.medicoDetalhes[agendamento(store, agendamentoId).medicoId]
  return {
    agendamentoId,
    ...rest,
    numeroGuiaOperadora: catalogo?.guia ?? '',
    senhaAutorizacao: catalogo?.senhaAutorizacao ?? '',
    solicitante: solicitante ? { ...solicitante } : null,
    executante: {
      cnes: store.laudoConfiguracoes?.cnes ?? '',
      crm: medico?.crm ?? '',
      crmUf: medico?.crmUf ?? '',
    },
  }
}

function answer(store: MockStore, agendamentoId: string) {
  const a = agendamento(store, agendamentoId)
  const guia = guiaOf(store, agendamentoId)
  const convenioId = store.agendamentoCatalogo[agendamentoId]?.convenioId
  const card = isConvenio(convenioId)
    ? store.tiss.carteirinhas.find((c) => c.pacienteId === a.pacienteId && c.convenioId === convenioId)
    : undefined
  return { guia, avisos: tissAvisos(a.datahora.slice(0, 16), card?.validade ?? null, guia?.validadeSenha ?? null) }
}

/** As the server's lacksRequiredSenha: an exam its convênio authorises beforehand, and no senha. */
export function lacksRequiredSenha(store: MockStore, agendamentoId: string): boolean {
  const catalogo = store.agendamentoCatalogo[agendamentoId]
  if (!catalogo || !isConvenio(catalogo.convenioId) || catalogo.senhaAutorizacao !== '') return false
  const exigidos = convenioTiss(store, catalogo.convenioId).examesComAutorizacao
  return catalogo.exames.some((e) => exigidos.includes(e.exameId))
}

function assertSolicitanteFree(store: MockStore, s: Omit<MedicoSolicitante, 'id'>, exceptId?: string) {
  const taken = store.tiss.solicitantes.some(
    (x) => x.id !== exceptId && x.conselho === s.conselho && x.numero === s.numero && x.uf === s.uf,
  )
  if (taken) fail(409, messages.tissSolicitanteTaken)
}

export const tissDadosHandlers = [
  mockRoute('tissConvenios', (_body, { store }) => ({
    convenios: [...store.convenios].sort((a, b) => compare(a.id, b.id)).map((c) => convenioTiss(store, c.id)),
  })),

  mockRoute('definirConvenioTiss', (body, { store }) => {
    if (!store.convenios.some((c) => c.id === body.convenioId)) fail(404, messages.convenioNotFound)
    const exames = [...new Set(body.examesComAutorizacao)]
    if (exames.some((id) => !store.exames.some((e) => e.id === id))) fail(404, messages.exameNotFound)
    const { convenioId, ...settings } = body
    store.tiss.convenios[convenioId] = { ...settings, examesComAutorizacao: exames.sort(compare) }
    return { convenio: convenioTiss(store, convenioId) }
  }),

  mockRoute('carteirinhasPaciente', (body, { store }) => ({
    carteirinhas: store.tiss.carteirinhas
      .filter((c) => c.pacienteId === body.pacienteId)
      .sort((a, b) => compare(a.convenioId, b.convenioId))
      .map((c) => ({ ...c })),
  })),

  mockRoute('definirCarteirinha', (body, { store, user }) => {
    if (!store.pacientes.some((p) => p.id === body.pacienteId)) fail(404, messages.patientNotFound)
    if (!store.convenios.some((c) => c.id === body.convenioId)) fail(404, messages.convenioNotFound)
    const existing = store.tiss.carteirinhas.find(
      (c) => c.pacienteId === body.pacienteId && c.convenioId === body.convenioId,
    )
    const row = existing ?? { id: newId(), ...body }
    Object.assign(row, body)
    if (!existing) store.tiss.carteirinhas.push(row)
    audit(store, user, { action: 'update', entity: 'paciente', entityId: body.pacienteId, fields: ['carteirinha'] })
    return { carteirinha: { ...row } }
  }),

  mockRoute('removerCarteirinha', (body, { store, user }) => {
    const index = store.tiss.carteirinhas.findIndex((c) => c.id === body.id)
    if (index < 0) fail(404, messages.tissCarteirinhaNotFound)
    const [row] = store.tiss.carteirinhas.splice(index, 1)
    audit(store, user, { action: 'update', entity: 'paciente', entityId: row!.pacienteId, fields: ['carteirinha'] })
    return { ok: true as const }
  }),

  mockRoute('solicitantes', (_body, { store }) => ({
    solicitantes: [...store.tiss.solicitantes]
      .sort((a, b) => compare(a.nome.toLowerCase(), b.nome.toLowerCase()) || compare(a.id, b.id))
      .map((s) => ({ ...s })),
  })),

  mockRoute('registerSolicitante', (body, { store }) => {
    assertSolicitanteFree(store, body)
    const row = { id: newId(), ...body }
    store.tiss.solicitantes.push(row)
    return { solicitante: { ...row } }
  }),

  mockRoute('updateSolicitante', ({ id, ...data }, { store }) => {
    const row = store.tiss.solicitantes.find((s) => s.id === id) ?? fail(404, messages.tissSolicitanteNotFound)
    assertSolicitanteFree(store, data, id)
    Object.assign(row, data)
    return { solicitante: { ...row } }
  }),

  mockRoute('guiaTiss', (body, { store }) => answer(store, body.agendamentoId)),

  mockRoute('definirGuiaTiss', (body, { store, user }) => {
    const a = agendamento(store, body.agendamentoId)
    const catalogo = store.agendamentoCatalogo[a.id]
    if (!catalogo || !isConvenio(catalogo.convenioId)) fail(409, messages.tissNotConvenio)
    const convenioId = catalogo.convenioId
    refuseUnlessOwnAgenda(user, [a.medicoId])
    if (body.solicitanteId && !store.tiss.solicitantes.some((s) => s.id === body.solicitanteId))
      fail(404, messages.tissSolicitanteNotFound)
    const { agendamentoId, senhaAutorizacao, numeroGuiaOperadora, ...guia } = body
    const current = store.tiss.guias[agendamentoId]
    let numero = current?.numeroGuiaPrestador
    if (!current || current.convenioId !== convenioId) {
      numero = (store.tiss.contador[convenioId] ?? 0) + 1
      store.tiss.contador[convenioId] = numero
    }
    store.tiss.guias[agendamentoId] = { ...guia, convenioId, numeroGuiaPrestador: numero! }
    catalogo.senhaAutorizacao = senhaAutorizacao
    catalogo.guia = numeroGuiaOperadora
    audit(store, user, { action: 'update', entity: 'agendamento', entityId: agendamentoId, fields: ['guiaTiss'] })
    const { guia: saved, avisos } = answer(store, agendamentoId)
    return { guia: saved!, avisos }
  }),
]
