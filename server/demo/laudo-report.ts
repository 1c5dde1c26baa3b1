// The demonstration's laudos for the reports (`npm run seed`; issue 36 point 9): the exams of the appointments
// realized before today get their laudo — most released some hours after the exam (a plausible spread, never
// after the seed's clock), some delivered, some still being written, some never opened — so that 'Laudos' on
// the reports page has figures per doctor and modality from a fresh seed. A laudo another part of the seed
// made first is left as it is (the unique index on appointment and exam).
import { sql } from 'drizzle-orm'
import { CLINIC_UTC_OFFSET_HOURS } from '@contract'
import * as clinicRepo from '../repositories/clinic'
import type { Executor } from '../repositories/executor'
import { deliver } from '../repositories/laudo-release'
import { releaseDemoDraft } from './laudos'

const HOUR_MS = 3_600_000

export async function seedDemoLaudoReport(tx: Executor, userId: string, today: string, now: Date): Promise<void> {
  const exams = await tx.execute<{ agendamento_id: string; exame_id: string; medico_id: string; datahora: string }>(sql`
    SELECT DISTINCT a.id AS agendamento_id, c.exame_id, a.medico_id,
      to_char(a.datahora AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS datahora
    FROM agendamentos a JOIN agendamento_exames c ON c.agendamento_id = a.id
    WHERE a.status = 'realizado' AND a.datahora < ${`${today}T00:00:00.000Z`}::timestamptz
    ORDER BY 4, 1, 2`)
  const clinica = await clinicRepo.getSettings(tx)
  for (const [i, exam] of exams.rows.entries()) {
    const kind = i % 6
    if (kind === 4) continue // never opened: 'Pendente'
    // the exam's real instant, then 3 to 52 hours to the release
    const real = Date.parse(exam.datahora) - CLINIC_UTC_OFFSET_HOURS * HOUR_MS
    const released = new Date(real + (3 + ((i * 11) % 50)) * HOUR_MS)
    const draft = kind === 3 || released > now
    const inserted = await tx.execute<{ id: string }>(sql`
      INSERT INTO laudos (agendamento_id, exame_id, medico_id, estado, created_at, updated_at)
      VALUES (${exam.agendamento_id}, ${exam.exame_id}, ${exam.medico_id}, 'Em edição', ${new Date(real).toISOString()},
        ${(draft ? now : released).toISOString()})
      ON CONFLICT (agendamento_id, exame_id) DO NOTHING RETURNING id`)
    const id = inserted.rows[0]?.id
    if (!id) continue
    await tx.execute(sql`
      INSERT INTO laudo_versoes (laudo_id, versao, tecnica, relatorio, impressao, revisao, salvo_em, criado_em)
      VALUES (${id}, 1, 'Exame realizado com a técnica habitual.', 'Estruturas avaliadas sem alterações significativas.',
        ${draft ? '' : 'Exame dentro dos limites da normalidade.'}, 1, ${(draft ? now : released).toISOString()},
        ${new Date(real).toISOString()})`)
    if (draft) continue
    const versao = await releaseDemoDraft(tx, id, clinica, released)
    if (kind === 1 || kind === 5)
      await deliver(tx, { laudoId: id, versao, recebedor: 'paciente', nome: '', cpf: null, userId, at: released })
  }
}
