// A convênio appointment's guia (issue 37 point 3; docs/decisions.md "TISS data"). The senha and the
// operadora's guia number stay where booking writes them (agendamento_catalogo); this adds their dates, our
// guia number, the solicitante, the caráter and the indicação clínica. Our number comes from a counter row
// per convênio bumped inside the saving transaction: the row lock orders two saves at once, and the unique
// index (convênio, number) refuses a duplicate whatever happens.
import { and, eq, inArray, sql } from 'drizzle-orm'
import { PARTICULAR_ID, type Carater, type DefinirGuiaTissRequest, type GuiaTiss } from '@contract'
import type { z } from 'zod'
import {
  agendamentoCatalogo,
  agendamentoExames,
  agendamentos,
  clinicaConfiguracoes,
  convenioExameAutorizacao,
  medicos,
  tissGuiaContador,
  tissGuias,
} from '../db/schema'
import type { Executor } from './executor'
import * as carteirinhasRepo from './tiss-carteirinhas'
import * as solicitantesRepo from './tiss-solicitantes'

export type GuiaInput = z.output<typeof DefinirGuiaTissRequest>

interface Booking {
  datahora: string
  pacienteId: string
  medicoId: string
  convenioId: string | null
  senhaAutorizacao: string
  guia: string
}

/** The appointment as the guia needs it; undefined when it does not exist. */
export async function booking(db: Executor, agendamentoId: string): Promise<Booking | undefined> {
  const [row] = await db
    .select({
      datahora: agendamentos.datahora,
      pacienteId: agendamentos.pacienteId,
      medicoId: agendamentos.medicoId,
      convenioId: agendamentoCatalogo.convenioId,
      senhaAutorizacao: agendamentoCatalogo.senhaAutorizacao,
      guia: agendamentoCatalogo.guia,
    })
    .from(agendamentos)
    .leftJoin(agendamentoCatalogo, eq(agendamentoCatalogo.agendamentoId, agendamentos.id))
    .where(eq(agendamentos.id, agendamentoId))
  if (!row) return undefined
  return {
    // the clinic's wall-clock time written as UTC: its ISO text is the floating date-time
    datahora: row.datahora.toISOString().slice(0, 16),
    pacienteId: row.pacienteId,
    medicoId: row.medicoId,
    convenioId: row.convenioId,
    senhaAutorizacao: row.senhaAutorizacao ?? '',
    guia: row.guia ?? '',
  }
}

export function isConvenio(convenioId: string | null): convenioId is string {
  return convenioId !== null && convenioId !== PARTICULAR_ID
}

/** The next guia number of the convênio; run inside the transaction that stores it. */
export async function nextNumber(tx: Executor, convenioId: string): Promise<number> {
  const [row] = await tx
    .insert(tissGuiaContador)
    .values({ convenioId, ultimo: 1 })
    .onConflictDoUpdate({ target: tissGuiaContador.convenioId, set: { ultimo: sql`${tissGuiaContador.ultimo} + 1` } })
    .returning({ ultimo: tissGuiaContador.ultimo })
  return row!.ultimo
}

export async function find(db: Executor, agendamentoId: string): Promise<GuiaTiss | null> {
  const found = await booking(db, agendamentoId)
  const [row] = await db.select().from(tissGuias).where(eq(tissGuias.agendamentoId, agendamentoId))
  if (!found || !row) return null
  return {
    agendamentoId,
    convenioId: row.convenioId,
    numeroGuiaPrestador: row.numeroGuiaPrestador,
    numeroGuiaOperadora: found.guia,
    senhaAutorizacao: found.senhaAutorizacao,
    dataAutorizacao: row.dataAutorizacao,
    validadeSenha: row.validadeSenha,
    solicitante: row.solicitanteId ? ((await solicitantesRepo.find(db, row.solicitanteId)) ?? null) : null,
    carater: row.carater as Carater,
    indicacaoClinica: row.indicacaoClinica,
    executante: await executante(db, found.medicoId),
  }
}

/** The printed guia's executing part, read where the batch reads it: the clinic's CNES, the doctor's CRM. */
async function executante(db: Executor, medicoId: string): Promise<GuiaTiss['executante']> {
  const [medico] = await db
    .select({ crm: medicos.crm, crmUf: medicos.crmUf })
    .from(medicos)
    .where(eq(medicos.id, medicoId))
  const [clinica] = await db
    .select({ cnes: clinicaConfiguracoes.cnes })
    .from(clinicaConfiguracoes)
    .where(eq(clinicaConfiguracoes.id, 1))
  return { cnes: clinica?.cnes ?? '', crm: medico?.crm ?? '', crmUf: medico?.crmUf ?? '' }
}

/**
 * The guia of a convênio appointment, created with our next number when it has none (or when the
 * appointment moved to another convênio); the batch generator calls it too. Run inside a transaction.
 */
export async function ensure(tx: Executor, agendamentoId: string, convenioId: string): Promise<number> {
  // the appointment's own row locked first: two saves of one appointment take one number
  await tx.execute(sql`select 1 from ${agendamentos} where ${agendamentos.id} = ${agendamentoId} for update`)
  const [row] = await tx
    .select({ convenioId: tissGuias.convenioId, numero: tissGuias.numeroGuiaPrestador })
    .from(tissGuias)
    .where(eq(tissGuias.agendamentoId, agendamentoId))
  if (row?.convenioId === convenioId) return row.numero
  const numero = await nextNumber(tx, convenioId)
  await tx
    .insert(tissGuias)
    .values({ agendamentoId, convenioId, numeroGuiaPrestador: numero })
    .onConflictDoUpdate({ target: tissGuias.agendamentoId, set: { convenioId, numeroGuiaPrestador: numero } })
  return numero
}

/** Saves the guia of a convênio appointment (the caller checked it is one); run inside a transaction. */
export async function save(tx: Executor, convenioId: string, input: GuiaInput): Promise<void> {
  const { agendamentoId, senhaAutorizacao, numeroGuiaOperadora, ...guia } = input
  await ensure(tx, agendamentoId, convenioId)
  await tx.update(tissGuias).set(guia).where(eq(tissGuias.agendamentoId, agendamentoId))
  await tx
    .update(agendamentoCatalogo)
    .set({ senhaAutorizacao, guia: numeroGuiaOperadora })
    .where(eq(agendamentoCatalogo.agendamentoId, agendamentoId))
}

/** The booking's warnings' inputs: the patient's card validity on the convênio and the senha's. */
export async function validades(
  db: Executor,
  found: Booking,
  guia: GuiaTiss | null,
): Promise<{ carteirinha: string | null; senha: string | null }> {
  const card = isConvenio(found.convenioId)
    ? await carteirinhasRepo.find(db, found.pacienteId, found.convenioId)
    : undefined
  return { carteirinha: card?.validade ?? null, senha: guia?.validadeSenha ?? null }
}

/** True when the appointment has an exam its convênio authorises beforehand and no senha was given. */
export async function lacksRequiredSenha(db: Executor, agendamentoId: string): Promise<boolean> {
  const found = await booking(db, agendamentoId)
  if (!found || !isConvenio(found.convenioId) || found.senhaAutorizacao !== '') return false
  const exames = await db
    .select({ exameId: agendamentoExames.exameId })
    .from(agendamentoExames)
    .where(eq(agendamentoExames.agendamentoId, agendamentoId))
  if (exames.length === 0) return false
  const [needs] = await db
    .select({ exameId: convenioExameAutorizacao.exameId })
    .from(convenioExameAutorizacao)
    .where(
      and(
        eq(convenioExameAutorizacao.convenioId, found.convenioId),
        inArray(
          convenioExameAutorizacao.exameId,
          exames.map((e) => e.exameId),
        ),
      ),
    )
    .limit(1)
  return needs !== undefined
}
