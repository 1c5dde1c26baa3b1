import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { messages } from '@contract'
import { medicoKeys } from '@/lib/query-keys'
import { SEED_IDS, server, store } from '../../support/msw-server'
import { renderApp, seriousAxeViolations } from '../../support/render-app'

const section = (name: string) => screen.getByRole('region', { name })

async function renderAdmin() {
  const result = renderApp('/admin', { as: 'admin' })
  await screen.findByRole('heading', { name: 'Cadastro de Doutores' })
  return result
}

function addInactivePatients(count: number) {
  const template = store.pacientes.find((p) => p.id === SEED_IDS.pacientes.beatriz)!
  for (let i = 0; i < count; i++) {
    const n = String(i).padStart(2, '0')
    store.pacientes.push({
      ...template,
      id: `9f000000-0000-4000-8000-0000000000${n}`,
      nome: `paciente inativo ${letters(i)}`,
      cpf: `000000000${n}`,
      rg: `90000${n}`,
    })
  }
}
/** Fills 'Criar usuário' as a person would and presses 'Criar'. */
async function createUser(
  user: UserEvent,
  users: HTMLElement,
  { nome, email, senha }: { nome: string; email: string; senha: string },
) {
  await user.type(within(users).getByLabelText('Nome'), nome)
  await user.type(within(users).getByLabelText('E-mail'), email)
  await user.type(within(users).getByLabelText('Senha'), senha)
  await user.click(within(users).getByRole('button', { name: 'Criar' }))
}

const letters = (i: number) => String.fromCharCode(97 + Math.floor(i / 26)) + String.fromCharCode(97 + (i % 26))

describe('admin', () => {
  it('is refused to staff with the alert, who land on /', async () => {
    const { router } = renderApp('/admin', { as: 'staff' })
    expect(await screen.findByRole('alert')).toHaveTextContent('Apenas administradores podem acessar esta área.')
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument()
  })

  it('shows the three sections to an administrator', async () => {
    await renderAdmin()
    expect(section('Cadastro de Doutores')).toBeInTheDocument()
    expect(section('Criar usuário')).toBeInTheDocument()
    expect(section('Ativar paciente')).toBeInTheDocument()
  })

  describe('Cadastro de Doutores', () => {
    it("validates: 'Obrigatório*' when empty, 'Somente letras são permitidas' otherwise", async () => {
      const { user } = await renderAdmin()
      const doctors = section('Cadastro de Doutores')
      await user.click(within(doctors).getByRole('button', { name: 'Criar' }))
      expect(await within(doctors).findByText(messages.required)).toBeInTheDocument()
      await user.type(within(doctors).getByLabelText('Nome do doutor'), 'Dr. House 2')
      await user.click(within(doctors).getByRole('button', { name: 'Criar' }))
      expect(await within(doctors).findByText(messages.lettersOnly)).toBeInTheDocument()
      expect(within(doctors).getByLabelText('Nome do doutor')).toHaveAccessibleDescription(messages.lettersOnly)
      expect(store.medicos).toHaveLength(3)
    })

    it("creates a doctor: 'Doutor criado com sucesso!', the field cleared, the doctor lists invalidated", async () => {
      const { user, queryClient } = await renderAdmin()
      queryClient.setQueryData(medicoKeys.list(), { medicos: [] })
      const doctors = section('Cadastro de Doutores')
      const field = within(doctors).getByLabelText('Nome do doutor')
      await user.type(field, 'Paula Nogueira')
      await user.click(within(doctors).getByRole('button', { name: 'Criar' }))
      expect(await screen.findByText(messages.doctorCreated)).toBeInTheDocument()
      expect(store.medicos.map((m) => m.nome)).toContain('Paula Nogueira')
      await waitFor(() => expect(field).toHaveValue(''))
      expect(queryClient.getQueryState(medicoKeys.list())?.isInvalidated).toBe(true)
    })

    it("shows the server's validation under the field (issues.nome._errors)", async () => {
      server.use(
        http.post('*/api/medico/register', () =>
          HttpResponse.json(
            { error: messages.lettersOnly, issues: { _errors: [], nome: { _errors: [messages.lettersOnly] } } },
            { status: 400 },
          ),
        ),
      )
      const { user } = await renderAdmin()
      const doctors = section('Cadastro de Doutores')
      await user.type(within(doctors).getByLabelText('Nome do doutor'), 'Paula')
      await user.click(within(doctors).getByRole('button', { name: 'Criar' }))
      await waitFor(() =>
        expect(within(doctors).getByLabelText('Nome do doutor')).toHaveAccessibleDescription(messages.lettersOnly),
      )
    })

    it("a failure without the server's words says 'Erro ao criar doutor!'; 'Criar' is disabled meanwhile", async () => {
      let release!: () => void
      const gate = new Promise<void>((resolve) => (release = resolve))
      server.use(
        http.post('*/api/medico/register', async () => {
          await gate
          return HttpResponse.error()
        }),
      )
      const { user } = await renderAdmin()
      const doctors = section('Cadastro de Doutores')
      await user.type(within(doctors).getByLabelText('Nome do doutor'), 'Paula')
      await user.click(within(doctors).getByRole('button', { name: 'Criar' }))
      await waitFor(() => expect(within(doctors).getByRole('button', { name: 'Criar' })).toBeDisabled())
      release()
      expect(await screen.findByText(messages.doctorCreateFailed)).toBeInTheDocument()
      // the toast may show a moment before the request's end reaches the button
      await waitFor(() => expect(within(doctors).getByRole('button', { name: 'Criar' })).toBeEnabled())
    })
  })

  describe('Criar usuário', () => {
    it('validates every field with the contract messages', async () => {
      const { user } = await renderAdmin()
      const users = section('Criar usuário')
      await user.click(within(users).getByRole('button', { name: 'Criar' }))
      expect(await within(users).findAllByText(messages.required)).toHaveLength(3)

      await createUser(user, users, { nome: 'Rita 2', email: 'nova@clinica.local', senha: 'curta' })
      expect(await within(users).findByText(messages.lettersOnly)).toBeInTheDocument()
      expect(within(users).getByText(messages.passwordMin8)).toBeInTheDocument()
      expect(within(users).getByLabelText('Senha')).toHaveAttribute('aria-invalid', 'true')
      expect(store.users).toHaveLength(2)
    })

    it("creates a user: 'Usuário criado com sucesso!' and the form cleared", async () => {
      const { user } = await renderAdmin()
      const users = section('Criar usuário')
      await createUser(user, users, { nome: 'Bruno Costa', email: 'bruno@clinica.local', senha: 'senhaforte1' })
      expect(await screen.findByText(messages.userCreated)).toBeInTheDocument()
      expect(store.users.find((u) => u.email === 'bruno@clinica.local')).toMatchObject({
        nome: 'Bruno Costa',
        role: 'USER',
      })
      await waitFor(() => expect(within(users).getByLabelText('Nome')).toHaveValue(''))
      expect(within(users).getByLabelText('Senha')).toHaveValue('')
    })

    it("an e-mail already used (409) shows the server's sentence", async () => {
      const { user } = await renderAdmin()
      const users = section('Criar usuário')
      await createUser(user, users, { nome: 'Outra Ana', email: 'admin@clinica.local', senha: 'senhaforte1' })
      expect(await screen.findByText(messages.emailTaken)).toBeInTheDocument()
      expect(store.users).toHaveLength(2)
    })

    it("any other failure says 'Erro ao criar usuário!'", async () => {
      server.use(
        http.post('*/api/users/register', () => HttpResponse.json({ error: messages.internalError }, { status: 503 })),
      )
      const { user } = await renderAdmin()
      const users = section('Criar usuário')
      await createUser(user, users, { nome: 'Bruno Costa', email: 'bruno@clinica.local', senha: 'senhaforte1' })
      expect(await screen.findByText(messages.userCreateFailed)).toBeInTheDocument()
    })
  })

  describe('Ativar paciente', () => {
    it('lists inactive patients; activating one removes it from the list and brings it back', async () => {
      const { user } = await renderAdmin()
      const inactive = section('Ativar paciente')
      const table = await within(inactive).findByRole('table')
      expect(
        within(table)
          .getAllByRole('columnheader')
          .map((th) => th.textContent),
      ).toEqual(['Nome do paciente', 'CPF', 'Telefone', 'Botões'])
      const row = within(table).getByRole('row', { name: /Beatriz Lopes/ })
      expect(row).toHaveTextContent('852.369.741-19')
      expect(row).toHaveTextContent('(11) 98765-4321')
      await user.click(within(row).getByRole('button', { name: 'Ativar' }))
      expect(await screen.findByText(messages.patientActivated)).toBeInTheDocument()
      expect(await within(inactive).findByText(messages.noPatientsFound)).toBeInTheDocument()
      expect(within(inactive).queryByText('Beatriz Lopes')).not.toBeInTheDocument()
      expect(store.pacientes.find((p) => p.id === SEED_IDS.pacientes.beatriz)?.ativo).toBe(true)
    })

    it("pages with 'Carregar Mais' and says 'Não existe mais pacientes!' at the end", async () => {
      addInactivePatients(24) // 25 with Beatriz: a full page of 20, then 5
      const { user } = await renderAdmin()
      const inactive = section('Ativar paciente')
      const table = await within(inactive).findByRole('table')
      expect(within(table).getAllByRole('button', { name: 'Ativar' })).toHaveLength(20)
      await user.click(within(inactive).getByRole('button', { name: 'Carregar Mais' }))
      await waitFor(() => expect(within(table).getAllByRole('button', { name: 'Ativar' })).toHaveLength(25))
      await user.click(within(inactive).getByRole('button', { name: 'Carregar Mais' }))
      expect(await screen.findByText(messages.noMorePatients)).toBeInTheDocument()
      expect(within(table).getAllByRole('button', { name: 'Ativar' })).toHaveLength(25)
    })

    it("'Recarregar' reads the list again", async () => {
      const { user } = await renderAdmin()
      const inactive = section('Ativar paciente')
      await within(inactive).findByRole('table')
      addInactivePatients(1)
      await user.click(within(inactive).getByRole('button', { name: 'Recarregar' }))
      expect(await within(inactive).findByText('Paciente Inativo Aa')).toBeInTheDocument()
    })
  })

  it('has no serious or critical axe violations', async () => {
    const { container, user } = await renderAdmin()
    await within(section('Ativar paciente')).findByRole('table')
    // With validation errors shown, too.
    await user.click(within(section('Criar usuário')).getByRole('button', { name: 'Criar' }))
    await within(section('Criar usuário')).findAllByText(messages.required)
    expect(await seriousAxeViolations(container)).toEqual([])
  })
})
