// The contract suite's cases for a booking's schedule (docs/decisions.md "Agenda and equipment"): durations
// that follow the catalogue, 'Próximos horários livres' for several modalities (one machine serving them
// all), and /agendamento/reagendar — the same checks on the msw mock and the server.
import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, clinicToday, messages, type Agendamento, type Equipamento } from '@contract'
import { agendamentoBody, future, pacienteBody, tag } from './fixtures'
import type { SuiteTools } from './front-desk-suite'

const someId = '5b0e5b55-6f4e-4a38-9d1c-2b4b8f1e7a10'

/** A function: contract-suite.ts imports this file, and `future` is not defined yet while it loads. */
export const agendaScheduleBadBodies = (): Record<string, unknown[]> => ({
  reagendar: [
    {},
    // equipamentoId is required (null: no machine)
    { ...agendamentoBody(someId, someId, someId, future(3)), id: someId },
    { ...agendamentoBody(someId, someId, someId, future(3)), id: someId, equipamentoId: 'x' },
    // two free-text exams last at least 30 minutes
    {
      ...agendamentoBody(someId, someId, someId, future(3), { exames: ['A', 'B'] }),
      id: someId,
      equipamentoId: null,
      duracaoMinutos: 20,
    },
    {
      ...agendamentoBody(someId, someId, someId, future(3)),
      id: someId,
      equipamentoId: null,
      sobrepor: true,
    },
  ],
})

export function defineAgendaScheduleCases(tools: () => SuiteTools): void {
  describe("a booking's schedule: catalogue durations, several modalities, reagendar", () => {
    let t: SuiteTools['t']
    let ok: SuiteTools['ok']
    let send: SuiteTools['send']
    let expectError: SuiteTools['expectError']
    let medicoId: string
    let outroId: string
    let pacienteId: string
    let machine: Equipamento
    let day: string
    beforeAll(async () => {
      ;({ t, ok, send, expectError } = tools())
      medicoId = (await ok('registerMedico', { nome: `Doutor ${tag()}` }, 'admin')).medico.id
      outroId = (await ok('registerMedico', { nome: `Doutora ${tag()}` }, 'admin')).medico.id
      pacienteId = (await ok('registerPaciente', pacienteBody(t.users.staff.id))).paciente.id
      // a Wednesday a few weeks ahead, away from the other agenda cases' day
      day = addDays(clinicToday(), 29)
      while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 3) day = addDays(day, 1)
      const horarios = [1, 2, 3, 4, 5].map((dia) => ({ dia, inicio: '07:00', fim: '19:00' }))
      machine = (await ok('registerEquipamento', { nome: `US-${tag(4)}`, modalidades: ['US'], horarios }, 'admin'))
        .equipamento
    })
    const at = (time: string, d = day) => `${d}T${time}:00.000Z`
    const body = (time: string, overrides: Record<string, unknown> = {}) => ({
      ...agendamentoBody(t.users.staff.id, pacienteId, medicoId, at(time)),
      equipamentoId: machine.id,
      duracaoMinutos: 30,
      ...overrides,
    })
    /** The reagendar body of a booking read now: its fields, its versao and the schedule. */
    const move = (a: Agendamento, overrides: Record<string, unknown> = {}) => ({
      ...agendamentoBody(t.users.staff.id, pacienteId, a.doutor.id, a.datahora),
      id: a.id,
      versao: a.versao,
      equipamentoId: a.equipamento?.id ?? null,
      duracaoMinutos: 30,
      ...overrides,
    })

    it("accepts a typed duration as short as the catalogue exams' sum, refuses one shorter on its field", async () => {
      const exames = await Promise.all(
        ['A', 'B'].map(
          async (letter) =>
            (
              await ok(
                'registerExame',
                { nome: `US curto ${letter} ${tag()}`, modalidade: 'US', duracao: 10, preparo: '' },
                'admin',
              )
            ).exame,
        ),
      )
      const catalogue = { exames: exames.map((e) => e.nome), exameIds: exames.map((e) => e.id) }
      // two 10-minute exams: 20 minutes, under the 15 per exam name a free-text booking counts
      const booked = (await ok('agendar', body('07:00', { ...catalogue, duracaoMinutos: 20 }))).agendamento
      expect(booked.fim).toBe(at('07:20'))
      const short = await send('agendar', body('11:00', { ...catalogue, duracaoMinutos: 15 }))
      expectError(short, 400, messages.durationTooShort)
      expect(short.body.issues.duracaoMinutos._errors).toEqual([messages.durationTooShort])
      // a free-text exam adds its 15 minutes to the catalogue's
      const mixed = await send(
        'agendar',
        body('11:00', { ...catalogue, exames: [...catalogue.exames, 'Laudo'], duracaoMinutos: 30 }),
      )
      expectError(mixed, 400, messages.durationTooShort)
      // the same minimum when the booking is moved
      const moved = await send('reagendar', move(booked, { ...catalogue, duracaoMinutos: 15 }))
      expectError(moved, 400, messages.durationTooShort)
    })

    it('searches free times on one machine serving every chosen modality, none when no machine does', async () => {
      const both = (
        await ok('registerEquipamento', { nome: `TC-MMG-${tag(4)}`, modalidades: ['TC', 'MMG'], horarios: [] }, 'admin')
      ).equipamento
      await ok('registerEquipamento', { nome: `TC-${tag(4)}`, modalidades: ['TC'], horarios: [] }, 'admin')
      const { equipamentos } = await ok('listEquipamentos')
      const serving = equipamentos.filter((e) => e.modalidades.includes('TC') && e.modalidades.includes('MMG'))
      const { horarios } = await ok('horariosLivres', {
        modalidades: ['TC', 'MMG'],
        duracaoMinutos: 30,
        desde: at('07:00'),
      })
      expect(horarios.length).toBeGreaterThan(0)
      expect(horarios.every((h) => serving.some((e) => e.id === h.equipamento.id))).toBe(true)
      expect(serving.map((e) => e.id)).toContain(both.id)
      // the specification-era single modality still works beside the list
      const single = await ok('horariosLivres', {
        modalidade: 'TC',
        modalidades: ['MMG'],
        duracaoMinutos: 30,
        desde: at('07:00'),
      })
      expect(single.horarios).toEqual(horarios)
      const none = await ok('horariosLivres', { modalidades: ['RM', 'DO'], duracaoMinutos: 30, desde: at('07:00') })
      expect(none.horarios).toEqual([])
      expectError(
        await send('horariosLivres', { modalidades: [], duracaoMinutos: 30, desde: at('07:00') }),
        400,
        messages.modalitiesRequired,
      )
    })

    it('moves a booking to a free time: its blocks move, the day version and the history change', async () => {
      const a = (await ok('agendar', body('08:00'))).agendamento
      await ok('agendar', body('09:00', { medicoId: outroId }))
      const versao = (await ok('versaoDia', { dia: day })).versao
      const moved = (await ok('reagendar', move(a, { datahora: at('10:00'), duracaoMinutos: 45 }))).agendamento
      expect(moved).toMatchObject({
        datahora: at('10:00'),
        fim: at('10:45'),
        equipamento: { id: machine.id, nome: machine.nome },
        versao: a.versao + 1,
      })
      const { agendamentos } = await ok('agenda', { de: day, dias: 1 })
      expect(agendamentos.filter((x) => x.id === a.id).map((x) => [x.datahora, x.fim])).toEqual([
        [at('10:00'), at('10:45')],
      ])
      expect((await ok('versaoDia', { dia: day })).versao).not.toBe(versao)
      const { historico } = await ok('historicoAgendamento', { id: a.id })
      expect(historico[0]).toMatchObject({ action: 'update' })
      expect(historico[0]!.fields).toEqual(expect.arrayContaining(['datahora', 'fim']))
      // without a duration, a move keeps the booking's own
      const kept = (await ok('reagendar', move(moved, { datahora: at('10:15'), duracaoMinutos: undefined })))
        .agendamento
      expect(kept).toMatchObject({ datahora: at('10:15'), fim: at('11:00') })
      // 08:00 is free again: another booking takes it
      await ok('agendar', body('08:00', { medicoId: outroId }))
    })

    it('refuses a move onto a taken time naming the machine, a stale versao, and hours without encaixe', async () => {
      const a = (await ok('agendar', body('12:00'))).agendamento
      await ok('agendar', body('13:00', { medicoId: outroId }))
      const taken = await send('reagendar', move(a, { datahora: at('13:15') }))
      expectError(taken, 409, `${machine.nome} ocupado das 13:00 às 13:30`)
      expectError(await send('reagendar', move(a, { versao: a.versao + 5 })), 409, messages.staleWrite)
      const late = await send('reagendar', move(a, { datahora: at('18:45') }))
      expectError(late, 409, `${machine.nome} fora do horário: atende qua das 07:00 às 19:00.`)
      expectError(
        await send('reagendar', move(a, { datahora: at('18:45'), encaixe: true }), 'staff'),
        403,
        messages.encaixeAdminOnly,
      )
      const encaixe = (await ok('reagendar', move(a, { datahora: at('18:45'), encaixe: true }), 'admin')).agendamento
      expect(encaixe).toMatchObject({ datahora: at('18:45'), encaixe: true })
      // kept where it is, an encaixe stays one when staff change its note
      const noted = (await ok('reagendar', move(encaixe, { datahora: at('18:45'), anotacao: 'Jejum.' }))).agendamento
      expect(noted).toMatchObject({ encaixe: true, anotacao: 'Jejum.' })
      // off the machine: no equipamento any more
      const off = (await ok('reagendar', move(noted, { datahora: at('13:15'), equipamentoId: null }))).agendamento
      expect(off).not.toHaveProperty('equipamento')
      expect(off).not.toHaveProperty('encaixe')
      expectError(await send('reagendar', move({ ...a, id: someId })), 404, messages.appointmentNotFound)
    })
  })
}
