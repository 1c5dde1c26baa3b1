// The exam catalogue as staff meet it (docs/decisions.md, "Exam catalogue"): ADMIN's 'Catálogo' page,
// booking from the catalogue in 'Novo agendamento' (convênio of the list, search by name or TUSS, Valor
// filled with the sum, preparo shown) and 'Registrar pagamento' on an appointment.
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { addDays, clinicToday, formatDate, messages } from '@contract'
import { demoSeed } from '@/mocks/store'
import { resetStore, SEED_IDS, store } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'
import { findToast } from '../../support/toasts'

vi.setConfig({ testTimeout: 60_000 })

afterEach(() => {
  resetStore(() => demoSeed())
})

const exameByName = (nome: string) => store.exames.find((e) => e.nome === nome)!
const convenioByName = (nome: string) => store.convenios.find((c) => c.nome === nome)!
const price = (exame: string, convenio: string) =>
  store.precos.find((p) => p.exameId === exameByName(exame).id && p.convenioId === convenioByName(convenio).id)
    ?.valorIncents

describe("'Catálogo' (ADMIN)", () => {
  async function openCatalogue() {
    const app = renderApp('/admin', { as: 'admin' })
    await app.user.click(await screen.findByRole('link', { name: 'Catálogo' }))
    await screen.findByRole('heading', { name: 'Catálogo', level: 1 })
    const exams = await screen.findByRole('region', { name: 'Exames' })
    return { ...app, exams, convenios: screen.getByRole('region', { name: 'Convênios' }) }
  }

  // three tests, not one: each types into a page with the whole price table, slow on a busy machine
  it('adds an exam with its modality, duration, TUSS code and preparo', async () => {
    const { user, exams } = await openCatalogue()
    const q = within(exams)
    await user.click(q.getByRole('button', { name: 'Salvar exame' }))
    expect(await q.findAllByText(messages.required)).not.toHaveLength(0)

    await user.type(q.getByLabelText('Nome do exame'), 'US de bolsa escrotal')
    await user.selectOptions(q.getByLabelText('Modalidade'), 'US')
    await user.type(q.getByLabelText('Duração (minutos)'), '20')
    await user.type(q.getByLabelText(/^Código TUSS/), '40901246')
    await user.type(q.getByLabelText(/^Preparo/), 'Não é preciso preparo.')
    await user.click(q.getByRole('button', { name: 'Salvar exame' }))
    await findToast(messages.exameSaved)
    expect(await q.findByRole('cell', { name: 'US de bolsa escrotal' })).toBeInTheDocument()
    expect(store.exames.find((e) => e.nome === 'US de bolsa escrotal')).toMatchObject({
      modalidade: 'US',
      duracao: 20,
      tuss: '40901246',
      preparo: 'Não é preciso preparo.',
      ativo: true,
    })
  })

  it('refuses a name already there whatever its accents', async () => {
    const { user, exams } = await openCatalogue()
    const q = within(exams)
    await user.type(q.getByLabelText('Nome do exame'), 'TC DE CRÂNIO')
    await user.selectOptions(q.getByLabelText('Modalidade'), 'TC')
    await user.type(q.getByLabelText('Duração (minutos)'), '20')
    await user.click(q.getByRole('button', { name: 'Salvar exame' }))
    expect(await within(exams).findByText(messages.exameNameTaken, { selector: '[role="alert"]' })).toBeInTheDocument()
    expect(store.exames.filter((e) => e.nome.toLowerCase().startsWith('tc de cr'))).toHaveLength(1)
  })

  it('deactivates an exam and offers to activate it again', async () => {
    const { user, exams } = await openCatalogue()
    const q = within(exams)
    await user.click(q.getByRole('button', { name: 'Desativar RM de ombro' }))
    await waitFor(() => expect(exameByName('RM de ombro').ativo).toBe(false))
    expect(await q.findByRole('button', { name: 'Ativar RM de ombro' })).toBeInTheDocument()
  })

  it('keeps Particular fixed and registers a convênio', async () => {
    const { user, convenios } = await openCatalogue()
    const q = within(convenios)
    const particular = q.getByRole('cell', { name: 'Particular' }).closest('tr')!
    expect(within(particular).queryByRole('button')).not.toBeInTheDocument()
    await user.type(q.getByLabelText('Nome do convênio'), 'Cassi')
    await user.type(q.getByLabelText(/^Registro ANS/), '346659')
    await user.click(q.getByRole('button', { name: 'Salvar convênio' }))
    await findToast(messages.convenioSaved)
    expect(convenioByName('Cassi')).toMatchObject({ ans: '346659', ativo: true })
  })

  it("sets an exam's price on a convênio's table", async () => {
    const { user } = await openCatalogue()
    const prices = screen.getByRole('region', { name: 'Preços' })
    const q = within(prices)
    await user.selectOptions(q.getByLabelText('Tabela do convênio'), 'Unimed')
    const input = await q.findByLabelText('Preço de US de tireoide')
    await user.clear(input)
    await user.type(input, '133,50')
    await user.click(q.getByRole('button', { name: 'Salvar preço de US de tireoide' }))
    await findToast(messages.precoSaved)
    expect(price('US de tireoide', 'Unimed')).toBe(13_350)
  })

  it('is not reached by staff', async () => {
    renderApp('/admin/catalogo', { as: 'staff' })
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.adminOnly)
  })
})

describe("'Novo agendamento' from the catalogue", () => {
  async function openModal() {
    const app = renderApp('/agendamentos', { as: 'staff' })
    await screen.findByRole('table')
    await app.user.click(screen.getByRole('button', { name: 'Criar agendamento' }))
    const dialog = await screen.findByRole('dialog', { name: 'Novo agendamento' })
    await within(dialog).findByLabelText('Tabela de preços')
    return { ...app, dialog, q: within(dialog) }
  }

  it('fills Valor with the sum of the prices on the chosen convênio and shows the preparo', async () => {
    const { user, q } = await openModal()
    await user.selectOptions(q.getByLabelText('Tabela de preços'), 'Unimed')
    expect(q.getByLabelText('Convênio')).toHaveValue('Unimed')

    // issue 34: by the modality's name, although the catalogue writes 'US …'
    await user.type(q.getByLabelText('Buscar exame no catálogo'), 'ultrassonografia abdome tot')
    await user.click(await q.findByRole('button', { name: 'Adicionar US abdome total' }))
    // by TUSS code
    await user.type(q.getByLabelText('Buscar exame no catálogo'), '4100101')
    await user.click(await q.findByRole('button', { name: 'Adicionar TC de crânio' }))

    const sum = price('US abdome total', 'Unimed')! + price('TC de crânio', 'Unimed')!
    const money = (cents: number) => `R$ ${(cents / 100).toFixed(2).replace('.', ',')}`
    await waitFor(() => expect(q.getByLabelText(/^Valor/)).toHaveValue(money(sum)))
    const preparo = q.getByRole('region', { name: 'Preparo' })
    expect(preparo).toHaveTextContent('Jejum absoluto de 8 horas')
    expect(preparo).toHaveTextContent('bexiga cheia')

    // staff may change the value; removing an exam fills it again
    await user.clear(q.getByLabelText(/^Valor/))
    await user.type(q.getByLabelText(/^Valor/), '300,00')
    await user.click(q.getByRole('button', { name: 'Remover TC de crânio' }))
    await waitFor(() => expect(q.getByLabelText(/^Valor/)).toHaveValue(money(price('US abdome total', 'Unimed')!)))
    expect(q.getByRole('region', { name: 'Preparo' })).not.toHaveTextContent('TC de crânio')
  })

  it('books the chosen exams on the convênio, with the card data', async () => {
    const { user, q } = await openModal()
    await user.type(q.getByLabelText(/^Data/), addDays(clinicToday(), 3))
    await user.type(q.getByLabelText(/^Hora/), '09:00')
    await waitFor(() => expect(within(q.getByLabelText(/^Paciente/)).getAllByRole('option')).toHaveLength(7))
    await user.selectOptions(q.getByLabelText(/^Paciente/), 'João da Silva')
    await user.selectOptions(q.getByLabelText(/^Doutor/), 'Dr. Helena Duarte')
    await user.selectOptions(q.getByLabelText('Tabela de preços'), 'Bradesco Saúde')
    await user.type(q.getByLabelText('Número da carteirinha'), '998877')
    await user.type(q.getByLabelText('Buscar exame no catálogo'), 'mamografia bil')
    await user.click(await q.findByRole('button', { name: 'Adicionar Mamografia bilateral' }))
    await user.click(q.getByRole('radio', { name: 'Não' }))
    const before = store.agendamentos.length
    await user.click(q.getByRole('button', { name: 'Confirmar' }))
    await findToast(messages.appointmentCreated)
    expect(store.agendamentos).toHaveLength(before + 1)
    const booked = store.agendamentos.at(-1)!
    expect(booked).toMatchObject({
      convenio: 'Bradesco Saúde',
      exames: ['Mamografia bilateral'],
      valorIncents: price('Mamografia bilateral', 'Bradesco Saúde'),
    })
    expect(store.agendamentoCatalogo[booked.id]).toMatchObject({
      convenioId: convenioByName('Bradesco Saúde').id,
      carteirinha: '998877',
      exames: [{ nome: 'Mamografia bilateral', valorIncents: price('Mamografia bilateral', 'Bradesco Saúde') }],
    })
  })
})

describe("'Registrar pagamento'", () => {
  it('records a PIX payment; once it covers the value the appointment shows Pago', async () => {
    const { user } = renderApp('/agendamentos', { as: 'staff' })
    await screen.findByRole('table')
    const target = store.agendamentos.find((a) => a.id === SEED_IDS.agendamentos.tomorrow)!
    expect(target.estaPago).toBe(false)
    const nome = store.pacientes.find((p) => p.id === target.pacienteId)!.nome
    const cells = await screen.findAllByRole('cell', { name: new RegExp(nome, 'i') })
    const row = cells
      .map((cell) => cell.closest('tr')!)
      .find((r) => r.textContent?.includes(formatDate(target.datahora)))!
    await user.click(within(row).getByRole('button', { name: 'Saiba mais' }))
    const dialog = await screen.findByRole('dialog', { name: /Agendamento do paciente/ })
    const q = within(dialog)
    const panel = await q.findByRole('region', { name: 'Pagamento' })
    expect(panel).toHaveTextContent('Pendente')
    await user.click(within(panel).getByRole('button', { name: 'Registrar pagamento' }))
    const form = within(panel).getByRole('form', { name: 'Registrar pagamento' })
    await user.selectOptions(within(form).getByLabelText('Forma de pagamento'), 'PIX')
    await user.click(within(form).getByRole('button', { name: 'Confirmar pagamento' }))
    await findToast(messages.paymentRegistered)
    await waitFor(() =>
      expect(within(q.getByRole('region', { name: 'Pagamento' })).getByText('Pago')).toBeInTheDocument(),
    )
    expect(store.pagamentos.at(-1)).toMatchObject({
      agendamentoId: target.id,
      forma: 'pix',
      valorIncents: target.valorIncents,
    })
    expect(store.agendamentos.find((a) => a.id === target.id)!.estaPago).toBe(true)
    expect(await q.findByText(/Pagamento registrado: PIX/)).toBeInTheDocument()
  })
})
