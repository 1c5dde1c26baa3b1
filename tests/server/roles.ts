// Who may call what, in one place for tests/server/auth.test.ts and tests/server/openapi.test.ts: the calls only
// ADMIN may make (the auth guard's 403, server/plugins/auth.ts), and the calls open to every user whose
// route still refuses some requests with a 403 — by role, or by the doctor a user is linked to.
import { api, certificateMessages, messages, TEMPORARY_PASSWORD_PATHS, type ApiCall, type CallName } from '@contract'

export const callNames = Object.keys(api) as CallName[]
export const adminOnlyCalls = callNames.filter((name) => (api[name] as ApiCall).access === 'admin')

/** The 403 sentences of the calls that are not ADMIN-only, as their routes answer them. */
export const ROUTE_REFUSALS: Partial<Record<CallName, readonly string[]>> = {
  // a deactivated user's sign-in with the right password (docs/decisions.md, "Reliability")
  login: [messages.userInactive],
  // an encaixe or an overlap confirmed by a user who is not ADMIN (docs/decisions.md, "Agenda and equipment")
  // … and a user linked to a doctor writes only their own doctor's appointments (docs/decisions.md, "Closed doors")
  agendar: [messages.encaixeAdminOnly, messages.appointmentNotYours],
  // … and so is a rescheduled one (docs/decisions.md, "Agenda and equipment")
  reagendar: [messages.encaixeAdminOnly, messages.appointmentNotYours],
  registerAgendamento: [messages.appointmentNotYours],
  updateAgendamento: [messages.appointmentNotYours],
  deleteAgendamento: [messages.appointmentNotYours],
  registrarPagamento: [messages.appointmentNotYours],
  // the front desk reads only today's closing (docs/decisions.md, "Reports")
  relatorio: [messages.reportStaffTodayOnly],
  relatorioAgendamentos: [messages.reportStaffTodayOnly],
  // a user linked to a doctor starts and finishes only their own appointments; 'Desfazer' after 10 minutes
  // and 'Marcar faltas' are not theirs (docs/decisions.md, "The front desk's day")
  moverStatus: [messages.statusNotYours],
  desfazerStatus: [messages.statusNotYours, messages.undoExpired],
  marcarFaltas: [messages.missedStaffOnly],
  // issue 38: a user linked to a doctor calls only their own doctor's waiting patients
  chamarPaciente: [messages.callNotYours],
  // the A1 certificate is a doctor's own: a user with no doctor is refused (docs/decisions.md, "Laudo PDF and PAdES signature")
  meuCertificado: [certificateMessages.notDoctor],
  enviarCertificado: [certificateMessages.notDoctor],
  removerCertificado: [certificateMessages.notDoctor],
  // issue 37: a user linked to a doctor writes the guia of their own doctor's appointments only
  definirGuiaTiss: [messages.appointmentNotYours],
  // issue 36: the laudo's worklist and editor are a doctor-linked user's or ADMIN's
  laudosPendentes: [messages.laudoNotDoctor],
  abrirLaudo: [messages.laudoNotDoctor],
  laudo: [messages.laudoNotDoctor],
  salvarLaudo: [messages.laudoNotDoctor],
  // issue 38: the TV panel's feed refuses a person's token
  painelChamadas: [messages.panelNotAPanel],
  // issue 36 point 2: ADMIN and doctor-linked users write the laudo's templates and stock phrases
  salvarModeloLaudo: [messages.laudoTemplateForbidden],
  registerFrase: [messages.laudoTemplateForbidden],
  updateFrase: [messages.laudoTemplateForbidden],
  deleteFrase: [messages.laudoTemplateForbidden],
  // issue 36 points 5–6: only the laudo's own doctor signs, releases and retifies it
  liberarLaudo: [messages.laudoReleaseNotYours],
  retificarLaudo: [messages.laudoReleaseNotYours],
  // issue 36 point 9: the laudos' report follows the reports' rule (staff: today's closing only)
  relatorioLaudos: [messages.reportStaffTodayOnly],
  // issue 37 point 5: TISS in the reports follows the reports' rule too
  relatorioFaturamento: [messages.reportStaffTodayOnly],
}

/** Every call that may answer 403, with the sentences it may say. */
export function refusalsOf(name: CallName): readonly string[] {
  const call = api[name] as ApiCall
  // issue 34: every call but a few is refused until a temporary password is changed
  const temporary =
    call.access !== 'public' && call.access !== 'painel' && !TEMPORARY_PASSWORD_PATHS.includes(call.path)
  return [
    ...(adminOnlyCalls.includes(name) ? [messages.forbidden] : []),
    ...(temporary ? [messages.temporaryPasswordMustChange] : []),
    // issue 38: a TV panel's credential gets 403 on every call but its feed's
    ...(call.access !== 'painel' ? [messages.panelOnlyFeed] : []),
    ...(ROUTE_REFUSALS[name] ?? []),
  ]
}
