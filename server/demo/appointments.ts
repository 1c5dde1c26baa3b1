// The demonstration appointments (issue 34): every one booked from the catalogue (its exams' copies, the
// convênio's prices), on the machine of its doctor, which serves the exams' modality, inside plausible
// hours (Mon–Fri 07:00–19:00, Sat 07:00–12:00, closed on Sunday), with a status the clock at seed time
// allows: nothing done in the future, an arrival before its start, a payment with its form, no-shows and
// cancellations never paid. Pure functions of (today, now, generator): server/demo/data.ts writes them.
import {
  addDays,
  PRIORIDADES,
  type FormaPagamento,
  type Modalidade,
  type MotivoCancelamento,
  type Prioridade,
  type Status,
} from '@contract'
import { DEMO_CONVENIOS, DEMO_EXAMES, demoPrice, type DemoExame } from '../../demo/catalogue'

/** Small deterministic generator (mulberry32). */
export function generator(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!
  return { next, int, pick }
}
export type Gen = ReturnType<typeof generator>

/** The hours the demo books in, minutes of the clinic's day by weekday (0 = domingo: closed). */
export const DEMO_HOURS: Record<number, [number, number] | null> = {
  0: null,
  1: [7 * 60, 19 * 60],
  2: [7 * 60, 19 * 60],
  3: [7 * 60, 19 * 60],
  4: [7 * 60, 19 * 60],
  5: [7 * 60, 19 * 60],
  6: [7 * 60, 12 * 60],
}

/**
 * The demo's machines with their DICOM AE titles (issue 19, docs/dicom.md): one per doctor, so that doctor
 * i's appointments go on machine i without overlapping (a doctor's never overlap).
 */
export const DEMO_EQUIPAMENTOS: { nome: string; modalidade: Modalidade; aeTitle: string }[] = [
  { nome: 'Sala de Raio-X 1', modalidade: 'RX', aeTitle: 'RX1' },
  { nome: 'Ultrassom 1', modalidade: 'US', aeTitle: 'US1' },
  { nome: 'Tomógrafo 1', modalidade: 'TC', aeTitle: 'TC1' },
  { nome: 'Ressonância 1', modalidade: 'RM', aeTitle: 'RM1' },
  { nome: 'Mamógrafo 1', modalidade: 'MMG', aeTitle: 'MMG1' },
]

const CONVENIOS = [
  { nome: 'Particular', percent: 100 },
  { nome: 'Particular', percent: 100 },
  ...DEMO_CONVENIOS.map(({ nome, percent }) => ({ nome, percent })),
]
const ANOTACOES = [
  'Trazer exames anteriores.',
  'Paciente com claustrofobia: avaliar sedação leve.',
  'Contraste iodado: confirmar alergias antes do exame.',
  'Acompanhante necessário.',
  'Retorno para comparação com o exame anterior.',
]
const FORMAS_NO_BALCAO: FormaPagamento[] = ['pix', 'pix', 'credito', 'debito', 'dinheiro']

export interface DemoBooking {
  pacienteIndex: number
  medicoIndex: number
  /** Index in DEMO_EQUIPAMENTOS: the doctor's machine. */
  machineIndex: number
  /** Floating clinic time (docs/product.md §12). */
  datahora: Date
  fim: Date
  exames: DemoExame[]
  convenio: string
  /** The sum of the convênio's prices of the exams. */
  valorIncents: number
  precos: number[]
  anotacao: string
  /** A draw of its own, deciding the status whatever the hour of the seed. */
  sorte: number
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/**
 * Appointments from two days ago to six days ahead, Sundays left out: each doctor's day walks from the
 * opening, a gap, an appointment, a gap… until the closing, so that no two of a doctor (or of a machine)
 * overlap and none ends after closing. Today is busier than the other days. A patient is never booked
 * twice at the same time.
 */
export function demoBookings(today: string, patients: number[], gen: Gen = generator(19_800_503)): DemoBooking[] {
  const out: DemoBooking[] = []
  const busy = new Map<number, [number, number][]>()
  for (let offset = -2; offset <= 6; offset++) {
    const day = addDays(today, offset)
    const hours = DEMO_HOURS[new Date(`${day}T00:00:00Z`).getUTCDay()]
    if (!hours) continue
    const gaps = offset === 0 ? [0, 15, 30, 45, 60, 90] : [30, 60, 90, 120, 180, 240]
    for (let medicoIndex = 0; medicoIndex < DEMO_EQUIPAMENTOS.length; medicoIndex++) {
      const machine = DEMO_EQUIPAMENTOS[medicoIndex]!
      const choices = DEMO_EXAMES.filter((e) => e.modalidade === machine.modalidade)
      let cursor = hours[0] + gen.pick(gaps)
      for (;;) {
        const first = gen.pick(choices)
        const second = machine.modalidade !== 'RM' && gen.next() < 0.2 ? gen.pick(choices) : first
        const exames = second === first ? [first] : [first, second]
        const minutes = Math.ceil(exames.reduce((s, e) => s + e.duracao, 0) / 15) * 15
        if (cursor + minutes > hours[1]) break
        const datahora = new Date(Date.parse(`${day}T00:00:00.000Z`) + cursor * MINUTE)
        const fim = new Date(datahora.getTime() + minutes * MINUTE)
        const free = patients.filter((p) =>
          (busy.get(p) ?? []).every(([s, e]) => e <= datahora.getTime() || s >= fim.getTime()),
        )
        const pacienteIndex = gen.pick(free)
        busy.set(pacienteIndex, [...(busy.get(pacienteIndex) ?? []), [datahora.getTime(), fim.getTime()]])
        const convenio = gen.pick(CONVENIOS)
        const precos = exames.map((e) => demoPrice(e.particularIncents, convenio.percent))
        out.push({
          pacienteIndex,
          medicoIndex,
          machineIndex: medicoIndex,
          datahora,
          fim,
          exames,
          convenio: convenio.nome,
          valorIncents: precos.reduce((s, v) => s + v, 0),
          precos,
          anotacao: gen.next() < 0.25 ? gen.pick(ANOTACOES) : '',
          sorte: gen.next(),
        })
        cursor += minutes + gen.pick(gaps)
      }
    }
  }
  return out
}

export interface DemoMove {
  de: Status
  para: Status
  motivo: MotivoCancelamento | null
  at: Date
}
export interface DemoStatus {
  status: Status
  chegada: Date | null
  moves: DemoMove[]
  /** The payment at the desk, if any: always with its form, never for a no-show or a cancellation. */
  pagamento: { forma: FormaPagamento; at: Date } | null
}

/**
 * The status of a booking at the real instant `now`: finished before now → done (a few missed or
 * cancelled); under way → in service; starting within the hour today → waiting; later → booked, confirmed
 * when it is near. Every instant written (arrival, moves, payment) is at or before `now`, and the
 * arrival comes before the start of the service.
 */
export function demoStatus(b: DemoBooking, now: Date): DemoStatus {
  // the real instants of the appointment (floating time is the clinic's wall clock, UTC−3)
  const start = b.datahora.getTime() + 3 * HOUR
  const end = b.fim.getTime() + 3 * HOUR
  const t = now.getTime()
  const r = b.sorte
  const particular = b.convenio === 'Particular'
  const forma = (): FormaPagamento => (particular ? FORMAS_NO_BALCAO[Math.floor(r * 1000) % 5]! : 'convenio')
  const confirmedAt = new Date(Math.min(start - 26 * HOUR, t - 30 * MINUTE))
  const arrival = new Date(start - (5 + (Math.floor(r * 1000) % 20)) * MINUTE)
  const moves: DemoMove[] = []
  let previous: Status = 'agendado'
  const move = (para: Status, at: Date, motivo: MotivoCancelamento | null = null) => {
    moves.push({ de: previous, para, motivo, at })
    previous = para
  }
  if (r < 0.05) {
    move('cancelado', new Date(Math.min(start - 30 * HOUR, t - HOUR)), 'paciente')
    return { status: 'cancelado', chegada: null, moves, pagamento: null }
  }
  if (end <= t) {
    move('confirmado', confirmedAt)
    if (r < 0.13) {
      move('faltou', new Date(Math.min(start + 30 * MINUTE, t)))
      return { status: 'faltou', chegada: null, moves, pagamento: null }
    }
    const begun = new Date(start + (Math.floor(r * 10_000) % 10) * MINUTE)
    const done = new Date(Math.min(begun.getTime() + (end - start), t))
    move('aguardando', arrival)
    move('em_atendimento', begun)
    move('realizado', done)
    return { status: 'realizado', chegada: arrival, moves, pagamento: r < 0.93 ? { forma: forma(), at: done } : null }
  }
  if (start <= t) {
    const chegada = new Date(Math.min(arrival.getTime(), t))
    move('confirmado', confirmedAt)
    move('aguardando', chegada)
    move('em_atendimento', new Date(Math.max(chegada.getTime(), Math.min(start, t))))
    return { status: 'em_atendimento', chegada, moves, pagamento: r < 0.5 ? { forma: forma(), at: chegada } : null }
  }
  if (start - t <= HOUR && r < 0.75) {
    const chegada = new Date(t - (2 + (Math.floor(r * 1000) % 13)) * MINUTE)
    move('confirmado', new Date(Math.min(confirmedAt.getTime(), chegada.getTime())))
    move('aguardando', chegada)
    return { status: 'aguardando', chegada, moves, pagamento: r < 0.35 ? { forma: forma(), at: chegada } : null }
  }
  if (start - t <= 36 * HOUR && r < 0.6) {
    move('confirmado', confirmedAt)
    return { status: 'confirmado', chegada: null, moves, pagamento: null }
  }
  return { status: 'agendado', chegada: null, moves, pagamento: null }
}

/**
 * The legal priorities declared at arrival (issue 38 point 4): every other patient waiting today, each
 * priority in turn, so that the board's waiting lists show some first. Pessoa idosa needs nothing here:
 * it comes from the demo patients' birth dates.
 */
export function demoPrioridades(statuses: readonly DemoStatus[]): (Prioridade | null)[] {
  let waiting = 0
  return statuses.map((s) => {
    if (s.status !== 'aguardando') return null
    const k = waiting++
    return k % 2 === 0 ? PRIORIDADES[(k / 2) % PRIORIDADES.length]! : null
  })
}
