import { describe, expect, it } from 'vitest'
import { canUndoAt, isMissedCandidate, moverRefusal, NEXT_STEPS, statusOf } from '../../contract/status'
import { messages } from '../../contract/messages'

describe('the day rules', () => {
  // 12:00 at the clinic on 2026-11-24 (15:00 UTC)
  const noon = new Date('2026-11-24T15:00:00.000Z')

  it('an appointment is missed 30 minutes after its time, today only, without an arrival', () => {
    expect(isMissedCandidate({ datahora: '2026-11-24T11:29:00.000Z' }, noon)).toBe(true)
    expect(isMissedCandidate({ datahora: '2026-11-24T11:30:00.000Z' }, noon)).toBe(false)
    expect(isMissedCandidate({ datahora: '2026-11-24T08:00:00.000Z', status: 'confirmado' }, noon)).toBe(true)
    expect(isMissedCandidate({ datahora: '2026-11-24T08:00:00.000Z', status: 'aguardando' }, noon)).toBe(false)
    expect(isMissedCandidate({ datahora: '2026-11-23T08:00:00.000Z' }, noon)).toBe(false)
  })

  it("'Desfazer': 10 minutes for everyone, ADMIN at any time", () => {
    const movedAt = '2026-11-24T15:00:00.000Z'
    expect(canUndoAt('USER', movedAt, new Date('2026-11-24T15:10:00.000Z'))).toBe(true)
    expect(canUndoAt('USER', movedAt, new Date('2026-11-24T15:10:01.000Z'))).toBe(false)
    expect(canUndoAt('ADMIN', movedAt, new Date('2026-12-24T15:10:01.000Z'))).toBe(true)
  })

  it('a user linked to a doctor starts and finishes their own appointments only', () => {
    const doctor = { role: 'USER' as const, medicoId: 'm1' }
    expect(moverRefusal(doctor, 'm1', 'em_atendimento')).toBeUndefined()
    expect(moverRefusal(doctor, 'm1', 'realizado')).toBeUndefined()
    expect(moverRefusal(doctor, 'm1', 'aguardando')).toBe(messages.statusNotYours)
    expect(moverRefusal(doctor, 'm2', 'realizado')).toBe(messages.statusNotYours)
    expect(moverRefusal({ role: 'USER', medicoId: null }, 'm2', 'cancelado')).toBeUndefined()
  })

  it('reads an absent status as agendado; next steps have the buttons’ texts', () => {
    expect(statusOf({})).toBe('agendado')
    expect(Object.values(NEXT_STEPS).map((s) => s.label)).toEqual([
      'Confirmar',
      'Registrar chegada',
      'Iniciar atendimento',
      'Concluir',
    ])
  })
})
