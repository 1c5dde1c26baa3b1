// The contract suite's cases for the day boards' live feed (issue 38 point 6, contract/day-feed.ts): a
// signed-in user's stream hears a booking and a status move as { dia, agendamentoId } and nothing
// personal, and a laudo's change of state (opened, released, delivered) but not its draft's saves; no token
// → 401, a panel's credential → 403 — the same on the mock and the server.
import { describe, expect, it } from 'vitest'
import { DIA_EVENTOS_PATH, DiaEvento, messages } from '@contract'
import { agendamentoBody, future, pacienteBody, randomInt, tag } from './fixtures'
import type { SuiteTools } from './front-desk-suite'

export function defineDayFeedCases(tools: () => SuiteTools): void {
  describe('the day boards: live feed', () => {
    it('announces a booking and a move with the day and the appointment, nothing personal', async () => {
      const { t, ok } = tools()
      const medicoId = (await ok('registerMedico', { nome: `Doutor ${tag()}` }, 'admin')).medico.id
      const nome = `Paciente ${tag()}`
      const paciente = (await ok('registerPaciente', pacienteBody(t.users.staff.id, { nome }))).paciente
      const stream = await t.openEvents!(DIA_EVENTOS_PATH, t.tokens.staff)
      try {
        expect(stream.status).toBe(200)
        const datahora = future(40, '09:45')
        const { agendamento } = await ok(
          'registerAgendamento',
          agendamentoBody(t.users.staff.id, paciente.id, medicoId, datahora),
        )
        const booked = await stream.next()
        expect(DiaEvento.parse(JSON.parse(booked!))).toEqual({
          dia: datahora.slice(0, 10),
          agendamentoId: agendamento.id,
        })
        expect(booked).not.toContain(nome)
        expect(booked).not.toContain(paciente.cpf)

        await ok('moverStatus', { id: agendamento.id, versao: agendamento.versao, status: 'confirmado' })
        expect(JSON.parse((await stream.next())!)).toEqual({
          dia: datahora.slice(0, 10),
          agendamentoId: agendamento.id,
        })
      } finally {
        stream.close()
      }
    })

    it("announces a laudo opened, released and delivered, and not its draft's saves", async () => {
      const { t, ok } = tools()
      const userId = t.users.staff.id
      const medicoId = (await ok('registerMedico', { nome: `Doutora ${tag()}` }, 'admin')).medico.id
      const email = `laudo.aovivo.${tag()}@clinica.local`
      await ok('registerUser', { nome: 'Médica Ao Vivo', email, password: 'senha-forte-1', medicoId }, 'admin')
      const doctor = { token: (await ok('login', { email, password: 'senha-forte-1' })).token }
      const exame = (await ok('registerExame', { nome: `Exame ${tag()}`, modalidade: 'US', duracao: 20 }, 'admin'))
        .exame
      const pacienteId = (await ok('registerPaciente', pacienteBody(userId))).paciente.id
      const datahora = future(500 + randomInt(60), '10:15')
      let a = (
        await ok(
          'registerAgendamento',
          agendamentoBody(userId, pacienteId, medicoId, datahora, { exameIds: [exame.id] }),
        )
      ).agendamento
      for (const status of ['confirmado', 'aguardando', 'em_atendimento'])
        a = (await ok('moverStatus', { id: a.id, versao: a.versao, status })).agendamento
      const settings = (await ok('configuracoesLaudo')).configuracoes
      // the clinic's manual signature: no certificate needed to release here
      await ok('salvarConfiguracoesLaudo', { ...settings, assinaturaManual: true }, 'admin')
      const stream = await t.openEvents!(DIA_EVENTOS_PATH, t.tokens.staff)
      const ofTheLaudo = { dia: datahora.slice(0, 10), agendamentoId: a.id }
      try {
        const { laudo } = await ok('abrirLaudo', { agendamentoId: a.id, exameId: exame.id }, doctor)
        expect(JSON.parse((await stream.next())!)).toEqual(ofTheLaudo)

        // the first save moves it to 'Em edição'; a later one (an autosave) changes no state and says nothing:
        // the next event is another day's booking
        const texto = {
          tecnica: 'Transdutor convexo.',
          relatorio: 'Fígado normal.',
          impressao: 'Normal.',
          birads: null,
        }
        const { laudo: saved } = await ok(
          'salvarLaudo',
          { id: laudo.id, revisao: laudo.rascunho!.revisao, ...texto },
          doctor,
        )
        expect(saved.estado).toBe('Em edição')
        expect(JSON.parse((await stream.next())!)).toEqual(ofTheLaudo)
        await ok(
          'salvarLaudo',
          { id: laudo.id, revisao: saved.rascunho!.revisao, ...texto, impressao: 'Normal!' },
          doctor,
        )
        const other = future(200 + randomInt(60), '08:30')
        const booked = (await ok('registerAgendamento', agendamentoBody(userId, pacienteId, medicoId, other)))
          .agendamento
        expect(JSON.parse((await stream.next())!)).toEqual({ dia: other.slice(0, 10), agendamentoId: booked.id })

        await ok('liberarLaudo', { laudoId: laudo.id }, doctor)
        expect(JSON.parse((await stream.next())!)).toEqual(ofTheLaudo)
        await ok('entregarLaudo', { laudoId: laudo.id, recebedor: 'paciente' })
        expect(JSON.parse((await stream.next())!)).toEqual(ofTheLaudo)
      } finally {
        stream.close()
        await ok('salvarConfiguracoesLaudo', settings, 'admin')
      }
    })

    it('is for signed-in users: no token → 401, a TV panel → 403', async () => {
      const { t, ok, expectError } = tools()
      const anonymous = await t.request({ method: 'GET', path: DIA_EVENTOS_PATH })
      expectError(anonymous, 401, messages.unauthenticated)
      const created = await ok('criarPainel', { nome: `TV ${tag()}` }, 'admin')
      const { credencial } = await ok('parearPainel', { codigo: created.codigo })
      const panel = await t.request({
        method: 'GET',
        path: DIA_EVENTOS_PATH,
        headers: { authorization: `Bearer ${credencial}` },
      })
      expectError(panel, 403, messages.panelOnlyFeed)
    })
  })
}
