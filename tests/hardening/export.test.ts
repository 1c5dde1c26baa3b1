// LGPD: POST /paciente/exportar (admin only) answers everything kept about one patient — active or not —
// and the export itself is recorded in the audit trail; so is each download of the appointments'
// spreadsheet (POST /relatorio/agendamentos), which names patients.
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { messages, PacienteExport } from '@contract'
import { auditLog } from '../../server/db/schema'
import { testAppPerFile } from '../support/test-app-per-file'
import {
  call,
  clinicDateTime,
  createAgendamento,
  createMedico,
  createPaciente,
  expectError,
  expectStatus,
  UNKNOWN_ID,
} from '../server/helpers'

const t = testAppPerFile()

describe('POST /paciente/exportar', () => {
  it('answers { paciente, agendamentos, historico } for an inactive patient too, and records the export', async () => {
    const medico = await createMedico(t, 'Doutora Exporta')
    const paciente = await createPaciente(t)
    const later = await createAgendamento(
      t,
      { pacienteId: paciente.id, medicoId: medico.id },
      { datahora: clinicDateTime(5, '11:00') },
    )
    const sooner = await createAgendamento(
      t,
      { pacienteId: paciente.id, medicoId: medico.id },
      { datahora: clinicDateTime(2, '09:00') },
    )
    // someone else's appointment stays out
    await createAgendamento(
      t,
      { pacienteId: (await createPaciente(t)).id, medicoId: medico.id },
      { datahora: clinicDateTime(3, '09:00') },
    )
    for (const a of [later, sooner]) expectStatus(await call(t, 'deleteAgendamento', 'staff', { id: a.id }), 200)
    const kept = await createAgendamento(
      t,
      { pacienteId: paciente.id, medicoId: medico.id },
      { datahora: clinicDateTime(6, '08:00') },
    )
    expectStatus(await call(t, 'deleteAgendamento', 'staff', { id: kept.id }), 200)
    expectStatus(await call(t, 'deletePaciente', 'staff', { id: paciente.id }), 200)
    const booked = await createPaciente(t)
    const own = await createAgendamento(
      t,
      { pacienteId: booked.id, medicoId: medico.id },
      { datahora: clinicDateTime(7, '08:00') },
    )

    // an inactive patient
    const response = await call(t, 'exportarPaciente', 'admin', { id: paciente.id }, { remoteAddress: '203.0.113.9' })
    const answer = PacienteExport.parse(expectStatus(response, 200))
    expect(answer.paciente).toMatchObject({ id: paciente.id, ativo: false, cpf: paciente.cpf })
    expect(answer.agendamentos).toEqual([])
    expect(answer.historico.map((e) => e.action)).toEqual(['export', 'delete', 'create'])
    expect(answer.historico[0]!.user).toEqual({ id: t.users.admin.id, nome: t.users.admin.nome })

    // an active one, with an appointment
    const withAppointments = PacienteExport.parse(
      expectStatus(await call(t, 'exportarPaciente', 'admin', { id: booked.id }), 200),
    )
    expect(withAppointments.agendamentos.map((a) => a.id)).toEqual([own.id])
    expect(withAppointments.agendamentos[0]).toMatchObject({ convenio: own.convenio, paciente: { id: booked.id } })

    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'export'), eq(auditLog.entityId, paciente.id)))
    expect(rows).toEqual([
      expect.objectContaining({ userId: t.users.admin.id, entity: 'paciente', ip: '203.0.113.9', fields: [] }),
    ])
  })

  it('is for administrators only: staff → 403 (recorded as a refused access); unknown → 404; bad id → 400', async () => {
    const paciente = await createPaciente(t)
    expectError(await call(t, 'exportarPaciente', 'staff', { id: paciente.id }), 403, messages.forbidden)
    const refused = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'access_denied'), eq(auditLog.call, '/paciente/exportar')))
    expect(refused).toEqual([expect.objectContaining({ userId: t.users.staff.id, status: 403 })])
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'export'), eq(auditLog.entityId, paciente.id))),
    ).toEqual([])
    expectError(await call(t, 'exportarPaciente', 'admin', { id: UNKNOWN_ID }), 404, messages.patientNotFound)
    expectError(await call(t, 'exportarPaciente', 'admin', { id: 'x' }), 400)
    expectError(await call(t, 'exportarPaciente', 'anonymous', { id: paciente.id }), 401)
  })
})

describe('POST /relatorio/agendamentos (the spreadsheet of a range)', () => {
  const exportRows = () =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'export'), eq(auditLog.entity, 'relatorio')))

  it("records each export: who, from where, the columns (names only), never a patient's data", async () => {
    const medico = await createMedico(t, 'Doutora Planilha')
    const paciente = await createPaciente(t)
    const booked = await createAgendamento(
      t,
      { pacienteId: paciente.id, medicoId: medico.id },
      { datahora: clinicDateTime(1, '10:00') },
    )
    const range = { de: clinicDateTime(0).slice(0, 10), ate: clinicDateTime(2).slice(0, 10) }
    const before = (await exportRows()).length

    const response = await call(t, 'relatorioAgendamentos', 'admin', range, { remoteAddress: '203.0.113.7' })
    const { linhas } = expectStatus<{ linhas: { id: string }[] }>(response, 200)
    expect(linhas.map((l) => l.id)).toContain(booked.id)

    const rows = (await exportRows()).slice(before)
    expect(rows).toEqual([
      expect.objectContaining({ userId: t.users.admin.id, entityId: null, ip: '203.0.113.7', status: null }),
    ])
    expect(rows[0]!.fields).toEqual(expect.arrayContaining(['datahora', 'paciente', 'medico', 'valorIncents']))
    expect(JSON.stringify(rows[0])).not.toContain(paciente.nome)
  })

  it('a refused range (staff, not today) and the figures alone (relatorio) record no export', async () => {
    const before = (await exportRows()).length
    const otherDay = clinicDateTime(-1).slice(0, 10)
    expectError(
      await call(t, 'relatorioAgendamentos', 'staff', { de: otherDay, ate: otherDay }),
      403,
      messages.reportStaffTodayOnly,
    )
    const today = clinicDateTime(0).slice(0, 10)
    expectStatus(await call(t, 'relatorio', 'admin', { de: otherDay, ate: today }), 200)
    expect(await exportRows()).toHaveLength(before)
    // the front desk's own day is an export too
    expectStatus(await call(t, 'relatorioAgendamentos', 'staff', { de: today, ate: today }), 200)
    expect((await exportRows()).slice(before)).toEqual([expect.objectContaining({ userId: t.users.staff.id })])
  })
})
