// The laudo at the front desk (issue 36 point 7): the appointment's 'protocolo de retirada' (given once,
// its number from a sequence behind a unique index) and the deliveries of a range of clinic days.
import { sql } from 'drizzle-orm'
import { laudoPatientName, type LaudoEntregue } from '@contract'
import type { Executor } from './executor'

const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`)

export interface ProtocoloSource {
  status: string
  /** The exam's clinic day (datahora is the clinic's wall clock), YYYY-MM-DD. */
  dataExame: string
  /** Each exam's 'prazo do laudo' in business days. */
  prazos: number[]
  protocolo: { numero: string; emitidoEm: string } | null
}

/** What the protocolo needs of an appointment, and the protocolo it has; undefined: no such appointment. */
export async function protocoloSource(db: Executor, agendamentoId: string): Promise<ProtocoloSource | undefined> {
  const { rows } = await db.execute<{
    status: string
    data_exame: string
    prazos: number[] | null
    numero: string | null
    emitido_em: string | null
  }>(sql`
    select a.status, to_char(a.datahora at time zone 'UTC', 'YYYY-MM-DD') as data_exame,
           (select array_agg(e.prazo_laudo_dias order by ae.posicao)
              from agendamento_exames ae join exames e on e.id = ae.exame_id
             where ae.agendamento_id = a.id) as prazos,
           p.numero, ${iso('p.emitido_em')} as emitido_em
      from agendamentos a left join laudo_protocolos p on p.agendamento_id = a.id
     where a.id = ${agendamentoId}`)
  const row = rows[0]
  if (!row) return undefined
  return {
    status: row.status,
    dataExame: row.data_exame,
    prazos: (row.prazos ?? []).map(Number),
    protocolo: row.numero ? { numero: row.numero, emitidoEm: row.emitido_em! } : null,
  }
}

/**
 * Gives the appointment its protocolo unless it has one: `ano` and the sequence's next value. Two first
 * calls at once make one row (the primary key; the loser's number is a gap). Answers the kept one.
 */
export async function ensureProtocolo(
  db: Executor,
  agendamentoId: string,
  ano: string,
  at: Date,
): Promise<{ numero: string; emitidoEm: string }> {
  await db.execute(sql`
    insert into laudo_protocolos (agendamento_id, numero, emitido_em)
    values (${agendamentoId}, ${ano} || '-' || lpad(nextval('laudo_protocolo_seq')::text, 6, '0'), ${at.toISOString()})
    on conflict (agendamento_id) do nothing`)
  const { rows } = await db.execute<{ numero: string; emitido_em: string }>(sql`
    select numero, ${iso('emitido_em')} as emitido_em from laudo_protocolos where agendamento_id = ${agendamentoId}`)
  return { numero: rows[0]!.numero, emitidoEm: rows[0]!.emitido_em }
}

/** The deliveries whose clinic day (UTC−3, contract/clinic-time.ts) is within [de, ate], newest first. */
export async function deliveries(db: Executor, de: string, ate: string): Promise<LaudoEntregue[]> {
  const { rows } = await db.execute<{
    laudo_id: string
    paciente_nome: string
    paciente_nomesocial: string
    exame: string | null
    data_exame: string
    versao: number
    entregue_em: string
    recebedor: 'paciente' | 'terceiro'
    nome: string
    entregue_por: string
    retificado: boolean
  }>(sql`
    select d.laudo_id, p.nome as paciente_nome, p.nomesocial as paciente_nomesocial,
           (select ae.nome from agendamento_exames ae
             where ae.agendamento_id = l.agendamento_id and ae.exame_id = l.exame_id
             order by ae.posicao limit 1) as exame,
           to_char(a.datahora at time zone 'UTC', 'YYYY-MM-DD') as data_exame, d.versao,
           ${iso('d.entregue_em')} as entregue_em, d.recebedor, d.nome, coalesce(u.nome, '') as entregue_por,
           exists (select 1 from laudo_versoes n where n.laudo_id = d.laudo_id and n.versao > d.versao) as retificado
      from laudo_entregas d
      join laudos l on l.id = d.laudo_id
      join agendamentos a on a.id = l.agendamento_id
      join pacientes p on p.id = a.paciente_id
      left join users u on u.id = d.entregue_por
     where d.entregue_em >= ((${de}::date + interval '3 hours') at time zone 'UTC')
       and d.entregue_em < ((${ate}::date + interval '27 hours') at time zone 'UTC')
     order by d.entregue_em desc, d.id desc`)
  return rows.map((r) => ({
    laudoId: r.laudo_id,
    paciente: laudoPatientName({ nome: r.paciente_nome, nomesocial: r.paciente_nomesocial }),
    exame: r.exame ?? '',
    dataExame: r.data_exame,
    versao: Number(r.versao),
    entregueEm: r.entregue_em,
    recebedor: r.recebedor,
    nome: r.nome,
    entreguePor: r.entregue_por,
    retificadoAposEntrega: Boolean(r.retificado),
  }))
}
