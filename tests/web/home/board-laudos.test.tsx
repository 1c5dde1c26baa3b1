// The laudo at the front desk (issue 36 points 3 and 7), over the msw mock: the board shows each
// appointment's laudo state and the clinic's late laudos; a released laudo's panel offers 'Imprimir laudo',
// 'Baixar PDF' and 'Entregar laudo', whose dialog checks a third party's CPF before anything is sent.
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { addDays, clinicHours, clinicToday, formatDate, laudoDueDate, messages, PRAZO_LAUDO_DEFAULT } from '@contract'
import { SEED_IDS, store } from '../../support/msw-server'
import { storedLaudo } from '../../support/mock-laudos'
import { renderApp } from '../../support/render-app'
import { findToast } from '../../support/toasts'

const LAUDO_ID = '7c1d2e3f-4a5b-4c6d-8e9f-000000000361'

/** Yesterday's attended appointment, moved ten days back: its laudo is past its 'Previsão'. */
function lateLaudo() {
  const a = store.agendamentos.find((x) => x.id === SEED_IDS.agendamentos.yesterday)!
  a.datahora = `${addDays(clinicToday(), -10)}T09:00:00.000Z`
  storedLaudo(a.id, 'Em edição')
}

/** The receipt's printout (the board also keeps the day list's). */
const receiptSheet = () =>
  [...document.querySelectorAll<HTMLElement>('.print-sheet')].find((sheet) =>
    sheet.textContent?.includes('Comprovante de agendamento'),
  )

const boardEntry = async (patient: string) => {
  const list = await screen.findByRole('list', { name: /^Agendamentos dia / })
  expect(list).toBeInTheDocument()
  return screen.findByRole('group', { name: new RegExp(`^${patient}[^,]*, `) })
}

describe('the laudo on the board', () => {
  it("shows an attended appointment's laudo state and the clinic's late laudos", async () => {
    storedLaudo(SEED_IDS.agendamentos.today4, 'Liberado', LAUDO_ID)
    lateLaudo()
    renderApp('/', { as: 'staff' })
    const lucia = await boardEntry('Lúcia')
    expect(await within(lucia).findByText('Laudo: Liberado')).toBeInTheDocument()
    expect(await screen.findByText('1 laudo atrasado')).toBeInTheDocument()
    // an appointment not attended yet has no laudo to show
    const joao = await boardEntry('João da Silva')
    expect(within(joao).queryByText(/^Laudo/)).toBeNull()
  }, 90_000)

  it("records 'Entregar laudo' to a third party, their CPF checked first; the board reads 'Entregue'", async () => {
    storedLaudo(SEED_IDS.agendamentos.today4, 'Liberado', LAUDO_ID)
    const { user } = renderApp('/', { as: 'staff' })
    const lucia = await boardEntry('Lúcia')
    await within(lucia).findByText('Laudo: Liberado')
    const list = await screen.findByRole('list', { name: /^Agendamentos dia / })
    await user.click(within(list).getByRole('link', { name: /^Lúcia/ }))
    const panel = await screen.findByRole('dialog', { name: /^Lúcia.*, 16:30$/ })
    const laudo = within(panel).getByRole('region', { name: 'Laudo' })
    expect(within(laudo).getByText('Liberado')).toBeInTheDocument()
    const actions = await within(laudo).findByRole('group', { name: /^Laudo de / })
    expect(within(actions).getByRole('button', { name: 'Imprimir laudo' })).toBeInTheDocument()
    expect(within(actions).getByRole('button', { name: 'Baixar PDF' })).toBeInTheDocument()

    await user.click(within(actions).getByRole('button', { name: 'Entregar laudo' }))
    const dialog = await screen.findByRole('dialog', { name: /^Entregar laudo de / })
    expect(within(dialog).getByRole('radio', { name: 'O próprio paciente' })).toBeChecked()
    await user.click(within(dialog).getByRole('radio', { name: 'Outra pessoa' }))
    await user.type(within(dialog).getByRole('textbox', { name: /Nome de quem retira/ }), 'Maria Souza')
    await user.type(within(dialog).getByRole('textbox', { name: /CPF de quem retira/ }), '12345678900')
    await user.click(within(dialog).getByRole('button', { name: 'Registrar entrega' }))
    expect(await within(dialog).findByText(messages.cpfInvalid)).toBeInTheDocument()
    expect(store.laudos.find((l) => l.id === LAUDO_ID)!.estado).toBe('Liberado')

    const cpf = within(dialog).getByRole('textbox', { name: /CPF de quem retira/ })
    await user.clear(cpf)
    await user.type(cpf, '52998224725')
    await user.click(within(dialog).getByRole('button', { name: 'Registrar entrega' }))
    await findToast(messages.laudoReleaseDelivered)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /^Entregar laudo de / })).toBeNull())
    const deliveries = await within(panel).findByRole('list', { name: /^Entregas do laudo de / })
    expect(deliveries).toHaveTextContent(/^Versão 1 entregue em \d\d\/\d\d às \d\d:\d\d a Maria Souza \(terceiro\)/)
    expect(store.laudos.find((l) => l.id === LAUDO_ID)!.estado).toBe('Entregue')
    await user.click(within(panel).getByRole('button', { name: 'Fechar' }))
    expect(await within(await boardEntry('Lúcia')).findByText('Laudo: Entregue')).toBeInTheDocument()
  }, 90_000)

  it("prints the 'protocolo de retirada' with the receipt once the patient arrived, and 'Chegar 15 minutos antes' only before", async () => {
    const { user } = renderApp('/', { as: 'staff' })
    const list = await screen.findByRole('list', { name: /^Agendamentos dia / })
    // João da Silva is waiting: arrived
    await user.click(within(list).getByRole('link', { name: /^João da Silva/ }))
    let panel = await screen.findByRole('dialog', { name: /^João da Silva, / })
    let print = await within(panel).findByRole('button', { name: 'Imprimir comprovante' })
    await waitFor(() => expect(print).toBeEnabled())
    const given = store.laudoProtocolos.porAgendamento[SEED_IDS.agendamentos.today2]!
    expect(given.numero).toMatch(/^\d{4}-\d{6}$/)
    // booked without catalogue exams: the catalogue's default prazo
    expect(store.agendamentoCatalogo[SEED_IDS.agendamentos.today2]?.exames ?? []).toEqual([])
    const prazos = [PRAZO_LAUDO_DEFAULT]
    const previsao = laudoDueDate(clinicToday(), Math.max(...prazos), clinicHours(store.clinica?.horarios))
    await waitFor(() => expect(receiptSheet()).toHaveTextContent('Protocolo de retirada do laudo'))
    const sheet = receiptSheet()
    expect(sheet).toHaveTextContent(`Protocolo${given.numero}`)
    expect(sheet).toHaveTextContent(`Previsão de entrega${formatDate(previsao)}`)
    // already here: not told when to arrive
    expect(sheet).not.toHaveTextContent('Chegar 15 minutos antes')
    await user.click(within(panel).getByRole('button', { name: 'Fechar' }))

    // Conceição Araújo is confirmed, not arrived: no protocolo is given or printed
    await user.click(within(list).getByRole('link', { name: /^Conceição Araújo/ }))
    panel = await screen.findByRole('dialog', { name: /^Conceição Araújo, / })
    print = await within(panel).findByRole('button', { name: 'Imprimir comprovante' })
    await waitFor(() => expect(print).toBeEnabled())
    expect(receiptSheet()).toHaveTextContent('Comprovante de agendamento')
    expect(receiptSheet()).not.toHaveTextContent('Protocolo de retirada')
    expect(receiptSheet()).toHaveTextContent('Chegar 15 minutos antes')
    expect(store.laudoProtocolos.porAgendamento[SEED_IDS.agendamentos.today1]).toBeUndefined()
  }, 90_000)

  it("'Laudos entregues', from 'Mais', lists the delivery with who took it", async () => {
    storedLaudo(SEED_IDS.agendamentos.today4, 'Liberado', LAUDO_ID)
    const { user } = renderApp('/', { as: 'staff' })
    const list = await screen.findByRole('list', { name: /^Agendamentos dia / })
    await within(await boardEntry('Lúcia')).findByText('Laudo: Liberado')
    await user.click(within(list).getByRole('link', { name: /^Lúcia/ }))
    const panel = await screen.findByRole('dialog', { name: /^Lúcia.*, 16:30$/ })
    await user.click(await within(panel).findByRole('button', { name: 'Entregar laudo' }))
    const dialog = await screen.findByRole('dialog', { name: /^Entregar laudo de / })
    await user.click(within(dialog).getByRole('button', { name: 'Registrar entrega' }))
    await findToast(messages.laudoReleaseDelivered)
    await user.click(within(panel).getByRole('button', { name: 'Fechar' }))

    await user.click(await screen.findByRole('button', { name: 'Mais' }))
    await user.click(await screen.findByRole('link', { name: 'Laudos entregues' }))
    expect(await screen.findByRole('heading', { name: 'Laudos entregues' })).toBeInTheDocument()
    const row = await screen.findByRole('row', { name: /Lúcia/ })
    expect(within(row).getByText('O paciente')).toBeInTheDocument()
    expect(within(row).queryByText('Retificado após a entrega')).toBeNull()
  }, 90_000)
})
