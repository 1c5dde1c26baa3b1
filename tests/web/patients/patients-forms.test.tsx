// Issue 14 in the patient wizard: masks as you type, the address by CEP (a mocked service, a failing one),
// 'Nome social', the early duplicate at step 1, Enter through the steps, and messages that follow the fields.
import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { clinicToday, messages, UFS } from '@contract'
import { formTexts } from '@/features/patients/lib/form-texts'
import { NEW_PATIENT } from '@/features/patients/testing/fixtures'
import { server, store } from '../../support/msw-server'
import { renderApp, type RenderAppResult } from '../../support/render-app'
import { findToast } from '../../support/toasts'

type User = RenderAppResult['user']

const VIACEP = 'https://viacep.com.br/ws/:cep/json/'

beforeEach(() => {
  server.events.removeAllListeners()
})

async function openRegister(as: 'staff' | 'admin' = 'staff') {
  const app = renderApp('/pacientes', { as, userEventOptions: { delay: null } })
  await screen.findByRole('table')
  await app.user.click(screen.getByRole('button', { name: 'Cadastrar paciente' }))
  return { ...app, dialog: screen.getByRole('dialog', { name: 'Novo paciente' }) }
}

async function fill(user: User, dialog: HTMLElement, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = within(dialog).getByLabelText(label)
    // 'Estado' is a select of the UFs (issue 14)
    if (input instanceof HTMLSelectElement) {
      await user.selectOptions(input, value)
      continue
    }
    await user.clear(input)
    await user.type(input, value)
  }
}

async function toStep2(user: User, dialog: HTMLElement) {
  await fill(user, dialog, NEW_PATIENT.step1)
  for (const [label, value] of Object.entries(NEW_PATIENT.selects)) {
    await user.selectOptions(within(dialog).getByLabelText(label), value)
  }
  await user.click(within(dialog).getByRole('button', { name: 'Próximo' }))
  await within(dialog).findByRole('heading', { name: /Passo 2 de 3/ })
}

describe('masks as you type', () => {
  it('formats CPF and telefone while typing, and the API still receives digits', async () => {
    const { user, dialog } = await openRegister()
    const cpf = within(dialog).getByLabelText('CPF')
    await user.type(cpf, '93541134780')
    expect(cpf).toHaveValue('935.411.347-80')
    const phone = within(dialog).getByLabelText('Telefone')
    await user.type(phone, '3134567890')
    expect(phone).toHaveValue('(31) 3456-7890')
    await user.type(phone, '1')
    expect(phone).toHaveValue('(31) 34567-8901')
    // a letter is left as typed, for the specification's message
    await user.clear(cpf)
    await user.type(cpf, '12a')
    expect(cpf).toHaveValue('12a')

    await user.clear(cpf)
    await user.type(cpf, NEW_PATIENT.step1.CPF)
    await user.clear(phone)
    await user.type(phone, '31998765432')
    await toStep2(user, dialog)
    const cep = within(dialog).getByLabelText('CEP')
    server.use(http.get(VIACEP, () => HttpResponse.json({ erro: 'true' })))
    await user.type(cep, '30130010')
    expect(cep).toHaveValue('30130-010')
    expect(await within(dialog).findByText(formTexts.cepNotFound)).toBeInTheDocument()

    const bodies: unknown[] = []
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/paciente/register')) bodies.push(await request.clone().json())
    })
    await fill(user, dialog, { ...NEW_PATIENT.step2 })
    await user.click(within(dialog).getByRole('button', { name: 'Próximo' }))
    // the step is validated before it moves on: wait for the summary, as the receptionist does
    await within(dialog).findByRole('heading', { name: /Passo 3 de 3/ })
    expect(within(dialog).getByText('30130-010')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar cadastro' }))
    await findToast('Paciente criado com sucesso!')
    expect(bodies[0]).toMatchObject({ cpf: '93541134780', telefone: 31998765432, cep: '30130010', estado: 'MG' })
  })
})

describe('the address by CEP', () => {
  it('fills logradouro, bairro, cidade and UF from the service', async () => {
    const asked: string[] = []
    server.use(
      http.get(VIACEP, ({ params }) => {
        asked.push(String(params.cep))
        return HttpResponse.json({
          cep: '01310-100',
          logradouro: 'Avenida Paulista',
          bairro: 'Bela Vista',
          localidade: 'São Paulo',
          uf: 'SP',
        })
      }),
    )
    const { user, dialog } = await openRegister()
    await toStep2(user, dialog)
    // optional, and required fields are marked before any error
    expect(within(dialog).getByLabelText('CEP')).not.toHaveAttribute('aria-required')
    expect(within(dialog).getByLabelText('Bairro')).toHaveAttribute('aria-required', 'true')
    await user.type(within(dialog).getByLabelText('CEP'), '01310100')
    await waitFor(() => expect(within(dialog).getByLabelText('Endereço')).toHaveValue('Avenida Paulista'))
    expect(within(dialog).getByLabelText('Bairro')).toHaveValue('Bela Vista')
    expect(within(dialog).getByLabelText('Cidade')).toHaveValue('São Paulo')
    expect(within(dialog).getByLabelText('Estado')).toHaveValue('SP')
    expect(within(dialog).getByLabelText('CEP')).toHaveAccessibleDescription(formTexts.cepFound)
    expect(asked).toEqual(['01310100'])
  })

  it('a failing service says so and blocks nothing: the address is typed by hand', async () => {
    server.use(http.get(VIACEP, () => HttpResponse.error()))
    const { user, dialog } = await openRegister()
    await toStep2(user, dialog)
    await user.type(within(dialog).getByLabelText('CEP'), '01310100')
    expect(await within(dialog).findByText(formTexts.cepUnavailable)).toBeInTheDocument()
    await fill(user, dialog, { ...NEW_PATIENT.step2, Complemento: 'Sala 4' })
    await user.click(within(dialog).getByRole('button', { name: 'Próximo' }))
    expect(await within(dialog).findByRole('heading', { name: /Passo 3 de 3/ })).toBeInTheDocument()
    expect(within(dialog).getByText('Sala 4')).toBeInTheDocument()
  })

  it("'Estado' is a select of the 27 UFs, required", async () => {
    server.use(http.get(VIACEP, () => HttpResponse.error()))
    const { user, dialog } = await openRegister()
    await toStep2(user, dialog)
    const estado = within(dialog).getByRole('combobox', { name: 'Estado' })
    expect(estado.tagName).toBe('SELECT')
    const options = within(estado).getAllByRole('option')
    expect(options.map((o) => o.getAttribute('value'))).toEqual(['', ...UFS])
    expect(options).toHaveLength(28)
    await fill(user, dialog, { ...NEW_PATIENT.step2, Estado: '' })
    await user.click(within(dialog).getByRole('button', { name: 'Próximo' }))
    await waitFor(() => expect(estado).toHaveAccessibleDescription(messages.required))
    await user.selectOptions(estado, 'MG')
    await user.click(within(dialog).getByRole('button', { name: 'Próximo' }))
    expect(await within(dialog).findByRole('heading', { name: /Passo 3 de 3/ })).toBeInTheDocument()
  })

  it("an older record's free-text Estado is shown as an extra option, refused until a UF is chosen", async () => {
    const conceicao = store.pacientes.find((p) => p.cpf === '52998224725')!
    conceicao.estado = 'São Paulo'
    const bodies: Array<Record<string, unknown>> = []
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/paciente/update')) bodies.push(await request.clone().json())
    })
    const { user } = renderApp('/pacientes', { as: 'staff', userEventOptions: { delay: null } })
    const row = (await screen.findByRole('cell', { name: 'Conceição Araújo' })).closest('tr')!
    await user.click(within(row).getByRole('button', { name: 'Saiba mais' }))
    const dialog = await screen.findByRole('dialog', { name: 'Saiba mais sobre Conceição Araújo' })
    await user.click(within(dialog).getByRole('button', { name: 'Próximo' }))
    await within(dialog).findByRole('heading', { name: /Passo 2 de 3/ })
    const estado = within(dialog).getByRole('combobox', { name: 'Estado' })
    expect(estado).toHaveValue('São Paulo')
    expect(within(estado).getByRole('option', { selected: true })).toHaveTextContent('São Paulo')
    await user.click(within(dialog).getByRole('button', { name: 'Próximo' }))
    await waitFor(() => expect(estado).toHaveAccessibleDescription(formTexts.ufInvalid))

    await user.selectOptions(estado, 'SP')
    await user.click(within(dialog).getByRole('button', { name: 'Próximo' }))
    await within(dialog).findByRole('heading', { name: /Passo 3 de 3/ })
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar alterações' }))
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).toMatchObject({ estado: 'SP' })
  })
})

describe('the birth date (DD/MM/AAAA)', () => {
  async function birthDateSays(user: User, dialog: HTMLElement, typed: string, message: string) {
    const input = within(dialog).getByLabelText('Data de nascimento')
    await user.clear(input)
    await user.type(input, typed)
    await user.click(within(dialog).getByRole('button', { name: 'Próximo' }))
    await waitFor(() => expect(input).toHaveAccessibleDescription(message))
    expect(input).toHaveAttribute('aria-invalid', 'true')
  }

  it('is a numeric text field masked as typed, whatever the browser language', async () => {
    const { user, dialog } = await openRegister()
    const input = within(dialog).getByLabelText('Data de nascimento')
    expect(input).toHaveAttribute('type', 'text')
    expect(input).toHaveAttribute('inputmode', 'numeric')
    await user.type(input, '1705')
    expect(input).toHaveValue('17/05')
    await user.type(input, '1980')
    expect(input).toHaveValue('17/05/1980')
  })

  it('refuses an impossible date, a future one and an incomplete one with its own message', async () => {
    const { user, dialog } = await openRegister()
    await fill(user, dialog, NEW_PATIENT.step1)
    for (const [label, value] of Object.entries(NEW_PATIENT.selects)) {
      await user.selectOptions(within(dialog).getByLabelText(label), value)
    }
    await birthDateSays(user, dialog, '31021990', formTexts.birthDateImpossible)
    const nextYear = String(Number(clinicToday().slice(0, 4)) + 1)
    await birthDateSays(user, dialog, `0101${nextYear}`, formTexts.birthDateFuture)
    await birthDateSays(user, dialog, '010119', formTexts.birthDateFormat)
    // still step 1: nothing moved on
    expect(within(dialog).getByRole('heading', { name: /Passo 1 de 3/ })).toBeInTheDocument()
  })

  it('sends the API an ISO date', async () => {
    server.use(http.get(VIACEP, () => HttpResponse.error()))
    const bodies: Array<Record<string, unknown>> = []
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/paciente/register')) bodies.push(await request.clone().json())
    })
    const { user, dialog } = await openRegister()
    await toStep2(user, dialog)
    await fill(user, dialog, NEW_PATIENT.step2)
    await user.click(within(dialog).getByRole('button', { name: 'Próximo' }))
    expect(await within(dialog).findByText('09/07/1988')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar cadastro' }))
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).toMatchObject({ datanascimento: '1988-07-09T00:00:00.000Z' })
  })
})

describe('the early duplicate', () => {
  it("finds an active patient's CPF when the field loses focus, and 'Abrir cadastro' opens them", async () => {
    const { user, dialog } = await openRegister()
    await user.type(within(dialog).getByLabelText('CPF'), '52998224725')
    await user.tab()
    const note = await within(dialog).findByRole('status')
    expect(note).toHaveTextContent(`${formTexts.duplicateActive} Conceição Araújo`)
    await user.click(within(note).getByRole('button', { name: 'Abrir cadastro' }))
    expect(await screen.findByRole('dialog', { name: 'Saiba mais sobre Conceição Araújo' })).toBeInTheDocument()
  })

  it("an inactive patient's CPF: staff are told to ask an admin; ADMIN reactivates", async () => {
    const staff = await openRegister('staff')
    await staff.user.type(within(staff.dialog).getByLabelText('CPF'), '85236974119')
    await staff.user.tab()
    expect(await within(staff.dialog).findByRole('status')).toHaveTextContent(formTexts.duplicateInactiveAskAdmin)
    expect(within(staff.dialog).queryByRole('button', { name: 'Reativar' })).not.toBeInTheDocument()
    staff.unmount()

    const admin = await openRegister('admin')
    await admin.user.type(within(admin.dialog).getByLabelText('CPF'), '85236974119')
    await admin.user.tab()
    const note = await within(admin.dialog).findByRole('status')
    expect(note).toHaveTextContent(`${formTexts.duplicateInactive} Beatriz Lopes`)
    await admin.user.click(within(note).getByRole('button', { name: 'Reativar' }))
    expect(await within(note).findByRole('button', { name: 'Abrir cadastro' })).toBeInTheDocument()
    expect(store.pacientes.find((p) => p.cpf === '85236974119')?.ativo).toBe(true)
  })
})

describe('the keyboard', () => {
  it('Enter moves to the next step; after a failed attempt each message follows its field', async () => {
    const { user, dialog } = await openRegister()
    const nome = within(dialog).getByLabelText('Nome')
    expect(nome).toHaveAttribute('aria-required', 'true')
    expect(within(dialog).getByLabelText('Nome social')).not.toHaveAttribute('aria-required')
    await user.type(nome, 'Ana 2{Enter}')
    await waitFor(() => expect(nome).toHaveAccessibleDescription(messages.nameLettersOnly))
    await user.clear(nome)
    await user.type(nome, 'Ana')
    // corrected: its message goes at once, without pressing 'Próximo'
    await waitFor(() => expect(nome).not.toHaveAccessibleDescription(messages.nameLettersOnly))
    await fill(user, dialog, { ...NEW_PATIENT.step1 })
    for (const [label, value] of Object.entries(NEW_PATIENT.selects)) {
      await user.selectOptions(within(dialog).getByLabelText(label), value)
    }
    await user.type(within(dialog).getByLabelText('Telefone'), '{Enter}')
    expect(await within(dialog).findByRole('heading', { name: /Passo 2 de 3/ })).toBeInTheDocument()
  })
})
