// The catalogue's calls over the store, as server/routes/catalogue.ts and server/repositories/
// agendamento-catalogo.ts answer them: unique names whatever their case and accents, in-use rows
// deactivated never deleted, 'Particular' fixed, copies of the exams on the appointment, payments.
import {
  catalogueNameKey,
  firstPaymentDay,
  messages,
  PARTICULAR_ID,
  PARTICULAR_NOME,
  PRAZO_LAUDO_DEFAULT,
  paymentAboveRemainingMessage,
  sumPrices,
  type AgendamentoDetalhes,
  type ExameAgendado,
  type HistoricoEntry,
  type Pagamento,
} from '@contract'
import { fail, mockRoute } from '../pipeline'
import { agendamento, compare, readAgendamento, refuseUnlessOwnAgenda } from '../records'
import { newId, type MockStore } from '../store'

const byName = <T extends { nome: string; id: string }>(a: T, b: T) =>
  compare(catalogueNameKey(a.nome), catalogueNameKey(b.nome)) || compare(a.nome, b.nome) || compare(a.id, b.id)

function assertNameFree(
  rows: { id: string; nome: string }[],
  nome: string,
  exceptId: string | undefined,
  message: string,
) {
  if (rows.some((r) => r.id !== exceptId && catalogueNameKey(r.nome) === catalogueNameKey(nome))) fail(409, message)
}

const exameById = (store: MockStore, id: string) =>
  store.exames.find((e) => e.id === id) ?? fail(404, messages.exameNotFound)
const convenioById = (store: MockStore, id: string) =>
  store.convenios.find((c) => c.id === id) ?? fail(404, messages.convenioNotFound)

const userOf = (store: MockStore, id: string) => {
  const u = store.users.find((x) => x.id === id)
  return u ? { id: u.id, nome: u.nome } : null
}

const readPagamento = (store: MockStore, p: MockStore['pagamentos'][number]): Pagamento => {
  const { userId, ...rest } = p
  return { ...rest, user: userOf(store, userId) }
}

export function detalhesOf(store: MockStore, agendamentoId: string): AgendamentoDetalhes {
  const row = store.agendamentoCatalogo[agendamentoId]
  const pagamentos = store.pagamentos
    .filter((p) => p.agendamentoId === agendamentoId)
    .map((p) => readPagamento(store, p))
  return {
    convenioId: row?.convenioId ?? null,
    carteirinha: row?.carteirinha ?? '',
    guia: row?.guia ?? '',
    senhaAutorizacao: row?.senhaAutorizacao ?? '',
    exames: row?.exames.map((e) => ({ ...e })) ?? [],
    tabelaIncents: row?.tabelaIncents ?? null,
    pagamentos,
    pagoIncents: pagamentos.reduce((sum, p) => sum + p.valorIncents, 0),
  }
}

export interface CatalogueChoice {
  exameIds?: string[] | undefined
  convenioId?: string | undefined
  carteirinha?: string | undefined
  guia?: string | undefined
  senhaAutorizacao?: string | undefined
  exames: string[]
  convenio: string
}

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i])

/** As the server's resolve(): names onto the appointment, copies of the exams at today's prices. */
export function resolveChoice(store: MockStore, choice: CatalogueChoice, current?: AgendamentoDetalhes) {
  let convenio = choice.convenio
  const convenioId = choice.convenioId ?? current?.convenioId ?? undefined
  if (choice.convenioId !== undefined) {
    const found = convenioById(store, choice.convenioId)
    if (!found.ativo && current?.convenioId !== found.id) fail(409, messages.convenioInactive)
    convenio = found.nome
  }
  if (choice.exameIds === undefined) return { exames: choice.exames, convenio, itens: undefined }
  const had = current?.exames.map((e) => e.exameId) ?? []
  let itens: ExameAgendado[]
  if (current && sameList(had, choice.exameIds) && (current.convenioId ?? undefined) === convenioId) {
    itens = current.exames
  } else {
    const found = choice.exameIds.map((id) => exameById(store, id))
    if (found.some((e) => !e.ativo && !had.includes(e.id))) fail(409, messages.exameInactive)
    itens = found.map((e) => ({
      exameId: e.id,
      nome: e.nome,
      valorIncents: store.precos.find((p) => p.exameId === e.id && p.convenioId === convenioId)?.valorIncents ?? null,
      duracao: e.duracao,
      preparo: e.preparo,
    }))
  }
  const names = itens.map((e) => e.nome)
  return { exames: [...names, ...choice.exames.filter((n) => !names.includes(n))], convenio, itens }
}

/** As the server's save(): the convênio data, the copies, a Valor that differs from the prices' sum. */
export function saveChoice(
  store: MockStore,
  agendamentoId: string,
  choice: CatalogueChoice,
  itens: ExameAgendado[] | undefined,
  valorIncents: number,
  userId: string,
  before?: { detalhes: AgendamentoDetalhes; valorIncents: number },
) {
  const touched =
    itens !== undefined ||
    [choice.convenioId, choice.carteirinha, choice.guia, choice.senhaAutorizacao].some((v) => v !== undefined)
  if (!touched) return
  const tabela =
    itens === undefined ? (before?.detalhes.tabelaIncents ?? null) : sumPrices(itens.map((e) => e.valorIncents))
  const row = store.agendamentoCatalogo[agendamentoId] ?? {
    convenioId: null,
    carteirinha: '',
    guia: '',
    senhaAutorizacao: '',
    exames: [],
    tabelaIncents: null,
  }
  store.agendamentoCatalogo[agendamentoId] = {
    convenioId: choice.convenioId ?? row.convenioId,
    carteirinha: choice.carteirinha ?? row.carteirinha,
    guia: choice.guia ?? row.guia,
    senhaAutorizacao: choice.senhaAutorizacao ?? row.senhaAutorizacao,
    exames: itens ?? row.exames,
    tabelaIncents: tabela,
  }
  const changed = !before || before.valorIncents !== valorIncents || before.detalhes.tabelaIncents !== tabela
  if (tabela !== null && tabela !== valorIncents && changed)
    store.valorChanges.push({
      agendamentoId,
      tabelaIncents: tabela,
      valorIncents,
      userId,
      at: new Date(store.now()).toISOString(),
    })
}

/** Payments and Valor changes as history entries, newest first. */
export function catalogueHistoricoOf(store: MockStore, agendamentoId: string): HistoricoEntry[] {
  const entries: HistoricoEntry[] = [
    ...store.pagamentos
      .filter((p) => p.agendamentoId === agendamentoId)
      .map((p): HistoricoEntry => ({
        at: p.at,
        action: 'pagamento',
        user: userOf(store, p.userId),
        fields: [],
        pagamento: { forma: p.forma, valorIncents: p.valorIncents },
      })),
    ...store.valorChanges
      .filter((v) => v.agendamentoId === agendamentoId)
      .map((v): HistoricoEntry => ({
        at: v.at,
        action: 'valor_alterado',
        user: userOf(store, v.userId),
        fields: ['valorIncents'],
        valor: { tabelaIncents: v.tabelaIncents, valorIncents: v.valorIncents },
      })),
  ]
  return entries.reverse().sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
}

export const catalogueHandlers = [
  mockRoute('catalogo', (_body, { store }) => ({
    exames: [...store.exames].sort(byName),
    convenios: [...store.convenios].sort(byName),
    precos: [...store.precos].sort((a, b) => compare(a.exameId, b.exameId) || compare(a.convenioId, b.convenioId)),
  })),

  mockRoute('registerExame', (body, { store }) => {
    assertNameFree(store.exames, body.nome, undefined, messages.exameNameTaken)
    const exame = { id: newId(), ...body, prazoLaudoDias: body.prazoLaudoDias ?? PRAZO_LAUDO_DEFAULT }
    store.exames.push(exame)
    return { exame: { ...exame } }
  }),

  mockRoute('updateExame', (body, { store }) => {
    const { id, prazoLaudoDias, ...data } = body
    const exame = exameById(store, id)
    assertNameFree(store.exames, data.nome, id, messages.exameNameTaken)
    // an absent prazo keeps the exam's (issue 36), as the server
    Object.assign(exame, data, prazoLaudoDias === undefined ? {} : { prazoLaudoDias })
    return { exame: { ...exame } }
  }),

  mockRoute('deleteExame', (body, { store }) => {
    const exame = exameById(store, body.id)
    const inUse = Object.values(store.agendamentoCatalogo).some((c) => c.exames.some((e) => e.exameId === exame.id))
    if (inUse) fail(409, messages.exameInUse)
    store.exames.splice(store.exames.indexOf(exame), 1)
    store.precos = store.precos.filter((p) => p.exameId !== exame.id)
    return { ok: true }
  }),

  mockRoute('registerConvenio', (body, { store }) => {
    assertNameFree(store.convenios, body.nome, undefined, messages.convenioNameTaken)
    const convenio = { id: newId(), ...body }
    store.convenios.push(convenio)
    return { convenio: { ...convenio } }
  }),

  mockRoute('updateConvenio', (body, { store }) => {
    const { id, ...data } = body
    if (id === PARTICULAR_ID && (!data.ativo || data.nome !== PARTICULAR_NOME)) fail(409, messages.particularFixed)
    const convenio = convenioById(store, id)
    assertNameFree(store.convenios, data.nome, id, messages.convenioNameTaken)
    Object.assign(convenio, data)
    return { convenio: { ...convenio } }
  }),

  mockRoute('deleteConvenio', (body, { store }) => {
    if (body.id === PARTICULAR_ID) fail(409, messages.particularFixed)
    const convenio = convenioById(store, body.id)
    if (Object.values(store.agendamentoCatalogo).some((c) => c.convenioId === convenio.id))
      fail(409, messages.convenioInUse)
    store.convenios.splice(store.convenios.indexOf(convenio), 1)
    store.precos = store.precos.filter((p) => p.convenioId !== convenio.id)
    return { ok: true }
  }),

  mockRoute('definirPreco', (body, { store }) => {
    exameById(store, body.exameId)
    convenioById(store, body.convenioId)
    store.precos = store.precos.filter((p) => !(p.exameId === body.exameId && p.convenioId === body.convenioId))
    if (body.valorIncents === null) return { preco: null }
    const preco = { exameId: body.exameId, convenioId: body.convenioId, valorIncents: body.valorIncents }
    store.precos.push(preco)
    return { preco: { ...preco } }
  }),

  mockRoute('consultarPrecos', (body, { store }) => {
    for (const id of body.exameIds) exameById(store, id)
    convenioById(store, body.convenioId)
    const precos = body.exameIds.map((exameId) => ({
      exameId,
      valorIncents:
        store.precos.find((p) => p.exameId === exameId && p.convenioId === body.convenioId)?.valorIncents ?? null,
    }))
    return { precos, totalIncents: sumPrices(precos.map((p) => p.valorIncents)) }
  }),

  mockRoute('detalhesAgendamento', (body, { store }) => {
    agendamento(store, body.id)
    return { detalhes: detalhesOf(store, body.id) }
  }),

  mockRoute('registrarPagamento', (body, { store, user }) => {
    const row = agendamento(store, body.agendamentoId)
    refuseUnlessOwnAgenda(user, [row.medicoId])
    // as the server (issue 35): at most what remains to be paid, within the booking's plausible days
    const before = store.pagamentos
      .filter((p) => p.agendamentoId === row.id)
      .reduce((sum, p) => sum + p.valorIncents, 0)
    if (body.valorIncents > row.valorIncents - before)
      fail(409, paymentAboveRemainingMessage(row.valorIncents - before))
    if (row.createdAt && body.data < firstPaymentDay(row.createdAt)) fail(409, messages.paymentDateBeforeBooking)
    const stored = { id: newId(), ...body, userId: user.id, at: new Date(store.now()).toISOString() }
    store.pagamentos.push(stored)
    const paid = before + body.valorIncents
    if (!row.estaPago && paid >= row.valorIncents) Object.assign(row, { estaPago: true, versao: row.versao + 1 })
    return { pagamento: readPagamento(store, stored), agendamento: readAgendamento(store, row) }
  }),
]
