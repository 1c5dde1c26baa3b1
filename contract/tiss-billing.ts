// 'Faturamento' (issue 37 points 4 and 5; docs/tiss.md): the realized appointments of a convênio and month not
// yet billed, each 'Pronta' or what it lacks; 'Gerar lote' stores a TISS batch; its life 'Gerado' → 'Enviado'
// → each guia 'Pago' or 'Glosado' → 'Recurso'. ADMIN only.
import { z } from 'zod'
import { idField, requiredError } from './fields'
import { messages } from './messages'
import { isValidDate } from './clinic-time'
import type { ApiCall } from './api-call'

export const tissBillingMessages = {
  competenciaInvalid: messages.tissCompetenciaInvalid,
  nothingReady: messages.tissNothingReady,
  loteNotFound: messages.tissLoteNotFound,
  guiaNotFound: messages.tissGuiaNotFound,
  loteAlreadySent: messages.tissLoteAlreadySent,
  loteNotSent: messages.tissLoteNotSent,
  protocoloRequired: messages.tissProtocoloRequired,
  glosaCodeRequired: messages.tissGlosaCodeRequired,
  recursoNotGlosada: messages.tissRecursoNotGlosada,
  recursoTextRequired: messages.tissRecursoTextRequired,
  dateInvalid: messages.tissDateInvalid,
  loteGenerated: messages.tissLoteGenerated,
} as const
const m = tissBillingMessages

export const competenciaField = z
  .string(requiredError)
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: m.competenciaInvalid })
const dateField = z.string(requiredError).refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isValidDate(v), {
  error: m.dateInvalid,
})

export const FaturamentoRequest = z.strictObject({ convenioId: idField, competencia: competenciaField })
export type FaturamentoRequest = z.input<typeof FaturamentoRequest>

/** A realized appointment not yet billed: 'Pronta' when `faltas` is empty. */
export const AtendimentoFaturavel = z.object({
  agendamentoId: z.string(),
  /** The clinic's wall-clock time, ISO. */
  datahora: z.string(),
  paciente: z.string(),
  exames: z.array(z.string()),
  valorIncents: z.number().int(),
  /** What is missing, in Portuguese ('Falta a carteirinha', 'Senha vencida em 02/11/2026', …). */
  faltas: z.array(z.string()),
})
export type AtendimentoFaturavel = z.infer<typeof AtendimentoFaturavel>

export const GUIA_SITUACOES = ['aguardando', 'pago', 'glosado', 'recurso'] as const
export const guiaSituacaoLabels: Record<(typeof GUIA_SITUACOES)[number], string> = {
  aguardando: 'Aguardando',
  pago: 'Pago',
  glosado: 'Glosado',
  recurso: 'Recurso',
}
export const LOTE_SITUACOES = ['gerado', 'enviado'] as const
export const loteSituacaoLabels: Record<(typeof LOTE_SITUACOES)[number], string> = {
  gerado: 'Gerado',
  enviado: 'Enviado',
}

export const GuiaLoteTiss = z.object({
  id: z.string(),
  agendamentoId: z.string(),
  numeroGuia: z.string(),
  paciente: z.string(),
  valorIncents: z.number().int(),
  situacao: z.enum(GUIA_SITUACOES),
  valorPagoIncents: z.number().int().nullable(),
  glosaCodigo: z.string().nullable(),
  glosaMotivo: z.string().nullable(),
  recursoTexto: z.string().nullable(),
  recursoData: z.string().nullable(),
})
export type GuiaLoteTiss = z.infer<typeof GuiaLoteTiss>

export const LoteTiss = z.object({
  id: z.string(),
  convenioId: z.string(),
  numero: z.number().int(),
  competencia: z.string(),
  situacao: z.enum(LOTE_SITUACOES),
  geradoEm: z.string(),
  enviadoEm: z.string().nullable(),
  protocolo: z.string().nullable(),
  hash: z.string(),
  valorIncents: z.number().int(),
  guias: z.array(GuiaLoteTiss),
})
export type LoteTiss = z.infer<typeof LoteTiss>

export const LoteIdRequest = z.strictObject({ id: idField })
export const EnvioLoteRequest = z.strictObject({
  id: idField,
  data: dateField,
  protocolo: z
    .string(requiredError)
    .trim()
    .min(1, { error: m.protocoloRequired })
    .max(12, { error: messages.textTooLong }),
})
export const RetornoGuiaRequest = z
  .strictObject({
    id: idField,
    situacao: z.enum(['pago', 'glosado']),
    /** What the operadora paid for the guia (0 when wholly glossed). */
    valorIncents: z
      .number(requiredError)
      .int({ error: messages.valueInvalid })
      .min(0, { error: messages.valueInvalid })
      .max(9_999_999_999, { error: messages.valueInvalid }),
    glosaCodigo: z.string().trim().optional(),
    glosaMotivo: z.string().trim().max(500, { error: messages.textTooLong }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.situacao === 'glosado' && !/^\d{4}$/.test(v.glosaCodigo ?? ''))
      ctx.addIssue({ code: 'custom', path: ['glosaCodigo'], message: m.glosaCodeRequired })
  })
export const RecursoGuiaRequest = z.strictObject({
  id: idField,
  data: dateField,
  texto: z
    .string(requiredError)
    .trim()
    .min(1, { error: m.recursoTextRequired })
    .max(500, { error: messages.textTooLong }),
})

const loteAnswer = z.object({ lote: LoteTiss })

export const tissBillingCalls = {
  /** The month's realized appointments of a convênio not yet in a batch, each ready or what it lacks. */
  faturamentoPendentes: {
    method: 'POST',
    path: '/faturamento/pendentes',
    body: FaturamentoRequest,
    status: 200,
    access: 'admin',
    response: z.object({ atendimentos: z.array(AtendimentoFaturavel) }),
  },
  /** 'Gerar lote': the ready ones, validated against the XSDs, stored with the next number of the convênio. */
  gerarLoteTiss: {
    method: 'POST',
    path: '/faturamento/lote',
    body: FaturamentoRequest,
    status: 201,
    access: 'admin',
    response: loteAnswer,
  },
  lotesTiss: {
    method: 'POST',
    path: '/faturamento/lotes',
    body: z.strictObject({ convenioId: idField }),
    status: 200,
    access: 'admin',
    response: z.object({ lotes: z.array(LoteTiss) }),
  },
  /** 'Baixar XML': the stored file, the same bytes every time (base64; ISO-8859-1 inside). */
  xmlLoteTiss: {
    method: 'POST',
    path: '/faturamento/lote/xml',
    body: LoteIdRequest,
    status: 200,
    access: 'admin',
    response: z.object({ arquivo: z.string(), base64: z.string() }),
  },
  enviarLoteTiss: {
    method: 'POST',
    path: '/faturamento/lote/envio',
    body: EnvioLoteRequest,
    status: 200,
    access: 'admin',
    response: loteAnswer,
  },
  retornoGuiaTiss: {
    method: 'POST',
    path: '/faturamento/guia/retorno',
    body: RetornoGuiaRequest,
    status: 200,
    access: 'admin',
    response: loteAnswer,
  },
  recursoGuiaTiss: {
    method: 'POST',
    path: '/faturamento/guia/recurso',
    body: RecursoGuiaRequest,
    status: 200,
    access: 'admin',
    response: loteAnswer,
  },
} as const satisfies Record<string, ApiCall>
