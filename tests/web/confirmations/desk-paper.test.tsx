// Messages and printouts as the desk meets them: 'Confirmações de amanhã' (the wa.me link with the
// message, landlines and declined consent without one, 'aberto' recorded or waiting for the connection,
// 'Confirmado' in one tap), the clinic's settings (ADMIN), the receipt's printout with the CPF partly
// hidden, the day list, and the wizard's consent checkbox.
import { act, screen, waitFor, within } from '@testing-library/react'
import { onlineManager } from '@tanstack/react-query'
import { http } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { clinicToday, DEFAULT_CLINIC_HOURS, formatDate, messages, nextWorkingDay, weekdayOf } from '@contract'
import { SEED_IDS, SEED_STAFF, server, store } from '../../support/msw-server'
import { renderApp, seriousAxeViolations } from '../../support/render-app'
import { findToast } from '../../support/toasts'

const { pacientes: p, medicos: m } = SEED_IDS
const dia = nextWorkingDay(clinicToday())
const CLINICA = {
  nome: 'Clínica Boa Imagem',
  endereco: 'Rua das Acácias, 100',
  telefone: '(19) 3232-1000',
  cnpj: '11222333000181',
  logo: null,
  modeloMensagem: 'Olá, {nome}! {dia_semana}, {data}, às {hora}: {exames}. {preparo} Traga: {levar}.',
  horarios: [...DEFAULT_CLINIC_HOURS],
}

function book(id: string, time: string, pacienteId: string, extra: Record<string, unknown> = {}) {
  store.agendamentos.push({
    id,
    datahora: `${dia}T${time}:00.000Z`,
    anotacao: '',
    convenio: 'Unimed',
    valorIncents: 18_000,
    estaPago: true,
    exames: ['Ultrassonografia abdominal'],
    userId: SEED_STAFF.id,
    pacienteId,
    medicoId: m.helena,
    versao: 1,
    ...extra,
  })
}

beforeEach(() => {
  store.clinica = { ...CLINICA }
  // The day and its three patients hold only this file's bookings: the seed books Pedro tomorrow, which
  // on a Friday or a Saturday is not `dia` and would show him twice in the lists.
  const booked = new Set<string>([p.pedro, p.lucia, p.maria])
  store.agendamentos = store.agendamentos.filter((a) => !a.datahora.startsWith(dia) && !booked.has(a.pacienteId))
  const patient = (id: string) => store.pacientes.find((x) => x.id === id)!
  patient(p.pedro).telefone = 11987654321
  patient(p.lucia).telefone = 1932321000 // a landline
  patient(p.maria).aceitaMensagens = false
  book('4e000000-0000-4000-8000-000000000001', '08:00', p.pedro)
  book('4e000000-0000-4000-8000-000000000002', '09:00', p.lucia)
  book('4e000000-0000-4000-8000-000000000003', '10:00', p.maria)
})

afterEach(() => {
  act(() => onlineManager.setOnline(true))
})

const row = async (name: string) => (await screen.findByRole('cell', { name })).closest('tr')!

describe('Confirmações de amanhã', () => {
  it('links a mobile to wa.me with the message written; a landline and a declined consent say why there is none', async () => {
    renderApp('/confirmacoes', { as: 'staff' })
    expect(await screen.findByRole('heading', { name: 'Confirmações de amanhã' })).toBeInTheDocument()
    expect(screen.getByText(`${weekdayOf(dia)}, ${formatDate(dia)}`)).toBeInTheDocument()
    const pedro = await row('Pedro Henrique Alves')
    const link = within(pedro).getByRole('link', { name: 'Enviar WhatsApp para Pedro Henrique Alves' })
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'noopener')
    const url = new URL(link.getAttribute('href')!)
    expect(url.origin + url.pathname).toBe('https://wa.me/5511987654321')
    expect(url.searchParams.get('text')).toBe(
      `Olá, Pedro! ${weekdayOf(dia)}, ${formatDate(dia)}, às 08:00: Ultrassonografia abdominal. ` +
        'Preparo: nenhuma orientação especial cadastrada. Dúvidas: (19) 3232-1000. ' +
        'Traga: pedido médico, documento com foto e carteirinha do convênio.',
    )
    const lucia = await row('Lúcia Fernandes')
    expect(within(lucia).queryByRole('link')).not.toBeInTheDocument()
    expect(within(lucia).getByText('Telefone fixo: o WhatsApp precisa de um celular.')).toBeInTheDocument()
    const maria = await row('Maria das Graças Souza')
    expect(within(maria).queryByRole('link')).not.toBeInTheDocument()
    expect(within(maria).getByText(messages.whatsappNoConsent)).toBeInTheDocument()
  })

  it("carries each exam's preparo from the catalogue, matched by name whatever the case and accents", async () => {
    store.exames.push({
      id: '5e000000-0000-4000-8000-000000000001',
      nome: 'ULTRASSONOGRAFIA ABDOMINAL',
      modalidade: 'US',
      duracao: 30,
      preparo: 'Jejum de 8 horas.',
      tuss: null,
      prazoLaudoDias: 2,
      ativo: true,
    })
    renderApp('/confirmacoes', { as: 'staff' })
    const pedro = await row('Pedro Henrique Alves')
    await waitFor(() => {
      const link = within(pedro).getByRole('link', { name: /^Enviar WhatsApp/ })
      expect(new URL(link.getAttribute('href')!).searchParams.get('text')).toContain(
        'Preparo para Ultrassonografia abdominal: Jejum de 8 horas.',
      )
    })
  })

  it("opening the link records 'aberto' (who, when); offline it waits for the connection and says so", async () => {
    const { user } = renderApp('/confirmacoes', { as: 'staff' })
    const pedro = await row('Pedro Henrique Alves')
    const link = within(pedro).getByRole('link', { name: /^Enviar WhatsApp/ })
    // jsdom does not navigate; the click is what the desk does
    link.addEventListener('click', (event) => event.preventDefault())
    await user.click(link)
    expect(await within(pedro).findByText(/^Aberto por você em \d\d\/\d\d às \d\d:\d\d$/)).toBeInTheDocument()
    expect(store.whatsappAberturas).toHaveLength(1)

    act(() => onlineManager.setOnline(false))
    await user.click(link)
    await findToast(messages.whatsappOpenedQueued)
    expect(
      await within(pedro).findByText('Aberto por você — será registrado quando a conexão voltar.'),
    ).toBeInTheDocument()
    expect(store.whatsappAberturas).toHaveLength(1)
    act(() => onlineManager.setOnline(true))
    await waitFor(() => expect(store.whatsappAberturas).toHaveLength(2))
  })

  it('has no serious or critical axe violations', async () => {
    const { container } = renderApp('/confirmacoes', { as: 'staff' })
    await row('Pedro Henrique Alves')
    expect(await seriousAxeViolations(container)).toEqual([])
  })

  it("'Confirmado' confirms in one tap", async () => {
    const { user } = renderApp('/confirmacoes', { as: 'staff' })
    const pedro = await row('Pedro Henrique Alves')
    await user.click(within(pedro).getByRole('button', { name: 'Confirmado: Pedro Henrique Alves' }))
    await findToast(messages.statusConfirmed)
    // the row as it settles: 'Confirmado' and no button (one check, so that both are of the same render)
    await waitFor(() => {
      expect(within(pedro).getByRole('cell', { name: 'Confirmado' })).toBeInTheDocument()
      expect(within(pedro).queryByRole('button', { name: /^Confirmado/ })).not.toBeInTheDocument()
    })
    expect(store.agendamentos.find((a) => a.pacienteId === p.pedro && a.datahora.startsWith(dia))?.status).toBe(
      'confirmado',
    )
  })

  it("a row's 'Confirmado' waits for its own answer; the other rows' stay usable", async () => {
    let answer: () => void = () => {}
    const held = new Promise<void>((resolve) => (answer = resolve))
    server.use(
      http.post('*/api/agendamento/status', async () => {
        await held // then nothing: the mock's own handler answers
      }),
    )
    const { user } = renderApp('/confirmacoes', { as: 'staff' })
    const pedro = await row('Pedro Henrique Alves')
    const lucia = await row('Lúcia Fernandes')
    await user.click(within(pedro).getByRole('button', { name: 'Confirmado: Pedro Henrique Alves' }))
    await waitFor(() =>
      expect(within(pedro).getByRole('button', { name: 'Confirmado: Pedro Henrique Alves' })).toBeDisabled(),
    )
    expect(within(lucia).getByRole('button', { name: 'Confirmado: Lúcia Fernandes' })).toBeEnabled()
    answer()
    await findToast(messages.statusConfirmed)
    expect(await within(pedro).findByRole('cell', { name: 'Confirmado' })).toBeInTheDocument()
  })
})

describe('Configurações da clínica', () => {
  it('lists the placeholders beside the template, refuses a bad CNPJ, and saves', async () => {
    const { user } = renderApp('/admin', { as: 'admin' })
    const section = await screen.findByRole('region', { name: 'Configurações da clínica' })
    expect(await within(section).findByLabelText('Nome da clínica')).toHaveValue('Clínica Boa Imagem')
    expect(within(section).getByLabelText('CNPJ')).toHaveValue('11.222.333/0001-81')
    expect(within(section).getByText('{preparo}')).toBeInTheDocument()
    expect(within(section).getByText('{dia_semana}')).toBeInTheDocument()
    // issue 35: the caps are said beside the template
    expect(within(section).getByLabelText('Mensagem de confirmação (WhatsApp)')).toHaveAccessibleDescription(
      expect.stringMatching(/no máximo 2\.000 caracteres e a mensagem inteira no máximo 4\.000/),
    )
    const cnpj = within(section).getByLabelText('CNPJ')
    await user.clear(cnpj)
    await user.type(cnpj, '11.222.333/0001-82')
    await user.click(within(section).getByRole('button', { name: 'Salvar configurações' }))
    await waitFor(() => expect(cnpj).toHaveAccessibleDescription(messages.cnpjInvalid))
    await user.clear(cnpj)
    await user.type(cnpj, '11222333000181')
    const nome = within(section).getByLabelText('Nome da clínica')
    await user.clear(nome)
    await user.type(nome, 'Clínica Nova')
    await user.click(within(section).getByRole('button', { name: 'Salvar configurações' }))
    await findToast(messages.settingsSaved)
    expect(store.clinica?.nome).toBe('Clínica Nova')
  })

  it("a file labelled PNG that is not an image: the server's sentence is shown and nothing is saved", async () => {
    const { user } = renderApp('/admin', { as: 'admin' })
    const section = await screen.findByRole('region', { name: 'Configurações da clínica' })
    await within(section).findByLabelText('Nome da clínica')
    const html = new File(['<html><script>alert(1)</script></html>'], 'logo.png', { type: 'image/png' })
    await user.upload(within(section).getByLabelText('Logotipo (opcional)'), html)
    await within(section).findByRole('img', { name: 'Logotipo atual' })
    await user.click(within(section).getByRole('button', { name: 'Salvar configurações' }))
    expect(await within(section).findByText(messages.logoUnreadable)).toBeInTheDocument()
    expect(store.clinica?.logo ?? null).toBeNull()
  })
})

describe('printouts', () => {
  it("the receipt: the clinic's header, the CPF partly hidden, exams, doctor, value, paid, 'Chegar 15 minutos antes'", async () => {
    const { user } = renderApp('/agendamentos', { as: 'staff' })
    const cell = await screen.findByRole('cell', { name: 'Pedro Henrique Alves' })
    await user.click(within(cell.closest('tr')!).getByRole('button', { name: 'Saiba mais' }))
    const dialog = await screen.findByRole('dialog')
    const print = await within(dialog).findByRole('button', { name: 'Imprimir comprovante' })
    await waitFor(() => expect(print).toBeEnabled())
    const sheet = document.querySelector<HTMLElement>('.print-sheet')!
    expect(sheet.parentElement).toBe(document.body)
    const text = sheet.textContent!
    const cpf = store.pacientes.find((x) => x.id === p.pedro)!.cpf
    expect(text).toContain('Clínica Boa Imagem')
    expect(text).toContain('CNPJ 11.222.333/0001-81')
    expect(text).toContain(`***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`)
    expect(text).not.toContain(cpf)
    expect(text).toContain('Chegar 15 minutos antes')
    expect(text).toContain('Dr. Helena')
    await user.selectOptions(within(dialog).getByLabelText('Papel'), 'Bobina 80 mm')
    expect(document.querySelector('.print-sheet')).toHaveAttribute('data-paper', 'roll80')
  })

  it('the day list per doctor, one line each with a column to tick', async () => {
    renderApp(`/?dia=${dia}&medico=${m.helena}`, { as: 'staff' })
    const print = await screen.findByRole('button', { name: 'Imprimir lista do dia' })
    await waitFor(() => expect(print).toBeEnabled())
    const sheet = document.querySelector<HTMLElement>('.print-sheet')!
    const table = within(sheet).getByRole('table')
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Feito', 'Hora', 'Paciente', 'Exames', 'Convênio', 'Status'])
    expect(within(table).getAllByRole('row')).toHaveLength(4)
    expect(sheet.textContent).toContain(`Lista do dia ${formatDate(dia)}`)
  })
})

describe("the agenda's day list", () => {
  it('prints a page per machine with its own bookings, as the agenda shows them per equipment', async () => {
    const us1 = '6e000000-0000-4000-8000-000000000001'
    store.equipamentos.push({ id: us1, nome: 'US-1', modalidades: ['US'], horarios: [] })
    const onUs1 = store.agendamentos.find((a) => a.id === '4e000000-0000-4000-8000-000000000001')!
    onUs1.equipamentoId = us1
    renderApp(`/agenda?dia=${dia}&por=equipamento&recurso=${us1}`, { as: 'staff' })
    const print = await screen.findByRole('button', { name: 'Imprimir lista do dia' })
    await waitFor(() => expect(print).toBeEnabled())
    const sheet = document.querySelector<HTMLElement>('.print-sheet')!
    expect(within(sheet).getByRole('heading', { level: 1 })).toHaveTextContent(
      `Lista do dia ${formatDate(dia)} (${weekdayOf(dia)}) — US-1`,
    )
    const rows = within(within(sheet).getByRole('table')).getAllByRole('row')
    // the header and the one booking on US-1 (the two other bookings of the day have no machine)
    expect(rows).toHaveLength(2)
    expect(rows[1]).toHaveTextContent('08:00')
    expect(rows[1]).toHaveTextContent('Pedro Henrique Alves')
  })
})

describe('the consent in the patient wizard', () => {
  it("'Aceita receber mensagens (WhatsApp)' is on step 1, checked by default", async () => {
    const { user } = renderApp('/pacientes', { as: 'staff' })
    await user.click(await screen.findByRole('button', { name: 'Cadastrar paciente' }))
    const dialog = await screen.findByRole('dialog')
    const consent = within(dialog).getByRole('checkbox', { name: 'Aceita receber mensagens (WhatsApp)' })
    expect(consent).toBeChecked()
  })

  it("'Saiba mais' shows a patient's refusal and saves the consent given back", async () => {
    store.pacientes.find((x) => x.id === p.pedro)!.aceitaMensagens = false
    const { user } = renderApp('/pacientes', { as: 'staff' })
    const cell = await screen.findByRole('cell', { name: 'Pedro Henrique Alves' })
    await user.click(within(cell.closest('tr')!).getByRole('button', { name: 'Saiba mais' }))
    const dialog = await screen.findByRole('dialog')
    const consent = within(dialog).getByRole('checkbox', { name: 'Aceita receber mensagens (WhatsApp)' })
    expect(consent).not.toBeChecked()
    await user.click(consent)
    // each 'Próximo' validates its step asynchronously: wait for the next step before going on
    await user.click(within(dialog).getByRole('button', { name: 'Próximo' }))
    await within(dialog).findByRole('heading', { name: /^Passo 2 de 3/ })
    await user.click(within(dialog).getByRole('button', { name: 'Próximo' }))
    await user.click(await within(dialog).findByRole('button', { name: 'Confirmar alterações' }))
    await findToast(messages.patientUpdated)
    expect(store.pacientes.find((x) => x.id === p.pedro)!.aceitaMensagens).toBe(true)
  })
})
