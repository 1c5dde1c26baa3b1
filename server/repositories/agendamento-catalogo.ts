// What the catalogue adds to an appointment (docs/decisions.md, "Exam catalogue"): the chosen exams copied
// onto it as they were (name, price on the convênio, duration, preparo), the convênio and its card data,
// a Valor that differs from the sum of the prices (kept with who set it), and the payments at the desk.
// Everything runs in the caller's transaction, the one that writes the appointment.
import { asc, desc, eq, sql } from 'drizzle-orm'
import {
  firstPaymentDay,
  sumPrices,
  type AgendamentoDetalhes,
  type ExameAgendado,
  type FormaPagamento,
  type HistoricoEntry,
  type Pagamento,
} from '@contract'
import {
  agendamentoCatalogo,
  agendamentoExames,
  agendamentos,
  agendamentoValores,
  pagamentos,
  users,
} from '../db/schema'
import * as catalogueRepo from './catalogue'
import type { Executor } from './executor'

/** The catalogue fields of a register or update body (contract/catalogue.ts agendamentoCatalogueFields). */
export interface CatalogueChoice {
  exameIds?: string[] | undefined
  convenioId?: string | undefined
  carteirinha?: string | undefined
  guia?: string | undefined
  senhaAutorizacao?: string | undefined
  exames: string[]
  convenio: string
}

export type Resolved =
  | { kind: 'ok'; exames: string[]; convenio: string; itens: ExameAgendado[] | undefined }
  | { kind: 'exameNotFound' | 'convenioNotFound' | 'exameInactive' | 'convenioInactive' }

const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i])

/**
 * Before the appointment is written: the convênio's name becomes `convenio`, the exams' names join `exames`
 * (first, without repeating one already sent), and each exam is copied with its price on the convênio.
 * An update that keeps the same exams and convênio keeps the copies it has: a price changed since does not
 * rewrite the appointment. Inactive exams and convênios are refused unless the appointment already had them.
 */
export async function resolve(tx: Executor, choice: CatalogueChoice, current?: AgendamentoDetalhes): Promise<Resolved> {
  let convenio = choice.convenio
  const convenioId = choice.convenioId ?? current?.convenioId ?? undefined
  if (choice.convenioId !== undefined) {
    const found = await catalogueRepo.findConvenio(tx, choice.convenioId)
    if (!found) return { kind: 'convenioNotFound' }
    if (!found.ativo && current?.convenioId !== found.id) return { kind: 'convenioInactive' }
    convenio = found.nome
  }
  if (choice.exameIds === undefined) return { kind: 'ok', exames: choice.exames, convenio, itens: undefined }

  const had = current?.exames.map((e) => e.exameId) ?? []
  let itens: ExameAgendado[]
  if (current && sameList(had, choice.exameIds) && (current.convenioId ?? undefined) === convenioId) {
    itens = current.exames
  } else {
    const found = new Map((await catalogueRepo.findExames(tx, choice.exameIds)).map((e) => [e.id, e]))
    if (found.size !== choice.exameIds.length) return { kind: 'exameNotFound' }
    if (choice.exameIds.some((id) => !found.get(id)!.ativo && !had.includes(id))) return { kind: 'exameInactive' }
    const prices = convenioId
      ? await catalogueRepo.pricesOf(tx, convenioId, choice.exameIds)
      : new Map<string, number>()
    itens = choice.exameIds.map((id) => {
      const exame = found.get(id)!
      return {
        exameId: id,
        nome: exame.nome,
        valorIncents: prices.get(id) ?? null,
        duracao: exame.duracao,
        preparo: exame.preparo,
      }
    })
  }
  const names = itens.map((e) => e.nome)
  return { kind: 'ok', exames: [...names, ...choice.exames.filter((n) => !names.includes(n))], convenio, itens }
}

/**
 * After the appointment is written: the convênio data and the exams' copies (when the body sent them), and a
 * history entry when Valor differs from the sum of the prices — on booking, or when either changes.
 */
export async function save(
  tx: Executor,
  agendamentoId: string,
  choice: CatalogueChoice,
  itens: ExameAgendado[] | undefined,
  valorIncents: number,
  userId: string,
  before?: { detalhes: AgendamentoDetalhes; valorIncents: number },
): Promise<void> {
  const touched =
    itens !== undefined ||
    choice.convenioId !== undefined ||
    choice.carteirinha !== undefined ||
    choice.guia !== undefined ||
    choice.senhaAutorizacao !== undefined
  if (!touched) return
  const tabela =
    itens === undefined ? (before?.detalhes.tabelaIncents ?? null) : sumPrices(itens.map((e) => e.valorIncents))
  const values = {
    ...(choice.convenioId !== undefined ? { convenioId: choice.convenioId } : {}),
    ...(choice.carteirinha !== undefined ? { carteirinha: choice.carteirinha } : {}),
    ...(choice.guia !== undefined ? { guia: choice.guia } : {}),
    ...(choice.senhaAutorizacao !== undefined ? { senhaAutorizacao: choice.senhaAutorizacao } : {}),
    tabelaIncents: tabela,
  }
  await tx
    .insert(agendamentoCatalogo)
    .values({ agendamentoId, ...values })
    .onConflictDoUpdate({ target: agendamentoCatalogo.agendamentoId, set: values })
  if (itens !== undefined && itens !== before?.detalhes.exames) {
    await tx.delete(agendamentoExames).where(eq(agendamentoExames.agendamentoId, agendamentoId))
    if (itens.length > 0)
      await tx.insert(agendamentoExames).values(itens.map((item, posicao) => ({ agendamentoId, posicao, ...item })))
  }
  const changed = !before || before.valorIncents !== valorIncents || before.detalhes.tabelaIncents !== tabela
  if (tabela !== null && tabela !== valorIncents && changed)
    await tx.insert(agendamentoValores).values({ agendamentoId, tabelaIncents: tabela, valorIncents, userId })
}

const pagamentoSelection = {
  id: pagamentos.id,
  agendamentoId: pagamentos.agendamentoId,
  forma: pagamentos.forma,
  valorIncents: pagamentos.valorIncents,
  data: pagamentos.data,
  at: pagamentos.at,
  userId: pagamentos.userId,
  nome: users.nome,
}

function toPagamento(row: {
  id: string
  agendamentoId: string
  forma: FormaPagamento
  valorIncents: number
  data: string
  at: Date
  userId: string
  nome: string | null
}): Pagamento {
  return {
    id: row.id,
    agendamentoId: row.agendamentoId,
    forma: row.forma,
    valorIncents: row.valorIncents,
    data: row.data,
    at: row.at.toISOString(),
    user: { id: row.userId, nome: row.nome ?? '' },
  }
}

async function pagamentosOf(db: Executor, agendamentoId: string): Promise<Pagamento[]> {
  const rows = await db
    .select(pagamentoSelection)
    .from(pagamentos)
    .leftJoin(users, eq(users.id, pagamentos.userId))
    .where(eq(pagamentos.agendamentoId, agendamentoId))
    .orderBy(asc(pagamentos.at), asc(pagamentos.id))
  return rows.map(toPagamento)
}

/** The catalogue's part of one appointment (empty when it was booked with free text only). */
export async function detalhes(db: Executor, agendamentoId: string): Promise<AgendamentoDetalhes> {
  // one after the other: inside a transaction the queries share one connection
  const [row] = await db.select().from(agendamentoCatalogo).where(eq(agendamentoCatalogo.agendamentoId, agendamentoId))
  const itens = await db
    .select({
      exameId: agendamentoExames.exameId,
      nome: agendamentoExames.nome,
      valorIncents: agendamentoExames.valorIncents,
      duracao: agendamentoExames.duracao,
      preparo: agendamentoExames.preparo,
    })
    .from(agendamentoExames)
    .where(eq(agendamentoExames.agendamentoId, agendamentoId))
    .orderBy(asc(agendamentoExames.posicao))
  const pagos = await pagamentosOf(db, agendamentoId)
  return {
    convenioId: row?.convenioId ?? null,
    carteirinha: row?.carteirinha ?? '',
    guia: row?.guia ?? '',
    senhaAutorizacao: row?.senhaAutorizacao ?? '',
    exames: itens,
    tabelaIncents: row?.tabelaIncents ?? null,
    pagamentos: pagos,
    pagoIncents: pagos.reduce((sum, p) => sum + p.valorIncents, 0),
  }
}

export type PagamentoResult =
  | { kind: 'ok'; pagamento: Pagamento }
  | { kind: 'notFound' }
  /** More than the value minus the payments so far (`remainingIncents`, at least 0). */
  | { kind: 'aboveRemaining'; remainingIncents: number }
  /** Dated before the appointment's plausible window (firstPaymentDay in contract/catalogue.ts). */
  | { kind: 'beforeBooking' }

/**
 * Records a payment; once the payments cover the value, the appointment is paid (`estapago`). The
 * appointment's row is locked first, so two payments at once add up on one state; a payment is at most what
 * remains to be paid, summed in 64 bits (issue 35; trigger pagamentos_within_value backs it).
 * `guard` sees the appointment's doctor before anything is written (who may write it).
 */
export async function registrarPagamento(
  tx: Executor,
  input: { agendamentoId: string; forma: FormaPagamento; valorIncents: number; data: string },
  userId: string,
  guard: (medicoId: string) => Promise<void>,
): Promise<PagamentoResult> {
  const [current] = await tx
    .select({
      valorIncents: agendamentos.valorIncents,
      estaPago: agendamentos.estaPago,
      medicoId: agendamentos.medicoId,
      createdAt: agendamentos.createdAt,
    })
    .from(agendamentos)
    .where(eq(agendamentos.id, input.agendamentoId))
    .for('update')
  if (!current) return { kind: 'notFound' }
  await guard(current.medicoId)
  // summed in a statement of its own, after the lock: its snapshot sees a payment that held the lock before
  const [sum] = await tx
    .select({ paid: sql<string>`coalesce(sum(${pagamentos.valorIncents}), 0)::bigint` })
    .from(pagamentos)
    .where(eq(pagamentos.agendamentoId, input.agendamentoId))
  // bigint: node-postgres gives its text
  const paid = Number(sum!.paid)
  const remainingIncents = current.valorIncents - paid
  if (input.valorIncents > remainingIncents) return { kind: 'aboveRemaining', remainingIncents }
  if (input.data < firstPaymentDay(current.createdAt.toISOString())) return { kind: 'beforeBooking' }
  const [inserted] = await tx
    .insert(pagamentos)
    .values({ ...input, userId })
    .returning({ id: pagamentos.id })
  if (!current.estaPago && paid + input.valorIncents >= current.valorIncents)
    await tx
      .update(agendamentos)
      .set({ estaPago: true, versao: sql`${agendamentos.versao} + 1`, updatedAt: sql`now()` })
      .where(eq(agendamentos.id, input.agendamentoId))
  const [row] = await tx
    .select(pagamentoSelection)
    .from(pagamentos)
    .leftJoin(users, eq(users.id, pagamentos.userId))
    .where(eq(pagamentos.id, inserted!.id))
  return { kind: 'ok', pagamento: toPagamento(row!) }
}

/** Payments and Valor changes as history entries, newest first (merged with the audit trail by the route). */
export async function historico(db: Executor, agendamentoId: string): Promise<HistoricoEntry[]> {
  const [pagos, valores] = await Promise.all([
    pagamentosOf(db, agendamentoId),
    db
      .select({
        at: agendamentoValores.at,
        id: agendamentoValores.id,
        tabelaIncents: agendamentoValores.tabelaIncents,
        valorIncents: agendamentoValores.valorIncents,
        userId: agendamentoValores.userId,
        nome: users.nome,
      })
      .from(agendamentoValores)
      .leftJoin(users, eq(users.id, agendamentoValores.userId))
      .where(eq(agendamentoValores.agendamentoId, agendamentoId))
      .orderBy(desc(agendamentoValores.at), desc(agendamentoValores.id)),
  ])
  const entries: HistoricoEntry[] = [
    ...pagos.map((p): HistoricoEntry => ({
      at: p.at,
      action: 'pagamento',
      user: p.user,
      fields: [],
      pagamento: { forma: p.forma, valorIncents: p.valorIncents },
    })),
    ...valores.map((v): HistoricoEntry => ({
      at: v.at.toISOString(),
      action: 'valor_alterado',
      user: { id: v.userId, nome: v.nome ?? '' },
      fields: ['valorIncents'],
      valor: { tabelaIncents: v.tabelaIncents, valorIncents: v.valorIncents },
    })),
  ]
  // newest first; a stable sort keeps each list's own order at one instant
  return entries.sort((a, b) => Date.parse(b.at) - Date.parse(a.at))
}
