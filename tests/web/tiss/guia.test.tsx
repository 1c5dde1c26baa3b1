// The appointment's 'Guia TISS' at the desk (issue 37 points 3 and 6), from the board's panel: an exam the
// convênio authorises beforehand without a senha is said in the panel and 'Concluir' is refused with the
// server's sentence; the guia takes the senha with its dates (warning when it expires before the day), the
// operadora's number, a new requesting doctor, caráter and indicação, and gets our number on saving; then
// 'Concluir' passes. 'Imprimir guia' puts the guia SP/SADT with that data on the print sheet.
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { addDays, clinicToday, DEFAULT_CONFIGURACOES_LAUDO, formatDate, messages } from '@contract'
import { SEED_IDS, store } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'
import { findToast } from '../../support/toasts'

const AGENDAMENTO = SEED_IDS.agendamentos.today4 // Lúcia Fernandes, 16:30, Bradesco Saúde, 'Em atendimento'
const today = clinicToday()

function convenioBooking() {
  const convenio = store.convenios.find((c) => c.nome === 'Bradesco Saúde')!
  const exame = store.exames.find((e) => e.tuss)!
  store.agendamentoCatalogo[AGENDAMENTO] = {
    convenioId: convenio.id,
    carteirinha: '55443322',
    guia: '',
    senhaAutorizacao: '',
    tabelaIncents: 45_000,
    exames: [{ exameId: exame.id, nome: exame.nome, valorIncents: 45_000, duracao: 20, preparo: '' }],
  }
  store.tiss.convenios[convenio.id] = {
    codigoPrestador: '000123',
    versaoTiss: '04.03.00',
    guiasPorLote: 100,
    examesComAutorizacao: [exame.id],
  }
  return { convenio, exame }
}

async function openPanel() {
  const app = renderApp('/', { as: 'staff', userEventOptions: { delay: null } })
  const list = await screen.findByRole('list', { name: /^Agendamentos dia / })
  await app.user.click(within(list).getByRole('link', { name: /^Lúcia Fernandes/ }))
  const panel = await screen.findByRole('dialog', { name: 'Lúcia Fernandes, 16:30' })
  return { ...app, panel: within(panel) }
}

beforeEach(() => {
  vi.spyOn(window, 'print').mockImplementation(() => {})
})
afterEach(() => {
  vi.restoreAllMocks()
})

describe("the appointment's 'Guia TISS'", () => {
  it("asks for the senha before 'Concluir'; the guia takes it with its dates and gets our number", async () => {
    convenioBooking()
    const { user, panel } = await openPanel()
    // the panel's own note (toasts are drawn inside the open dialog too)
    const note = { selector: 'p.tiss-warning' }
    expect(await panel.findByText(messages.tissSenhaObrigatoria, note)).toBeInTheDocument()
    await user.click(panel.getByRole('button', { name: 'Concluir' }))
    await findToast(messages.tissSenhaObrigatoria)
    expect(store.statusMoves.filter((m) => m.agendamentoId === AGENDAMENTO).map((m) => m.para)).not.toContain(
      'realizado',
    )

    await user.click(panel.getByRole('button', { name: 'Guia TISS' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Guia TISS de Lúcia Fernandes' }))
    const form = within(await dialog.findByRole('form', { name: 'Dados da guia' }))
    expect(form.getByText('dado ao salvar a guia')).toBeInTheDocument()
    expect(form.getByText(/55443322/)).toBeInTheDocument()
    await user.type(form.getByLabelText('Senha de autorização'), 'A1B2C3')
    await user.type(form.getByLabelText('Data da autorização'), addDays(today, -2))
    await user.type(form.getByLabelText('Validade da senha'), addDays(today, -1))
    expect(form.getByRole('alert')).toHaveTextContent(
      messages.tissSenhaVencida.replace('{data}', formatDate(addDays(today, -1))),
    )
    await user.clear(form.getByLabelText('Validade da senha'))
    await user.type(form.getByLabelText('Validade da senha'), addDays(today, 30))
    expect(form.queryByRole('alert')).toBeNull()
    await user.type(form.getByLabelText('Número da guia na operadora'), '889900')

    await user.click(form.getByRole('button', { name: 'Salvar guia' }))
    // our number, given by the save (the toast waits its turn behind the solicitante's)
    const numero = form.getByText('Nº da guia no prestador').nextElementSibling
    await waitFor(() => expect(numero).toHaveTextContent(/^1$/))
    expect(store.tiss.guias[AGENDAMENTO]).toMatchObject({
      numeroGuiaPrestador: 1,
      dataAutorizacao: addDays(today, -2),
      validadeSenha: addDays(today, 30),
    })
    expect(store.agendamentoCatalogo[AGENDAMENTO]).toMatchObject({ senhaAutorizacao: 'A1B2C3', guia: '889900' })
    await user.click(form.getByRole('button', { name: 'Fechar' }))
    // the panel read the appointment again: the senha is there
    await waitFor(() => expect(panel.queryByText(messages.tissSenhaObrigatoria, note)).toBeNull())
  })

  it('adds a new requesting doctor (refusing a bad CBO) and saves caráter and indicação', async () => {
    convenioBooking()
    const { user, panel } = await openPanel()
    await user.click(await panel.findByRole('button', { name: 'Guia TISS' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Guia TISS de Lúcia Fernandes' }))
    const form = within(await dialog.findByRole('form', { name: 'Dados da guia' }))
    await user.click(form.getByRole('button', { name: 'Novo médico solicitante' }))
    const novo = within(form.getByRole('group', { name: 'Novo médico solicitante' }))
    await user.type(novo.getByLabelText(/^Nome do médico solicitante/), 'Ana Ribeiro')
    await user.type(novo.getByLabelText(/^Número no conselho/), '123456')
    await user.selectOptions(novo.getByLabelText(/^UF do conselho/), 'SP')
    await user.type(novo.getByLabelText(/^CBO/), '2253')
    await user.click(novo.getByRole('button', { name: 'Salvar médico solicitante' }))
    expect(await novo.findByText(messages.tissCboInvalid)).toBeInTheDocument()
    expect(store.tiss.solicitantes).toHaveLength(0)
    await user.type(novo.getByLabelText(/^CBO/), '20')
    await user.click(novo.getByRole('button', { name: 'Salvar médico solicitante' }))
    await waitFor(() =>
      expect(form.getByLabelText('Médico solicitante')).toHaveDisplayValue('Ana Ribeiro — CRM 123456/SP'),
    )
    await user.selectOptions(form.getByLabelText('Caráter do atendimento'), 'Urgência/Emergência')
    await user.type(form.getByLabelText('Indicação clínica'), 'Cefaleia persistente')
    await user.click(form.getByRole('button', { name: 'Salvar guia' }))
    await waitFor(() =>
      expect(store.tiss.guias[AGENDAMENTO]).toMatchObject({
        numeroGuiaPrestador: 1,
        solicitanteId: store.tiss.solicitantes[0]!.id,
        carater: '2',
        indicacaoClinica: 'Cefaleia persistente',
      }),
    )
    expect(store.tiss.solicitantes).toMatchObject([
      { nome: 'Ana Ribeiro', conselho: 'CRM', numero: '123456', uf: 'SP', cbo: '225320' },
    ])
  })

  it("lets 'Concluir' through once the senha is given", async () => {
    convenioBooking()
    store.agendamentoCatalogo[AGENDAMENTO]!.senhaAutorizacao = 'A1B2C3'
    const { user, panel } = await openPanel()
    expect(await panel.findByRole('button', { name: 'Guia TISS' })).toBeInTheDocument()
    expect(panel.queryByText(messages.tissSenhaObrigatoria, { selector: 'p.tiss-warning' })).toBeNull()
    await user.click(panel.getByRole('button', { name: 'Concluir' }))
    await findToast(messages.serviceFinished)
  })

  it("prints the guia SP/SADT with the guia's data, and the receipt stays off the paper", async () => {
    const { convenio, exame } = convenioBooking()
    const { medicoId } = store.agendamentos.find((a) => a.id === AGENDAMENTO)!
    store.medicoDetalhes[medicoId] = { tratamento: 'Dra.', crm: '765432', crmUf: 'RJ', especialidade: '', rqe: '' }
    store.laudoConfiguracoes = { ...DEFAULT_CONFIGURACOES_LAUDO, cnes: '7654321' }
    store.tiss.solicitantes.push({
      id: 'd0000000-0000-4000-8000-000000000037',
      nome: 'Ana Ribeiro',
      conselho: 'CRM',
      numero: '123456',
      uf: 'SP',
      cbo: '225320',
    })
    store.tiss.guias[AGENDAMENTO] = {
      convenioId: convenio.id,
      numeroGuiaPrestador: 7,
      dataAutorizacao: addDays(today, -2),
      validadeSenha: addDays(today, 30),
      solicitanteId: 'd0000000-0000-4000-8000-000000000037',
      carater: '1',
      indicacaoClinica: 'Cefaleia persistente',
    }
    store.agendamentoCatalogo[AGENDAMENTO]!.senhaAutorizacao = 'A1B2C3'
    const { user, panel } = await openPanel()
    await user.click(await panel.findByRole('button', { name: 'Guia TISS' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Guia TISS de Lúcia Fernandes' }))
    const print = await dialog.findByRole('button', { name: 'Imprimir guia' })
    await waitFor(() => expect(print).toBeEnabled())
    await user.click(print)
    expect(window.print).toHaveBeenCalledTimes(1)
    expect(document.body.dataset.printing).toBe('guia-tiss')
    const sheet = document.querySelector<HTMLElement>('.print-sheet[aria-label="Guia SP/SADT"]')!
    const text = sheet.textContent!
    for (const expected of [
      'Guia de SP/SADT',
      `1 - Registro ANS${convenio.ans}`,
      '2 - Nº Guia no Prestador7',
      '5 - SenhaA1B2C3',
      `6 - Data de Validade da Senha${formatDate(addDays(today, 30))}`,
      '8 - Número da Carteira55443322',
      '10 - NomeLúcia Fernandes',
      '13 - Código na Operadora000123',
      '15 - Nome do Profissional SolicitanteAna Ribeiro',
      // the council as TISS's table 26 codes it, then its initials
      '16 - Conselho Profissional06 - CRM',
      '19 - Código CBO225320',
      '21 - Caráter do Atendimento1 - Eletivo',
      '23 - Indicação ClínicaCefaleia persistente',
      '31 - Código CNES7654321',
      exame.tuss!,
      exame.nome,
      '52 - Conselho Profissional06 - CRM',
      '53 - Número no Conselho765432',
      '54 - UFRJ',
      '55 - Código CBO225320',
    ])
      expect(text).toContain(expected)
    window.dispatchEvent(new Event('afterprint'))
    expect(document.body.dataset.printing).toBeUndefined()
  })

  it('leaves the CRM, its UF and the CNES blank on the guia when they are not kept', async () => {
    convenioBooking()
    const { medicoId } = store.agendamentos.find((a) => a.id === AGENDAMENTO)!
    store.medicoDetalhes[medicoId] = { tratamento: 'Dr.', crm: '', crmUf: '', especialidade: '', rqe: '' }
    store.laudoConfiguracoes = { ...DEFAULT_CONFIGURACOES_LAUDO, cnes: '' }
    store.tiss.guias[AGENDAMENTO] = {
      convenioId: store.agendamentoCatalogo[AGENDAMENTO]!.convenioId!,
      numeroGuiaPrestador: 8,
      dataAutorizacao: null,
      validadeSenha: null,
      solicitanteId: null,
      carater: '1',
      indicacaoClinica: '',
    }
    store.agendamentoCatalogo[AGENDAMENTO]!.senhaAutorizacao = 'A1B2C3'
    const { user, panel } = await openPanel()
    await user.click(await panel.findByRole('button', { name: 'Guia TISS' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Guia TISS de Lúcia Fernandes' }))
    const print = await dialog.findByRole('button', { name: 'Imprimir guia' })
    await waitFor(() => expect(print).toBeEnabled())
    const text = document.querySelector<HTMLElement>('.print-sheet[aria-label="Guia SP/SADT"]')!.textContent!
    // each empty box is followed at once by the next box or heading
    expect(text).toContain('31 - Código CNESDados do Atendimento')
    expect(text).toContain('53 - Número no Conselho54 - UF55 - Código CBO225320')
    expect(text).not.toMatch(/undefined|null/)
  })

  it('is not offered for an appointment without a convênio', async () => {
    const app = renderApp('/', { as: 'staff' })
    const list = await screen.findByRole('list', { name: /^Agendamentos dia / })
    await app.user.click(within(list).getByRole('link', { name: /^Conceição Araújo/ }))
    const panel = within(await screen.findByRole('dialog', { name: 'Conceição Araújo, 08:30' }))
    expect(await panel.findByRole('button', { name: 'Imprimir comprovante' })).toBeInTheDocument()
    expect(panel.queryByRole('button', { name: 'Guia TISS' })).toBeNull()
  })
})
