// The contract suite's cases for issue 14 (docs/decisions.md, "Brazilian forms"): the patient's optional
// address fields and 'Nome social', and the wizard's early duplicate check — the same on every target.
import { beforeAll, describe, expect, it } from 'vitest'
import { formsCalls } from '@contract'
import { makeCpf, pacienteBody, tag } from './fixtures'
import type { SuiteTools } from './front-desk-suite'

const someId = '5b0e5b55-6f4e-4a38-9d1c-2b4b8f1e7a10'

/** Bad bodies of each call: the answer is validationErrorBody on the call's schema. */
export const formsBadBodies: Record<keyof typeof formsCalls, unknown[]> = {
  verificarCpf: [{}, { cpf: '123' }, { cpf: '529.982.247-25' }, { cpf: 52998224725 }, { cpf: '1', id: someId }],
  listMedicosDetalhes: [],
  listMedicosTratamentos: [],
  updateMedico: [
    {},
    { id: someId, tratamento: 'Prof.', crm: '', crmUf: '', especialidade: '' },
    { id: someId, tratamento: 'Dra.', crm: '12', crmUf: 'PE', especialidade: '' },
    { id: someId, tratamento: 'Dra.', crm: '123456', crmUf: '', especialidade: '' },
    { id: someId, tratamento: 'Dra.', crm: '123456', crmUf: 'XX', especialidade: '' },
    { id: someId, tratamento: 'Dr.', crm: '', crmUf: '', especialidade: 'x'.repeat(81) },
    { id: someId, tratamento: 'Dr.', crm: '', crmUf: '', especialidade: '', nome: 'Outro' },
  ],
}

export function defineFormsCases(tools: () => SuiteTools): void {
  describe('Brazilian forms (issue 14)', () => {
    let t: SuiteTools['t']
    let ok: SuiteTools['ok']
    let send: SuiteTools['send']
    beforeAll(() => {
      ;({ t, ok, send } = tools())
    })

    it('CEP, Complemento and Nome social: optional, stored, kept when an update leaves them out', async () => {
      const plain = (await ok('registerPaciente', pacienteBody(t.users.staff.id))).paciente
      expect(plain).toMatchObject({ cep: '', complemento: '', nomesocial: '' })

      const body = pacienteBody(t.users.staff.id, {
        cep: '50050000',
        complemento: 'Apto 302',
        nomesocial: 'Joana Darc',
      })
      const paciente = (await ok('registerPaciente', body)).paciente
      expect(paciente).toMatchObject({ cep: '50050000', complemento: 'Apto 302', nomesocial: 'joana darc' })

      const { userId: _u, cep: _c, complemento: _k, nomesocial: _n, ...spec } = body as Record<string, unknown>
      const updated = (await ok('updatePaciente', { ...spec, id: paciente.id, bairro: 'Recife Antigo' })).paciente
      expect(updated).toMatchObject({ bairro: 'Recife Antigo', cep: '50050000', nomesocial: 'joana darc' })
      const cleared = (await ok('updatePaciente', { ...spec, id: paciente.id, cep: '', nomesocial: '' })).paciente
      expect(cleared).toMatchObject({ cep: '', complemento: 'Apto 302', nomesocial: '' })

      const badCep = await send('registerPaciente', pacienteBody(t.users.staff.id, { cep: '5005-000' }))
      expect(badCep.status).toBe(400)
      const badName = await send('registerPaciente', pacienteBody(t.users.staff.id, { nomesocial: 'Jo 2' }))
      expect(badName.status).toBe(400)
    })

    it('verificarcpf: livre, ativo with the patient, inativo with the patient for ADMIN only', async () => {
      expect(await ok('verificarCpf', { cpf: makeCpf() })).toEqual({ situacao: 'livre', paciente: null })

      const nome = `Rita ${tag()}`
      const paciente = (await ok('registerPaciente', pacienteBody(t.users.staff.id, { nome }))).paciente
      const active = { situacao: 'ativo', paciente: { id: paciente.id, nome: nome.toLowerCase() } }
      expect(await ok('verificarCpf', { cpf: paciente.cpf })).toEqual(active)

      await ok('deletePaciente', { id: paciente.id })
      expect(await ok('verificarCpf', { cpf: paciente.cpf })).toEqual({ situacao: 'inativo', paciente: null })
      expect(await ok('verificarCpf', { cpf: paciente.cpf }, 'admin')).toEqual({
        situacao: 'inativo',
        paciente: active.paciente,
      })
    })

    it("doctors: ADMIN keeps tratamento, CRM and specialty; the specification's calls still answer { id, nome }", async () => {
      const nome = `Ana ${tag()}`
      const medico = (await ok('registerMedico', { nome }, 'admin')).medico
      expect(medico).toEqual({ id: medico.id, nome: expect.any(String) })
      const blank = (await ok('listMedicosDetalhes', undefined, 'admin')).medicos.find((m) => m.id === medico.id)
      expect(blank).toEqual({ ...medico, tratamento: 'Dr.', crm: '', crmUf: '', especialidade: '', rqe: '' })

      const body = { id: medico.id, tratamento: 'Dra.', crm: ' 123456 ', crmUf: 'PE', especialidade: 'Radiologia' }
      const updated = (await ok('updateMedico', body, 'admin')).medico
      expect(updated).toEqual({
        ...medico,
        tratamento: 'Dra.',
        crm: '123456',
        crmUf: 'PE',
        especialidade: 'Radiologia',
        rqe: '',
      })
      expect((await ok('listMedicosDetalhes', undefined, 'admin')).medicos).toContainEqual(updated)
      // anyone signed in learns the tratamento alone, with the doctors listed by name
      const { tratamentos } = await ok('listMedicosTratamentos', undefined)
      expect(tratamentos).toContainEqual({ id: medico.id, tratamento: 'Dra.' })
      const { medicos } = await ok('listMedicos', undefined)
      expect(tratamentos.map((m) => m.id)).toEqual(medicos.map((m) => m.id))
      expect(tratamentos.every((m) => Object.keys(m).sort().join() === 'id,tratamento')).toBe(true)

      expect(await ok('findMedico', { id: medico.id })).toEqual({ medico })
      expect((await ok('listMedicos', undefined)).medicos).toContainEqual(medico)

      expect((await send('updateMedico', body)).status).toBe(403)
      expect((await send('listMedicosDetalhes', undefined)).status).toBe(403)
      expect((await send('updateMedico', { ...body, id: someId }, 'admin')).status).toBe(404)
    })
  })
}
