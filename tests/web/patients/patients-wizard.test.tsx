// The patient wizard (register, and 'Saiba mais' to change): steps, validation, review, outcomes.
import { screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { http, HttpResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import { messages } from '@contract'
import { NEW_PATIENT } from '@/features/patients/testing/fixtures'
import { SEED_IDS, SEED_STAFF, server, store } from '../../support/msw-server'
import { renderApp, type RenderAppResult } from '../../support/render-app'
import { findFormAlert, findToast } from '../../support/toasts'

type User = RenderAppResult['user']

// Whole wizards typed key by key: slower than the default 5 s on a busy machine.

beforeEach(() => {
  server.events.removeAllListeners()
})

async function openPage() {
  const app = renderApp('/pacientes', { as: 'staff', userEventOptions: { delay: null } })
  await screen.findByRole('table')
  return app
}

async function openRegister(user: User) {
  await user.click(screen.getByRole('button', { name: 'Cadastrar paciente' }))
  return screen.getByRole('dialog', { name: 'Novo paciente' })
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

async function fillStep1(user: User, dialog: HTMLElement, overrides: Record<string, string> = {}) {
  await fill(user, dialog, { ...NEW_PATIENT.step1, ...overrides })
  for (const [label, value] of Object.entries(NEW_PATIENT.selects)) {
    await user.selectOptions(within(dialog).getByLabelText(label), value)
  }
}

const next = (user: User, dialog: HTMLElement) => user.click(within(dialog).getByRole('button', { name: 'Próximo' }))

function stepHeading(dialog: HTMLElement) {
  return within(dialog).getByRole('heading', { level: 3, name: /^Passo / })
}

function fieldError(dialog: HTMLElement, label: string) {
  const input = within(dialog).getByLabelText(label)
  return input.getAttribute('aria-invalid') === 'true' ? input : null
}

async function seriousViolations(container: Element) {
  const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

describe('Cadastrar paciente', () => {
  it('walks the three steps, validates each, reviews every field and registers the patient', async () => {
    const { user } = await openPage()
    const dialog = await openRegister(user)
    expect(stepHeading(dialog)).toHaveTextContent('Passo 1 de 3')
    // jsdom's <dialog> polyfill does not run the browser's focusing steps; the first focusable element
    // is the Nome field (the step heading becomes focusable only once the person moves between steps).
    expect(within(dialog).getByLabelText('Nome')).toBe(
      dialog.querySelector('input, select, textarea, button, [tabindex]'),
    )
    for (const label of [
      'Nome',
      'CPF',
      'RG',
      'Data de nascimento',
      'Estado civil',
      'Sexo',
      'Cor',
      'Naturalidade',
      'Profissão',
      'E-mail',
      'Telefone',
    ]) {
      expect(within(dialog).getByLabelText(label)).toBeInTheDocument()
    }
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Voltar' })).not.toBeInTheDocument()
    expect(
      within(within(dialog).getByLabelText('Estado civil'))
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['', 'solteiro', 'casado', 'divorciado', 'viúvo'])
    expect(
      within(within(dialog).getByLabelText('Sexo'))
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['', 'masculino', 'feminino'])
    expect(
      within(within(dialog).getByLabelText('Cor'))
        .getAllByRole('option')
        .map((o) => o.getAttribute('value')),
    ).toEqual(['', 'branco', 'negro', 'pardo', 'amarelo', 'indígena'])

    // Step 1 empty: every field 'Obrigatório*' and the create toast (no comma).
    await next(user, dialog)
    expect(await screen.findByText('Por favor preencha todos os dados!')).toBeInTheDocument()
    expect(within(dialog).getAllByText('Obrigatório*')).toHaveLength(11)
    expect(within(dialog).getByLabelText('Nome')).toHaveAccessibleDescription('Obrigatório*')
    expect(within(dialog).getByLabelText('Nome')).toHaveFocus()
    expect(stepHeading(dialog)).toHaveTextContent('Passo 1 de 3')

    // Wrong values: the contract's messages.
    await fillStep1(user, dialog, { Nome: 'Ana 2', CPF: '12a45', RG: 'x1', 'E-mail': 'ana@', Telefone: '1234' })
    await next(user, dialog)
    // validation runs on 'Próximo' and is asynchronous (zod resolver)
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Nome')).toHaveAccessibleDescription(
        'Por favor, preencha o nome apenas com letras!',
      ),
    )
    expect(within(dialog).getByLabelText('CPF')).toHaveAccessibleDescription(
      'Por favor, preencha o CPF ou RG apenas com números!',
    )
    expect(within(dialog).getByLabelText('RG')).toHaveAccessibleDescription(
      'Por favor, preencha o CPF ou RG apenas com números!',
    )
    expect(within(dialog).getByLabelText('E-mail')).toHaveAccessibleDescription(messages.emailInvalid)
    expect(within(dialog).getByLabelText('Telefone')).toHaveAccessibleDescription(
      expect.stringContaining(messages.phoneInvalid),
    )
    expect(stepHeading(dialog)).toHaveTextContent('Passo 1 de 3')

    await fill(user, dialog, { CPF: '12345678900' })
    await next(user, dialog)
    await waitFor(() => expect(within(dialog).getByLabelText('CPF')).toHaveAccessibleDescription('CPF inválido!'))

    // Right values: on to the address.
    await fillStep1(user, dialog)
    await next(user, dialog)
    await waitFor(() => expect(stepHeading(dialog)).toHaveTextContent('Passo 2 de 3'))
    // the focus moves in an effect after the new step renders
    await waitFor(() => expect(stepHeading(dialog)).toHaveFocus())
    expect(fieldError(dialog, 'Endereço')).toBeNull()

    await next(user, dialog)
    await waitFor(() => expect(within(dialog).getAllByText('Obrigatório*')).toHaveLength(5))
    expect(stepHeading(dialog)).toHaveTextContent('Passo 2 de 3')

    // Voltar keeps what was typed.
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }))
    expect(stepHeading(dialog)).toHaveTextContent('Passo 1 de 3')
    expect(within(dialog).getByLabelText('Nome')).toHaveValue('Zuleica Gonçalves Prado')
    await next(user, dialog)
    await waitFor(() => expect(stepHeading(dialog)).toHaveTextContent('Passo 2 de 3'))

    await fill(user, dialog, { ...NEW_PATIENT.step2, Número: '12b' })
    await next(user, dialog)
    // validation runs on 'Próximo' and is asynchronous (zod resolver): wait for its message
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Número')).toHaveAccessibleDescription(messages.addressNumberInvalid),
    )
    await fill(user, dialog, { Número: NEW_PATIENT.step2.Número })
    await next(user, dialog)
    await waitFor(() => expect(stepHeading(dialog)).toHaveTextContent('Passo 3 de 3'))

    // The review shows every field, CPF and phone formatted.
    const terms = within(dialog)
      .getAllByRole('term')
      .map((dt) => dt.textContent)
    const definitions = within(dialog)
      .getAllByRole('definition')
      .map((dd) => dd.textContent)
    expect(Object.fromEntries(terms.map((term, i) => [term, definitions[i]]))).toEqual({
      Nome: 'Zuleica Gonçalves Prado',
      CPF: '935.411.347-80',
      RG: '445566778',
      'Data de nascimento': '09/07/1988',
      'Estado civil': 'Casado',
      Sexo: 'Feminino',
      Cor: 'Pardo',
      Naturalidade: 'Belo Horizonte',
      Profissão: 'Engenheira',
      'E-mail': 'zuleica.prado@exemplo.com',
      Telefone: '(31) 99876-5432',
      Endereço: 'Rua da Bahia',
      Número: '1148',
      Bairro: 'Funcionários',
      Cidade: 'Belo Horizonte',
      Estado: 'MG',
      'Aceita receber mensagens (WhatsApp)': 'Sim',
    })

    await user.click(within(dialog).getByRole('button', { name: 'Confirmar cadastro' }))
    expect(await screen.findByText('Paciente criado com sucesso!')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo paciente' })).not.toBeInTheDocument())
    expect(await screen.findByRole('cell', { name: 'Zuleica Gonçalves Prado' })).toBeInTheDocument()
    // issue 34: the new patient's profile offers 'Agendar' at once (a walk-in)
    const profile = await screen.findByRole('dialog', { name: 'Zuleica Gonçalves Prado' })
    await user.click(within(profile).getByRole('button', { name: 'Agendar' }))
    const booking = await screen.findByRole('dialog', { name: 'Novo agendamento' })
    expect(within(booking).getByText(/Zuleica Gonçalves Prado/i)).toBeInTheDocument()

    const saved = store.pacientes.find((p) => p.cpf === '93541134780')
    expect(saved).toMatchObject({
      nome: 'zuleica gonçalves prado',
      cpf: '93541134780',
      rg: '445566778',
      datanascimento: '1988-07-09T00:00:00.000Z',
      estadocivil: 'casado',
      sexo: 'feminino',
      cor: 'pardo',
      naturalidade: 'Belo Horizonte',
      profissao: 'Engenheira',
      email: 'zuleica.prado@exemplo.com',
      telefone: 31998765432,
      endereco: 'Rua da Bahia',
      numeroendereco: 1148,
      bairro: 'Funcionários',
      cidade: 'Belo Horizonte',
      estado: 'MG',
      userId: SEED_STAFF.id,
      ativo: true,
      aceitaMensagens: true,
    })
  })

  it('sends exactly the API payload once, even on a double click', async () => {
    const bodies: unknown[] = []
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/paciente/register')
        void request
          .clone()
          .json()
          .then((b: unknown) => bodies.push(b))
    })
    const { user } = await openPage()
    const dialog = await openRegister(user)
    await fillStep1(user, dialog)
    await next(user, dialog)
    await waitFor(() => expect(stepHeading(dialog)).toHaveTextContent('Passo 2 de 3'))
    await fill(user, dialog, NEW_PATIENT.step2)
    await next(user, dialog)
    await waitFor(() => expect(stepHeading(dialog)).toHaveTextContent('Passo 3 de 3'))
    await user.dblClick(within(dialog).getByRole('button', { name: 'Confirmar cadastro' }))
    expect(await screen.findByText('Paciente criado com sucesso!')).toBeInTheDocument()
    server.events.removeAllListeners()
    expect(bodies).toEqual([
      {
        nome: 'zuleica gonçalves prado',
        cpf: '93541134780',
        rg: '445566778',
        datanascimento: '1988-07-09T00:00:00.000Z',
        estadocivil: 'casado',
        sexo: 'feminino',
        cor: 'pardo',
        naturalidade: 'Belo Horizonte',
        profissao: 'Engenheira',
        email: 'zuleica.prado@exemplo.com',
        telefone: 31998765432,
        endereco: 'Rua da Bahia',
        numeroendereco: 1148,
        bairro: 'Funcionários',
        cidade: 'Belo Horizonte',
        estado: 'MG',
        aceitaMensagens: true,
        userId: SEED_STAFF.id,
      },
    ])
  })

  it("refuses a CPF already registered: 'Paciente já existente ou já inativado!'", async () => {
    const { user } = await openPage()
    const dialog = await openRegister(user)
    // Beatriz is inactive: her CPF still belongs to her.
    await fillStep1(user, dialog, { CPF: '85236974119' })
    await next(user, dialog)
    await waitFor(() => expect(stepHeading(dialog)).toHaveTextContent('Passo 2 de 3'))
    await fill(user, dialog, NEW_PATIENT.step2)
    await next(user, dialog)
    await user.click(await within(dialog).findByRole('button', { name: 'Confirmar cadastro' }))
    expect(await findToast('Paciente já existente ou já inativado!')).toBeInTheDocument()
    // The dialog stays so the person can correct it, and says why at the top of its form.
    expect(await findFormAlert(dialog)).toHaveTextContent('Paciente já existente ou já inativado!')
    expect(screen.getByRole('dialog', { name: 'Novo paciente' })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Confirmar cadastro' })).toBeEnabled()
  })

  it("shows the server's own sentence on another 400", async () => {
    server.use(
      http.post('*/api/paciente/register', () =>
        HttpResponse.json({ error: messages.birthDateInvalid }, { status: 400 }),
      ),
    )
    const { user } = await openPage()
    const dialog = await openRegister(user)
    await fillStep1(user, dialog)
    await next(user, dialog)
    await waitFor(() => expect(stepHeading(dialog)).toHaveTextContent('Passo 2 de 3'))
    await fill(user, dialog, NEW_PATIENT.step2)
    await next(user, dialog)
    await user.click(await within(dialog).findByRole('button', { name: 'Confirmar cadastro' }))
    expect(await findToast(messages.birthDateInvalid)).toBeInTheDocument()
  })

  it('closing (Cancelar or Esc) resets every field and returns to step 1, focus back on the opener', async () => {
    const { user } = await openPage()
    let dialog = await openRegister(user)
    await fillStep1(user, dialog)
    await next(user, dialog)
    await waitFor(() => expect(stepHeading(dialog)).toHaveTextContent('Passo 2 de 3'))
    await fill(user, dialog, { Endereço: 'Rua Um' })
    // issue 34: what was typed is not thrown away without asking
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    const ask = within(dialog).getByRole('alertdialog', { name: 'Descartar os dados digitados?' })
    await user.click(within(ask).getByRole('button', { name: 'Continuar editando' }))
    expect(within(dialog).getByLabelText('Endereço')).toHaveValue('Rua Um')
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }))
    await user.click(within(dialog).getByRole('button', { name: 'Descartar' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Cadastrar paciente' })).toHaveFocus()

    dialog = await openRegister(user)
    expect(stepHeading(dialog)).toHaveTextContent('Passo 1 de 3')
    for (const label of Object.keys(NEW_PATIENT.step1)) expect(within(dialog).getByLabelText(label)).toHaveValue('')
    for (const label of Object.keys(NEW_PATIENT.selects)) expect(within(dialog).getByLabelText(label)).toHaveValue('')

    await fill(user, dialog, { Nome: 'Alguém' })
    await next(user, dialog)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Cadastrar paciente' })).toHaveFocus()
    dialog = await openRegister(user)
    expect(within(dialog).getByLabelText('Nome')).toHaveValue('')
    expect(within(dialog).queryByText('Obrigatório*')).not.toBeInTheDocument()
  })

  it('has no serious or critical axe violation with the wizard open, on each step', async () => {
    const { user, container } = await openPage()
    const dialog = await openRegister(user)
    expect(await seriousViolations(container)).toEqual([])
    await next(user, dialog)
    await screen.findByText('Por favor preencha todos os dados!')
    expect(await seriousViolations(container)).toEqual([])
    await fillStep1(user, dialog)
    await next(user, dialog)
    await waitFor(() => expect(stepHeading(dialog)).toHaveTextContent('Passo 2 de 3'))
    await fill(user, dialog, NEW_PATIENT.step2)
    await next(user, dialog)
    await waitFor(() => expect(stepHeading(dialog)).toHaveTextContent('Passo 3 de 3'))
    expect(await seriousViolations(container)).toEqual([])
  })
})

describe('Saiba mais', () => {
  async function openDetails(user: User, name: string) {
    const row = screen.getByRole('cell', { name }).closest('tr') as HTMLElement
    await user.click(within(row).getByRole('button', { name: 'Saiba mais' }))
    return screen.getByRole('dialog', { name: `Saiba mais sobre ${name}` })
  }

  async function toReview(user: User, dialog: HTMLElement) {
    await next(user, dialog)
    await waitFor(() => expect(stepHeading(dialog)).toHaveTextContent('Passo 2 de 3'))
    await next(user, dialog)
    await waitFor(() => expect(stepHeading(dialog)).toHaveTextContent('Passo 3 de 3'))
  }

  it('opens the wizard pre-filled and saves the changes', async () => {
    const { user } = await openPage()
    const dialog = await openDetails(user, 'Conceição Araújo')
    expect(within(dialog).getByLabelText('Nome')).toHaveValue('Conceição Araújo')
    expect(within(dialog).getByLabelText('CPF')).toHaveValue('52998224725')
    expect(within(dialog).getByLabelText('RG')).toHaveValue('123456789')
    expect(within(dialog).getByLabelText('Data de nascimento')).toHaveValue('17/05/1980')
    expect(within(dialog).getByLabelText('Estado civil')).toHaveValue('viúvo')
    expect(within(dialog).getByLabelText('Profissão')).toHaveValue('Aposentada')
    expect(within(dialog).getByLabelText('Telefone')).toHaveValue('(11) 98765-4321')

    await fill(user, dialog, { Profissão: 'Costureira' })
    await next(user, dialog)
    await waitFor(() => expect(stepHeading(dialog)).toHaveTextContent('Passo 2 de 3'))
    expect(within(dialog).getByLabelText('Número')).toHaveValue('120')
    await fill(user, dialog, { Número: '77' })
    await next(user, dialog)
    await waitFor(() => expect(stepHeading(dialog)).toHaveTextContent('Passo 3 de 3'))
    expect(within(dialog).getByText('529.982.247-25')).toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Confirmar cadastro' })).not.toBeInTheDocument()

    await user.click(within(dialog).getByRole('button', { name: 'Confirmar alterações' }))
    expect(await screen.findByText('Paciente atualizado com sucesso!')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const saved = store.pacientes.find((p) => p.id === SEED_IDS.pacientes.conceicao)
    expect(saved).toMatchObject({
      nome: 'conceição araújo',
      profissao: 'Costureira',
      numeroendereco: 77,
      cpf: '52998224725',
      versao: 2,
    })
  })

  it("says 'Por favor, preencha todos os dados!' (with comma) when a field is emptied", async () => {
    const { user } = await openPage()
    const dialog = await openDetails(user, 'João da Silva')
    await user.clear(within(dialog).getByLabelText('Naturalidade'))
    await next(user, dialog)
    expect(await screen.findByText('Por favor, preencha todos os dados!')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Naturalidade')).toHaveAccessibleDescription('Obrigatório*')
  })

  it("shows the server's sentence when someone else changed the patient meanwhile (409)", async () => {
    const { user } = await openPage()
    const dialog = await openDetails(user, 'Maria das Graças Souza')
    await toReview(user, dialog)
    // Another front desk saved Maria in the meantime.
    const row = store.pacientes.find((p) => p.id === SEED_IDS.pacientes.maria)!
    row.versao += 1
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar alterações' }))
    expect(await findToast(messages.staleWrite)).toBeInTheDocument()
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it("says 'Por favor preencha todas as informações!' on another failure", async () => {
    server.use(
      http.put('*/api/paciente/update', () => HttpResponse.json({ error: messages.internalError }, { status: 500 })),
    )
    const { user } = await openPage()
    const dialog = await openDetails(user, 'Pedro Henrique Alves')
    await toReview(user, dialog)
    await user.click(within(dialog).getByRole('button', { name: 'Confirmar alterações' }))
    expect(await findToast('Por favor preencha todas as informações!')).toBeInTheDocument()
  })
})
