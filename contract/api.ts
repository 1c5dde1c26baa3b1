// zod's configuration first (Portuguese messages, no eval in the browser): the PWA may load this module
// before the contract's index (src/lib/api-client.ts).
import './zod-setup'
import { z } from 'zod'
import { messages } from './messages'
import { Agendamento, Medico, OkBody, Paciente, SessionUser, Usuario } from './entities'
import { HistoricoAnswer, PacienteExport } from './audit'
import { deskPaperCalls } from './desk-paper'
import { formsCalls } from './forms'
import { agendaCalls } from './agenda-calls'
import { dicomCalls } from './dicom'
import { frontDeskCalls } from './front-desk'
import { reportCalls } from './reports'
import { catalogueCalls } from './catalogue'
import { waitingRoomCalls } from './waiting-room'
import { laudoCalls, laudoWorkCalls } from './laudos'
import * as req from './requests'
import type { ApiCall } from './api-call'
import { certificateCalls } from './certificates'
import { tissBillingCalls } from './tiss-billing'
import { tissCalls } from './tiss'
import { painelCalls } from './paineis'
import { laudoTemplateCalls } from './laudo-templates'
import { laudoReleaseCalls } from './laudo-release'
import { laudoReportCalls } from './laudo-report'
import { tissReportCalls } from './tiss-report'
import { laudoDeskCalls } from './laudo-desk'

/** Page size of every paged list (docs/product.md §10.2): a server constant. */
export const PAGE_SIZE = 20

/** The certificate an HTTPS server of ours presents (HTTPS=auto or TLS_CERT): which one, until when. */
export const CertificadoServidor = z.object({
  origem: z.enum(['autoridade-local', 'arquivo']),
  /** DNS names, then IP addresses, as in the certificate. */
  nomes: z.array(z.string()),
  validoAte: z.string(),
  /** SHA-256 of the certificate, "AB:CD:…". */
  sha256: z.string(),
})

const pacientes = z.object({ pacientes: z.array(Paciente) })
const agendamentos = z.object({ agendamentos: z.array(Agendamento) })
/** The OpenAPI document (contract/openapi/document.ts builds it): only its frame is checked, unknown keys kept. */
const openApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.looseObject({}),
})

/** Every call of docs/product.md §7, with the answers docs/product.md §10 fixes. Server, PWA and msw import this table. */
export const api = {
  /**
   * The server and its database answer: `select 1` within 1 s, else 503 `{ error: messages.databaseUnavailable }`
   * (a frozen PostgreSQL counts as unreachable). The PWA's connectivity probe: a 5xx counts as offline.
   * With HTTPS served by the process, `certificado`: which certificate is served and until when.
   */
  health: {
    method: 'GET',
    path: '/health',
    status: 200,
    access: 'public',
    response: z.object({ ok: z.literal(true), database: z.literal('ok'), certificado: CertificadoServidor.optional() }),
  },
  /**
   * `senhaFraca: true` when the password just used is one the server would refuse today: the PWA asks for a new one.
   * `senhaTemporaria: true` (issue 34) when it is the one 'Redefinir senha' gave: the user must change it before any
   * other call (403 `temporaryPasswordMustChange`, but for TEMPORARY_PASSWORD_PATHS).
   */
  login: {
    method: 'POST',
    path: '/users/session',
    body: req.LoginRequest,
    status: 200,
    access: 'public',
    response: z.object({
      token: z.string(),
      user: SessionUser,
      senhaFraca: z.boolean().optional(),
      senhaTemporaria: z.boolean().optional(),
    }),
  },
  registerUser: {
    method: 'POST',
    path: '/users/register',
    body: req.RegisterUserRequest,
    status: 201,
    access: 'admin',
    response: z.object({ user: Usuario }),
    idempotent: true,
  },

  listAgendamentosBetweenDate: {
    method: 'POST',
    path: '/agendamento/listBetweenDate',
    body: req.ListBetweenDateRequest,
    status: 200,
    access: 'user',
    response: agendamentos,
    missingMessage: messages.dateRangeNeedsBoth,
  },
  listAgendamentos: {
    method: 'POST',
    path: '/agendamento/listAll',
    body: req.ListAgendamentosRequest,
    status: 200,
    access: 'user',
    response: agendamentos,
  },
  listAgendamentosByPaciente: {
    method: 'POST',
    path: '/agendamento/listByPaciente',
    body: req.ListByPacienteRequest,
    status: 200,
    access: 'user',
    response: agendamentos,
  },
  listAgendamentosByMedico: {
    method: 'POST',
    path: '/agendamento/listByMedico',
    body: req.ListByMedicoRequest,
    status: 200,
    access: 'user',
    response: agendamentos,
  },
  findAgendamento: {
    method: 'POST',
    path: '/agendamento/findbyid',
    body: req.IdRequest,
    status: 200,
    access: 'user',
    response: z.object({ agendamento: Agendamento }),
  },
  registerAgendamento: {
    method: 'POST',
    path: '/agendamento/register',
    body: req.RegisterAgendamentoRequest,
    status: 201,
    access: 'user',
    response: z.object({ agendamento: Agendamento }),
    missingMessage: messages.appointmentMissingFields,
    idempotent: true,
  },
  updateAgendamento: {
    method: 'PUT',
    path: '/agendamento/update',
    body: req.UpdateAgendamentoRequest,
    status: 200,
    access: 'user',
    response: z.object({ agendamento: Agendamento }),
    missingMessage: messages.appointmentMissingFields,
  },
  deleteAgendamento: {
    method: 'DELETE',
    path: '/agendamento/delete',
    body: req.IdRequest,
    status: 200,
    access: 'user',
    response: OkBody,
  },

  listPacientes: {
    method: 'POST',
    path: '/paciente/listAll',
    body: req.PageRequest,
    status: 200,
    access: 'user',
    response: pacientes,
  },
  findPacientesByNome: {
    method: 'POST',
    path: '/paciente/findbynome',
    body: req.FindPacienteByNomeRequest,
    status: 200,
    access: 'user',
    response: pacientes,
  },
  findPacienteByCpf: {
    method: 'POST',
    path: '/paciente/findbycpf',
    body: req.FindPacienteByCpfRequest,
    status: 200,
    access: 'user',
    response: z.object({ paciente: Paciente }),
  },
  findPacienteByRg: {
    method: 'POST',
    path: '/paciente/findbyrg',
    body: req.FindPacienteByRgRequest,
    status: 200,
    access: 'user',
    response: z.object({ paciente: Paciente }),
  },
  findPaciente: {
    method: 'POST',
    path: '/paciente/findbyid',
    body: req.IdRequest,
    status: 200,
    access: 'user',
    response: z.object({ paciente: Paciente }),
  },
  listPacientesInativos: {
    method: 'POST',
    path: '/paciente/inativos',
    body: req.PageRequest,
    status: 200,
    access: 'admin',
    response: pacientes,
  },
  registerPaciente: {
    method: 'POST',
    path: '/paciente/register',
    body: req.RegisterPacienteRequest,
    status: 201,
    access: 'user',
    response: z.object({ paciente: Paciente }),
    missingMessage: messages.patientMissingFieldsOnCreate,
    idempotent: true,
  },
  updatePaciente: {
    method: 'PUT',
    path: '/paciente/update',
    body: req.UpdatePacienteRequest,
    status: 200,
    access: 'user',
    response: z.object({ paciente: Paciente }),
    missingMessage: messages.patientMissingFieldsOnUpdate,
  },
  deletePaciente: {
    method: 'DELETE',
    path: '/paciente/delete',
    body: req.IdRequest,
    status: 200,
    access: 'user',
    response: OkBody,
  },
  ativarPaciente: {
    method: 'PUT',
    path: '/pacientes/ativar',
    body: req.IdRequest,
    status: 200,
    access: 'admin',
    response: OkBody,
  },

  listMedicos: {
    method: 'GET',
    path: '/medico/listAll',
    status: 200,
    access: 'user',
    response: z.object({ medicos: z.array(Medico) }),
  },
  findMedico: {
    method: 'POST',
    path: '/medico/findbyid',
    body: req.IdRequest,
    status: 200,
    access: 'user',
    response: z.object({ medico: Medico }),
  },
  registerMedico: {
    method: 'POST',
    path: '/medico/register',
    body: req.RegisterMedicoRequest,
    status: 201,
    access: 'admin',
    response: z.object({ medico: Medico }),
    idempotent: true,
  },

  // Hardening (docs/decisions.md): sign-out on the server, "who changed what", the LGPD export.
  /** Revokes the session of the token sent; the token answers 401 from then on, on every API process. */
  logout: {
    method: 'POST',
    path: '/users/logout',
    body: req.EmptyRequest,
    status: 200,
    access: 'user',
    response: OkBody,
  },
  /** Newest first; a patient's creation, changes, deletion, reactivation and exports. */
  historicoPaciente: {
    method: 'POST',
    path: '/paciente/historico',
    body: req.IdRequest,
    status: 200,
    access: 'user',
    response: HistoricoAnswer,
  },
  /** Newest first; answered for a deleted appointment too (its history outlives it). */
  historicoAgendamento: {
    method: 'POST',
    path: '/agendamento/historico',
    body: req.IdRequest,
    status: 200,
    access: 'user',
    response: HistoricoAnswer,
  },
  /** Everything kept about one patient, active or not (LGPD art. 18); the export itself is recorded. */
  exportarPaciente: {
    method: 'POST',
    path: '/paciente/exportar',
    body: req.IdRequest,
    status: 200,
    access: 'admin',
    response: PacienteExport,
  },

  // The published contract (docs/decisions.md): this table as an OpenAPI 3.1 document, public and cacheable.
  openapi: { method: 'GET', path: '/openapi.json', status: 200, access: 'public', response: openApiDocument },

  // The front desk's day (docs/decisions.md): status moves, 'Desfazer', the day boards' version, 'Marcar
  // faltas' and the user↔doctor link of 'Minha agenda'.
  ...frontDeskCalls,
  ...formsCalls,
  // The exam catalogue, convênios, prices and payments (docs/decisions.md, "Exam catalogue").
  ...catalogueCalls,
  ...agendaCalls,
  ...dicomCalls,
  // Reliability (docs/decisions.md, "Reliability"): passwords and the users' lifecycle.
  /** 'Alterar senha' (every user): the current password, then a new one the password rules accept; the user's other sessions end. */
  changePassword: {
    method: 'PUT',
    path: '/users/alterarSenha',
    body: req.ChangePasswordRequest,
    status: 200,
    access: 'user',
    response: OkBody,
  },
  /** The user can no longer sign in; their sessions end at once. Not one's own account. */
  deactivateUser: {
    method: 'PUT',
    path: '/users/desativar',
    body: req.IdRequest,
    status: 200,
    access: 'admin',
    response: OkBody,
  },
  reactivateUser: {
    method: 'PUT',
    path: '/users/ativar',
    body: req.IdRequest,
    status: 200,
    access: 'admin',
    response: OkBody,
  },
  /**
   * 'Redefinir senha' (issue 34): a staff member forgot their password; ADMIN gets a temporary one, answered
   * once, that replaces it; the user's sessions end. Not one's own account (that is 'Alterar senha').
   */
  resetUserPassword: {
    method: 'PUT',
    path: '/users/redefinirSenha',
    body: req.IdRequest,
    status: 200,
    access: 'admin',
    response: z.object({ senhaTemporaria: z.string() }),
  },
  /** A new role; the user's sessions end at once (the next sign-in carries it). Not one's own account. */
  changeUserRole: {
    method: 'PUT',
    path: '/users/role',
    body: req.ChangeRoleRequest,
    status: 200,
    access: 'admin',
    response: OkBody,
  },
  // Reports (docs/decisions.md, "Reports"): the day's closing and any range up to a year.
  ...reportCalls,
  // Messages and printouts (docs/decisions.md): the clinic's settings, 'Confirmações de amanhã', the receipt.
  ...deskPaperCalls,
  // The waiting room (issue 38, docs/decisions.md "The waiting room"): calling a waiting patient to a room.
  ...waitingRoomCalls,
  // The laudo (issue 36, docs/decisions.md "The laudo").
  ...laudoCalls,
  // The doctor's A1 certificate (docs/decisions.md, "Laudo PDF and PAdES signature").
  ...certificateCalls,
  // TISS billing (issue 37, docs/tiss.md): the month's appointments to bill, the batches and their life.
  ...tissBillingCalls,
  // TISS data entry (issue 37 points 1–3, docs/decisions.md "TISS data").
  ...tissCalls,
  // The laudo's worklist and editor (issue 36 points 3 and 4).
  ...laudoWorkCalls,
  // The waiting room's TV panel (issue 38, docs/decisions.md "The waiting room's panel").
  ...painelCalls,
  // The laudo's templates and stock phrases (issue 36 point 2).
  ...laudoTemplateCalls,
  // The laudo's release, retification, delivery and verification (issue 36 points 5–8).
  ...laudoReleaseCalls,
  // The laudos in the reports (issue 36 point 9, docs/decisions.md "The laudos in the reports").
  ...laudoReportCalls,
  // The laudo at the desk: the protocolo de retirada and the deliveries (issue 36 point 7).
  ...laudoDeskCalls,
  // TISS in the reports: booked, billed, received and glossed per convênio and month (issue 37 point 5).
  ...tissReportCalls,
} as const satisfies Record<string, ApiCall>

export type Api = typeof api
export type CallName = keyof Api
/** What a call sends (before defaults are applied). */
export type CallBody<N extends CallName> = Api[N] extends { body: z.ZodType } ? z.input<Api[N]['body']> : undefined
/** What a call answers on success. */
export type CallAnswer<N extends CallName> = z.output<Api[N]['response']>
