// The clinic's settings (one row), 'Confirmações de amanhã' and the WhatsApp links opened, and the
// receipt's data (docs/decisions.md, "Messages and printouts").
import { and, desc, eq, inArray } from 'drizzle-orm'
import {
  clinicDayRange,
  clinicHours,
  CONFIRMATION_STATUSES,
  DEFAULT_CONFIGURACOES,
  maskCpf,
  statusOf,
  type Comprovante,
  type Confirmacao,
  type ConfiguracoesClinica,
  type Horario,
  type SalvarConfiguracoesRequest,
  type WhatsappAberto,
} from '@contract'
import type { z } from 'zod'
import { agendamentos, clinicaConfiguracoes, pacientes, users, whatsappAberturas } from '../db/schema'
import * as agendamentosRepo from './agendamentos'
import type { Executor } from './executor'

type SettingsInput = z.output<typeof SalvarConfiguracoesRequest>

export async function getSettings(db: Executor): Promise<ConfiguracoesClinica> {
  const [row] = await db.select().from(clinicaConfiguracoes).where(eq(clinicaConfiguracoes.id, 1))
  if (!row) return { ...DEFAULT_CONFIGURACOES }
  return {
    nome: row.nome,
    endereco: row.endereco,
    telefone: row.telefone,
    cnpj: row.cnpj,
    logo: row.logo,
    modeloMensagem: row.modeloMensagem,
    horarios: [...clinicHours(row.horarios)],
  }
}

/** The clinic's opening hours (docs/decisions.md "Opening hours"): the defaults until ADMIN saves them. */
export async function getHours(db: Executor): Promise<readonly Horario[]> {
  const [row] = await db
    .select({ horarios: clinicaConfiguracoes.horarios })
    .from(clinicaConfiguracoes)
    .where(eq(clinicaConfiguracoes.id, 1))
  return clinicHours(row?.horarios)
}

/** Saves the clinic's hours; before the first save of the settings, beside their defaults. */
export async function saveHours(db: Executor, horarios: Horario[], userId: string): Promise<ConfiguracoesClinica> {
  const { horarios: _defaults, ...defaults } = DEFAULT_CONFIGURACOES
  const values = { horarios, updatedBy: userId, updatedAt: new Date() }
  await db
    .insert(clinicaConfiguracoes)
    .values({ id: 1, ...defaults, ...values })
    .onConflictDoUpdate({ target: clinicaConfiguracoes.id, set: values })
  return getSettings(db)
}

export async function saveSettings(db: Executor, input: SettingsInput, userId: string): Promise<ConfiguracoesClinica> {
  const values = { ...input, updatedBy: userId, updatedAt: new Date() }
  await db
    .insert(clinicaConfiguracoes)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: clinicaConfiguracoes.id, set: values })
  return getSettings(db)
}

/** The day's appointments still to confirm, or confirmed, by time; with the patient's phone and consent. */
export async function confirmations(db: Executor, dia: string): Promise<Confirmacao[]> {
  const range = clinicDayRange(dia)
  const day = (await agendamentosRepo.list(db, { from: range.datainicior, to: range.datafimr })).filter((a) =>
    (CONFIRMATION_STATUSES as readonly string[]).includes(statusOf(a)),
  )
  if (day.length === 0) return []
  const patientIds = [...new Set(day.map((a) => a.pacienteId))]
  const people = await db
    .select({
      id: pacientes.id,
      nome: pacientes.nome,
      telefone: pacientes.telefone,
      aceitaMensagens: pacientes.aceitaMensagens,
    })
    .from(pacientes)
    .where(inArray(pacientes.id, patientIds))
  const byId = new Map(people.map((p) => [p.id, p]))
  const opened = await latestOpened(
    db,
    day.map((a) => a.id),
  )
  return day.map((agendamento) => ({
    agendamento,
    paciente: byId.get(agendamento.pacienteId)!,
    aberto: opened.get(agendamento.id) ?? null,
  }))
}

/** The latest opening of each appointment's link, with who opened it. */
async function latestOpened(db: Executor, ids: string[]): Promise<Map<string, WhatsappAberto>> {
  const rows = await db
    .selectDistinctOn([whatsappAberturas.agendamentoId], {
      agendamentoId: whatsappAberturas.agendamentoId,
      at: whatsappAberturas.at,
      userId: users.id,
      userNome: users.nome,
    })
    .from(whatsappAberturas)
    .innerJoin(users, eq(users.id, whatsappAberturas.userId))
    .where(inArray(whatsappAberturas.agendamentoId, ids))
    .orderBy(whatsappAberturas.agendamentoId, desc(whatsappAberturas.at), desc(whatsappAberturas.id))
  return new Map(
    rows.map((r) => [r.agendamentoId, { por: { id: r.userId, nome: r.userNome }, em: r.at.toISOString() }]),
  )
}

export type OpenedResult = { kind: 'ok'; aberto: WhatsappAberto } | { kind: 'notFound' } | { kind: 'noConsent' }

/** Records that `userId` opened the appointment's link at `at`; refused when the patient declined messages. */
export async function recordOpened(db: Executor, id: string, userId: string, at: Date): Promise<OpenedResult> {
  const [row] = await db
    .select({ aceitaMensagens: pacientes.aceitaMensagens })
    .from(agendamentos)
    .innerJoin(pacientes, eq(pacientes.id, agendamentos.pacienteId))
    .where(eq(agendamentos.id, id))
  if (!row) return { kind: 'notFound' }
  if (!row.aceitaMensagens) return { kind: 'noConsent' }
  await db.insert(whatsappAberturas).values({ agendamentoId: id, userId, at })
  const [user] = await db
    .select({ nome: users.nome })
    .from(users)
    .where(and(eq(users.id, userId)))
  return { kind: 'ok', aberto: { por: { id: userId, nome: user?.nome ?? '' }, em: at.toISOString() } }
}

/** The receipt: the appointment and the patient's name with the CPF partly hidden. */
export async function receipt(db: Executor, id: string): Promise<Comprovante | undefined> {
  const agendamento = await agendamentosRepo.findById(db, id)
  if (!agendamento) return undefined
  const [patient] = await db
    .select({ nome: pacientes.nome, cpf: pacientes.cpf })
    .from(pacientes)
    .where(eq(pacientes.id, agendamento.pacienteId))
  return { agendamento, paciente: { nome: patient!.nome, cpf: maskCpf(patient!.cpf) } }
}
