// The demonstration's laudos (`npm run seed`, issue 36 points 3 and 7): the most recent exams done get their
// laudo written from the exam's template and released with a signature line (the PDF the server renders),
// the newest one delivered to the patient, so the day board shows 'Liberado' and 'Entregue'; the older exams
// done stay without a laudo, and past X-rays (reported the same day) are counted late.
import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { laudoDocumentOf } from '../laudos/pdf/laudo-document'
import { renderLaudoPdf } from '../laudos/pdf/render-laudo'
import type { Executor } from '../repositories/executor'
import * as clinicRepo from '../repositories/clinic'
import * as drafts from '../repositories/laudo-drafts'
import * as release from '../repositories/laudo-release'
import { newVerificationCode } from '../routes/laudo-release'

/** How many of the most recent exams done are released; the first of them is also delivered. */
export const DEMO_LAUDOS_LIBERADOS = 4
const IMPRESSAO = 'Exame dentro dos limites da normalidade.'

export async function seedDemoLaudos(tx: Executor, userId: string, now: Date): Promise<number> {
  // X-rays are reported the same day: the demo's past X-rays without a laudo are late ('Atrasado')
  await tx.execute(sql`update exames set prazo_laudo_dias = 0 where modalidade = 'RX' and prazo_laudo_dias = 2`)
  const { rows } = await tx.execute<{ agendamento_id: string; exame_id: string }>(sql`
    select ae.agendamento_id, ae.exame_id
      from agendamentos a join agendamento_exames ae on ae.agendamento_id = a.id
     where a.status = 'realizado'
     order by a.datahora desc, ae.posicao
     limit ${DEMO_LAUDOS_LIBERADOS}`)
  const clinica = await clinicRepo.getSettings(tx)
  let released = 0
  for (const [i, row] of rows.entries()) {
    const laudoId = await drafts.create(tx, row.agendamento_id, row.exame_id)
    if (!laudoId) continue
    await tx.execute(sql`
      update laudo_versoes set impressao = ${IMPRESSAO}, revisao = 1
       where laudo_id = ${laudoId} and versao = 1 and trim(impressao) = ''`)
    const versao = await releaseDemoDraft(tx, laudoId, clinica, now)
    if (i === 0)
      await release.deliver(tx, {
        laudoId,
        versao,
        recebedor: 'paciente',
        nome: '',
        cpf: null,
        userId,
        at: now,
      })
    released++
  }
  return released
}

/**
 * Releases a demo laudo's draft as the server does — its PDF rendered, hashed and given a verification code —
 * with a signature line instead of a certificate (the demo has none), at `at`. Returns the version released.
 */
export async function releaseDemoDraft(
  tx: Executor,
  laudoId: string,
  clinica: Awaited<ReturnType<typeof clinicRepo.getSettings>>,
  at: Date,
): Promise<number> {
  const draft = (await release.draftForRelease(tx, laudoId))!
  const codigo = newVerificationCode()
  const document = laudoDocumentOf(draft, {
    clinica: { nome: clinica.nome, endereco: clinica.endereco, telefone: clinica.telefone, cnpj: clinica.cnpj },
    responsavelTecnico: { nome: '', crm: '', crmUf: '' },
    codigoVerificacao: codigo,
    assinatura: 'manual',
  })
  const pdf = await renderLaudoPdf(document)
  const sha256 = createHash('sha256').update(pdf).digest('hex')
  await release.release(tx, { laudoId, versao: draft.versao, pdf, sha256, codigo, at })
  return draft.versao
}
