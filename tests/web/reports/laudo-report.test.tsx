// 'Laudos' on the reports page (issue 36 point 9) as the clinic's owner meets it, over the msw mock: the
// cards of today's laudos by state, released on time, and the time from the exam to the release (median and
// 90%, figures worked out by hand below), then the tables per doctor and per modality.
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CLINIC_UTC_OFFSET_HOURS } from '@contract'
import { SEED_IDS, store } from '../../support/msw-server'
import { bookedFromCatalogue } from '../../support/mock-laudos'
import { renderApp } from '../../support/render-app'

const HOUR_MS = 3_600_000

/** Today's seeded appointment `id` attended, with one catalogue exam of `modalidade`, and its laudo. */
function attended(
  id: string,
  modalidade: 'RX' | 'US',
  laudo?: { estado: 'Em edição' | 'Liberado' | 'Entregue'; hours?: number },
) {
  const a = store.agendamentos.find((x) => x.id === id)!
  a.status = 'realizado'
  const exame = store.exames.find((e) => e.modalidade === modalidade)!
  bookedFromCatalogue(a.id, exame)
  if (!laudo) return
  // the exam's real instant: its wall-clock time minus the clinic's UTC offset
  const real = Date.parse(a.datahora) - CLINIC_UTC_OFFSET_HOURS * HOUR_MS
  const released = laudo.hours === undefined ? null : new Date(real + laudo.hours * HOUR_MS).toISOString()
  store.laudos.push({
    id: crypto.randomUUID(),
    agendamentoId: a.id,
    exameId: exame.id,
    medicoId: a.medicoId,
    estado: laudo.estado,
    versoes: [
      {
        versao: 1,
        tecnica: '',
        relatorio: '',
        impressao: 'Normal.',
        birads: null,
        revisao: 1,
        salvoEm: released ?? new Date().toISOString(),
        liberadoEm: released,
      },
    ],
  })
}

const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))

describe("'Laudos' in Relatórios", () => {
  it('cards and tables of the day: states, on time, median and 90% of the time to release', async () => {
    const ids = SEED_IDS.agendamentos
    // Carlos: an RX released after 2 h and an RX being written; Helena: a US released after 10 h and
    // delivered; João: an RX never opened
    attended(ids.today1, 'RX', { estado: 'Liberado', hours: 2 })
    attended(ids.today2, 'US', { estado: 'Entregue', hours: 10 })
    attended(ids.today3, 'RX', { estado: 'Em edição' })
    attended(ids.today4, 'RX')
    const { user } = renderApp('/relatorios', { as: 'admin' })
    await user.click(await screen.findByRole('radio', { name: 'Dia' }))
    const section = await screen.findByRole('region', { name: 'Laudos' })
    const card = (label: string) => within(section).getByText(label, { selector: 'dt' }).nextElementSibling
    expect(card('Laudos')).toHaveTextContent('4')
    expect(card('Pendentes')).toHaveTextContent('1')
    expect(card('Em edição')).toHaveTextContent('1')
    expect(card('Liberados')).toHaveTextContent('1')
    expect(card('Entregues')).toHaveTextContent('1')
    expect(card('Atrasados')).toHaveTextContent('0')
    expect(card('Liberados no prazo')).toHaveTextContent('2 de 2')
    // 2 h and 10 h: the median halfway, the 90% at 2 + 0.9 × 8
    expect(card('Tempo até a liberação (mediana)')).toHaveTextContent('6 h')
    expect(card('Tempo até a liberação (90%)')).toHaveTextContent('9,2 h')
    expect(rowsOf('Laudos por médico')).toEqual([
      ['Carlos Mendes', '2', '0', '1', '1', '0', '0', '1 de 1', '2 h', '2 h'],
      [expect.stringMatching(/^Helena/), '1', '0', '0', '0', '1', '0', '1 de 1', '10 h', '10 h'],
      [expect.stringMatching(/^João/), '1', '1', '0', '0', '0', '0', '0 de 0', '—', '—'],
    ])
    expect(rowsOf('Laudos por modalidade')).toEqual([
      ['Raio-X', '3', '1', '1', '1', '0', '0', '1 de 1', '2 h', '2 h'],
      ['Ultrassonografia', '1', '0', '0', '0', '1', '0', '1 de 1', '10 h', '10 h'],
    ])
  })

  it('a day without exams to report says so', async () => {
    const { user } = renderApp('/relatorios', { as: 'admin' })
    await user.click(await screen.findByRole('radio', { name: 'Dia' }))
    const section = await screen.findByRole('region', { name: 'Laudos' })
    expect(within(section).getByText('Laudos', { selector: 'dt' }).nextElementSibling).toHaveTextContent('0')
    expect(within(section).getAllByText('Nenhum exame a laudar no período.')).toHaveLength(2)
  })
})
