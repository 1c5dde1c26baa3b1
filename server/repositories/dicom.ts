// What the DICOM service reads and writes (issue 19, docs/decisions.md "DICOM worklist"): machines by AE
// title, a machine's scheduled appointments for the worklist, an appointment by accession number, and the
// dicom_eventos log (no personal data) that ADMIN reads per machine.
import { and, asc, eq, gte, inArray, isNotNull, lt, notInArray, sql } from 'drizzle-orm'
import { DICOM_EVENTS_MAX, SLOT_FREEING_STATUSES, type DicomEvento, type Modalidade, type Status } from '@contract'
import { agendamentoExames, agendamentos, dicomEventos, equipamentos, exames, medicos, pacientes } from '../db/schema'
import type { Executor } from './executor'

export interface Machine {
  id: string
  nome: string
  aeTitle: string
  modalidades: Modalidade[]
  /** ADMIN lets its worklist query name another machine's station (issue 35). */
  leOutrasWorklists: boolean
}

/** The machine whose AE title is `aeTitle` (exact, as DICOM compares AE titles), if any. */
export async function machineByAeTitle(db: Executor, aeTitle: string): Promise<Machine | undefined> {
  const [row] = await db
    .select({
      id: equipamentos.id,
      nome: equipamentos.nome,
      aeTitle: equipamentos.aeTitle,
      modalidades: equipamentos.modalidades,
      leOutrasWorklists: equipamentos.leOutrasWorklists,
    })
    .from(equipamentos)
    .where(eq(equipamentos.aeTitle, aeTitle))
  return row && row.aeTitle !== null
    ? { ...row, aeTitle: row.aeTitle, modalidades: row.modalidades as Modalidade[] }
    : undefined
}

export interface ScheduledItem {
  id: string
  acesso: number
  datahora: Date
  status: Status
  exames: string[]
  /** The catalogue exams' modalities, in the appointment's order; empty for free-text exams. */
  modalidades: Modalidade[]
  paciente: { numero: number; nome: string; datanascimento: Date; sexo: string }
  medico: { nome: string }
}

/** A machine's appointments starting within [from, to) (floating clinic time), cancelled and missed left out. */
export async function scheduledOn(db: Executor, equipamentoId: string, from: Date, to: Date): Promise<ScheduledItem[]> {
  const rows = await db
    .select({
      id: agendamentos.id,
      acesso: agendamentos.acesso,
      datahora: agendamentos.datahora,
      status: agendamentos.status,
      exames: agendamentos.exames,
      numero: pacientes.numero,
      nome: pacientes.nome,
      datanascimento: pacientes.datanascimento,
      sexo: pacientes.sexo,
      medicoNome: medicos.nome,
    })
    .from(agendamentos)
    .innerJoin(pacientes, eq(pacientes.id, agendamentos.pacienteId))
    .innerJoin(medicos, eq(medicos.id, agendamentos.medicoId))
    .where(
      and(
        eq(agendamentos.equipamentoId, equipamentoId),
        gte(agendamentos.datahora, from),
        lt(agendamentos.datahora, to),
        notInArray(agendamentos.status, [...SLOT_FREEING_STATUSES]),
      ),
    )
    .orderBy(asc(agendamentos.datahora), asc(agendamentos.id))
    .limit(500)
  const modalities = new Map<string, Modalidade[]>()
  if (rows.length > 0) {
    const examRows = await db
      .select({ agendamentoId: agendamentoExames.agendamentoId, modalidade: exames.modalidade })
      .from(agendamentoExames)
      .innerJoin(exames, eq(exames.id, agendamentoExames.exameId))
      .where(
        inArray(
          agendamentoExames.agendamentoId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(agendamentoExames.agendamentoId), asc(agendamentoExames.posicao))
    for (const row of examRows)
      modalities.set(row.agendamentoId, [...(modalities.get(row.agendamentoId) ?? []), row.modalidade])
  }
  return rows.map((row) => ({
    id: row.id,
    acesso: row.acesso,
    datahora: row.datahora,
    status: row.status,
    exames: row.exames,
    modalidades: modalities.get(row.id) ?? [],
    paciente: { numero: row.numero, nome: row.nome, datanascimento: row.datanascimento, sexo: row.sexo },
    medico: { nome: row.medicoNome },
  }))
}

/** The appointment with accession number `acesso`: its id, status and machine. */
export async function byAccession(
  db: Executor,
  acesso: number,
): Promise<{ id: string; status: Status; equipamentoId: string | null } | undefined> {
  const [row] = await db
    .select({ id: agendamentos.id, status: agendamentos.status, equipamentoId: agendamentos.equipamentoId })
    .from(agendamentos)
    .where(eq(agendamentos.acesso, acesso))
  return row
}

/** The accession number of the step `instancia` (from its N-CREATE), if we accepted one. */
export async function accessionOfStep(db: Executor, instancia: string): Promise<number | undefined> {
  const [row] = await db
    .select({ acesso: dicomEventos.acesso })
    .from(dicomEventos)
    .where(and(eq(dicomEventos.instancia, instancia), eq(dicomEventos.resultado, 'ok'), isNotNull(dicomEventos.acesso)))
    .orderBy(asc(dicomEventos.id))
    .limit(1)
  return row?.acesso ?? undefined
}

export interface DicomEventInput {
  aeTitle: string
  equipamentoId: string | null
  tipo: 'worklist' | 'mpps' | 'associacao'
  respostas?: number
  resultado: string
  acesso?: number | null
  detalhe?: string | null
  instancia?: string | null
}

export async function recordEvent(db: Executor, event: DicomEventInput): Promise<void> {
  await db.insert(dicomEventos).values({
    aeTitle: event.aeTitle,
    equipamentoId: event.equipamentoId,
    tipo: event.tipo,
    respostas: event.respostas ?? 0,
    resultado: event.resultado,
    acesso: event.acesso ?? null,
    detalhe: event.detalhe ?? null,
    instancia: event.instancia ?? null,
  })
}

export interface RefusalCount {
  ip: string
  aeTitle: string
  resultado: string
  count: number
}

/**
 * Refused associations of one clock minute `bucket`: one row per address, AE title and reason whose
 * `count` rises (as anonymous HTTP failures, server/repositories/audit.ts) — a flood adds a row per
 * minute and kind, not per connection.
 */
export async function recordRefusals(db: Executor, bucket: Date, refusals: readonly RefusalCount[]): Promise<void> {
  if (refusals.length === 0) return
  await db.execute(sql`
    insert into ${dicomEventos} (ae_title, tipo, resultado, ip, bucket, count)
    select r.ae_title, 'associacao', r.resultado, r.ip, ${bucket.toISOString()}::timestamptz, r.count
    from jsonb_to_recordset(${JSON.stringify(refusals.map((r) => ({ ae_title: r.aeTitle, resultado: r.resultado, ip: r.ip, count: r.count })))}::jsonb)
      as r(ae_title text, resultado text, ip text, count integer)
    on conflict (bucket, coalesce(ip, ''), ae_title, resultado) where bucket is not null
    do update set count = ${dicomEventos}.count + excluded.count`)
}

/** Each machine's latest events, newest first (at most DICOM_EVENTS_MAX per machine). */
export async function latestEvents(db: Executor): Promise<DicomEvento[]> {
  const result = await db.execute<{
    equipamento_id: string
    at: Date | string
    ae_title: string
    tipo: DicomEvento['tipo']
    respostas: number
    resultado: string
    acesso: string | null
    detalhe: string | null
  }>(sql`
    SELECT e.equipamento_id, e.at, e.ae_title, e.tipo, e.respostas, e.resultado, e.acesso::text AS acesso, e.detalhe
    FROM ${equipamentos} q
    CROSS JOIN LATERAL (
      SELECT * FROM ${dicomEventos} d WHERE d.equipamento_id = q.id ORDER BY d.at DESC, d.id DESC LIMIT ${DICOM_EVENTS_MAX}
    ) e
    ORDER BY e.at DESC, e.id DESC`)
  return result.rows.map((row) => ({
    equipamentoId: row.equipamento_id,
    at: new Date(row.at).toISOString(),
    aeTitle: row.ae_title,
    tipo: row.tipo,
    respostas: row.respostas,
    resultado: row.resultado,
    acesso: row.acesso,
    detalhe: row.detalhe,
  }))
}
