// 'Relatórios' as the clinic's owner and the front desk meet it: the range picker and its Portuguese
// refusals, the charts with their summaries and tables (the numbers of the store's appointments), the
// front desk's closing of today, and 'Exportar planilha' — the bytes of the file handed to the browser.
import { act, screen, waitFor, within } from '@testing-library/react'
import { onlineManager } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clinicToday, datePart, formatDate, messages, statusOf } from '@contract'
import { buildCsv, csvField, csvMoney } from '@/features/reports/lib/csv'
import { presetRange } from '@/features/reports/lib/range'
import { store } from '../../support/msw-server'
import { renderApp, seriousAxeViolations } from '../../support/render-app'

afterEach(() => {
  vi.restoreAllMocks()
  act(() => onlineManager.setOnline(true))
})

const inRange = (de: string, ate: string) =>
  store.agendamentos.filter((a) => datePart(a.datahora) >= de && datePart(a.datahora) <= ate)

/** The rows of a chart's table, opened as a user does ('Ver tabela: …'). */
async function tableOf(user: ReturnType<typeof renderApp>['user'], title: string) {
  await user.click(await screen.findByText(`Ver tabela: ${title}`))
  const table = screen.getByRole('table', { name: title })
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))
}

describe('Relatórios', () => {
  it("ADMIN opens on this month: cards, SVG charts with a summary, and each chart's table", async () => {
    const { user, container } = renderApp('/relatorios', { as: 'admin' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Relatórios' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Mês' })).toBeChecked()
    const month = presetRange('mes', clinicToday())
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(
      `${formatDate(month.de)} a ${formatDate(month.ate)}`,
    )
    const rows = inRange(month.de, month.ate)
    const chart = await screen.findByRole('img', { name: /^Agendamentos por status/ })
    expect(chart.tagName.toLowerCase()).toBe('svg')
    expect(chart).toHaveAccessibleName(new RegExp(`${rows.length} agendamentos`))
    const byStatus = await tableOf(user, 'Agendamentos por status')
    const realizados = rows.filter((a) => statusOf(a) === 'realizado').length
    expect(byStatus).toContainEqual(['Realizado', String(realizados)])
    expect(byStatus).toHaveLength(7)
    const card = screen.getByText('Agendamentos', { selector: 'dt' }).closest('div')!
    expect(card).toHaveTextContent(String(rows.length))
    for (const title of ['Valor agendado e recebido por convênio', 'Por exame', 'Por médico'])
      expect(screen.getByRole('img', { name: new RegExp(`^${title}`) })).toBeInTheDocument()
    expect(screen.getByRole('img', { name: /^Horários mais cheios da semana/ })).toBeInTheDocument()
    expect(await seriousAxeViolations(container)).toEqual([])
  })

  it('by forma de pagamento, modality and equipment: charts with their tables', async () => {
    const { user } = renderApp('/relatorios', { as: 'admin' })
    const month = presetRange('mes', clinicToday())
    const rows = inRange(month.de, month.ate)
    for (const title of [
      'Valor recebido por forma de pagamento',
      'Valor agendado e recebido por modalidade',
      'Por equipamento',
    ])
      expect(await screen.findByRole('img', { name: new RegExp(`^${title}`) })).toBeInTheDocument()
    // the store's appointments were booked without a machine nor catalogue exams
    const count = (status: string) => String(rows.filter((a) => statusOf(a) === status).length)
    expect(await tableOf(user, 'Por equipamento')).toEqual([
      ['Sem equipamento', String(rows.length), count('realizado'), count('faltou')],
    ])
    const modalidades = await tableOf(user, 'Valor agendado e recebido por modalidade')
    expect(modalidades.map((r) => r[0])).toEqual(['Sem modalidade'])
  })

  it('the range picker: a day, and an interval refused in Portuguese when it ends before it starts', async () => {
    const { user } = renderApp('/relatorios', { as: 'admin' })
    await user.click(await screen.findByRole('radio', { name: 'Dia' }))
    const today = clinicToday()
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(formatDate(today))
    const todays = inRange(today, today).length
    await waitFor(() =>
      expect(screen.getByRole('img', { name: /^Agendamentos por status/ })).toHaveAccessibleName(
        new RegExp(`${todays} agendamentos`),
      ),
    )
    await user.click(screen.getByRole('radio', { name: 'Intervalo' }))
    await user.clear(screen.getByLabelText('De'))
    await user.type(screen.getByLabelText('De'), '2026-05-10')
    await user.clear(screen.getByLabelText('Até'))
    await user.type(screen.getByLabelText('Até'), '2026-05-01')
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.reportRangeOrder)
    expect(screen.queryByRole('button', { name: 'Exportar planilha' })).not.toBeInTheDocument()
    await user.clear(screen.getByLabelText('De'))
    await user.type(screen.getByLabelText('De'), '2025-01-01')
    await user.clear(screen.getByLabelText('Até'))
    await user.type(screen.getByLabelText('Até'), '2026-05-01')
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.reportRangeTooLong)
  })

  it("the front desk reaches today's closing from the home page, with no picker", async () => {
    const { user } = renderApp('/', { as: 'staff' })
    await user.click(await screen.findByRole('link', { name: 'Relatórios' }))
    expect(await screen.findByText(/^Fechamento de hoje/)).toBeInTheDocument()
    expect(screen.queryByRole('radio', { name: 'Mês' })).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(formatDate(clinicToday()))
    expect(await screen.findByRole('img', { name: /^Agendamentos por status/ })).toBeInTheDocument()
  })

  it('offline, the banner says nothing is saved for the page, which does not load forever', async () => {
    act(() => onlineManager.setOnline(false))
    renderApp('/relatorios', { as: 'admin' })
    expect(await screen.findByText(messages.offlineNothingSaved)).toBeInTheDocument()
    expect(screen.queryByText('Carregando…')).not.toBeInTheDocument()
  })

  it("'Exportar planilha' hands over a CSV for Excel pt-BR: BOM, ';', ',' decimals, DD/MM/AAAA", async () => {
    let blob: Blob | undefined
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      blob = b as Blob
      return 'blob:planilha'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    const { user } = renderApp('/relatorios', { as: 'admin' })
    await user.click(await screen.findByRole('button', { name: 'Exportar planilha' }))
    await waitFor(() => expect(click).toHaveBeenCalled())
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toMatch(/^agendamentos-\d{4}-\d\d-01-a-/)
    const bytes = await new Promise<Uint8Array>((resolve) => {
      const reader = new FileReader()
      reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer))
      reader.readAsArrayBuffer(blob!)
    })
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes.slice(3))
    const lines = text.split('\r\n')
    expect(lines[0]).toBe(
      'Data;Hora;Paciente;Médico;Convênio;Exames;Status;Valor (R$);Pago;Chegada;Início do atendimento;Espera (min);Cancelamento tardio;Recebido (R$);Formas de pagamento;Modalidades;Equipamento',
    )
    const month = presetRange('mes', clinicToday())
    const rows = inRange(month.de, month.ate)
    expect(lines).toHaveLength(rows.length + 2) // the header, the rows, the last line end
    const first = [...rows].sort((a, b) => (a.datahora < b.datahora ? -1 : 1))[0]!
    expect(lines[1]!.split(';').slice(0, 2)).toEqual([formatDate(first.datahora), first.datahora.slice(11, 16)])
    expect(lines[1]!.split(';')[7]).toBe(csvMoney(first.valorIncents))
  })
})

describe('the CSV itself', () => {
  it('writes every field as Excel pt-BR reads it', () => {
    const csv = buildCsv([
      {
        id: 'x',
        datahora: '2026-05-10T23:30:00.000Z',
        paciente: 'maria das graças souza',
        medico: 'Carlos Mendes',
        convenio: '=HYPERLINK("x")',
        exames: ['Raio-X', 'Ultrassom; abdome'],
        status: 'realizado',
        valorIncents: 123_456,
        estapago: true,
        // real instants: 23:20 and 00:05 of the next day at the clinic (UTC−3)
        chegada: '2026-05-11T02:20:00.000Z',
        inicio: '2026-05-11T03:05:00.000Z',
        cancelamentoTardio: false,
        recebidoIncents: 100_050,
        formasPagamento: ['pix', 'credito'],
        modalidades: ['RX', 'US'],
        equipamento: 'Sala 1',
      },
    ])
    expect(csv.startsWith('\uFEFFData;')).toBe(true)
    expect(csv.split('\r\n')[1]).toBe(
      '10/05/2026;23:30;Maria das Graças Souza;Carlos Mendes;"\'=HYPERLINK(""x"")";"Raio-X, Ultrassom; abdome";Realizado;1234,56;Sim;10/05/2026 23:20;11/05/2026 00:05;45;;1000,50;PIX, Cartão de crédito;Raio-X, Ultrassonografia;Sala 1',
    )
    // a start recorded before the arrival (issue 34: '-379) is no wait: the cell stays empty
    const [, slip] = buildCsv([
      {
        id: 'y',
        datahora: '2026-05-10T08:00:00.000Z',
        paciente: 'ana',
        medico: 'carlos',
        convenio: '',
        exames: ['Raio-X'],
        status: 'realizado',
        valorIncents: 100,
        estapago: false,
        chegada: '2026-05-10T17:19:00.000Z',
        inicio: '2026-05-10T11:00:00.000Z',
        cancelamentoTardio: false,
        recebidoIncents: 0,
        formasPagamento: [],
        modalidades: [],
        equipamento: null,
      },
    ]).split('\r\n')
    expect(slip!.split(';')[11]).toBe('')
    expect(csvMoney(5)).toBe('0,05')
    expect(csvField('a;b')).toBe('"a;b"')
    expect(csvField('Saúde "Mais"')).toBe('"Saúde ""Mais"""')
  })
})
