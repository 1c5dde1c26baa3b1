// 'Chamar' → the TV panel (issue 38: "a new call shows within 2 seconds"), measured in Debian's Chromium
// against the real server: a panel paired through the API, /painel open in the browser with its
// credential, one patient 'Aguardando'; each round sends POST /agendamento/chamar with a new room and
// times, on one clock (the browser's), from just before the request to the moment the room is on the
// TV's screen (a MutationObserver on the current call). The call's own answer is timed too, so the rest
// is the push: NOTIFY at commit, the LISTEN connection, the Server-Sent Events stream, the render.
//
// Run by `npm run bench:web` (its section of the report; `--only=panel` for this one alone).
import { chromium } from 'playwright-core'
import { clinicToday } from '@contract'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/support/chromium'
import { table } from './support'

export interface PanelCallFigures {
  rounds: number
  /** From just before the request to the room painted on the TV, per round (ms). */
  toPanel: number[]
  /** The call's own round trip, per round (ms). */
  answered: number[]
}

/** The bound: a new call shows within 2 s of 'Chamar'. */
export const PANEL_CALL_TARGET_MS = 2_000

type Session = { token: string; user: { id: string } }

async function api<T>(url: string, session: Session | null, path: string, body: unknown, method = 'POST'): Promise<T> {
  const response = await fetch(`${url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(session && { authorization: `Bearer ${session.token}` }) },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/** A doctor, a patient booked today at 23:58 and arrived: the one the rounds call again and again. */
async function waitingPatient(url: string, session: Session): Promise<string> {
  const { medico } = await api<{ medico: { id: string } }>(url, session, '/medico/register', { nome: 'Bancada Painel' })
  const { paciente } = await api<{ paciente: { id: string } }>(url, session, '/paciente/register', {
    nome: 'Bernadete Chamada',
    cpf: '39053344705',
    rg: '987650001',
    datanascimento: '1980-02-11T00:00:00.000Z',
    estadocivil: 'casado',
    sexo: 'feminino',
    cor: 'pardo',
    naturalidade: 'Recife',
    profissao: 'Professora',
    email: 'bernadete.painel@exemplo.com.br',
    telefone: 81987654321,
    endereco: 'Rua da Aurora',
    numeroendereco: 10,
    bairro: 'Boa Vista',
    cidade: 'Recife',
    estado: 'PE',
    userId: session.user.id,
  })
  let { agendamento } = await api<{ agendamento: { id: string; versao: number } }>(
    url,
    session,
    '/agendamento/register',
    {
      datahora: `${clinicToday()}T23:58:00.000Z`,
      valorIncents: 20000,
      estaPago: false,
      convenio: 'Particular',
      anotacao: '',
      exames: ['US abdome'],
      userId: session.user.id,
      pacienteId: paciente.id,
      medicoId: medico.id,
    },
  )
  for (const status of ['confirmado', 'aguardando'])
    ({ agendamento } = await api<{ agendamento: { id: string; versao: number } }>(url, session, '/agendamento/status', {
      id: agendamento.id,
      versao: agendamento.versao,
      status,
    }))
  return agendamento.id
}

/** Pairs a panel, opens /painel with its credential, and times `rounds` calls. */
export async function panelCall(url: string, session: Session, rounds: number): Promise<PanelCallFigures> {
  const id = await waitingPatient(url, session)
  const { codigo } = await api<{ codigo: string }>(url, session, '/paineis', { nome: 'Bancada' })
  const { credencial } = await api<{ credencial: string }>(url, null, '/painel/parear', { codigo })
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS })
  const figures: PanelCallFigures = { rounds, toPanel: [], answered: [] }
  try {
    const context = await browser.newContext({ viewport: { width: 1920, height: 1080 } })
    await context.addInitScript((value) => localStorage.setItem('clinica.painel.credencial', value), credencial)
    const page = await context.newPage()
    await page.goto(`${url}/painel`)
    await page.getByText('Aguardando chamadas').waitFor()
    // each room's first paint on the current call, on the page's clock
    await page.evaluate(() => {
      const seen: Record<string, number> = {}
      ;(window as unknown as { seen: typeof seen }).seen = seen
      new MutationObserver(() => {
        const sala = document.querySelector('.painel-atual .painel-sala')?.textContent
        if (sala && !(sala in seen)) seen[sala] = performance.timeOrigin + performance.now()
      }).observe(document.body, { subtree: true, childList: true, characterData: true })
    })
    for (let round = 1; round <= rounds; round++) {
      const sala = `Sala ${round}`
      const { sent, answered } = await page.evaluate(
        async ({ token, id, sala }) => {
          const sent = performance.timeOrigin + performance.now()
          const response = await fetch('/api/agendamento/chamar', {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ id, sala }),
          })
          if (!response.ok) throw new Error(`chamar: ${response.status}`)
          return { sent, answered: performance.timeOrigin + performance.now() }
        },
        { token: session.token, id, sala },
      )
      await page.waitForFunction((s) => s in (window as unknown as { seen: Record<string, number> }).seen, sala)
      const shown = await page.evaluate((s) => (window as unknown as { seen: Record<string, number> }).seen[s]!, sala)
      figures.toPanel.push(shown - sent)
      figures.answered.push(answered - sent)
    }
  } finally {
    await browser.close()
  }
  return figures
}

const quantile = (xs: number[], q: number) => {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN
}
const ms = (x: number) => `${x.toFixed(0)} ms`

/** The report's section (markdown lines). */
export function panelCallSection(f: PanelCallFigures): string[] {
  const max = Math.max(...f.toPanel)
  return [
    '',
    "### 'Chamar' → the TV panel",
    '',
    `${f.rounds} calls of one waiting patient, each to a new room; from just before POST /agendamento/chamar to the ` +
      'room painted on /painel (1920×1080, no throttling), on the browser’s clock.',
    '',
    table(
      ['what', 'median', 'p90', 'max', 'target'],
      [
        [
          'call → room on the TV',
          ms(quantile(f.toPanel, 0.5)),
          ms(quantile(f.toPanel, 0.9)),
          ms(max),
          `≤ ${PANEL_CALL_TARGET_MS} ms: ${max <= PANEL_CALL_TARGET_MS ? 'met' : '**missed**'}`,
        ],
        [
          'the call answered',
          ms(quantile(f.answered, 0.5)),
          ms(quantile(f.answered, 0.9)),
          ms(Math.max(...f.answered)),
          '',
        ],
      ],
    ),
  ]
}
