// The laudo's text (issue 36, docs/decisions.md "The laudo"): the template's placeholders and how they are
// filled, the due date in the clinic's business days, and the rule a draft meets to be 'Pronto para liberar'
// (mammography's BI-RADS category among them). Shared by the server, the editor and the mock.
import { z } from 'zod'
import { addDays } from './clinic-time'
import { messages } from './messages'
import type { Modalidade } from './modality-names'
import type { Horario } from './weekly-hours'

/** The placeholders a template may carry, with what each becomes on the laudo's first open. */
export const LAUDO_PLACEHOLDERS = {
  '{paciente}': 'Nome do paciente (o nome social, se houver)',
  '{idade}': 'Idade na data do exame',
  '{sexo}': 'Sexo',
  '{exame}': 'Nome do exame',
  '{data_exame}': 'Data do exame (DD/MM/AAAA)',
  '{convenio}': 'Convênio',
  '{medico}': 'Médico com o tratamento (Dr. ou Dra.)',
  '{crm}': 'CRM e UF do médico',
} as const
export type LaudoPlaceholder = keyof typeof LAUDO_PLACEHOLDERS

/** The {placeholders} of a template that LAUDO_PLACEHOLDERS does not know. */
export function unknownLaudoPlaceholders(text: string): string[] {
  return [...new Set(text.match(/\{[^}]*\}/g) ?? [])].filter((p) => !(p in LAUDO_PLACEHOLDERS))
}

/** The template's text with each known placeholder replaced; unknown ones are left as typed. */
export function fillLaudoTemplate(text: string, values: Record<LaudoPlaceholder, string>): string {
  return text.replace(/\{[a-z_]+\}/g, (p) => (p in values ? values[p as LaudoPlaceholder] : p))
}

/** Weekdays (0 = domingo) the clinic opens by its hours; Monday to Friday when it keeps none. */
export function openWeekdays(hours: readonly Horario[]): Set<number> {
  const days = new Set(hours.map((h) => h.dia))
  return days.size > 0 ? days : new Set([1, 2, 3, 4, 5])
}

/**
 * 'Previsão': the exam's date plus `prazo` business days, counting only the weekdays the clinic opens
 * (its opening hours are its calendar); 0 days is the exam's own day.
 */
export function laudoDueDate(examDate: string, prazo: number, hours: readonly Horario[]): string {
  const open = openWeekdays(hours)
  let date = examDate
  for (let left = prazo; left > 0;) {
    date = addDays(date, 1)
    if (open.has(new Date(`${date}T00:00:00.000Z`).getUTCDay())) left--
  }
  return date
}

/** 'Atrasado': the clinic's today is past the due date. */
export const isLaudoLate = (dueDate: string, today: string) => today > dueDate

export const BIRADS_CATEGORIAS = [0, 1, 2, 3, 4, 5, 6] as const
export const LAUDO_SECTION_MAX = 20_000

const section = z.string({ error: messages.invalidRequest }).max(LAUDO_SECTION_MAX, { error: messages.textTooLong })

/** A draft's text: the three sections and, for mammography, the BI-RADS category. */
export const LaudoTexto = z.strictObject({
  tecnica: section,
  relatorio: section,
  impressao: section,
  birads: z
    .number({ error: messages.biradsInvalid })
    .int({ error: messages.biradsInvalid })
    .min(0, { error: messages.biradsInvalid })
    .max(6, { error: messages.biradsInvalid })
    .nullable(),
})
export type LaudoTexto = z.infer<typeof LaudoTexto>

/**
 * 'Pronto para liberar': what a draft of an exam of `modalidade` must hold before its release — a
 * diagnostic impression, and mammography's BI-RADS category.
 */
export function laudoProntoParaLiberar(modalidade: Modalidade) {
  return LaudoTexto.superRefine((texto, ctx) => {
    if (texto.impressao.trim() === '')
      ctx.addIssue({ code: 'custom', path: ['impressao'], message: messages.laudoImpressaoRequired })
    if (modalidade === 'MMG' && texto.birads === null)
      ctx.addIssue({ code: 'custom', path: ['birads'], message: messages.biradsRequired })
  })
}
