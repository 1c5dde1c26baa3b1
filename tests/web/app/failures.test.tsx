// One failure path (docs/decisions.md "Failures"): every failed save is read the same way — network →
// 'Não foi salvo…', 409 → the conflict sentence, 400 → the field messages, anything else → the action's
// (or the generic) sentence — in a toast and, for a save made from a dialog, in an alert at the top of
// that dialog with the fields concerned marked. The toast shows inside the open modal (the top layer); a
// success takes earlier error toasts away; the creator's userId is the API layer's business.
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it, vi } from 'vitest'
import { addDays, api, clinicToday, messages, type RegisterAgendamentoRequest } from '@contract'
import { createAppointment } from '@/features/appointments/api/create-appointment'
import { createPatient } from '@/features/patients/api/create-patient'
import { NEW_PATIENT } from '@/features/patients/testing/fixtures'
import { ApiError } from '@/lib/api-client'
import { SEED_IDS, SEED_STAFF, server, signInAs, store } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'
import { findFormAlert, findToast, shownToasts } from '../../support/toasts'

// The whole app renders per test; on a busy 2-core machine give the UI and the mock time to answer.

const tomorrow = addDays(clinicToday(), 1)
const NOT_SAVED = `${messages.notSaved} ${messages.offline}`
const registerPath = `*/api${api.registerAgendamento.path}`

async function openCreateDialog() {
  const app = renderApp('/agendamentos', { as: 'staff', userEventOptions: { delay: null } })
  await screen.findByRole('table')
  await app.user.click(screen.getByRole('button', { name: 'Criar agendamento' }))
  const dialog = await screen.findByRole('dialog', { name: 'Novo agendamento' })
  const q = within(dialog)
  await waitFor(() => expect(q.getAllByRole('option', { name: /^Dr\. / })).toHaveLength(3))
  await waitFor(() => expect(q.getByRole('option', { name: 'João da Silva' })).toBeInTheDocument())
  const { user } = app
  await user.type(q.getByLabelText(/^Valor/), '150,00')
  await user.type(q.getByLabelText(/^Data/), tomorrow)
  await user.type(q.getByLabelText(/^Hora/), '14:00')
  await user.selectOptions(q.getByLabelText(/^Paciente/), 'João da Silva')
  await user.selectOptions(q.getByLabelText(/^Doutor/), 'Dr. Helena Duarte')
  await user.type(q.getByLabelText('Novo exame'), 'Raio-X{Enter}')
  await user.click(q.getByRole('radio', { name: 'Sim' }))
  const confirm = () => user.click(q.getByRole('button', { name: 'Confirmar' }))
  return { ...app, dialog, q, confirm }
}

describe('a save from a dialog that fails', () => {
  it("network: '[Erro ao …] Não foi salvo…' in the toast, shown inside the open modal, and at the top of the form", async () => {
    server.use(http.post(registerPath, () => HttpResponse.error()))
    const { dialog, confirm } = await openCreateDialog()
    await confirm()
    const toast = await findToast(`${messages.appointmentCreateFailed} ${NOT_SAVED}`)
    // a modal dialog is the browser's top layer: the toasts go inside it, or it would hide them
    expect(dialog).toContainElement(toast)
    expect(await findFormAlert(dialog)).toHaveTextContent(`${messages.appointmentCreateFailed} ${NOT_SAVED}`)
  })

  it('409: the conflict sentence, in the toast and in the dialog; closing takes the toasts back out', async () => {
    // Dr. Helena Duarte has tomorrow 09:00 in the seed
    const { user, dialog, q } = await openCreateDialog()
    await user.clear(q.getByLabelText(/^Hora/))
    await user.type(q.getByLabelText(/^Hora/), '09:00')
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView')
    await user.click(q.getByRole('button', { name: 'Confirmar' }))
    const toast = await findToast(messages.slotTaken)
    const alert = await findFormAlert(dialog)
    expect(alert).toHaveTextContent(messages.slotTaken)
    // the form may be scrolled down to its buttons: the sentence is brought into view
    await waitFor(() => expect(scrolled.mock.contexts).toContain(alert))
    scrolled.mockRestore()

    await user.click(q.getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // still shown, now outside any dialog
    expect(shownToasts()).toContain(toast)
    expect(toast.closest('dialog')).toBeNull()
    // the next opening starts without the old failure
    await user.click(screen.getByRole('button', { name: 'Criar agendamento' }))
    const again = await screen.findByRole('dialog', { name: 'Novo agendamento' })
    expect(within(again).getByLabelText(/^Valor/)).toHaveValue('')
    expect(again.querySelector('.form-alert')).toBeNull()
  })

  it("400: the server's sentence, and each field it names marked with its message", async () => {
    server.use(
      http.post(registerPath, () =>
        HttpResponse.json(
          {
            error: messages.dateBeforeToday,
            issues: {
              _errors: [],
              datahora: { _errors: [messages.dateBeforeToday] },
              valorIncents: { _errors: [messages.valueInvalid] },
            },
          },
          { status: 400 },
        ),
      ),
    )
    const { dialog, q, confirm } = await openCreateDialog()
    await confirm()
    expect(await findToast(messages.dateBeforeToday)).toBeInTheDocument()
    expect(await findFormAlert(dialog)).toHaveTextContent(messages.dateBeforeToday)
    await waitFor(() => expect(q.getByLabelText(/^Data/)).toHaveAttribute('aria-invalid', 'true'))
    expect(q.getByLabelText(/^Data/)).toHaveAccessibleDescription(messages.dateBeforeToday)
    expect(q.getByLabelText(/^Valor/)).toHaveAttribute('aria-invalid', 'true')
    expect(q.getByLabelText(/^Valor/)).toHaveAccessibleDescription(expect.stringContaining(messages.valueInvalid))
    // the first field named gets the focus
    expect(q.getByLabelText(/^Data/)).toHaveFocus()
  })

  it("anything else: the action's failure sentence; without one, the generic sentence", async () => {
    server.use(http.post(registerPath, () => HttpResponse.json({ error: messages.internalError }, { status: 500 })))
    const { dialog, confirm } = await openCreateDialog()
    await confirm()
    expect(await findToast(messages.appointmentCreateFailed)).toBeInTheDocument()
    expect(await findFormAlert(dialog)).toHaveTextContent(messages.appointmentCreateFailed)
  })

  it("an edit (no failure sentence of its own) that fails without the server's words says 'Erro ao buscar informações!'", async () => {
    server.use(http.put(`*/api${api.updateAgendamento.path}`, () => new HttpResponse('Bad gateway', { status: 502 })))
    const { user } = renderApp('/agendamentos', { as: 'staff' })
    const cell = await screen.findByRole('cell', { name: 'Maria das Graças Souza' })
    await user.click(within(cell.closest('tr')!).getByRole('button', { name: 'Saiba mais' }))
    const dialog = await screen.findByRole('dialog', { name: 'Agendamento do paciente Maria das Graças Souza' })
    await within(dialog).findByLabelText(/^Valor/)
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar alterações' }))
    expect(await findToast(messages.fetchFailed)).toBeInTheDocument()
    expect(await findFormAlert(dialog)).toHaveTextContent(messages.fetchFailed)
  })

  it('the patient wizard goes back to the step of the field a 400 names, marked', async () => {
    server.use(
      http.post('*/api/paciente/register', () =>
        HttpResponse.json(
          { error: messages.cpfInvalid, issues: { _errors: [], cpf: { _errors: [messages.cpfInvalid] } } },
          { status: 400 },
        ),
      ),
    )
    const { user } = renderApp('/pacientes', { as: 'staff', userEventOptions: { delay: null } })
    await screen.findByRole('table')
    await user.click(screen.getByRole('button', { name: 'Cadastrar paciente' }))
    const dialog = screen.getByRole('dialog', { name: 'Novo paciente' })
    const q = within(dialog)
    for (const [label, value] of Object.entries(NEW_PATIENT.step1)) await user.type(q.getByLabelText(label), value)
    for (const [label, value] of Object.entries(NEW_PATIENT.selects))
      await user.selectOptions(q.getByLabelText(label), value)
    await user.click(q.getByRole('button', { name: 'Próximo' }))
    await q.findByRole('heading', { name: /^Passo 2 de 3/ })
    for (const [label, value] of Object.entries(NEW_PATIENT.step2)) {
      const input = q.getByLabelText(label)
      // 'Estado' is a select of the UFs (issue 14)
      await (input instanceof HTMLSelectElement ? user.selectOptions(input, value) : user.type(input, value))
    }
    await user.click(q.getByRole('button', { name: 'Próximo' }))
    await user.click(await q.findByRole('button', { name: 'Confirmar cadastro' }))

    expect(await findToast(messages.cpfInvalid)).toBeInTheDocument()
    expect(await findFormAlert(dialog)).toHaveTextContent(messages.cpfInvalid)
    expect(await q.findByRole('heading', { name: /^Passo 1 de 3/ })).toBeInTheDocument()
    await waitFor(() => expect(q.getByLabelText('CPF')).toHaveAttribute('aria-invalid', 'true'))
    expect(q.getByLabelText('CPF')).toHaveAccessibleDescription(messages.cpfInvalid)
  })

  it('a delete: the question stays open and says why; Cancelar closes it and the next one starts clean', async () => {
    server.use(
      http.delete(`*/api${api.deleteAgendamento.path}`, () =>
        HttpResponse.json({ error: messages.internalError }, { status: 500 }),
      ),
    )
    const { user } = renderApp('/agendamentos', { as: 'staff' })
    const row = (await screen.findAllByRole('cell', { name: 'Conceição Araújo' }))[0]!.closest('tr')!
    await user.click(within(row).getByRole('button', { name: 'Deletar' }))
    const dialog = await screen.findByRole('dialog', { name: messages.confirmDeleteAppointment })
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar' }))
    expect(dialog).toContainElement(await findToast(messages.appointmentDeleteFailed))
    expect(await findFormAlert(dialog)).toHaveTextContent(messages.appointmentDeleteFailed)
    expect(within(dialog).getByRole('button', { name: 'Confirmar' })).toBeEnabled()

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.click(within(row).getByRole('button', { name: 'Deletar' }))
    const again = await screen.findByRole('dialog', { name: messages.confirmDeleteAppointment })
    expect(again.querySelector('.form-alert')).toBeNull()
  })
})

describe('a success', () => {
  it('takes the earlier error toasts away', async () => {
    server.use(
      http.post(registerPath, () => HttpResponse.json({ error: messages.internalError }, { status: 500 }), {
        once: true,
      }),
    )
    const { dialog, confirm } = await openCreateDialog()
    await confirm()
    await findToast(messages.appointmentCreateFailed)
    await findFormAlert(dialog)

    await confirm()
    expect(await findToast(messages.appointmentCreated)).toBeInTheDocument()
    // (jsdom runs no exit animation: a dismissed toast stays in the DOM, but is no longer an alert)
    await waitFor(() =>
      expect(shownToasts().map((toast) => toast.textContent)).not.toContain(messages.appointmentCreateFailed),
    )
  })
})

describe("the creator's userId", () => {
  const appointment: Omit<RegisterAgendamentoRequest, 'userId'> = {
    datahora: `${tomorrow}T15:00:00.000Z`,
    anotacao: '',
    convenio: '',
    valorIncents: 10_000,
    estaPago: false,
    pacienteId: SEED_IDS.pacientes.joao,
    medicoId: SEED_IDS.medicos.helena,
    exames: ['Raio-X'],
  }

  function recordBodies(path: string) {
    const bodies: unknown[] = []
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === path)
        void request
          .clone()
          .json()
          .then((body: unknown) => bodies.push(body))
    })
    return bodies
  }

  it('is the signed-in user, added by the API layer to every register call (no component passes it)', async () => {
    const bodies = recordBodies('/api/agendamento/register')
    signInAs('staff')
    const created = await createAppointment(appointment)
    expect(created.userId).toBe(SEED_STAFF.id)
    await waitFor(() => expect(bodies).toEqual([{ ...appointment, userId: SEED_STAFF.id }]))

    const paciente = await createPatient({
      nome: 'zuleica prado',
      cpf: '93541134780',
      rg: '445566778',
      datanascimento: '1988-07-09T00:00:00.000Z',
      estadocivil: 'casado',
      sexo: 'feminino',
      cor: 'pardo',
      naturalidade: 'Belo Horizonte',
      profissao: 'Engenheira',
      email: 'zuleica@exemplo.com',
      telefone: 31998765432,
      endereco: 'Rua da Bahia',
      numeroendereco: 1148,
      bairro: 'Funcionários',
      cidade: 'Belo Horizonte',
      estado: 'MG',
    })
    expect(store.pacientes.find((p) => p.id === paciente.id)?.userId).toBe(SEED_STAFF.id)
    server.events.removeAllListeners()
  })

  it('without a session nothing is sent: the call fails as a 401 would', async () => {
    const bodies = recordBodies('/api/agendamento/register')
    const failure = await createAppointment(appointment).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ApiError)
    expect((failure as ApiError).status).toBe(401)
    expect(bodies).toEqual([])
    server.events.removeAllListeners()
  })
})
