// The data entry of issue 37 points 1–3 as the TISS batch reads it (docs/tiss.md): the convênio's 'Código do
// prestador' (convenio_tiss), the patient's card on the convênio (carteirinhas), and each appointment's guia
// (tiss_guias: our number, the senha's dates, the requesting doctor, caráter, indicação clínica).
import { sql } from 'drizzle-orm'
import { CBO_RADIOLOGISTA, type TissAppointmentEntry, type TissProfissional } from '@contract'
import type { Executor } from '../repositories/executor'

export type { TissAppointmentEntry } from '@contract'

export interface TissDataEntry {
  convenio: { codigoPrestador?: string }
  atendimentos: Map<string, TissAppointmentEntry>
}

interface Row extends Record<string, unknown> {
  id: string
  numero_guia: number | null
  data_autorizacao: string | null
  validade_senha: string | null
  carater: string | null
  indicacao_clinica: string | null
  sol_nome: string | null
  sol_conselho: string | null
  sol_numero: string | null
  sol_uf: string | null
  sol_cbo: string | null
  cart_numero: string | null
  cart_validade: string | null
}

/** The convênio's codes and, per appointment, its guia and the patient's card on that convênio. */
export async function readTissDataEntry(
  db: Executor,
  convenioId: string,
  agendamentoIds: readonly string[],
): Promise<TissDataEntry> {
  const convenio = await db.execute<{ codigo: string }>(
    sql`select codigo_prestador as codigo from convenio_tiss where convenio_id = ${convenioId}`,
  )
  const codigoPrestador = convenio.rows[0]?.codigo ?? ''
  const atendimentos = new Map<string, TissAppointmentEntry>()
  if (agendamentoIds.length === 0) return { convenio: { codigoPrestador }, atendimentos }
  const ids = sql.join(
    agendamentoIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  )
  const result = await db.execute<Row>(sql`
    select a.id, g.numero_guia_prestador as numero_guia, g.data_autorizacao::text as data_autorizacao,
           g.validade_senha::text as validade_senha, g.carater, g.indicacao_clinica,
           s.nome as sol_nome, s.conselho as sol_conselho, s.numero as sol_numero, s.uf as sol_uf, s.cbo as sol_cbo,
           c.numero as cart_numero, c.validade::text as cart_validade
    from agendamentos a
    left join tiss_guias g on g.agendamento_id = a.id and g.convenio_id = ${convenioId}
    left join medicos_solicitantes s on s.id = g.solicitante_id
    left join carteirinhas c on c.paciente_id = a.paciente_id and c.convenio_id = ${convenioId}
    where a.id in (${ids})`)
  for (const row of result.rows) {
    const entry: TissAppointmentEntry = { executanteCbo: CBO_RADIOLOGISTA }
    if (row.numero_guia !== null) {
      entry.numeroGuiaPrestador = String(row.numero_guia)
      entry.carater = row.carater === '2' ? 'URGENCIA' : 'ELETIVO'
      if (row.data_autorizacao) entry.senhaData = row.data_autorizacao
      if (row.validade_senha) entry.senhaValidade = row.validade_senha
      if (row.indicacao_clinica?.trim()) entry.indicacaoClinica = row.indicacao_clinica.trim()
      if (row.sol_nome)
        entry.solicitante = {
          nome: row.sol_nome,
          conselho: row.sol_conselho as TissProfissional['conselho'],
          numero: row.sol_numero ?? '',
          uf: row.sol_uf as TissProfissional['uf'],
          cbo: row.sol_cbo ?? '',
        }
    }
    if (row.cart_numero !== null) entry.carteirinha = { numero: row.cart_numero, validade: row.cart_validade }
    atendimentos.set(row.id, entry)
  }
  return { convenio: { codigoPrestador }, atendimentos }
}
