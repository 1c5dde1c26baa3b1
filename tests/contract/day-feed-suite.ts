// The contract suite's cases for the day boards' live feed (issue 38 point 6, contract/day-feed.ts): a
// signed-in user's stream hears a booking and a status move as { dia, agendamentoId } and nothing
// personal; no token → 401, a panel's credential → 403 — the same on the mock and the server.
import { describe, expect, it } from 'vitest'
import { DIA_EVENTOS_PATH, DiaEvento, messages } from '@contract'
import { agendamentoBody, future, pacienteBody, tag } from './fixtures'
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
