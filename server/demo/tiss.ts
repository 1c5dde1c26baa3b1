// The demonstration TISS data (`npm run seed`; issue 37 points 1–3): every convênio with its provider code
// and its CT and MR exams needing an authorisation, a few requesting doctors, a card for each patient
// booked on a convênio (one expired, for the booking's warning), and a guia for each realized convênio
// appointment — senha, solicitante and our number — so that the batch page has data from a fresh seed.
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import { addDays, PARTICULAR_ID, type Conselho } from '@contract'
import {
  agendamentoCatalogo,
  agendamentos,
  carteirinhas,
  convenioExameAutorizacao,
  convenioTiss,
  convenios,
  exames,
  medicosSolicitantes,
  tissGuias,
} from '../db/schema'
import type { Executor } from '../repositories/executor'
import { nextNumber } from '../repositories/tiss-guias'

const SOLICITANTES: { nome: string; conselho: Conselho; numero: string; uf: string; cbo: string }[] = [
  { nome: 'Helena Barros Cavalcanti', conselho: 'CRM', numero: '145872', uf: 'SP', cbo: '225125' },
  { nome: 'Márcio Tavares Leite', conselho: 'CRM', numero: '98231', uf: 'SP', cbo: '225250' },
  { nome: 'Fernanda Quintão', conselho: 'CRM', numero: '52740', uf: 'MG', cbo: '225270' },
  { nome: 'Otávio Rezende', conselho: 'CRO', numero: '33190', uf: 'SP', cbo: '223208' },
]
const PLANOS = ['Essencial', 'Clássico', 'Executivo']
const INDICACOES = ['Dor abdominal a esclarecer', 'Controle evolutivo', 'Cefaleia persistente', 'Rastreamento']

export async function seedDemoTiss(tx: Executor, today: string): Promise<void> {
  const conveniosRows = await tx
    .select({ id: convenios.id, ans: convenios.ans })
    .from(convenios)
    .where(ne(convenios.id, PARTICULAR_ID))
    .orderBy(asc(convenios.nome))
  if (conveniosRows.length === 0) return
  const autorizados = await tx
    .select({ id: exames.id })
    .from(exames)
    .where(inArray(exames.modalidade, ['TC', 'RM']))
  for (const [i, c] of conveniosRows.entries()) {
    await tx
      .insert(convenioTiss)
      .values({ convenioId: c.id, codigoPrestador: `${c.ans ?? '0'}${String(i + 1).padStart(4, '0')}` })
      .onConflictDoNothing()
    if (autorizados.length > 0)
      await tx
        .insert(convenioExameAutorizacao)
        .values(autorizados.map((e) => ({ convenioId: c.id, exameId: e.id })))
        .onConflictDoNothing()
  }
  await tx.insert(medicosSolicitantes).values(SOLICITANTES).onConflictDoNothing()
  const solicitantes = await tx
    .select({ id: medicosSolicitantes.id })
    .from(medicosSolicitantes)
    .orderBy(asc(medicosSolicitantes.numero))

  const booked = await tx
    .select({
      id: agendamentos.id,
      pacienteId: agendamentos.pacienteId,
      convenioId: agendamentoCatalogo.convenioId,
      status: agendamentos.status,
      datahora: agendamentos.datahora,
    })
    .from(agendamentos)
    .innerJoin(agendamentoCatalogo, eq(agendamentoCatalogo.agendamentoId, agendamentos.id))
    .where(ne(agendamentoCatalogo.convenioId, PARTICULAR_ID))
    .orderBy(asc(agendamentos.datahora), asc(agendamentos.id))

  // one card per patient and convênio; the first one expired yesterday (the booking's warning shows it)
  const cards = new Map<string, { pacienteId: string; convenioId: string }>()
  for (const b of booked)
    if (b.convenioId)
      cards.set(`${b.pacienteId}|${b.convenioId}`, { pacienteId: b.pacienteId, convenioId: b.convenioId })
  let n = 0
  for (const card of cards.values()) {
    n++
    await tx
      .insert(carteirinhas)
      .values({
        ...card,
        numero: `${String(n * 7919).padStart(8, '0')}${String(n % 97).padStart(2, '0')}`,
        plano: PLANOS[n % PLANOS.length]!,
        validade: n === 1 ? addDays(today, -1) : addDays(today, 365 + n),
      })
      .onConflictDoNothing()
  }

  // each convênio appointment carries its patient's card number, as booking with the card offered does
  await tx.execute(sql`
    update ${agendamentoCatalogo} ac set carteirinha = c.numero
    from ${agendamentos} a, ${carteirinhas} c
    where a.id = ac.agendamento_id and c.paciente_id = a.paciente_id and c.convenio_id = ac.convenio_id
      and ac.carteirinha = ''`)

  // the realized ones: a guia each, the senha the convênio gave, a solicitante, in date order
  let g = 0
  for (const b of booked.filter((x) => x.status === 'realizado' && x.convenioId)) {
    g++
    const day = b.datahora.toISOString().slice(0, 10)
    const numero = await nextNumber(tx, b.convenioId!)
    await tx
      .insert(tissGuias)
      .values({
        agendamentoId: b.id,
        convenioId: b.convenioId!,
        numeroGuiaPrestador: numero,
        dataAutorizacao: addDays(day, -3),
        validadeSenha: addDays(day, 27),
        solicitanteId: solicitantes[g % solicitantes.length]?.id ?? null,
        carater: '1',
        indicacaoClinica: INDICACOES[g % INDICACOES.length]!,
      })
      .onConflictDoNothing()
    await tx
      .update(agendamentoCatalogo)
      .set({ senhaAutorizacao: `${String(100_000 + g * 37)}` })
      .where(and(eq(agendamentoCatalogo.agendamentoId, b.id), eq(agendamentoCatalogo.senhaAutorizacao, '')))
  }
}
