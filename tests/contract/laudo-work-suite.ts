// The contract suite's cases for the laudo's worklist and editor (issue 36 points 3 and 4): the same rows,
// refusals and optimistic lock from the server and the msw mock.
import { beforeAll, describe, expect, it } from 'vitest'
import {
  addDays,
  clinicHours,
  clinicToday,
  LAUDO_WORKLIST_PAGE_SIZE,
  laudoDueDate,
  messages,
  type CallAnswer,
} from '@contract'
import { agendamentoBody, future, pacienteBody, randomInt, tag } from './fixtures'
import type { SuiteTools } from './front-desk-suite'

const someId = '00000000-0000-4000-8000-000000000000'
const texto = { tecnica: 'Incidências habituais.', relatorio: 'Sem alterações.', impressao: 'Normal.', birads: 1 }

/** Bodies the calls' schemas refuse (400 before anything else is looked at). */
export const laudoWorkBadBodies = {
  laudosPendentes: [
    {},
    { meus: 'sim', modalidade: null, equipamentoId: null },
    { meus: true, modalidade: 'PET', equipamentoId: null },
    { meus: false, modalidade: null, equipamentoId: null, depois: 'pagina-2' },
  ],
  abrirLaudo: [{}, { agendamentoId: 'x', exameId: someId }],
  laudo: [{}, { id: 1 }],
  salvarLaudo: [
    {},
    { id: someId, revisao: 0, ...texto, birads: 7 },
    { id: someId, revisao: -1, ...texto },
    { id: someId, revisao: 0, ...texto, relatorio: 'x'.repeat(20_001) },
    { id: someId, revisao: 0, ...texto, extra: 1 },
  ],
  laudosDoDia: [{}, { dia: '2026-02-30' }],
}

export function defineLaudoWorkCases(tools: () => SuiteTools): void {
  describe("the laudo's worklist and editor (issue 36)", () => {
    let ok: SuiteTools['ok']
    let send: SuiteTools['send']
    let expectError: SuiteTools['expectError']
    let doctor: { token: string }
    let medicoId: string
    let userId: string
    beforeAll(async () => {
      let t: SuiteTools['t']
      ;({ t, ok, send, expectError } = tools())
      userId = t.users.staff.id
      medicoId = (await ok('registerMedico', { nome: `Laudista ${tag()}` }, 'admin')).medico.id
      const email = `laudista.${tag()}@clinica.local`
      await ok('registerUser', { nome: 'Médica Laudista', email, password: 'senha-forte-1', medicoId }, 'admin')
      doctor = { token: (await ok('login', { email, password: 'senha-forte-1' })).token }
    })

    /** An appointment of the doctor with one catalogue exam, `days` ahead, moved to em_atendimento when asked. */
    async function appointment(days: number, modalidade: string, attended: boolean, time = '08:00') {
      const exame = (await ok('registerExame', { nome: `Exame ${tag()}`, modalidade, duracao: 20 }, 'admin')).exame
      const pacienteId = (await ok('registerPaciente', pacienteBody(userId))).paciente.id
      let a: CallAnswer<'registerAgendamento'>['agendamento'] = (
        await ok(
          'registerAgendamento',
          agendamentoBody(userId, pacienteId, medicoId, future(days, time), { exameIds: [exame.id] }),
        )
      ).agendamento
      if (attended)
        for (const status of ['confirmado', 'aguardando', 'em_atendimento'])
          a = (await ok('moverStatus', { id: a.id, versao: a.versao, status })).agendamento
      return { agendamento: a, exame }
    }

    it('only a doctor-linked user or ADMIN reads and writes laudos', async () => {
      for (const [name, body] of [
        ['laudosPendentes', { meus: false, modalidade: null, equipamentoId: null }],
        ['abrirLaudo', { agendamentoId: someId, exameId: someId }],
        ['laudo', { id: someId }],
        ['salvarLaudo', { id: someId, revisao: 0, ...texto }],
      ] as const)
        expectError(await send(name, body, 'staff'), 403, messages.laudoNotDoctor)
      expect(
        (await ok('laudosPendentes', { meus: false, modalidade: null, equipamentoId: null }, 'admin')).laudos,
      ).toEqual(expect.any(Array))
      expect(
        (await ok('laudosPendentes', { meus: true, modalidade: null, equipamentoId: null }, 'admin')).laudos,
      ).toEqual([])
      expectError(await send('laudo', { id: someId }, doctor), 404, messages.laudoNotFound)
    })

    it('an attended exam is on the worklist; opened once from its template; saved under its revisao', async () => {
      const days = 400 + randomInt(190)
      const waiting = await appointment(days, 'MMG', false)
      expectError(
        await send('abrirLaudo', { agendamentoId: waiting.agendamento.id, exameId: waiting.exame.id }, doctor),
        409,
        messages.laudoNotReady,
      )
      const { agendamento, exame } = await appointment(days, 'MMG', true, '09:00')
      expectError(
        await send('abrirLaudo', { agendamentoId: agendamento.id, exameId: waiting.exame.id }, doctor),
        404,
        messages.laudoExamNotFound,
      )

      const mine = { meus: true, modalidade: null, equipamentoId: null }
      const dataExame = addDays(clinicToday(), days)
      const [row] = (await ok('laudosPendentes', mine, doctor)).laudos
      expect((await ok('laudosPendentes', mine, doctor)).laudos).toHaveLength(1)
      expect(row).toEqual({
        agendamentoId: agendamento.id,
        exameId: exame.id,
        laudoId: null,
        paciente: expect.any(String),
        exame: exame.nome,
        modalidade: 'MMG',
        equipamento: null,
        medico: { id: medicoId, nome: expect.any(String) },
        dataExame,
        previsao: laudoDueDate(dataExame, 2, clinicHours((await ok('configuracoesClinica')).configuracoes.horarios)),
        atrasado: false,
        estado: 'Pendente',
      })
      expect((await ok('laudosPendentes', { ...mine, modalidade: 'US' }, doctor)).laudos).toEqual([])
      expect((await ok('laudosPendentes', { ...mine, equipamentoId: someId }, doctor)).laudos).toEqual([])

      const opened = await ok('abrirLaudo', { agendamentoId: agendamento.id, exameId: exame.id }, doctor)
      expect(opened.criado).toBe(true)
      expect(opened.laudo).toMatchObject({ estado: 'Pendente', rascunho: { versao: 1, revisao: 0, birads: null } })
      expect(opened.laudo.studyInstanceUid).toMatch(/^2\.25\.\d+$/)
      const again = await ok('abrirLaudo', { agendamentoId: agendamento.id, exameId: exame.id }, doctor)
      expect(again).toEqual({ laudo: opened.laudo, criado: false })
      expect((await ok('laudosPendentes', mine, doctor)).laudos[0]!.laudoId).toBe(opened.laudo.id)

      const id = opened.laudo.id
      const saved = (await ok('salvarLaudo', { id, revisao: 0, ...texto }, doctor)).laudo
      expect(saved).toMatchObject({ estado: 'Em edição', rascunho: { revisao: 1, ...texto } })
      // a save from the old revisao: 409 with the server's text, nothing written
      const stale = await send('salvarLaudo', { id, revisao: 0, ...texto, relatorio: 'Outro texto.' }, doctor)
      expectError(stale, 409, messages.laudoConflict)
      expect((stale.body as { laudo: unknown }).laudo).toEqual(saved)
      expect((await ok('laudo', { id }, 'admin')).laudo).toEqual(saved)

      const day = await ok('laudosDoDia', { dia: dataExame })
      expect(day.laudos).toContainEqual({
        agendamentoId: agendamento.id,
        exameId: exame.id,
        estado: 'Em edição',
        laudoId: id,
        exame: exame.nome,
        atrasado: false,
      })
      expect(day.atrasados).toEqual(expect.any(Number))
    })

    it('the worklist pages: 50 and a cursor, then the rest and proximo null; a bad cursor is a 400', async () => {
      // a doctor of its own: 'Meus' lists exactly the exams made here
      const nome = `Laudista ${tag()}`
      const ownId = (await ok('registerMedico', { nome }, 'admin')).medico.id
      const email = `paginas.${tag()}@clinica.local`
      await ok('registerUser', { nome: 'Médico Paginado', email, password: 'senha-forte-1', medicoId: ownId }, 'admin')
      const own = { token: (await ok('login', { email, password: 'senha-forte-1' })).token }
      const exame = (await ok('registerExame', { nome: `Exame ${tag()}`, modalidade: 'RX', duracao: 20 }, 'admin'))
        .exame
      const pacienteId = (await ok('registerPaciente', pacienteBody(userId))).paciente.id
      const total = LAUDO_WORKLIST_PAGE_SIZE + 3
      const start = 100 + randomInt(500)
      const ids: string[] = []
      for (let i = 0; i < total; i++) {
        let a: CallAnswer<'registerAgendamento'>['agendamento'] = (
          await ok(
            'registerAgendamento',
            agendamentoBody(userId, pacienteId, ownId, future(start + i, '08:00'), { exameIds: [exame.id] }),
          )
        ).agendamento
        for (const status of ['confirmado', 'aguardando', 'em_atendimento'])
          a = (await ok('moverStatus', { id: a.id, versao: a.versao, status })).agendamento
        ids.push(a.id)
      }
      const mine = { meus: true, modalidade: null, equipamentoId: null }
      const first = await ok('laudosPendentes', mine, own)
      expect(first.laudos.map((l) => l.agendamentoId)).toEqual(ids.slice(0, LAUDO_WORKLIST_PAGE_SIZE))
      expect(first.proximo).toEqual(expect.any(String))
      const second = await ok('laudosPendentes', { ...mine, depois: first.proximo }, own)
      expect(second.laudos.map((l) => l.agendamentoId)).toEqual(ids.slice(LAUDO_WORKLIST_PAGE_SIZE))
      expect(second.proximo).toBeNull()
      expectError(
        await send('laudosPendentes', { ...mine, depois: `${first.proximo}x` }, own),
        400,
        messages.laudoWorklistCursorInvalid,
      )
    })

    it('an appointment with a laudo is not deleted: 409 in Portuguese', async () => {
      const { agendamento, exame } = await appointment(610 + randomInt(90), 'US', true)
      await ok('abrirLaudo', { agendamentoId: agendamento.id, exameId: exame.id }, doctor)
      expectError(
        await send('deleteAgendamento', { id: agendamento.id }, 'admin'),
        409,
        messages.appointmentDeleteHasLaudo,
      )
      expect((await ok('findAgendamento', { id: agendamento.id })).agendamento.id).toBe(agendamento.id)
    })
  })
}
