// The contract suite's cases for issue 35 (docs/decisions.md, "Closed doors"): a doctor's user writes only their
// own doctor's appointments, a payment is at most what remains to be paid and dated within the booking's
// window, received money is never deleted, and unique names clash on one key — the same answers from the
// server and the msw mock.
import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, clinicToday, messages, paymentAboveRemainingMessage, type Agendamento } from '@contract'
import { agendamentoBody, future, pacienteBody, tag } from './fixtures'
import type { SuiteTools } from './front-desk-suite'
import type { ContractTarget } from './targets'

export function defineClosedDoorsCases(tools: () => SuiteTools): void {
  describe('closed doors (issue 35)', () => {
    let t: ContractTarget
    let ok: SuiteTools['ok']
    let send: SuiteTools['send']
    let expectError: SuiteTools['expectError']
    let mine: string
    let other: string
    let pacienteId: string
    let token: string
    let slot = 0
    beforeAll(async () => {
      ;({ t, ok, send, expectError } = tools())
      mine = (await ok('registerMedico', { nome: `Doutor ${tag()}` }, 'admin')).medico.id
      other = (await ok('registerMedico', { nome: `Doutora ${tag()}` }, 'admin')).medico.id
      pacienteId = (await ok('registerPaciente', pacienteBody(t.users.staff.id))).paciente.id
      const email = `medico.${tag()}@clinica.local`
      await ok('registerUser', { nome: 'Doutor Vinculado', email, password: 'senha-forte-1', medicoId: mine }, 'admin')
      token = (await ok('login', { email, password: 'senha-forte-1' })).token
    })
    /** A fresh appointment 40 days ahead, at a time of its own. */
    async function fresh(medicoId: string, overrides: Record<string, unknown> = {}): Promise<Agendamento> {
      slot++
      const time = `${String(7 + Math.floor(slot / 4)).padStart(2, '0')}:${String((slot % 4) * 15).padStart(2, '0')}`
      return (
        await ok(
          'registerAgendamento',
          agendamentoBody(t.users.staff.id, pacienteId, medicoId, future(40, time), overrides),
        )
      ).agendamento
    }
    const asDoctor = (name: Parameters<ContractTarget['call']>[0], body: unknown) => t.call(name, body, token)
    const updateBody = (a: Agendamento, changes: Record<string, unknown> = {}) => ({
      ...agendamentoBody(t.users.staff.id, pacienteId, a.doutor.id, a.datahora),
      id: a.id,
      versao: a.versao,
      ...changes,
    })
    const payment = (a: Agendamento, valorIncents: number, data = clinicToday()) => ({
      agendamentoId: a.id,
      forma: 'pix',
      valorIncents,
      data,
    })

    it("a doctor's user: another doctor's appointments are refused on every write, their own are not", async () => {
      const theirs = await fresh(other)
      const refused = [
        await asDoctor('updateAgendamento', updateBody(theirs, { valorIncents: 1, estaPago: true })),
        await asDoctor('reagendar', { ...updateBody(theirs), equipamentoId: null }),
        await asDoctor('registrarPagamento', payment(theirs, 100)),
        await asDoctor('deleteAgendamento', { id: theirs.id }),
        await asDoctor(
          'registerAgendamento',
          agendamentoBody(t.users.staff.id, pacienteId, other, future(41, '08:00')),
        ),
        await asDoctor('agendar', agendamentoBody(t.users.staff.id, pacienteId, other, future(41, '09:00'))),
      ]
      for (const res of refused) expectError(res, 403, messages.appointmentNotYours)
      expect((await ok('findAgendamento', { id: theirs.id })).agendamento).toEqual(theirs)
      const own = await fresh(mine)
      expectError(
        await asDoctor('updateAgendamento', updateBody(own, { medicoId: other })),
        403,
        messages.appointmentNotYours,
      )
      expect((await asDoctor('updateAgendamento', updateBody(own, { valorIncents: 9_000 }))).status).toBe(200)
      expect((await asDoctor('deleteAgendamento', { id: own.id })).status).toBe(200)
    })

    it('a payment: at most what remains, within the booking’s days; paid or done is cancelled, not deleted', async () => {
      const a = await fresh(other, { valorIncents: 10_000 })
      expectError(await send('registrarPagamento', payment(a, 99_999_999)), 409, paymentAboveRemainingMessage(10_000))
      await ok('registrarPagamento', payment(a, 6_000))
      expectError(await send('registrarPagamento', payment(a, 4_001)), 409, paymentAboveRemainingMessage(4_000))
      expectError(await send('registrarPagamento', payment(a, 100, '0001-01-01')), 400, messages.paymentDateTooOld)
      expectError(
        await send('registrarPagamento', payment(a, 100, addDays(clinicToday(), -31))),
        409,
        messages.paymentDateBeforeBooking,
      )
      expectError(await send('deleteAgendamento', { id: a.id }, 'admin'), 409, messages.appointmentDeleteKept)
      const flagged = await fresh(other, { estaPago: true })
      expectError(await send('deleteAgendamento', { id: flagged.id }), 409, messages.appointmentDeleteKept)
      expect((await ok('findAgendamento', { id: a.id })).agendamento.id).toBe(a.id)
      await ok('deleteAgendamento', { id: (await fresh(other)).id })
    })

    it('unique names clash whatever their invisible characters, spaces, accents and case', async () => {
      expectError(
        await send('registerConvenio', { nome: 'Parti\u200bcular' }, 'admin'),
        409,
        messages.convenioNameTaken,
      )
      const nome = `Ressonância ${tag(6)}`
      await ok('registerExame', { nome, modalidade: 'RM', duracao: 30 }, 'admin')
      for (const twin of [
        nome.normalize('NFD'),
        nome.replace('â', 'a'),
        nome.replace(' ', '\u00a0'),
        nome.replace(' ', '  '),
      ])
        expectError(
          await send('registerExame', { nome: twin, modalidade: 'RM', duracao: 30 }, 'admin'),
          409,
          messages.exameNameTaken,
        )
      const ae = `A${tag(5)}`
      await ok('registerEquipamento', { nome, modalidades: ['RM'], horarios: [], aeTitle: ae }, 'admin')
      expectError(
        await send('registerEquipamento', { nome: nome.replace('â', 'a'), modalidades: ['RM'], horarios: [] }, 'admin'),
        409,
        messages.equipmentNameTaken,
      )
      expectError(
        await send(
          'registerEquipamento',
          { nome: `Sala ${tag()}`, modalidades: ['RM'], horarios: [], aeTitle: ae.toLowerCase() },
          'admin',
        ),
        409,
        messages.aeTitleTaken,
      )
    })
  })
}
