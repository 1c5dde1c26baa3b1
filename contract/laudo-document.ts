// What the laudo's PDF prints (issue 36 point 5): everything the renderer needs, already read from the
// database, so the renderer is a pure function of this document. The release route builds it.
import { z } from 'zod'
import { capitalizeWords } from './person-name'

export const laudoSectionTitles = ['Técnica', 'Relatório', 'Impressão diagnóstica'] as const

export const laudoDocumentSchema = z.object({
  clinica: z.object({
    nome: z.string(),
    endereco: z.string(),
    telefone: z.string(),
    cnpj: z.string(),
    /** The clinic's logo as PNG bytes (the settings keep it as a PNG), printed in the letterhead. */
    logoPng: z.instanceof(Uint8Array).optional(),
  }),
  paciente: z.object({
    /** The civil name, kept for documents. */
    nome: z.string(),
    /** 'Nome social': printed first, the civil name beside it, as in the patient's profile. */
    nomesocial: z.string(),
    /** Whole years at the exam's date. */
    idade: z.number().int().min(0),
    sexo: z.string(),
  }),
  exame: z.object({ nome: z.string(), data: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) }),
  convenio: z.string(),
  secoes: z.array(z.object({ titulo: z.string(), texto: z.string() })),
  /** Mammography's BI-RADS category (0–6), printed under the sections. */
  biRads: z.number().int().min(0).max(6).optional(),
  medico: z.object({
    tratamento: z.enum(['Dr.', 'Dra.']),
    nome: z.string(),
    crm: z.string(),
    crmUf: z.string(),
    rqe: z.string().optional(),
  }),
  responsavelTecnico: z.object({ nome: z.string(), crm: z.string(), crmUf: z.string() }),
  codigoVerificacao: z.string(),
  versao: z.number().int().min(1),
  /** 'manual' prints a signature line over the doctor's name; 'digital' a note that it is signed (PAdES). */
  assinatura: z.enum(['digital', 'manual']),
})

export type LaudoDocument = z.infer<typeof laudoDocumentSchema>

/** The patient's name on the laudo: the social name first with the civil name beside it, as in the profile. */
export function laudoPatientName(paciente: Pick<LaudoDocument['paciente'], 'nome' | 'nomesocial'>): string {
  const civil = capitalizeWords(paciente.nome)
  return paciente.nomesocial.trim() ? `${capitalizeWords(paciente.nomesocial)} (${civil})` : civil
}
