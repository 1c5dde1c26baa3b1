// The mock as the PWA's tests meet it (jsdom, relative `/api` requests through callApi, web-setup.ts).
import { describe, expect, it } from 'vitest'
import { clinicDayRange, clinicToday, messages } from '@contract'
import { ApiError, callApi } from '@/lib/api-client'
import { getSession } from '@/lib/session'
import { SEED_CREDENTIALS, SEED_IDS, resetStore, signInAs, store } from '../../support/msw-server'

describe('msw handlers in jsdom', () => {
  it('answer relative /api requests with the demo data', async () => {
    signInAs('staff')
    expect(getSession()?.user.role).toBe('USER')
    const { agendamentos } = await callApi('listAgendamentosBetweenDate', clinicDayRange(clinicToday()))
    expect(agendamentos.map((a) => a.id)).toEqual([
      SEED_IDS.agendamentos.today1,
      SEED_IDS.agendamentos.today2,
      SEED_IDS.agendamentos.today3,
      SEED_IDS.agendamentos.today4,
    ])
    expect(agendamentos[0]?.paciente.nome).toBe('conceição araújo')
  })

  it('sign in with the seed credentials', async () => {
    const answer = await callApi('login', SEED_CREDENTIALS.admin)
    expect(answer.user).toMatchObject({ nome: 'Ana Administradora', role: 'ADMIN' })
  })

  it('refuse admin calls to staff and calls without a session', async () => {
    await expect(callApi('listPacientesInativos', { page: 1 })).rejects.toMatchObject({
      status: 401,
      message: messages.unauthenticated,
    })
    signInAs('staff')
    const error = await callApi('listPacientesInativos', { page: 1 }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 403, message: messages.forbidden })
  })

  it('keep changes within a test', async () => {
    signInAs('admin')
    await callApi('registerMedico', { nome: 'Paula Torres' })
    expect(store.medicos).toHaveLength(4)
  })

  it('start every test from the demo data again', async () => {
    expect(store.medicos).toHaveLength(3)
    resetStore({})
    signInAs('admin')
    await expect(callApi('listMedicos')).rejects.toMatchObject({ status: 401 })
  })

  it('has <dialog> methods', () => {
    const dialog = document.createElement('dialog')
    document.body.append(dialog)
    dialog.showModal()
    expect(dialog).toHaveAttribute('open')
    let closed = 0
    dialog.addEventListener('close', () => closed++)
    dialog.close('ok')
    expect(dialog.open).toBe(false)
    expect(dialog.returnValue).toBe('ok')
    expect(closed).toBe(1)
  })
})
