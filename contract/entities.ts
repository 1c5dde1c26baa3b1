// zod's configuration first: the PWA may load this module before the contract's index.
import './zod-setup'
import { z } from 'zod'
import { ROLES } from './session'
import { STATUSES } from './status'
import { IDOSA_AGE, IDOSA_FIRST_AGE, PRIORIDADES } from './priorities'

export { ROLES }

export const ESTADOS_CIVIS = ['solteiro', 'casado', 'divorciado', 'viúvo'] as const
export const SEXOS = ['masculino', 'feminino'] as const
export const CORES = ['branco', 'negro', 'pardo', 'amarelo', 'indígena'] as const

export const Role = z.enum(ROLES)
export type Role = z.infer<typeof Role>

/** The user as the session carries it (docs/product.md §3). */
export const SessionUser = z.object({ id: z.string(), nome: z.string(), role: Role })
export type SessionUser = z.infer<typeof SessionUser>

export const Usuario = SessionUser.extend({ email: z.string() })
export type Usuario = z.infer<typeof Usuario>

/** The forms of honour a doctor is addressed with (docs/decisions.md, "Brazilian forms"); 'Dr.' by default. */
export const TRATAMENTOS = ['Dr.', 'Dra.'] as const

/**
 * A doctor. The specification's calls answer `{ id, nome }`; the optional fields (issue 14) come only from
 * the ADMIN calls `/medico/detalhes` and `/medico/update` (docs/product.md §19).
 */
export const Medico = z.object({
  id: z.string(),
  nome: z.string(),
  tratamento: z.enum(TRATAMENTOS).optional(),
  crm: z.string().optional(),
  crmUf: z.string().optional(),
  especialidade: z.string().optional(),
  /** Registro de Qualificação de Especialista (issue 36), '' when not kept. */
  rqe: z.string().optional(),
})
export type Medico = z.infer<typeof Medico>

/** A user as the administration lists them: with the doctor they are linked to ('Minha agenda'), if any. */
/** A user with the doctor they are linked to, and whether they may sign in (`ativo`, docs/decisions.md, "Reliability"). */
export const UsuarioComMedico = Usuario.extend({ medico: Medico.nullable(), ativo: z.boolean() })
export type UsuarioComMedico = z.infer<typeof UsuarioComMedico>

export const Paciente = z.object({
  id: z.string(),
  nome: z.string(),
  cpf: z.string(),
  rg: z.string(),
  datanascimento: z.string(),
  estadocivil: z.enum(ESTADOS_CIVIS),
  sexo: z.enum(SEXOS),
  cor: z.enum(CORES),
  naturalidade: z.string(),
  profissao: z.string(),
  email: z.string(),
  telefone: z.number(),
  endereco: z.string(),
  numeroendereco: z.number(),
  bairro: z.string(),
  cidade: z.string(),
  estado: z.string(),
  /** Issue 14 (docs/decisions.md, "Brazilian forms"): optional, '' when not given. */
  cep: z.string(),
  complemento: z.string(),
  /** 'Nome social', shown wherever the name is; `nome` stays the civil name, for documents. */
  nomesocial: z.string(),
  userId: z.string(),
  ativo: z.boolean(),
  /** 'Aceita receber mensagens (WhatsApp)': without it the patient gets no WhatsApp button (docs/decisions.md). */
  aceitaMensagens: z.boolean(),
  /** Bumped on every change; an update that sends an older one is refused (lost-update guard). */
  versao: z.number(),
})
export type Paciente = z.infer<typeof Paciente>

export const Agendamento = z.object({
  id: z.string(),
  datahora: z.string(),
  anotacao: z.string(),
  convenio: z.string(),
  valorIncents: z.number(),
  /** Writes send `estaPago`; reads carry `estapago` (docs/product.md §3). */
  estapago: z.boolean(),
  userId: z.string(),
  pacienteId: z.string(),
  medicoId: z.string(),
  paciente: z.object({ id: z.string(), nome: z.string() }),
  doutor: z.object({ id: z.string(), nome: z.string() }),
  exames: z.array(z.string()),
  versao: z.number(),
  /**
   * The day's status (status.ts). Left out while it is `agendado`, so that a booking reads back exactly as
   * the specification's calls always answered it; `statusOf()` reads it.
   */
  status: z.enum(STATUSES).optional(),
  /** When the patient arrived (ISO instant), once 'Registrar chegada' was pressed; kept afterwards. */
  chegada: z.string().optional(),
  /**
   * The agenda (docs/decisions.md "Agenda and equipment"): each left out while it is the default (the end
   * at 15 minutes per exam, no machine, not an encaixe), so that the specification's calls answer as always.
   */
  fim: z.string().optional(),
  equipamento: z.object({ id: z.string(), nome: z.string() }).optional(),
  encaixe: z.literal(true).optional(),
  /**
   * The legal priority (contract/priorities.ts), once the patient arrived: `prioridade` as declared at
   * 'Registrar chegada', `pessoaIdosa` (60 or 80) from the birth date on the arrival's day. Left out otherwise.
   */
  prioridade: z.enum(PRIORIDADES).optional(),
  pessoaIdosa: z.union([z.literal(IDOSA_AGE), z.literal(IDOSA_FIRST_AGE)]).optional(),
})
export type Agendamento = z.infer<typeof Agendamento>

/** Every error answer (docs/product.md §10.5). `issues` is zod's formatted error on a 400. */
export const ErrorBody = z.object({ error: z.string(), issues: z.unknown().optional() })
export type ErrorBody = z.infer<typeof ErrorBody>

export const OkBody = z.object({ ok: z.literal(true) })
