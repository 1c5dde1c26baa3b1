// The contract suite's cases for messages and printouts (contract/desk-paper.ts): the clinic's settings,
// 'Confirmações de amanhã' with 'aberto', the consent, and the receipt with the CPF partly hidden — the
// same checks on the msw mock and the server.
import { beforeAll, describe, expect, it } from 'vitest'
import { deskPaperCalls, LOGO_MAX_BYTES, messages } from '@contract'
import { agendamentoBody, future, pacienteBody, tag } from './fixtures'
import type { SuiteTools } from './front-desk-suite'
import type { ContractTarget } from './targets'

type PaperCall = keyof typeof deskPaperCalls
const someId = '5b0e5b55-6f4e-4a38-9d1c-2b4b8f1e7a10'

const validSettings = {
  nome: 'Clínica Boa Imagem',
  endereco: 'Rua das Acácias, 100 — Centro, Campinas/SP',
  telefone: '(19) 3232-1000',
  cnpj: '11.222.333/0001-81',
  logo: null,
  modeloMensagem: 'Olá, {nome}! {data} às {hora}. Responda 1 para confirmar ou 2 para remarcar.',
}

/** A real 2 × 2 PNG. */
const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWPgijrxH4QZYAwAR4QIrXJTjW0AAAAASUVORK5CYII='
const LOGO_URL = /^data:image\/(png|webp);base64,[A-Za-z0-9+/]+=*$/

/** Bad bodies of each call with a body: the answer is validationErrorBody on the call's schema. */
export const deskPaperBadBodies: Record<Exclude<PaperCall, 'configuracoesClinica'>, unknown[]> = {
  salvarConfiguracoesClinica: [
    {},
    { ...validSettings, cnpj: '11.222.333/0001-82' },
    { ...validSettings, cnpj: '11111111111111' },
    { ...validSettings, nome: '' },
    { ...validSettings, logo: 'data:image/gif;base64,R0lGOD' },
    { ...validSettings, logo: `data:image/png;base64,${'A'.repeat(70_000)}` },
    { ...validSettings, modeloMensagem: 'Olá {paciente}' },
    { ...validSettings, extra: 1 },
  ],
  salvarHorariosClinica: [
    {},
    { horarios: [] },
    { horarios: [{ dia: 7, inicio: '07:00', fim: '12:00' }] },
    { horarios: [{ dia: 1, inicio: '12:00', fim: '07:00' }] },
    {
      horarios: [
        { dia: 1, inicio: '07:00', fim: '12:00' },
        { dia: 1, inicio: '11:00', fim: '19:00' },
      ],
    },
  ],
  listConfirmacoes: [{}, { dia: '2026-02-30' }, { dia: 1 }],
  registrarWhatsappAberto: [{}, { id: 'x' }],
  comprovanteAgendamento: [{}, { id: 1 }],
}

export function defineDeskPaperCases(tools: () => SuiteTools): void {
  describe('messages and printouts', () => {
    let t: ContractTarget
    let ok: SuiteTools['ok']
    let send: SuiteTools['send']
    let expectError: SuiteTools['expectError']
    beforeAll(() => {
      ;({ t, ok, send, expectError } = tools())
    })

    async function booking(days: number, time: string, paciente: Record<string, unknown> = {}) {
      const medico = (await ok('registerMedico', { nome: `Doutor ${tag()}` }, 'admin')).medico
      const p = (await ok('registerPaciente', pacienteBody(t.users.staff.id, paciente))).paciente
      const a = (
        await ok('registerAgendamento', agendamentoBody(t.users.staff.id, p.id, medico.id, future(days, time)))
      ).agendamento
      return { paciente: p, agendamento: a }
    }

    it('settings: defaults before the first save; ADMIN saves (CNPJ digits kept), everyone reads', async () => {
      const before = (await ok('configuracoesClinica', undefined, 'staff')).configuracoes
      expect(before.modeloMensagem).toContain('{nome}')
      expectError(await send('salvarConfiguracoesClinica', validSettings, 'staff'), 403, messages.adminOnly)
      const saved = (await ok('salvarConfiguracoesClinica', { ...validSettings, logo: TINY_PNG }, 'admin'))
        .configuracoes
      // the server writes the logo anew from its pixels (server/clinic/logo-image.ts): a PNG or WebP data URL
      expect(saved).toEqual({
        ...validSettings,
        cnpj: '11222333000181',
        logo: expect.stringMatching(LOGO_URL),
        horarios: before.horarios,
      })
      expect((await ok('configuracoesClinica', undefined, 'staff')).configuracoes).toEqual(saved)
      // saving the settings again leaves the kept logo as it is
      expect(
        (await ok('salvarConfiguracoesClinica', { ...validSettings, logo: saved.logo }, 'admin')).configuracoes.logo,
      ).toBe(saved.logo)
    })

    it("the clinic's opening hours: the defaults, ADMIN saves them with a break, a settings save keeps them", async () => {
      const before = (await ok('configuracoesClinica', undefined, 'staff')).configuracoes.horarios
      expect(before.length).toBeGreaterThan(0)
      const horarios = [
        { dia: 1, inicio: '07:00', fim: '12:00' },
        { dia: 1, inicio: '13:00', fim: '19:00' },
        { dia: 6, inicio: '07:00', fim: '12:00' },
      ]
      expectError(await send('salvarHorariosClinica', { horarios }, 'staff'), 403, messages.adminOnly)
      try {
        const saved = (await ok('salvarHorariosClinica', { horarios }, 'admin')).configuracoes
        expect(saved.horarios).toEqual(horarios)
        const settings = (await ok('salvarConfiguracoesClinica', validSettings, 'admin')).configuracoes
        expect(settings.horarios).toEqual(horarios)
        const overlap = await send(
          'salvarHorariosClinica',
          { horarios: [...horarios, { dia: 1, inicio: '11:00', fim: '14:00' }] },
          'admin',
        )
        expect(overlap.status).toBe(400)
        expect(JSON.stringify(overlap.body)).toContain(messages.hoursOverlap)
        const empty = await send('salvarHorariosClinica', { horarios: [] }, 'admin')
        expect(JSON.stringify(empty.body)).toContain(messages.clinicHoursRequired)
        expect((await ok('configuracoesClinica', undefined, 'staff')).configuracoes.horarios).toEqual(horarios)
      } finally {
        await ok('salvarHorariosClinica', { horarios: before }, 'admin')
      }
    })

    it('a bad CNPJ, logo or placeholder is refused with its message', async () => {
      const cnpj = await send('salvarConfiguracoesClinica', { ...validSettings, cnpj: '11222333000182' }, 'admin')
      expect(cnpj.status).toBe(400)
      expect(cnpj.body.issues.cnpj._errors).toEqual([messages.cnpjInvalid])
      const big = await send(
        'salvarConfiguracoesClinica',
        { ...validSettings, logo: `data:image/png;base64,${'A'.repeat(66_000)}` },
        'admin',
      )
      expect(big.body.issues.logo._errors).toEqual([messages.logoTooLarge])
      // the exact cap (issue 35): 48 KB pass the check, one byte more does not
      const bytes = (n: number) => `data:image/png;base64,${btoa('\x89PNG\r\n\x1a\n'.padEnd(n, 'x'))}`
      const over = await send(
        'salvarConfiguracoesClinica',
        { ...validSettings, logo: bytes(LOGO_MAX_BYTES + 1) },
        'admin',
      )
      expect(over.body.issues.logo._errors).toEqual([messages.logoTooLarge])
      // what is not a PNG, JPEG or WebP is refused whatever its label: HTML, SVG, a PNG's first bytes alone
      for (const text of ['<html><script>alert(1)</script></html>', '<svg xmlns="http://www.w3.org/2000/svg"/>'])
        expectError(
          await send(
            'salvarConfiguracoesClinica',
            { ...validSettings, logo: `data:image/png;base64,${btoa(text)}` },
            'admin',
          ),
          400,
          messages.logoUnreadable,
        )
      const tpl = await send(
        'salvarConfiguracoesClinica',
        { ...validSettings, modeloMensagem: 'Oi {paciente}' },
        'admin',
      )
      expect(tpl.body.issues.modeloMensagem._errors).toEqual([
        messages.templateUnknownPlaceholder.replace('{p}', '{paciente}'),
      ])
    })

    it("a patient's consent defaults to true, is kept when an update leaves it out, and changes when sent", async () => {
      const p = (await ok('registerPaciente', pacienteBody(t.users.staff.id))).paciente
      expect(p.aceitaMensagens).toBe(true)
      const { userId: _u, ...fields } = pacienteBody(t.users.staff.id, { cpf: p.cpf, rg: p.rg, nome: p.nome })
      const off = (await ok('updatePaciente', { ...fields, id: p.id, aceitaMensagens: false })).paciente
      expect(off.aceitaMensagens).toBe(false)
      const kept = (await ok('updatePaciente', { ...fields, id: p.id })).paciente
      expect(kept.aceitaMensagens).toBe(false)
      const historico = (await ok('historicoPaciente', { id: p.id })).historico
      expect(historico.some((e) => e.fields.includes('aceitaMensagens'))).toBe(true)
    })

    it("confirmations: the day's appointments by time with phone and consent; 'aberto' records who and when", async () => {
      const days = 40
      const late = await booking(days, '15:30', { telefone: 1932321000 })
      const early = await booking(days, '08:15', { aceitaMensagens: false })
      const dia = future(days).slice(0, 10)
      const list = (await ok('listConfirmacoes', { dia })).confirmacoes
      const mine = list.filter((c) => [late, early].some((b) => b.agendamento.id === c.agendamento.id))
      expect(mine.map((c) => c.agendamento.id)).toEqual([early.agendamento.id, late.agendamento.id])
      expect(mine[0]!.paciente).toEqual({
        id: early.paciente.id,
        nome: early.paciente.nome,
        telefone: early.paciente.telefone,
        aceitaMensagens: false,
      })
      expect(mine.every((c) => c.aberto === null)).toBe(true)

      const opened = (await ok('registrarWhatsappAberto', { id: late.agendamento.id })).aberto
      expect(opened.por).toEqual({ id: t.users.staff.id, nome: t.users.staff.nome })
      expect(Math.abs(Date.parse(opened.em) - Date.now())).toBeLessThan(60_000)
      const again = (await ok('listConfirmacoes', { dia })).confirmacoes.find(
        (c) => c.agendamento.id === late.agendamento.id,
      )
      expect(again?.aberto).toEqual(opened)

      expectError(await send('registrarWhatsappAberto', { id: early.agendamento.id }), 409, messages.whatsappNoConsent)
      expectError(await send('registrarWhatsappAberto', { id: someId }), 404, messages.appointmentNotFound)
    })

    it('confirmations leave out cancelled appointments and keep confirmed ones', async () => {
      const days = 41
      const a = await booking(days, '09:00')
      const b = await booking(days, '10:00')
      await ok('moverStatus', { id: a.agendamento.id, versao: a.agendamento.versao, status: 'confirmado' })
      await ok('moverStatus', {
        id: b.agendamento.id,
        versao: b.agendamento.versao,
        status: 'cancelado',
        motivo: 'paciente',
      })
      const ids = (await ok('listConfirmacoes', { dia: future(days).slice(0, 10) })).confirmacoes.map(
        (c) => c.agendamento.id,
      )
      expect(ids).toContain(a.agendamento.id)
      expect(ids).not.toContain(b.agendamento.id)
    })

    it('the receipt carries the name and the CPF partly hidden, nothing else of the patient', async () => {
      const { paciente, agendamento } = await booking(42, '11:00')
      const receipt = await ok('comprovanteAgendamento', { id: agendamento.id })
      expect(receipt.paciente).toEqual({
        nome: paciente.nome,
        cpf: `***.${paciente.cpf.slice(3, 6)}.${paciente.cpf.slice(6, 9)}-**`,
      })
      expect(receipt.agendamento.id).toBe(agendamento.id)
      expect(JSON.stringify(receipt)).not.toContain(paciente.cpf)
      expectError(await send('comprovanteAgendamento', { id: someId }), 404, messages.appointmentNotFound)
    })
  })
}
