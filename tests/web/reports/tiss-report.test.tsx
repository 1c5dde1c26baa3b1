// 'Faturamento dos convênios' on the reports page (issue 37 point 5) as the clinic's owner meets it, over the msw
// mock: two of today's appointments booked with a convênio and billed in one batch, one guia paid and one glossed
// in part (figures worked out by hand below): the cards and the convênio's row for the month.
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { clinicToday } from '@contract'
import { SEED_IDS, store } from '../../support/msw-server'
import { renderApp } from '../../support/render-app'

const CONVENIO = '00000000-0000-4000-8000-0000000c0371'

/** Today's seeded appointment `id` booked with the test's convênio at `valorIncents`. */
function withConvenio(id: string, valorIncents: number) {
  const a = store.agendamentos.find((x) => x.id === id)!
  a.valorIncents = valorIncents
  store.agendamentoCatalogo[a.id] = {
    convenioId: CONVENIO,
    carteirinha: '0099123',
    guia: '',
    senhaAutorizacao: 'SENHA1',
    tabelaIncents: null,
    exames: [],
  }
  return a
}

const guia = (agendamentoId: string, numero: string, valorIncents: number, returned: object) => ({
  id: crypto.randomUUID(),
  agendamentoId,
  numeroGuia: numero,
  paciente: 'Paciente',
  valorIncents,
  situacao: 'aguardando' as const,
  valorPagoIncents: null,
  glosaCodigo: null,
  glosaMotivo: null,
  recursoTexto: null,
  recursoData: null,
  ...returned,
})

const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))

describe("'Faturamento dos convênios' in Relatórios", () => {
  it("booked beside billed, received and glossed: the day's cards and the convênio's month", async () => {
    const today = clinicToday()
    store.convenios.push({ id: CONVENIO, nome: 'Plano Sul', ans: '123456', ativo: true })
    const ids = SEED_IDS.agendamentos
    withConvenio(ids.today2, 18_000)
    withConvenio(ids.today4, 45_000)
    // booked with the convênio, then cancelled: left out
    withConvenio(ids.today3, 30_000).status = 'cancelado'
    store.lotesTiss.push({
      id: crypto.randomUUID(),
      convenioId: CONVENIO,
      numero: 1,
      competencia: today.slice(0, 7),
      situacao: 'enviado',
      geradoEm: `${today}T12:00:00.000Z`,
      enviadoEm: today,
      protocolo: 'P1',
      hash: '0'.repeat(32),
      xml: '',
      guias: [
        guia(ids.today2, '1', 18_000, {
          situacao: 'glosado',
          valorPagoIncents: 5_000,
          glosaCodigo: '1801',
          glosaMotivo: 'Sem laudo',
        }),
        guia(ids.today4, '2', 45_000, { situacao: 'pago', valorPagoIncents: 45_000 }),
      ],
    })
    const { user } = renderApp('/relatorios', { as: 'admin' })
    await user.click(await screen.findByRole('radio', { name: 'Dia' }))
    const section = await screen.findByRole('region', { name: 'Faturamento dos convênios' })
    const card = (label: string) => within(section).getByText(label, { selector: 'dt' }).nextElementSibling
    expect(card('Agendado')).toHaveTextContent('R$ 630,00')
    expect(card('Faturado')).toHaveTextContent('R$ 630,00')
    // 50,00 of the glossed guia and the whole 450,00 of the paid one; glossed 180,00 − 50,00
    expect(card('Recebido')).toHaveTextContent('R$ 500,00')
    expect(card('Glosado')).toHaveTextContent('R$ 130,00')
    expect(rowsOf('Faturamento por convênio e competência')).toEqual([
      [
        'Plano Sul',
        `${today.slice(5, 7)}/${today.slice(0, 4)}`,
        '2',
        'R$ 630,00',
        '2',
        'R$ 630,00',
        'R$ 500,00',
        'R$ 130,00',
        '0',
      ],
    ])
  })

  it('a day without convênio bookings says so', async () => {
    const { user } = renderApp('/relatorios', { as: 'admin' })
    await user.click(await screen.findByRole('radio', { name: 'Dia' }))
    const section = await screen.findByRole('region', { name: 'Faturamento dos convênios' })
    expect(within(section).getByText('Glosado', { selector: 'dt' }).nextElementSibling).toHaveTextContent('R$ 0,00')
    expect(within(section).getByText('Nenhum agendamento com convênio no período.')).toBeInTheDocument()
  })
})
