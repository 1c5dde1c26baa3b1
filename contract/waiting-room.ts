// The waiting room (issue 38, docs/decisions.md "The waiting room"): calling a waiting patient to a room,
// the day's calls, the legal priorities declared at arrival and how a TV panel names the called patient.
import { z } from 'zod'
import { idField, optionalText } from './fields'
import { dayField } from './front-desk'
import { messages } from './messages'
import type { ApiCall } from './api-call'

// The priorities declared at arrival live in ./priorities (a leaf: the Agendamento entity reads them too).
export { PRIORIDADES, prioridadeLabels, type Prioridade } from './priorities'

/** How a TV panel names the called patient: first name and surname initial (default), or the full name. */
export const PAINEL_EXIBICOES = ['nome_inicial', 'senha', 'nome_completo'] as const
export type PainelExibicao = (typeof PAINEL_EXIBICOES)[number]

/** At most this many characters in a room's name. */
export const SALA_MAX = 60

/**
 * Calls the waiting patient of appointment `id` to a room: `sala` when given ('Consultório 2'), else the
 * room of the appointment's machine (its name: equipment and rooms are one list).
 */
export const ChamarPacienteRequest = z.strictObject({
  id: idField,
  sala: optionalText(SALA_MAX)
    .refine((sala) => sala.length > 0, { error: messages.callRoomRequired })
    .optional(),
})
export type ChamarPacienteRequest = z.input<typeof ChamarPacienteRequest>

/** One call: the appointment, the room, who called and when (ISO instant). */
export const Chamada = z.object({
  id: z.string(),
  agendamentoId: z.string(),
  sala: z.string(),
  chamadoEm: z.string(),
  chamadoPor: z.object({ id: z.string(), nome: z.string() }),
})
export type Chamada = z.infer<typeof Chamada>

export const ChamadasDiaRequest = z.strictObject({ dia: dayField })
export type ChamadasDiaRequest = z.input<typeof ChamadasDiaRequest>

/**
 * The panel's name of a patient as the clinic chose: 'Maria S.' from 'maria da silva' by default (first
 * name and the last surname's initial), or the full name when chosen. Never a CPF.
 */
export function painelNome(nome: string, exibicao: PainelExibicao = 'nome_inicial'): string {
  const words = nome.trim().split(/\s+/).filter(Boolean)
  const cap = (w: string) => w.charAt(0).toLocaleUpperCase('pt-BR') + w.slice(1).toLocaleLowerCase('pt-BR')
  if (exibicao === 'nome_completo') return words.map(cap).join(' ')
  const first = cap(words[0] ?? '')
  const last = words.length > 1 ? words[words.length - 1]! : ''
  return last ? `${first} ${last.charAt(0).toLocaleUpperCase('pt-BR')}.` : first
}

/** The calls of the waiting room; part of the contract's `api` table (api.ts). */
export const waitingRoomCalls = {
  /** Calls a patient 'Aguardando' to a room (again, if called before); the call joins the appointment's history. */
  chamarPaciente: {
    method: 'POST',
    path: '/agendamento/chamar',
    body: ChamarPacienteRequest,
    status: 200,
    access: 'user',
    response: z.object({ chamada: Chamada }),
  },
  /** The calls of a clinic day, newest first: the board's 'Chamar novamente' and when each was called. */
  chamadasDia: {
    method: 'POST',
    path: '/agendamento/chamadasDia',
    body: ChamadasDiaRequest,
    status: 200,
    access: 'user',
    response: z.object({ chamadas: z.array(Chamada) }),
  },
} as const satisfies Record<string, ApiCall>
