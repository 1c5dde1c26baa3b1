// Every /paciente call and PUT /pacientes/ativar.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addDays, clinicToday, messages, PAGE_SIZE, type Paciente } from '@contract'
import { pacientes } from '../../server/db/schema'
import { toNomeBusca } from '../../server/repositories/pacientes'
import { createTestApp, type TestApp } from '../support/api-app'
import {
  call,
  createAgendamento,
  createMedico,
  createPaciente,
  expectError,
  expectStatus,
  makeCpf,
  nextSerial,
  pacienteBody,
  UNKNOWN_ID,
} from './helpers'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.close()
})

type List = { pacientes: Paciente[] }

describe('POST /paciente/register', () => {
  it('creates an active patient, name lowercased, 201 { paciente }', async () => {
    const body = pacienteBody(t, { nome: 'Conceição Araújo', email: 'Conceicao@Example.com', cpf: '01234567890' })
    const response = await call(t, 'registerPaciente', 'staff', body)
    const { paciente } = expectStatus<{ paciente: Paciente }>(response, 201)
    expect(paciente).toMatchObject({
      nome: 'conceição araújo',
      cpf: '01234567890',
      rg: body.rg,
      datanascimento: '1985-03-04T00:00:00.000Z',
      email: 'conceicao@example.com',
      telefone: 71987654321,
      numeroendereco: 12,
      ativo: true,
      versao: 1,
    })
    const [row] = await t.db.select().from(pacientes).where(eq(pacientes.id, paciente.id))
    expect(row!.nomeBusca).toBe('conceicao araujo')
  })

  it('records the signed-in user as the creator, not the body userId', async () => {
    const paciente = await createPaciente(t, { userId: t.users.admin.id })
    expect(paciente.userId).toBe(t.users.staff.id)
  })

  it('refuses a CPF or an RG already used (409), by an inactive patient too', async () => {
    const first = await createPaciente(t)
    expectError(
      await call(t, 'registerPaciente', 'staff', pacienteBody(t, { cpf: first.cpf })),
      409,
      messages.patientAlreadyExists,
    )
    expectError(
      await call(t, 'registerPaciente', 'staff', pacienteBody(t, { rg: first.rg })),
      409,
      messages.patientAlreadyExists,
    )
    expectStatus(await call(t, 'deletePaciente', 'staff', { id: first.id }), 200)
    expectError(
      await call(t, 'registerPaciente', 'staff', pacienteBody(t, { cpf: first.cpf })),
      409,
      messages.patientAlreadyExists,
    )
    expectError(
      await call(t, 'registerPaciente', 'staff', pacienteBody(t, { rg: first.rg })),
      409,
      messages.patientAlreadyExists,
    )
  })

  it('of two simultaneous registrations with one CPF, one wins (201) and one gets 409', async () => {
    const cpf = makeCpf(nextSerial())
    const [a, b] = await Promise.all([
      call(t, 'registerPaciente', 'staff', pacienteBody(t, { cpf })),
      call(t, 'registerPaciente', 'staff', pacienteBody(t, { cpf })),
    ])
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409])
  })

  it('answers missing fields with the create sentence and Obrigatório* per field', async () => {
    const { bairro: _b, telefone: _t, ...rest } = pacienteBody(t)
    const body = expectError(
      await call(t, 'registerPaciente', 'staff', rest),
      400,
      messages.patientMissingFieldsOnCreate,
    )
    expect(body.issues).toMatchObject({
      bairro: { _errors: [messages.required] },
      telefone: { _errors: [messages.required] },
    })
    expectError(await call(t, 'registerPaciente', 'staff', {}), 400, messages.patientMissingFieldsOnCreate)
  })

  it.each([
    ['a name with digits', { nome: 'Maria 2' }, 'nome', messages.nameLettersOnly],
    ['a CPF with wrong check digits', { cpf: '52998224724' }, 'cpf', messages.cpfInvalid],
    ['a CPF of repeated digits', { cpf: '11111111111' }, 'cpf', messages.cpfInvalid],
    ['a formatted CPF', { cpf: '529.982.247-25' }, 'cpf', messages.cpfRgDigitsOnly],
    ['an RG with letters', { rg: '12a45678' }, 'rg', messages.cpfRgDigitsOnly],
    [
      'a birth date in the future',
      { datanascimento: '2999-01-01T00:00:00.000Z' },
      'datanascimento',
      messages.birthDateInvalid,
    ],
    ['a birth date that is not ISO', { datanascimento: '04/03/1985' }, 'datanascimento', messages.birthDateInvalid],
    ['an unknown marital status', { estadocivil: 'noivo' }, 'estadocivil', messages.optionInvalid],
    ['a phone as text', { telefone: '71987654321' }, 'telefone', undefined],
    ['a phone without area code', { telefone: 987654321 }, 'telefone', messages.phoneInvalid],
    ['a fractional address number', { numeroendereco: 1.5 }, 'numeroendereco', messages.addressNumberInvalid],
    ['a negative address number', { numeroendereco: -1 }, 'numeroendereco', messages.addressNumberInvalid],
    ['an invalid e-mail', { email: 'maria@' }, 'email', messages.emailInvalid],
    ['a non-uuid userId', { userId: 'abc' }, 'userId', messages.idInvalid],
    ['a huge phone number', { telefone: 1e300 }, 'telefone', messages.phoneInvalid],
  ])('refuses %s (400)', async (_label, overrides, field, message) => {
    const body = expectError(await call(t, 'registerPaciente', 'staff', pacienteBody(t, overrides)), 400)
    const issues = body.issues as Record<string, { _errors: string[] }>
    expect(issues[field]?._errors.length).toBeGreaterThan(0)
    if (message) expect(issues[field]!._errors).toContain(message)
  })

  it('refuses unknown keys (400)', async () => {
    expectError(await call(t, 'registerPaciente', 'staff', pacienteBody(t, { ativo: false })), 400)
    expectError(await call(t, 'registerPaciente', 'staff', pacienteBody(t, { id: UNKNOWN_ID })), 400)
  })

  it('stores SQL and HTML as plain text', async () => {
    const paciente = await createPaciente(t, {
      profissao: "'); drop table pacientes; --",
      endereco: '<script>alert(1)</script>',
    })
    const { paciente: read } = expectStatus<{ paciente: Paciente }>(
      await call(t, 'findPaciente', 'staff', { id: paciente.id }),
      200,
    )
    expect(read.profissao).toBe("'); drop table pacientes; --")
    expect(read.endereco).toBe('<script>alert(1)</script>')
  })
})

describe('lists and searches', () => {
  let listing: TestApp
  beforeAll(async () => {
    listing = await createTestApp()
  })
  afterAll(async () => {
    await listing?.close()
  })

  it('pages of 20 ordered by name: 21 patients → 20, 1, []', async () => {
    // created in reverse order; an accented name must sort as its base letter (before 'zeca')
    const names = [
      'Paciente Zeca',
      'Paciente Úrsula',
      ...Array.from({ length: 19 }, (_, i) => `Paciente ${String.fromCharCode(97 + (18 - i))}`),
    ]
    for (const nome of names) await createPaciente(listing, { nome })
    const page1 = expectStatus<List>(await call(listing, 'listPacientes', 'staff', { page: 1 }), 200).pacientes
    const page2 = expectStatus<List>(await call(listing, 'listPacientes', 'staff', { page: 2 }), 200).pacientes
    const page3 = expectStatus<List>(await call(listing, 'listPacientes', 'staff', { page: 3 }), 200).pacientes
    expect(page1).toHaveLength(PAGE_SIZE)
    expect(page2).toHaveLength(1)
    expect(page3).toEqual([])
    const all = [...page1, ...page2].map((p) => p.nome)
    const expected = names
      .map((n) => n.toLowerCase())
      .sort((a, b) => (toNomeBusca(a) < toNomeBusca(b) ? -1 : toNomeBusca(a) > toNomeBusca(b) ? 1 : 0))
    expect(all).toEqual(expected)
    expect(all.slice(-3)).toEqual(['paciente s', 'paciente úrsula', 'paciente zeca'])
  })

  it('leaves inactive patients out of listAll, search, findbycpf and findbyrg; findbyid still answers', async () => {
    const gone = await createPaciente(listing, { nome: 'Zulmira Inativa' })
    expectStatus(await call(listing, 'deletePaciente', 'staff', { id: gone.id }), 200)
    const all: Paciente[] = []
    for (let page = 1; page <= 3; page++)
      all.push(...expectStatus<List>(await call(listing, 'listPacientes', 'staff', { page }), 200).pacientes)
    expect(all.map((p) => p.id)).not.toContain(gone.id)
    expect(
      expectStatus<List>(await call(listing, 'findPacientesByNome', 'staff', { nomer: 'zulmira', page: 1 }), 200)
        .pacientes,
    ).toEqual([])
    expectError(await call(listing, 'findPacienteByCpf', 'staff', { cpf: gone.cpf }), 404, messages.patientNotFound)
    expectError(await call(listing, 'findPacienteByRg', 'staff', { rg: gone.rg }), 404, messages.patientNotFound)
    const read = expectStatus<{ paciente: Paciente }>(
      await call(listing, 'findPaciente', 'staff', { id: gone.id }),
      200,
    ).paciente
    expect(read.ativo).toBe(false)
    const inativos = expectStatus<List>(
      await call(listing, 'listPacientesInativos', 'admin', { page: 1 }),
      200,
    ).pacientes
    expect(inativos.map((p) => p.id)).toEqual([gone.id])
  })

  it('findbynome matches inside the name ignoring case and accents', async () => {
    const conceicao = await createPaciente(listing, { nome: 'Conceição Araújo' })
    await createPaciente(listing, { nome: 'João Conceicao' })
    await createPaciente(listing, { nome: 'Pedro Alves' })
    const search = async (nomer: string) =>
      expectStatus<List>(await call(listing, 'findPacientesByNome', 'staff', { nomer, page: 1 }), 200).pacientes.map(
        (p) => p.nome,
      )
    expect(await search('conceicao')).toEqual(['conceição araújo', 'joão conceicao'])
    expect(await search('CONCEIÇÃO')).toEqual(['conceição araújo', 'joão conceicao'])
    expect(await search('araujo')).toEqual(['conceição araújo'])
    expect(await search('ção ara')).toEqual(['conceição araújo'])
    expect(await search('  pedro ')).toEqual(['pedro alves'])
    expect(await search('xyz')).toEqual([])
    expect(
      (await call(listing, 'findPacientesByNome', 'staff', { nomer: 'conceicao', page: 1 })).json<List>().pacientes[0]!
        .id,
    ).toBe(conceicao.id)
  })

  it('findbynome takes LIKE wildcards literally', async () => {
    const search = async (nomer: string) =>
      expectStatus<List>(await call(listing, 'findPacientesByNome', 'staff', { nomer, page: 1 }), 200).pacientes
    expect(await search('%')).toEqual([])
    expect(await search('_')).toEqual([])
    expect(await search('\\')).toEqual([])
    expect(await search('p%o')).toEqual([])
  })

  it('findbynome pages like listAll', async () => {
    const page1 = expectStatus<List>(
      await call(listing, 'findPacientesByNome', 'staff', { nomer: 'paciente', page: 1 }),
      200,
    ).pacientes
    const page2 = expectStatus<List>(
      await call(listing, 'findPacientesByNome', 'staff', { nomer: 'paciente', page: 2 }),
      200,
    ).pacientes
    expect(page1).toHaveLength(20)
    expect(page2).toHaveLength(1)
  })

  it('findbycpf and findbyrg find an active patient, 404 otherwise', async () => {
    // leading zeros are kept
    const cpf = makeCpf(1_234_567)
    expect(cpf.startsWith('00')).toBe(true)
    const p = await createPaciente(listing, { cpf })
    expect(
      expectStatus<{ paciente: Paciente }>(await call(listing, 'findPacienteByCpf', 'staff', { cpf }), 200).paciente.id,
    ).toBe(p.id)
    expect(
      expectStatus<{ paciente: Paciente }>(await call(listing, 'findPacienteByRg', 'staff', { rg: p.rg }), 200).paciente
        .id,
    ).toBe(p.id)
    expectError(await call(listing, 'findPacienteByCpf', 'staff', { cpf: '123' }), 404, messages.patientNotFound)
    expectError(await call(listing, 'findPacienteByRg', 'staff', { rg: '999' }), 404, messages.patientNotFound)
    expectError(await call(listing, 'findPacienteByCpf', 'staff', { cpf: '529.982' }), 400, messages.cpfRgDigitsOnly)
    expectError(await call(listing, 'findPacienteByRg', 'staff', { rg: 'abc' }), 400, messages.cpfRgDigitsOnly)
  })

  it('findbyid: 404 for an unknown id, 400 for a malformed one', async () => {
    expectError(await call(listing, 'findPaciente', 'staff', { id: UNKNOWN_ID }), 404, messages.patientNotFound)
    expectError(await call(listing, 'findPaciente', 'staff', { id: 'not-a-uuid' }), 400, messages.idInvalid)
    expectError(await call(listing, 'findPaciente', 'staff', { id: 42 }), 400)
  })

  it('refuses bad pages (400)', async () => {
    for (const page of [0, -1, 1.5, '1', null, 1e9]) {
      const body = expectError(await call(listing, 'listPacientes', 'staff', { page }), 400)
      expect((body.issues as { page: { _errors: string[] } }).page._errors.length).toBeGreaterThan(0)
    }
    expectError(await call(listing, 'listPacientes', 'staff', {}), 400)
  })
})

describe('PUT /paciente/update', () => {
  const updateBody = (p: Paciente, overrides: Record<string, unknown> = {}) => {
    const { userId: _u, ...fields } = pacienteBody(t, { cpf: p.cpf, rg: p.rg })
    return { ...fields, id: p.id, ...overrides }
  }

  it('rewrites the fields, bumps versao, 200 { paciente }', async () => {
    const p = await createPaciente(t)
    const [before] = await t.db.select().from(pacientes).where(eq(pacientes.id, p.id))
    const response = await call(
      t,
      'updatePaciente',
      'staff',
      updateBody(p, { nome: 'Ângela Mendes', telefone: 11912345678, versao: 1 }),
    )
    const { paciente } = expectStatus<{ paciente: Paciente }>(response, 200)
    expect(paciente).toMatchObject({ id: p.id, nome: 'ângela mendes', telefone: 11912345678, versao: 2, ativo: true })
    const [after] = await t.db.select().from(pacientes).where(eq(pacientes.id, p.id))
    expect(after!.nomeBusca).toBe('angela mendes')
    expect(after!.updatedAt.getTime()).toBeGreaterThanOrEqual(before!.updatedAt.getTime())
    expect(after!.userId).toBe(before!.userId)
  })

  it('without versao the last write wins; with a stale versao → 409', async () => {
    const p = await createPaciente(t)
    expectStatus(await call(t, 'updatePaciente', 'staff', updateBody(p)), 200)
    expectError(await call(t, 'updatePaciente', 'staff', updateBody(p, { versao: 1 })), 409, messages.staleWrite)
    expectError(
      await call(t, 'updatePaciente', 'staff', updateBody(p, { versao: 99_999_999_999 })),
      409,
      messages.staleWrite,
    )
    expectStatus(await call(t, 'updatePaciente', 'staff', updateBody(p, { versao: 2 })), 200)
  })

  it('of two editors with the same versao, one wins and one gets 409', async () => {
    const p = await createPaciente(t)
    const [a, b] = await Promise.all([
      call(t, 'updatePaciente', 'staff', updateBody(p, { nome: 'Editor Um', versao: 1 })),
      call(t, 'updatePaciente', 'staff', updateBody(p, { nome: 'Editor Dois', versao: 1 })),
    ])
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409])
  })

  it('unknown or inactive → 404', async () => {
    const p = await createPaciente(t)
    expectError(
      await call(t, 'updatePaciente', 'staff', updateBody(p, { id: UNKNOWN_ID })),
      404,
      messages.patientNotFound,
    )
    expectStatus(await call(t, 'deletePaciente', 'staff', { id: p.id }), 200)
    expectError(await call(t, 'updatePaciente', 'staff', updateBody(p)), 404, messages.patientNotFound)
  })

  it("taking another patient's CPF → 409", async () => {
    const a = await createPaciente(t)
    const b = await createPaciente(t)
    expectError(
      await call(t, 'updatePaciente', 'staff', updateBody(b, { cpf: a.cpf })),
      409,
      messages.patientAlreadyExists,
    )
  })

  it('answers missing fields with the update sentence; refuses userId', async () => {
    const p = await createPaciente(t)
    const { nome: _n, ...rest } = updateBody(p)
    expectError(await call(t, 'updatePaciente', 'staff', rest), 400, messages.patientMissingFieldsOnUpdate)
    expectError(await call(t, 'updatePaciente', 'staff', { ...updateBody(p), userId: t.users.staff.id }), 400)
    expectError(await call(t, 'updatePaciente', 'staff', updateBody(p, { versao: -1 })), 400)
  })
})

describe('DELETE /paciente/delete and PUT /pacientes/ativar', () => {
  it('delete makes the patient inactive (200 { ok: true }); again → 404; unknown → 404', async () => {
    const p = await createPaciente(t)
    expect(expectStatus(await call(t, 'deletePaciente', 'staff', { id: p.id }), 200)).toEqual({ ok: true })
    const [row] = await t.db.select().from(pacientes).where(eq(pacientes.id, p.id))
    expect(row!.ativo).toBe(false)
    expectError(await call(t, 'deletePaciente', 'staff', { id: p.id }), 404, messages.patientNotFound)
    expectError(await call(t, 'deletePaciente', 'staff', { id: UNKNOWN_ID }), 404, messages.patientNotFound)
    expectError(await call(t, 'deletePaciente', 'staff', { id: 'x' }), 400, messages.idInvalid)
  })

  it('refuses to delete a patient with any appointment (409)', async () => {
    const p = await createPaciente(t)
    const medico = await createMedico(t)
    await createAgendamento(t, { pacienteId: p.id, medicoId: medico.id })
    expectError(await call(t, 'deletePaciente', 'staff', { id: p.id }), 409, messages.patientHasAppointments)
    const read = expectStatus<{ paciente: Paciente }>(
      await call(t, 'findPaciente', 'staff', { id: p.id }),
      200,
    ).paciente
    expect(read.ativo).toBe(true)
  })

  it('a delete racing a booking never leaves an inactive patient with an appointment', async () => {
    const medico = await createMedico(t, 'Doutor Corrida')
    for (let round = 0; round < 12; round++) {
      const p = await createPaciente(t)
      const booking = call(t, 'registerAgendamento', 'staff', {
        // a day ahead within the 2 years a booking may be made (docs/decisions.md, "Reliability")
        datahora: `${addDays(clinicToday(), 400)}T${String(8 + (round % 10)).padStart(2, '0')}:${round < 10 ? '00' : '30'}:00.000Z`,
        valorIncents: 100,
        estaPago: false,
        userId: t.users.staff.id,
        pacienteId: p.id,
        medicoId: medico.id,
        exames: ['Ultrassom'],
      })
      const removal = call(t, 'deletePaciente', 'staff', { id: p.id })
      const [b, d] = await Promise.all([booking, removal])
      const outcome = `${b.statusCode}/${d.statusCode}`
      expect(['201/409', '404/200']).toContain(outcome)
      const [row] = await t.db.select().from(pacientes).where(eq(pacientes.id, p.id))
      expect(row!.ativo).toBe(b.statusCode === 201)
    }
  })

  it('ativar (admin) reactivates: 200 { ok: true }, back in the lists; already active → 200; unknown → 404', async () => {
    const p = await createPaciente(t, { nome: 'Reativada Souza' })
    expectStatus(await call(t, 'deletePaciente', 'staff', { id: p.id }), 200)
    expect(expectStatus(await call(t, 'ativarPaciente', 'admin', { id: p.id }), 200)).toEqual({ ok: true })
    const read = expectStatus<{ paciente: Paciente }>(
      await call(t, 'findPaciente', 'staff', { id: p.id }),
      200,
    ).paciente
    expect(read).toMatchObject({ ativo: true, versao: 3 })
    const found = expectStatus<List>(
      await call(t, 'findPacientesByNome', 'staff', { nomer: 'reativada', page: 1 }),
      200,
    ).pacientes
    expect(found.map((x) => x.id)).toEqual([p.id])
    expectStatus(await call(t, 'ativarPaciente', 'admin', { id: p.id }), 200)
    expect(
      expectStatus<{ paciente: Paciente }>(await call(t, 'findPaciente', 'staff', { id: p.id }), 200).paciente.versao,
    ).toBe(3)
    expectError(await call(t, 'ativarPaciente', 'admin', { id: UNKNOWN_ID }), 404, messages.patientNotFound)
    expectError(await call(t, 'ativarPaciente', 'staff', { id: p.id }), 403, messages.forbidden)
  })

  it('inativos (admin) pages inactive patients by name', async () => {
    const inativos = expectStatus<List>(await call(t, 'listPacientesInativos', 'admin', { page: 1 }), 200).pacientes
    expect(inativos.length).toBeGreaterThan(0)
    expect(inativos.every((p) => !p.ativo)).toBe(true)
    const keys = inativos.map((p) => toNomeBusca(p.nome))
    expect(keys).toEqual([...keys].sort())
    expect(expectStatus<List>(await call(t, 'listPacientesInativos', 'admin', { page: 99 }), 200).pacientes).toEqual([])
  })
})
