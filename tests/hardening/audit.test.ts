// The audit trail: a row for every create, update, delete and reactivation (in the change's own
// transaction), every sign-in, failed sign-in, sign-out and refused access; names of fields only, never
// personal data; append-only even for the database owner.
import { asc, eq, gt, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { messages, type Agendamento, type Paciente } from '@contract'
import { auditLog, pacientes } from '../../server/db/schema'
import { testAppPerFile } from '../support/test-app-per-file'
import {
  agendamentoBody,
  call,
  createAgendamento,
  createMedico,
  createPaciente,
  expectError,
  expectStatus,
  freshToken,
  pacienteBody,
} from '../server/helpers'

const t = testAppPerFile()

type AuditRow = typeof auditLog.$inferSelect

/** The rows written after `since` (an id), in order. */
async function rowsAfter(since: number): Promise<AuditRow[]> {
  return t.db.select().from(auditLog).where(gt(auditLog.id, since)).orderBy(asc(auditLog.id))
}

async function lastId(): Promise<number> {
  const [row] = await t.db.select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)::int` }).from(auditLog)
  return Number(row!.id)
}

/** Runs `action` and answers the audit rows it wrote. */
async function audited(action: () => Promise<unknown>): Promise<AuditRow[]> {
  const since = await lastId()
  await action()
  return rowsAfter(since)
}

const IP = '203.0.113.7'

describe('a row per change, with who, what, which record, when, where and the field names', () => {
  it('patients: create, update (only the fields that changed), delete, reactivate', async () => {
    const staff = t.users.staff.id
    let paciente!: Paciente
    const created = await audited(async () => {
      const response = await call(t, 'registerPaciente', 'staff', pacienteBody(t), { remoteAddress: IP })
      paciente = expectStatus<{ paciente: Paciente }>(response, 201).paciente
    })
    expect(created).toHaveLength(1)
    expect(created[0]).toMatchObject({
      userId: staff,
      action: 'create',
      entity: 'paciente',
      entityId: paciente.id,
      ip: IP,
    })
    expect(created[0]!.fields).toEqual(expect.arrayContaining(['nome', 'cpf', 'rg', 'email', 'telefone', 'endereco']))
    expect(Date.now() - created[0]!.at.getTime()).toBeLessThan(60_000)

    const { userId: _u, ...fields } = pacienteBody(t)
    const updated = await audited(async () => {
      const body = {
        ...fields,
        nome: 'Maria Silva',
        cpf: paciente.cpf,
        rg: paciente.rg,
        telefone: 21912345678,
        bairro: 'Lapa',
        id: paciente.id,
        versao: 1,
      }
      expectStatus(await call(t, 'updatePaciente', 'staff', body, { remoteAddress: IP }), 200)
    })
    expect(updated).toEqual([
      expect.objectContaining({
        userId: staff,
        action: 'update',
        entity: 'paciente',
        entityId: paciente.id,
        fields: ['telefone', 'bairro'],
      }),
    ])

    const deleted = await audited(async () =>
      expectStatus(await call(t, 'deletePaciente', 'staff', { id: paciente.id }), 200),
    )
    expect(deleted).toEqual([expect.objectContaining({ action: 'delete', entityId: paciente.id, fields: ['ativo'] })])

    const reactivated = await audited(async () =>
      expectStatus(await call(t, 'ativarPaciente', 'admin', { id: paciente.id }), 200),
    )
    expect(reactivated).toEqual([
      expect.objectContaining({
        userId: t.users.admin.id,
        action: 'reactivate',
        entityId: paciente.id,
        fields: ['ativo'],
      }),
    ])
  })

  it('appointments: create, update, delete; doctors and users: create', async () => {
    const medico = await createMedico(t, 'Helena Auditada')
    const paciente = await createPaciente(t)
    let agendamento!: Agendamento
    const created = await audited(async () => {
      agendamento = await createAgendamento(t, { pacienteId: paciente.id, medicoId: medico.id })
    })
    expect(created).toEqual([
      expect.objectContaining({ action: 'create', entity: 'agendamento', entityId: agendamento.id }),
    ])
    expect(created[0]!.fields).toEqual(expect.arrayContaining(['datahora', 'convenio', 'valorIncents', 'exames']))

    const updated = await audited(async () => {
      const body = {
        ...agendamentoBody(
          t,
          { pacienteId: paciente.id, medicoId: medico.id },
          // not paid: an appointment with money received is cancelled, never deleted (issue 35)
          { datahora: agendamento.datahora, anotacao: 'Outra anotação', exames: ['Raio-X de tórax', 'Tomografia'] },
        ),
        id: agendamento.id,
      }
      expectStatus(await call(t, 'updateAgendamento', 'staff', body), 200)
    })
    expect(updated).toEqual([
      expect.objectContaining({ action: 'update', entityId: agendamento.id, fields: ['anotacao', 'exames'] }),
    ])

    const deleted = await audited(async () =>
      expectStatus(await call(t, 'deleteAgendamento', 'staff', { id: agendamento.id }), 200),
    )
    expect(deleted).toEqual([
      expect.objectContaining({ action: 'delete', entity: 'agendamento', entityId: agendamento.id }),
    ])

    const medicoRows = await audited(() => createMedico(t, 'Outro Doutor'))
    expect(medicoRows).toEqual([
      expect.objectContaining({ userId: t.users.admin.id, action: 'create', entity: 'medico', fields: ['nome'] }),
    ])
    const userRows = await audited(async () =>
      expectStatus(
        await call(t, 'registerUser', 'admin', {
          nome: 'Nova Pessoa',
          email: 'nova.pessoa@clinica.test',
          password: 'senha-forte-9',
        }),
        201,
      ),
    )
    expect(userRows).toEqual([
      expect.objectContaining({ action: 'create', entity: 'user', fields: ['nome', 'email', 'role', 'password'] }),
    ])
  })

  it("the clinic's settings: who saved them, naming only the fields that changed", async () => {
    const settings = {
      nome: 'Clínica Auditada',
      endereco: 'Rua B, 2',
      telefone: '(11) 3333-4444',
      cnpj: '11.222.333/0001-81',
      logo: null,
      modeloMensagem: 'Olá, {nome}!',
    }
    const first = await audited(async () => {
      expectStatus(await call(t, 'salvarConfiguracoesClinica', 'admin', settings, { remoteAddress: IP }), 200)
    })
    expect(first).toHaveLength(1)
    expect(first[0]).toMatchObject({ userId: t.users.admin.id, action: 'update', entity: 'clinica', ip: IP })
    const again = await audited(async () => {
      expectStatus(
        await call(t, 'salvarConfiguracoesClinica', 'admin', { ...settings, telefone: '(11) 3333-5555' }),
        200,
      )
    })
    expect(again.map((row) => [row.action, row.entity, row.fields])).toEqual([['update', 'clinica', ['telefone']]])
  })

  it('a refused change writes nothing (404, 409, stale)', async () => {
    const paciente = await createPaciente(t)
    const rows = await audited(async () => {
      expectError(await call(t, 'deletePaciente', 'staff', { id: '00000000-0000-4000-8000-000000000000' }), 404)
      expectError(await call(t, 'registerPaciente', 'staff', pacienteBody(t, { cpf: paciente.cpf })), 409)
      const { userId: _u, ...fields } = pacienteBody(t)
      expectError(
        await call(t, 'updatePaciente', 'staff', {
          ...fields,
          cpf: paciente.cpf,
          rg: paciente.rg,
          id: paciente.id,
          versao: 7,
        }),
        409,
      )
    })
    expect(rows).toEqual([])
  })
})

describe('the change and its row are one transaction', () => {
  /** The transaction that wrote the current version of a row (PostgreSQL's xmin). */
  async function xmin(table: 'pacientes' | 'agendamentos' | 'medicos' | 'users', id: string): Promise<string> {
    const result = await t.db.execute(sql`select xmin::text as x from ${sql.identifier(table)} where id = ${id}`)
    return String((result.rows[0] as { x: string }).x)
  }
  async function auditXmin(entityId: string): Promise<string> {
    const result = await t.db.execute(
      sql`select xmin::text as x from audit_log where entity_id = ${entityId} order by id desc limit 1`,
    )
    return String((result.rows[0] as { x: string }).x)
  }

  it('each record and its audit row were written by the same transaction (same xmin)', async () => {
    const paciente = await createPaciente(t)
    expect(await auditXmin(paciente.id)).toBe(await xmin('pacientes', paciente.id))
    const { userId: _u, ...fields } = pacienteBody(t)
    expectStatus(
      await call(t, 'updatePaciente', 'staff', {
        ...fields,
        cpf: paciente.cpf,
        rg: paciente.rg,
        id: paciente.id,
        profissao: 'Outra',
      }),
      200,
    )
    expect(await auditXmin(paciente.id)).toBe(await xmin('pacientes', paciente.id))
    expectStatus(await call(t, 'deletePaciente', 'staff', { id: paciente.id }), 200)
    expect(await auditXmin(paciente.id)).toBe(await xmin('pacientes', paciente.id))
    expectStatus(await call(t, 'ativarPaciente', 'admin', { id: paciente.id }), 200)
    expect(await auditXmin(paciente.id)).toBe(await xmin('pacientes', paciente.id))

    const medico = await createMedico(t, 'Doutor Transacional')
    expect(await auditXmin(medico.id)).toBe(await xmin('medicos', medico.id))
    const agendamento = await createAgendamento(t, { pacienteId: paciente.id, medicoId: medico.id })
    expect(await auditXmin(agendamento.id)).toBe(await xmin('agendamentos', agendamento.id))
    const body = {
      ...agendamentoBody(
        t,
        { pacienteId: paciente.id, medicoId: medico.id },
        { datahora: agendamento.datahora, estaPago: true },
      ),
      id: agendamento.id,
    }
    expectStatus(await call(t, 'updateAgendamento', 'staff', body), 200)
    expect(await auditXmin(agendamento.id)).toBe(await xmin('agendamentos', agendamento.id))
    const user = expectStatus<{ user: { id: string } }>(
      await call(t, 'registerUser', 'admin', {
        nome: 'Pessoa Transacional',
        email: 'transacional@clinica.test',
        password: 'senha-forte-7',
      }),
      201,
    ).user
    expect(await auditXmin(user.id)).toBe(await xmin('users', user.id))
  })

  it('when the audit row cannot be written, the change is rolled back', async () => {
    const body = pacienteBody(t)
    // from now on every new audit row breaks a check (existing rows are not re-checked)
    await t.db.execute(sql`alter table audit_log add constraint audit_log_test_block check (false) not valid`)
    try {
      const response = await call(t, 'registerPaciente', 'staff', body)
      expect(response.statusCode).toBeGreaterThanOrEqual(400)
      expect(response.statusCode).toBeLessThan(500)
      const inserted = await t.db.select().from(pacientes).where(eq(pacientes.cpf, body.cpf))
      expect(inserted).toEqual([])
    } finally {
      await t.db.execute(sql`alter table audit_log drop constraint audit_log_test_block`)
    }
    expectStatus(await call(t, 'registerPaciente', 'staff', body), 201)
  })
})

describe('sessions and refusals', () => {
  it('sign-in, failed sign-in (no e-mail, no user: a keyed hash), sign-out', async () => {
    const { email, password, id } = t.users.staff
    const rows = await audited(async () => {
      await call(t, 'login', 'anonymous', { email, password: 'errada-1' }, { remoteAddress: '198.51.100.1' })
      await call(
        t,
        'login',
        'anonymous',
        { email: 'ninguem@clinica.test', password: 'errada-2' },
        { remoteAddress: '198.51.100.1' },
      )
      const { token } = expectStatus<{ token: string }>(
        await call(t, 'login', 'anonymous', { email, password }, { remoteAddress: '198.51.100.2' }),
        200,
      )
      expectStatus(await call(t, 'logout', { token }, {}, { remoteAddress: '198.51.100.2' }), 200)
    })
    expect(rows.map((r) => r.action)).toEqual(['login_failed', 'login_failed', 'login', 'logout'])
    const [failedKnown, failedUnknown, login, logout] = rows as [AuditRow, AuditRow, AuditRow, AuditRow]
    for (const failed of [failedKnown, failedUnknown]) {
      expect(failed).toMatchObject({ userId: null, entity: null, entityId: null, ip: '198.51.100.1' })
      expect(failed.subjectHash).toMatch(/^[0-9a-f]{32}$/)
    }
    // the same e-mail gives the same hash (attempts on one account can be correlated), another e-mail another
    const again = await audited(() =>
      call(
        t,
        'login',
        'anonymous',
        { email: email.toUpperCase(), password: 'errada-3' },
        { remoteAddress: '198.51.100.3' },
      ),
    )
    expect(again[0]!.subjectHash).toBe(failedKnown.subjectHash)
    expect(failedUnknown.subjectHash).not.toBe(failedKnown.subjectHash)
    expect(login).toMatchObject({ userId: id, action: 'login', entity: 'user', entityId: id, ip: '198.51.100.2' })
    expect(logout).toMatchObject({ userId: id, action: 'logout', ip: '198.51.100.2' })
  })

  it('refused access: 401 without or with a bad token, 403 for a role; the call and the status, whose token when genuine', async () => {
    const revoked = await freshToken(t, 'staff')
    expectStatus(await call(t, 'logout', { token: revoked }, {}), 200)
    const rows = await audited(async () => {
      expectError(await call(t, 'listPacientes', 'anonymous', { page: 1 }, { remoteAddress: IP }), 401)
      expectError(await call(t, 'listMedicos', { token: 'lixo' }), 401)
      expectError(await call(t, 'listMedicos', { token: revoked }), 401)
      expectError(await call(t, 'registerMedico', 'staff', { nome: 'Dr Sem Direito' }), 403, messages.forbidden)
    })
    expect(rows.map((r) => [r.action, r.status, r.call, r.userId])).toEqual([
      ['access_denied', 401, '/paciente/listAll', null],
      ['access_denied', 401, '/medico/listAll', null],
      ['access_denied', 401, '/medico/listAll', t.users.staff.id],
      ['access_denied', 403, '/medico/register', t.users.staff.id],
    ])
    expect(rows[0]!.ip).toBe(IP)
    // a public call or an unknown route is not a refused access
    const none = await audited(async () => {
      await t.app.inject({ method: 'GET', url: '/api/nada-aqui' })
      await call(t, 'listMedicos', 'staff')
    })
    expect(none).toEqual([])
  })
})

describe('no personal data in the trail', () => {
  it('holds no document, name, e-mail, phone or text value of any record', async () => {
    const medico = await createMedico(t, 'Doutora Sigilosa')
    const paciente = await createPaciente(t, {
      nome: 'Zuleica Confidencial',
      email: 'zuleica@segredo.test',
      telefone: 11987650000,
      endereco: 'Rua Secreta',
    })
    const agendamento = await createAgendamento(
      t,
      { pacienteId: paciente.id, medicoId: medico.id },
      { convenio: 'Plano Sigiloso', anotacao: 'Nota íntima' },
    )
    const { userId: _u, ...fields } = pacienteBody(t)
    await call(t, 'updatePaciente', 'staff', {
      ...fields,
      nome: 'Zuleica Reservada',
      cpf: paciente.cpf,
      rg: paciente.rg,
      id: paciente.id,
    })
    await call(t, 'login', 'anonymous', { email: 'zuleica@segredo.test', password: 'senha-da-zuleica' })
    await call(t, 'historicoAgendamento', 'staff', { id: agendamento.id })
    const all = JSON.stringify(await t.db.select().from(auditLog)).toLowerCase()
    for (const secret of [
      paciente.cpf,
      paciente.rg,
      'zuleica',
      'confidencial',
      'reservada',
      'segredo',
      '11987650000',
      'rua secreta',
      'plano sigiloso',
      'nota íntima',
      'sigilosa',
      t.users.staff.email,
      'senha',
      t.users.staff.nome.toLowerCase(),
    ]) {
      expect(all, secret).not.toContain(secret.toLowerCase())
    }
  })
})

describe('append-only', () => {
  it('UPDATE, DELETE and TRUNCATE of audit rows raise, even for the database owner', async () => {
    await createMedico(t, 'Doutor Imutavel')
    const before = await t.db.select().from(auditLog)
    expect(before.length).toBeGreaterThan(0)
    await expect(t.db.execute(sql`update audit_log set action = 'login' where id = ${before[0]!.id}`)).rejects.toThrow()
    await expect(t.db.execute(sql`update audit_log set user_id = null`)).rejects.toThrow()
    await expect(t.db.execute(sql`delete from audit_log where id = ${before[0]!.id}`)).rejects.toThrow()
    await expect(t.db.execute(sql`delete from audit_log`)).rejects.toThrow()
    await expect(t.db.execute(sql`truncate audit_log`)).rejects.toThrow()
    const error = await t.db.execute(sql`delete from audit_log`).catch((e: unknown) => e)
    expect(String((error as { cause?: unknown }).cause ?? error)).toMatch(/somente inclusão/)
    const after = await t.db.select().from(auditLog)
    expect(after).toEqual(before)
  })
})
