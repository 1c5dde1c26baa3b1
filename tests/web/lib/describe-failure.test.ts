// The one function that turns a failed call into what the person reads (docs/decisions.md "Failures").
import { describe, expect, it } from 'vitest'
import { messages } from '@contract'
import { ApiError } from '@/lib/api-client'
import { describeFailure } from '@/lib/describe-failure'

const network = () => new ApiError(0, messages.fetchFailed)
const answer = (status: number, error?: string, issues?: unknown) =>
  new ApiError(status, error ?? messages.fetchFailed, error ? { error, issues } : undefined)

const NOT_SAVED = `${messages.notSaved} ${messages.offline}`

describe('describeFailure', () => {
  it("network: 'Não foi salvo' and what to do, after the action's failure sentence when it has one", () => {
    expect(describeFailure(network(), { failure: messages.appointmentDeleteFailed })).toEqual({
      kind: 'network',
      toast: `${messages.appointmentDeleteFailed} ${NOT_SAVED}`,
      notSaved: true,
      lead: messages.appointmentDeleteFailed,
      fieldErrors: {},
    })
    expect(describeFailure(network(), { fallback: messages.patientUpdateFailed })).toEqual({
      kind: 'network',
      toast: NOT_SAVED,
      notSaved: true,
      fieldErrors: {},
    })
  })

  it("409: the server's sentence, or the action's own conflict sentence", () => {
    expect(
      describeFailure(answer(409, messages.slotTaken), { failure: messages.appointmentCreateFailed }),
    ).toMatchObject({
      kind: 'conflict',
      toast: messages.slotTaken,
    })
    const own = { failure: messages.patientDeleteFailed, status: { 409: messages.patientHasAppointments } }
    expect(describeFailure(answer(409, messages.staleWrite), own)).toMatchObject({
      kind: 'conflict',
      toast: messages.patientHasAppointments,
    })
  })

  it("400: the server's sentence and the first message of each field it names", () => {
    const issues = {
      _errors: [],
      cpf: { _errors: [messages.cpfInvalid, 'segunda'] },
      nome: { _errors: [messages.nameLettersOnly] },
      rg: { _errors: [] },
    }
    expect(describeFailure(answer(400, messages.cpfInvalid, issues), { failure: messages.doctorCreateFailed })).toEqual(
      {
        kind: 'invalid',
        toast: messages.cpfInvalid,
        notSaved: false,
        fieldErrors: { cpf: messages.cpfInvalid, nome: messages.nameLettersOnly },
      },
    )
    expect(describeFailure(answer(400), { failure: messages.doctorCreateFailed })).toMatchObject({
      toast: messages.doctorCreateFailed,
      fieldErrors: {},
    })
  })

  it("403: the server's sentence (why this user may not), else the action's", () => {
    expect(
      describeFailure(answer(403, messages.appointmentNotYours), { failure: messages.appointmentDeleteFailed }),
    ).toMatchObject({ kind: 'forbidden', toast: messages.appointmentNotYours })
    // an answer without the contract's body (a proxy's page): the action's own sentence
    expect(describeFailure(answer(403), { failure: messages.appointmentDeleteFailed })).toMatchObject({
      kind: 'forbidden',
      toast: messages.appointmentDeleteFailed,
    })
  })

  it("anything else: the action's failure sentence, else the server's, else the generic one", () => {
    expect(
      describeFailure(answer(500, messages.internalError), { failure: messages.appointmentCreateFailed }),
    ).toMatchObject({
      kind: 'other',
      toast: messages.appointmentCreateFailed,
    })
    expect(
      describeFailure(answer(500, messages.internalError), { fallback: messages.patientUpdateFailed }),
    ).toMatchObject({ toast: messages.patientUpdateFailed })
    expect(describeFailure(answer(503, messages.serverRestarting))).toMatchObject({
      kind: 'other',
      toast: messages.serverRestarting,
    })
    expect(describeFailure(answer(500))).toMatchObject({ kind: 'other', toast: messages.fetchFailed })
    expect(describeFailure(new TypeError('boom'))).toEqual({
      kind: 'other',
      toast: messages.fetchFailed,
      notSaved: false,
      fieldErrors: {},
    })
  })

  it('a 401 is told apart (the app goes back to /login); a status the action names wins, the network included', () => {
    expect(describeFailure(answer(401, messages.unauthenticated)).kind).toBe('unauthorized')
    const login = { fallback: messages.fetchFailed, status: { 0: messages.fetchFailed, 401: messages.loginFailed } }
    expect(describeFailure(answer(401, messages.loginFailed), login)).toMatchObject({
      kind: 'unauthorized',
      toast: messages.loginFailed,
    })
    // a sign-in saves nothing: no 'Não foi salvo' there
    expect(describeFailure(network(), login)).toEqual({
      kind: 'network',
      toast: messages.fetchFailed,
      notSaved: false,
      fieldErrors: {},
    })
  })
})
