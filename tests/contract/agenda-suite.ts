// The contract suite's cases for the agenda (contract/agenda-calls.ts; docs/decisions.md "Agenda and
// equipment"): equipment hours and blocks, the overlap rule with its named messages, the encaixe, the
// free-time search, and the specification's calls unchanged — the same checks on the msw mock and the server.
import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, clinicToday, messages, type Agendamento, type Equipamento } from '@contract'
import { agendamentoBody, future, pacienteBody, tag } from './fixtures'
import type { SuiteTools } from './front-desk-suite'

const someId = '5b0e5b55-6f4e-4a38-9d1c-2b4b8f1e7a10'

/** A function: contract-suite.ts imports this file, and `future` is not defined yet while it loads. */
export const agendaBadBodies = (): Record<string, unknown[]> => ({
  registerEquipamento: [
    {},
    { nome: 'US-1', modalidades: [], horarios: [] },
    { nome: 'US-1', modalidades: ['XX'], horarios: [] },
    { nome: 'US-1', modalidades: ['US'], horarios: [{ dia: 7, inicio: '07:00', fim: '19:00' }] },
    { nome: 'US-1', modalidades: ['US'], horarios: [{ dia: 1, inicio: '19:00', fim: '07:00' }] },
    // issue 19: AE titles by DICOM's rules (at most 16 characters, no backslash)
    { nome: 'US-1', modalidades: ['US'], horarios: [], aeTitle: 'US\\1' },
    { nome: 'US-1', modalidades: ['US'], horarios: [], aeTitle: 'A'.repeat(17) },
  ],
  updateEquipamento: [{}, { id: 'x', nome: 'US-1', modalidades: ['US'], horarios: [] }],
  registerBloqueio: [
    {},
    { equipamentoId: someId, inicio: future(3, '12:00'), fim: future(3, '08:00'), motivo: 'Manutenção' },
    { equipamentoId: someId, inicio: future(3, '08:00'), fim: future(3, '12:00'), motivo: '' },
  ],
  // issue 34: the same body as registerBloqueio, asking which bookings it would cover
  bloqueioAgendamentos: [
    {},
    { equipamentoId: someId, inicio: future(3, '12:00'), fim: future(3, '08:00'), motivo: 'Manutenção' },
  ],
  deleteBloqueio: [{}, { id: 'x' }],
  medicoHorarios: [{}, { medicoId: someId, horarios: [{ dia: 1, inicio: '7h', fim: '12:00' }] }],
  agendar: [{}, { datahora: future(3) }],
  agenda: [{}, { de: '2026-02-30', dias: 1 }, { de: clinicToday(), dias: 0 }, { de: clinicToday(), dias: 9 }],
  horariosLivres: [
    {},
    { modalidade: 'XX', duracaoMinutos: 30, desde: future(1) },
    { modalidade: 'US', duracaoMinutos: 2, desde: future(1) },
  ],
})

export function defineAgendaCases(tools: () => SuiteTools): void {
  describe('the agenda and its equipment', () => {
    let t: SuiteTools['t']
    let ok: SuiteTools['ok']
    let send: SuiteTools['send']
    let expectError: SuiteTools['expectError']
    let medicoId: string
    let medicoNome: string
    let outroId: string
    let pacienteId: string
    let us1: Equipamento
    // a weekday a few weeks ahead, so that 'today' and the hours never meet
    let day: string
    beforeAll(async () => {
      ;({ t, ok, send, expectError } = tools())
      medicoNome = `Doutor ${tag()}`
      medicoId = (await ok('registerMedico', { nome: medicoNome }, 'admin')).medico.id
      outroId = (await ok('registerMedico', { nome: `Doutora ${tag()}` }, 'admin')).medico.id
      pacienteId = (await ok('registerPaciente', pacienteBody(t.users.staff.id))).paciente.id
      day = addDays(clinicToday(), 21)
      while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 2) day = addDays(day, 1)
      const horarios = [1, 2, 3, 4, 5].map((dia) => ({ dia, inicio: '07:00', fim: '19:00' }))
      us1 = (await ok('registerEquipamento', { nome: `US-${tag(4)}`, modalidades: ['US'], horarios }, 'admin'))
        .equipamento
    })
    const at = (time: string, d = day) => `${d}T${time}:00.000Z`
    const body = (time: string, overrides: Record<string, unknown> = {}) => ({
      ...agendamentoBody(t.users.staff.id, pacienteId, medicoId, at(time)),
      equipamentoId: us1.id,
      duracaoMinutos: 30,
      ...overrides,
    })

    it('keeps equipment for ADMIN only, with unique names', async () => {
      const res = await send('registerEquipamento', { nome: 'X', modalidades: ['RX'], horarios: [] }, 'staff')
      expect(res.status).toBe(403)
      const again = await send(
        'registerEquipamento',
        { nome: us1.nome.toLowerCase(), modalidades: ['US'], horarios: [] },
        'admin',
      )
      expectError(again, 409, messages.equipmentNameTaken)
      const renamed = await ok('updateEquipamento', { ...us1, nome: `${us1.nome}b` }, 'admin')
      expect(renamed.equipamento.nome).toBe(`${us1.nome}b`)
      us1 = (await ok('updateEquipamento', us1, 'admin')).equipamento
      const { equipamentos } = await ok('listEquipamentos')
      expect(equipamentos.find((e) => e.id === us1.id)).toEqual(us1)
    })

    it("moves the day's version when a machine booked that day is renamed: open boards reload for the new name", async () => {
      const nextWeek = addDays(day, 7)
      const booked = (await ok('agendar', body('09:00', { datahora: at('09:00', nextWeek) }))).agendamento
      const before = (await ok('versaoDia', { dia: nextWeek })).versao
      const original = us1
      const renamed = (await ok('updateEquipamento', { ...us1, nome: `${us1.nome}r` }, 'admin')).equipamento
      expect((await ok('versaoDia', { dia: nextWeek })).versao).not.toBe(before)
      const { agendamentos } = await ok('agenda', { de: nextWeek, dias: 1 })
      expect(agendamentos.find((a) => a.id === booked.id)?.equipamento).toEqual({ id: us1.id, nome: renamed.nome })
      us1 = (await ok('updateEquipamento', original, 'admin')).equipamento
    })

    it('keeps an AE title beside the name (issue 19): unique, by DICOM rules; ADMIN reads the DICOM events', async () => {
      const aeTitle = `AE${tag(6)}`.toUpperCase()
      const made = await ok(
        'registerEquipamento',
        { nome: `RX-${tag(4)}`, modalidades: ['RX'], horarios: [], aeTitle },
        'admin',
      )
      expect(made.equipamento.aeTitle).toBe(aeTitle)
      const taken = await send(
        'registerEquipamento',
        { nome: `RX-${tag(4)}`, modalidades: ['RX'], horarios: [], aeTitle },
        'admin',
      )
      expectError(taken, 409, messages.aeTitleTaken)
      const bad = await send('updateEquipamento', { ...made.equipamento, aeTitle: 'A'.repeat(17) }, 'admin')
      expectError(bad, 400, messages.aeTitleInvalid)
      // an update without aeTitle keeps it; '' removes it
      const { aeTitle: _kept, ...withoutAe } = made.equipamento
      expect((await ok('updateEquipamento', withoutAe, 'admin')).equipamento.aeTitle).toBe(aeTitle)
      expect((await ok('updateEquipamento', { ...withoutAe, aeTitle: '' }, 'admin')).equipamento.aeTitle).toBeNull()
      const { equipamentos } = await ok('listEquipamentos')
      expect(equipamentos.find((e) => e.id === us1.id)?.aeTitle).toBeNull()

      expect((await send('dicomEventos', undefined, 'staff')).status).toBe(403)
      const { eventos } = await ok('dicomEventos', undefined, 'admin')
      expect(Array.isArray(eventos)).toBe(true)
    })

    it('lets ADMIN allow a machine to read other machines’ worklists (issue 35): off unless set, kept when absent', async () => {
      const made = (
        await ok('registerEquipamento', { nome: `RX-${tag(4)}`, modalidades: ['RX'], horarios: [] }, 'admin')
      ).equipamento
      expect(made.leOutrasWorklists).toBe(false)
      const allowed = await ok('updateEquipamento', { ...made, leOutrasWorklists: true }, 'admin')
      expect(allowed.equipamento.leOutrasWorklists).toBe(true)
      const { leOutrasWorklists: _kept, ...without } = allowed.equipamento
      expect((await ok('updateEquipamento', without, 'admin')).equipamento.leOutrasWorklists).toBe(true)
      const { equipamentos } = await ok('listEquipamentos')
      expect(equipamentos.find((e) => e.id === made.id)?.leOutrasWorklists).toBe(true)
      expect((await send('updateEquipamento', { ...made, leOutrasWorklists: 'sim' }, 'admin')).status).toBe(400)
      expect((await send('updateEquipamento', { ...made, leOutrasWorklists: false }, 'staff')).status).toBe(403)
    })

    it('books US-1 08:00–08:30, refuses 08:15 naming US-1, accepts 08:30', async () => {
      const first = (await ok('agendar', body('08:00'))).agendamento
      expect(first).toMatchObject({
        datahora: at('08:00'),
        fim: at('08:30'),
        equipamento: { id: us1.id, nome: us1.nome },
      })
      const refused = await send('agendar', body('08:15', { medicoId: outroId }))
      expectError(refused, 409, `${us1.nome} ocupado das 08:00 às 08:30`)
      const second = (await ok('agendar', body('08:30', { medicoId: outroId }))).agendamento
      expect(second.fim).toBe(at('09:00'))
    })

    it("books the catalogue's exams on a machine: their copies kept, the booking as long as their durations", async () => {
      const exame = (
        await ok(
          'registerExame',
          { nome: `US ${tag()}`, modalidade: 'US', duracao: 40, preparo: 'Bexiga cheia.' },
          'admin',
        )
      ).exame
      const { equipamentoId: _e, duracaoMinutos: _d, ...plain } = body('16:00')
      const booked = (
        await ok('agendar', { ...plain, equipamentoId: us1.id, exames: ['Laudo extra'], exameIds: [exame.id] })
      ).agendamento
      // 40 minutes of the catalogue's exam + the default for the free-text one
      expect(booked.fim).toBe(at('16:55'))
      expect(booked.exames).toEqual([exame.nome, 'Laudo extra'])
      const { detalhes } = await ok('detalhesAgendamento', { id: booked.id })
      expect(detalhes.exames.map((e) => [e.nome, e.duracao, e.preparo])).toEqual([[exame.nome, 40, 'Bexiga cheia.']])
    })

    it("refuses a machine that does not serve the catalogue exams' modality, naming both", async () => {
      const rm = (
        await ok('registerExame', { nome: `RM ${tag()}`, modalidade: 'RM', duracao: 30, preparo: '' }, 'admin')
      ).exame
      const { duracaoMinutos: _d, ...plain } = body('17:30')
      const refused = await send('agendar', { ...plain, exames: [rm.nome], exameIds: [rm.id] })
      expectError(refused, 409, `${us1.nome} não atende RM, a modalidade dos exames escolhidos.`)
      const agenda = await ok('agenda', { de: day, dias: 1 })
      expect(agenda.agendamentos.some((a) => a.datahora === at('17:30'))).toBe(false)
      // without a machine the same exams book, as long as their duration
      const { equipamentoId: _e, ...noMachine } = plain
      const booked = await ok('agendar', { ...noMachine, exames: [rm.nome], exameIds: [rm.id] })
      expect(booked.agendamento.fim).toBe(at('18:00'))
    })

    it("refuses a doctor's overlap naming the doctor, through the specification's call too", async () => {
      await ok('agendar', body('10:00', { equipamentoId: undefined, duracaoMinutos: 45 }))
      const res = await send(
        'registerAgendamento',
        agendamentoBody(t.users.staff.id, pacienteId, medicoId, at('10:30')),
      )
      expectError(res, 409, `Dr. ${medicoNome} ocupado das 10:00 às 10:45`)
      // issue 34: a woman doctor is 'Dra.' in the refusal too, once ADMIN says so
      const detalhes = { id: medicoId, tratamento: 'Dra.', crm: '', crmUf: '', especialidade: '' }
      await ok('updateMedico', detalhes, 'admin')
      const again = await send(
        'registerAgendamento',
        agendamentoBody(t.users.staff.id, pacienteId, medicoId, at('10:30')),
      )
      expectError(again, 409, `Dra. ${medicoNome} ocupado das 10:00 às 10:45`)
      await ok('updateMedico', { ...detalhes, tratamento: 'Dr.' }, 'admin')
      const exact = await send(
        'registerAgendamento',
        agendamentoBody(t.users.staff.id, pacienteId, medicoId, at('10:00')),
      )
      expectError(exact, 409, messages.slotTaken)
    })

    it('refuses a duration shorter than its exams', async () => {
      const res = await send('agendar', body('12:00', { duracaoMinutos: 15, exames: ['A', 'B'] }))
      expect(res.status).toBe(400)
      expect(JSON.stringify(res.body)).toContain(messages.durationTooShort)
    })

    it('refuses outside hours and inside a block with the reason; ADMIN encaixes', async () => {
      const outside = await send('agendar', body('19:00'))
      expectError(outside, 409, `${us1.nome} fora do horário: atende ter das 07:00 às 19:00.`)
      const { bloqueio } = await ok(
        'registerBloqueio',
        // confirmar: an earlier case may have booked this afternoon; covering bookings is asked elsewhere
        { equipamentoId: us1.id, inicio: at('13:00'), fim: at('23:59'), motivo: 'Manutenção', confirmar: true },
        'admin',
      )
      const blocked = await send('agendar', body('14:00'))
      const [y, m, d] = day.split('-')
      expectError(blocked, 409, `${us1.nome} em manutenção até ${d}/${m}/${y}`)
      expectError(await send('agendar', body('14:00', { encaixe: true }), 'staff'), 403, messages.encaixeAdminOnly)
      const encaixe = (await ok('agendar', body('14:00', { encaixe: true }), 'admin')).agendamento
      expect(encaixe.encaixe).toBe(true)
      // an encaixe never overrides the overlap rule without its own confirmation
      const over = await send('agendar', body('14:15', { encaixe: true, medicoId: outroId }), 'admin')
      expectError(over, 409, `${us1.nome} ocupado das 14:00 às 14:30`)
      const both = await ok('agendar', body('14:15', { encaixe: true, sobrepor: true, medicoId: outroId }), 'admin')
      expect(both.agendamento.encaixe).toBe(true)
      const { agendamentos, bloqueios } = await ok('agenda', { de: day, dias: 1 })
      expect(bloqueios.map((b) => b.id)).toContain(bloqueio.id)
      expect(agendamentos.find((a) => a.id === encaixe.id)).toMatchObject({ encaixe: true, status: 'agendado' })
      expect(await ok('deleteBloqueio', { id: bloqueio.id }, 'admin')).toEqual({ ok: true })
    })

    it('lists the booked patients a block would cover and saves it over them only when confirmed (issue 34)', async () => {
      const later = addDays(day, 7)
      const covered = (await ok('agendar', body('10:00', { datahora: at('10:00', later) }))).agendamento
      await ok('agendar', body('12:00', { datahora: at('12:00', later) }))
      const block = { equipamentoId: us1.id, inicio: at('09:30', later), fim: at('11:00', later), motivo: 'Quebrou' }
      const blocksOfUs1 = async () =>
        (await ok('listEquipamentos', undefined)).bloqueios.filter((b) => b.equipamentoId === us1.id).length
      const before = await blocksOfUs1()

      expect((await send('bloqueioAgendamentos', block, 'staff')).status).toBe(403)
      const asked = await ok('bloqueioAgendamentos', block, 'admin')
      expect(asked.agendamentos).toHaveLength(1)
      expect(asked.agendamentos[0]).toMatchObject({
        id: covered.id,
        datahora: at('10:00', later),
        paciente: { id: pacienteId, nome: covered.paciente.nome },
        exames: covered.exames,
        equipamento: { id: us1.id, nome: us1.nome },
      })
      expectError(
        await send('registerBloqueio', block, 'admin'),
        409,
        'Este bloqueio cobre 1 agendamento. Confirme para bloquear mesmo assim.',
      )
      expect(await blocksOfUs1()).toBe(before)

      const saved = await ok('registerBloqueio', { ...block, confirmar: true }, 'admin')
      expect(saved.agendamentos.map((a) => a.id)).toEqual([covered.id])
      expect(await blocksOfUs1()).toBe(before + 1)
      // nothing booked there: saved without asking
      const free = { ...block, inicio: at('13:00', later), fim: at('14:00', later) }
      expect((await ok('bloqueioAgendamentos', free, 'admin')).agendamentos).toEqual([])
      const plain = await ok('registerBloqueio', free, 'admin')
      expect(plain.agendamentos).toEqual([])
      await ok('deleteBloqueio', { id: saved.bloqueio.id }, 'admin')
      await ok('deleteBloqueio', { id: plain.bloqueio.id }, 'admin')
    })

    it("never offers a free time inside the clinic's lunch break (issue 34)", async () => {
      const before = (await ok('configuracoesClinica', undefined, 'staff')).configuracoes.horarios
      const horarios = [1, 2, 3, 4, 5, 6].flatMap((dia) => [
        { dia, inicio: '07:00', fim: '12:00' },
        { dia, inicio: '13:00', fim: '19:00' },
      ])
      const later = addDays(day, 14)
      try {
        await ok('salvarHorariosClinica', { horarios }, 'admin')
        const { horarios: livres } = await ok('horariosLivres', {
          modalidade: 'US',
          duracaoMinutos: 30,
          desde: at('12:00', later),
          medicoId,
        })
        // from noon, the first free times are after the break, at 13:00
        expect(livres.length).toBeGreaterThan(0)
        expect(livres[0]!.datahora).toBe(at('13:00', later))
        for (const h of livres) expect(h.datahora >= at('13:00', later), h.datahora).toBe(true)
      } finally {
        await ok('salvarHorariosClinica', { horarios: before }, 'admin')
      }
    })

    it('keeps the specification’s answers: the default duration and no machine', async () => {
      const a: Agendamento = (
        await ok('registerAgendamento', agendamentoBody(t.users.staff.id, pacienteId, outroId, at('16:00')))
      ).agendamento
      expect(a).not.toHaveProperty('fim')
      expect(a).not.toHaveProperty('equipamento')
      const { agendamentos } = await ok('agenda', { de: day, dias: 1 })
      expect(agendamentos.find((x) => x.id === a.id)).toMatchObject({ fim: at('16:15'), equipamento: null })
    })

    it('writes each appointment of the agenda as the day’s list writes it, to the millisecond', async () => {
      // the server's agenda comes from PostgreSQL as JSON text, the day's list through Node: same instants
      const odd = (
        await ok('registerAgendamento', agendamentoBody(t.users.staff.id, pacienteId, outroId, `${day}T17:05:01.234Z`))
      ).agendamento
      const { agendamentos } = await ok('agenda', { de: day, dias: 1 })
      const list = (await ok('listAgendamentosBetweenDate', { datainicior: at('00:00'), datafimr: at('23:59') }))
        .agendamentos
      expect(agendamentos.find((a) => a.id === odd.id)).toMatchObject({
        datahora: odd.datahora,
        fim: new Date(Date.parse(odd.datahora) + 15 * 60_000).toISOString(),
        paciente: odd.paciente,
        doutor: odd.doutor,
        equipamento: null,
        exames: odd.exames,
        encaixe: false,
      })
      expect(odd.datahora).toBe(`${day}T17:05:01.234Z`)
      const byId = new Map(list.map((a) => [a.id, a]))
      expect(agendamentos.length).toBeGreaterThan(1)
      for (const item of agendamentos) {
        const listed = byId.get(item.id)
        expect(listed).toBeDefined()
        expect(item).toMatchObject({ datahora: listed!.datahora, paciente: listed!.paciente, doutor: listed!.doutor })
      }
    })

    it("answers the next free times of a modality, skipping what is taken, and honours doctors' hours", async () => {
      await ok('medicoHorarios', { medicoId: outroId, horarios: [{ dia: 2, inicio: '07:00', fim: '12:00' }] }, 'admin')
      const { horarios } = await ok('horariosLivres', {
        modalidade: 'US',
        duracaoMinutos: 30,
        desde: at('07:45'),
        medicoId: outroId,
      })
      expect(horarios.length).toBeGreaterThan(0)
      // 08:00–09:00 is US-1's (and 08:30–09:00 this doctor's): the first free time is 09:00 on US-1 or another US
      const first = horarios[0]!
      expect(first.datahora >= at('07:45')).toBe(true)
      for (const h of horarios) expect(h.medico.id).toBe(outroId)
      const onUs1 = horarios.filter((h) => h.equipamento.id === us1.id && h.datahora.startsWith(day))
      for (const h of onUs1) expect(h.datahora < at('08:00') || h.datahora >= at('09:00')).toBe(true)
      expect(horarios.every((h) => !h.datahora.startsWith(day) || h.fim <= at('12:00'))).toBe(true)
      const hours = await send('agendar', body('12:00', { medicoId: outroId, equipamentoId: undefined }))
      expectError(
        hours,
        409,
        `Dr. ${(await ok('findMedico', { id: outroId })).medico.nome} fora do horário: atende ter das 07:00 às 12:00.`,
      )
    })

    // issue 34 (docs/decisions.md "Opening hours")
    it("never offers a free time in the past nor outside the clinic's hours, for a machine without hours", async () => {
      const machine = (
        await ok('registerEquipamento', { nome: `DO-${tag(4)}`, modalidades: ['DO'], horarios: [] }, 'admin')
      ).equipamento
      const doctor = (await ok('registerMedico', { nome: `Doutor ${tag()}` }, 'admin')).medico.id
      // 10:07 at the clinic on `day` (a Tuesday): the real instant is 3 hours later
      t.setClock!(new Date(Date.parse(at('10:07')) + 3 * 3_600_000))
      try {
        const { horarios } = await ok('horariosLivres', {
          modalidade: 'DO',
          duracaoMinutos: 30,
          desde: at('00:00'),
          medicoId: doctor,
        })
        expect(horarios[0]).toMatchObject({ datahora: at('10:15'), equipamento: { id: machine.id } })
        for (const h of horarios) {
          const weekday = new Date(h.datahora).getUTCDay()
          expect(weekday >= 1 && weekday <= 5).toBe(true)
          expect(h.datahora.slice(11, 16) >= '07:00' && h.fim.slice(11, 16) <= '20:00').toBe(true)
        }
      } finally {
        t.setClock!(undefined)
      }
    })

    it("agendar refuses a time the clinic is closed, naming its hours; the specification's register books it", async () => {
      const sunday = addDays(day, 5)
      const closed = await send('agendar', body('09:00', { datahora: at('09:00', sunday), equipamentoId: undefined }))
      expectError(closed, 409, 'A clínica não abre dom.')
      const early = await send('agendar', body('06:00', { equipamentoId: undefined, medicoId: outroId }))
      expectError(early, 409, 'Fora do horário da clínica: atende ter das 07:00 às 20:00.')
      const spec = await ok(
        'registerAgendamento',
        agendamentoBody(t.users.staff.id, pacienteId, medicoId, at('09:00', sunday)),
      )
      expect(spec.agendamento.datahora).toBe(at('09:00', sunday))
    })
  })
}
