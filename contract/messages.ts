// Every Portuguese text that crosses the contract: docs/product.md §2, §5 and §8 copied exactly, plus the
// texts docs/product.md §10 and docs/decisions.md add where the spec is silent (marked "ours").
export const messages = {
  // docs/product.md §5 — validation
  required: 'Obrigatório*',
  nameLettersOnly: 'Por favor, preencha o nome apenas com letras!',
  cpfRgDigitsOnly: 'Por favor, preencha o CPF ou RG apenas com números!',
  patientMissingFieldsOnUpdate: 'Por favor, preencha todos os dados!',
  patientMissingFieldsOnCreate: 'Por favor preencha todos os dados!',
  appointmentMissingFields: 'Preencha todos os dados!',
  dateBeforeToday: 'A data não pode ser anterior à data de hoje!',
  invalidDateTime: 'Data/horário inválido!',
  emptyExam: 'O campo do novo exame está vazio.',
  dateRangeNeedsBoth: 'Preencha a data inicio e fim',
  passwordMin8: 'Mínimo 8 caracteres',
  lettersOnly: 'Somente letras são permitidas',
  // docs/product.md §10.3
  cpfInvalid: 'CPF inválido!',
  // ours
  rgInvalid: 'RG inválido!',
  idInvalid: 'Identificador inválido!',
  phoneInvalid: 'Telefone inválido! Informe DDD e número.',
  addressNumberInvalid: 'Número do endereço inválido!',
  optionInvalid: 'Opção inválida!',
  pageInvalid: 'Página inválida!',
  noteTooLong: 'A anotação pode ter no máximo 200 caracteres.',
  emailInvalid: 'E-mail inválido!',
  birthDateInvalid: 'Data de nascimento inválida!',
  valueInvalid: 'Valor inválido!',
  textTooLong: 'Texto longo demais.',
  dateRangeOrder: 'A data de início deve ser anterior à data de fim.',
  dateRangeTooLong: 'O período pode ter no máximo 31 dias.',
  // ours — issue 14, docs/decisions.md "Brazilian forms"
  cepInvalid: 'CEP inválido! Informe os 8 dígitos.',

  // docs/product.md §8 — success toasts
  loginSuccess: 'Logado com sucesso!',
  patientCreated: 'Paciente criado com sucesso!',
  patientUpdated: 'Paciente atualizado com sucesso!',
  patientDeleted: 'Paciente deletado com sucesso!',
  appointmentCreated: 'Agendamento criado com sucesso!',
  appointmentUpdated: 'Agendamento atualizado com sucesso!',
  appointmentDeleted: 'Agendamento deletado com sucesso!',
  doctorCreated: 'Doutor criado com sucesso!',
  userCreated: 'Usuário criado com sucesso!',

  // docs/product.md §8 — errors
  loginFailed: 'Email ou senha inválidos',
  loginThrottled: 'Aguarde 60 segundos para tentar logar novamente!',
  patientHasAppointments: 'Paciente possui agendamentos!',
  patientDeleteFailed: 'Erro ao deletar paciente!',
  appointmentDeleteFailed: 'Erro ao deletar agendamento!',
  patientAlreadyExists: 'Paciente já existente ou já inativado!',
  patientUpdateFailed: 'Por favor preencha todas as informações!',
  appointmentCreateFailed: 'Erro ao criar agendamento!',
  doctorCreateFailed: 'Erro ao criar doutor!',
  userCreateFailed: 'Erro ao criar usuário!',
  fetchFailed: 'Erro ao buscar informações!',
  noMorePatients: 'Não existe mais pacientes!',
  noMoreAppointments: 'Não existem mais agendamentos!',
  noAppointmentsForFilter: 'Nenhum agendamento com esse filtro!',

  // docs/product.md §2 — screens
  adminOnly: 'Apenas administradores podem acessar esta área.',
  noAppointmentsToday: 'Nenhum agendamento no momento!',
  noPatientsFound: 'Nenhum paciente encontrado.',
  noAppointmentsFound: 'Nenhum agendamento encontrado.',
  noExams: 'Nenhum exame.',
  confirmDeletePatient: 'Deseja realmente excluir este paciente?',
  confirmDeleteAppointment: 'Deseja realmente excluir este agendamento?',

  // ours — API errors (docs/product.md §10.5: every error answer carries a Portuguese `error`)
  invalidRequest: 'Dados inválidos!',
  invalidJson: 'O corpo da requisição não é um JSON válido.',
  unsupportedMediaType: 'Envie os dados como JSON (Content-Type: application/json).',
  unauthenticated: 'Sessão expirada ou inválida. Faça login novamente.',
  forbidden: 'Apenas administradores podem acessar esta área.',
  routeNotFound: 'Rota não encontrada.',
  patientNotFound: 'Paciente não encontrado!',
  appointmentNotFound: 'Agendamento não encontrado!',
  doctorNotFound: 'Doutor não encontrado!',
  emailTaken: 'E-mail já cadastrado!',
  slotTaken: 'Este doutor já possui um agendamento neste horário!',
  staleWrite: 'Este registro foi alterado por outra pessoa. Feche, abra de novo e refaça a alteração.',
  payloadTooLarge: 'Os dados enviados são grandes demais.',
  tooManyRequests: 'Muitas requisições. Aguarde um instante.',
  serverRestarting: 'Servidor reiniciando. Tente novamente em instantes.',
  /** A 503 when PostgreSQL does not answer (GET /api/health; any other call that finds it gone may reuse it). */
  databaseUnavailable: 'Banco de dados indisponível. Tente novamente em instantes.',
  internalError: 'Erro interno do servidor. Tente novamente.',

  // ours — admin: reactivating a patient (docs/product.md §2 names the button, not its outcome)
  patientActivated: 'Paciente ativado com sucesso!',
  patientActivateFailed: 'Erro ao ativar paciente!',

  // ours — a create/update/delete (or a first load) without a connection (docs/product.md §13)
  offline: 'Sem conexão com o servidor. Verifique a internet e tente novamente.',

  // ours — hardening: retried writes (Idempotency-Key), sign-out, LGPD export
  idempotencyKeyInvalid: 'Cabeçalho Idempotency-Key inválido: use de 1 a 200 caracteres ASCII visíveis.',
  idempotencyKeyReused:
    'Esta chave de envio (Idempotency-Key) já foi usada com outros dados. Envie o formulário de novo.',
  logoutSuccess: 'Sessão encerrada.',

  // ours — the exam catalogue, convênios, prices and payments (docs/decisions.md, "Exam catalogue")
  exameNameTaken: 'Já existe um exame com este nome.',
  convenioNameTaken: 'Já existe um convênio com este nome.',
  exameNotFound: 'Exame não encontrado!',
  convenioNotFound: 'Convênio não encontrado!',
  exameInUse: 'Este exame já foi agendado: desative-o em vez de excluí-lo.',
  convenioInUse: 'Este convênio já foi usado em agendamentos: desative-o em vez de excluí-lo.',
  exameInactive: 'Exame inativo: não pode ser agendado.',
  convenioInactive: 'Convênio inativo: não pode ser agendado.',
  particularFixed: "O convênio 'Particular' não pode ser excluído, desativado nem renomeado.",
  duracaoInvalid: 'Duração inválida: de 5 a 480 minutos.',
  tussInvalid: 'O código TUSS tem 8 dígitos.',
  ansInvalid: 'O registro ANS tem 6 dígitos.',
  preparoTooLong: 'O preparo pode ter no máximo 1.000 caracteres.',
  paymentAmountInvalid: 'Informe um valor recebido maior que zero.',
  paymentDateFuture: 'A data do pagamento não pode ser futura.',
  examesRepeated: 'O mesmo exame foi escolhido mais de uma vez.',
  exameSaved: 'Exame salvo com sucesso!',
  exameDeleted: 'Exame excluído com sucesso!',
  convenioSaved: 'Convênio salvo com sucesso!',
  convenioDeleted: 'Convênio excluído com sucesso!',
  precoSaved: 'Preço salvo com sucesso!',
  catalogueSaveFailed: 'Erro ao salvar o catálogo!',
  paymentRegistered: 'Pagamento registrado com sucesso!',
  paymentFailed: 'Erro ao registrar pagamento!',

  // ours — offline read cache (docs/product.md §13): the banner, the lists' stamps, the disabled changes
  /** Followed by formatClinicStamp(): 'Sem conexão — exibindo dados salvos de 22/11 às 09:00'. */
  offlineShowingSaved: 'Sem conexão — exibindo dados salvos de',
  offlineNothingSaved: 'Sem conexão — não há dados salvos para esta tela.',
  /** Followed by formatClinicStamp(): 'Dados de 22/11 às 09:00' (a list, while offline). */
  dataFetchedAt: 'Dados de',
  offlineNothingForToday: 'Sem conexão e sem dados salvos para hoje.',
  offlineChangesDisabled: 'Indisponível sem conexão: cadastrar, alterar e excluir precisam do servidor.',
  /** A change that could not reach the server; followed by `offline` (what to do). */
  notSaved: 'Não foi salvo.',
  newVersionAvailable: 'Nova versão disponível',

  // ours — the front desk's day (statuses, the day board, a doctor's own agenda, docs/decisions.md)
  /** {de} and {para} are status labels: moveNotAllowedMessage() in status.ts fills them. */
  statusMoveNotAllowed: 'Não é possível passar de "{de}" para "{para}".',
  statusStale:
    'Este agendamento foi alterado por outra pessoa enquanto você o via. Confira o status atual e tente de novo.',
  cancelReasonRequired: 'Informe o motivo do cancelamento: Paciente ou Clínica.',
  reasonOnlyForCancel: 'O motivo só é informado ao cancelar um agendamento.',
  cancelTextTooLong: 'O texto do motivo pode ter no máximo 200 caracteres.',
  statusNotYours: 'Você só pode iniciar e concluir os atendimentos da sua própria agenda.',
  undoNothing: 'Não há mudança de status para desfazer.',
  undoExpired: 'Passaram mais de 10 minutos desta mudança: só um administrador pode desfazê-la.',
  undoSlotTaken: 'O horário já foi ocupado por outro agendamento: não é possível desfazer.',
  missedStaffOnly: 'Marcar faltas é uma tarefa da recepção.',
  missedNoneSelected: 'Nenhum agendamento para marcar como falta.',
  dayInvalid: 'Dia inválido!',
  userNotFound: 'Usuário não encontrado!',
  // ours — the day board's feedback
  statusConfirmed: 'Agendamento confirmado.',
  arrivalRegistered: 'Chegada registrada.',
  serviceStarted: 'Atendimento iniciado.',
  serviceFinished: 'Atendimento concluído.',
  missedRegistered: 'Falta registrada.',
  appointmentCancelled: 'Agendamento cancelado.',
  statusUndone: 'Mudança de status desfeita.',
  statusChangeFailed: 'Erro ao mudar o status do agendamento!',
  /** {n}: how many were marked. */
  missedMarked: 'Faltas marcadas: {n}.',
  missedNoneLate: 'Nenhum agendamento de hoje passou 30 minutos do horário sem a chegada registrada.',
  missedQuestion: 'Marcar como falta estes agendamentos, mais de 30 minutos atrasados e sem chegada?',
  userLinked: 'Vínculo com o médico salvo.',
  userLinkFailed: 'Erro ao vincular o usuário ao médico!',
  // ours — reliability (docs/decisions.md, "Reliability"): faults, abuse limits, passwords, users
  /** The database cannot write (disk full, read-only storage): 503; nothing was saved. */
  storageUnavailable:
    'O servidor está sem espaço em disco ou não consegue gravar. Nada foi salvo: avise o responsável técnico e tente mais tarde.',
  headersTooLarge: 'Os cabeçalhos da requisição são grandes demais.',
  requestTimeout: 'A requisição demorou demais para chegar ao servidor. Tente novamente.',
  idempotencyKeyRepeated: 'Envie o cabeçalho Idempotency-Key uma única vez.',
  dateTooFarAhead: 'A data pode ser no máximo 2 anos à frente.',
  /** Failed sign-ins from one address across e-mails (429). */
  loginThrottledAddress:
    'Muitas tentativas de login a partir deste endereço. Aguarde alguns minutos e tente novamente.',
  /** Failed sign-ins across the whole clinic (429): a distributed attack. */
  loginThrottledGlobal: 'Muitas tentativas de login no momento. Aguarde um minuto e tente novamente.',
  passwordRepeated: 'A senha não pode ser um único caractere repetido.',
  passwordCommon:
    'Esta senha é comum demais: ela está em listas de senhas e palavras que invasores testam primeiro. Escolha outra.',
  passwordGuessable: 'Esta senha é fácil de adivinhar (sequência, data ou padrão de teclado). Escolha outra.',
  currentPasswordWrong: 'Senha atual incorreta.',
  passwordSameAsCurrent: 'A nova senha deve ser diferente da atual.',
  passwordChanged: 'Senha alterada com sucesso!',
  /** 'Alterar senha': the new password typed twice differs (checked on the device only). */
  passwordsDontMatch: 'As senhas não conferem.',
  passwordChangeFailed: 'Erro ao alterar senha!',
  /** Shown after a sign-in whose password is weak (the answer's `senhaFraca`). */
  weakPasswordPrompt: 'Sua senha é fraca. Por segurança, altere-a agora.',
  userInactive: 'Usuário desativado. Fale com um administrador.',
  userDeactivated: 'Usuário desativado com sucesso!',
  userReactivated: 'Usuário reativado com sucesso!',
  userRoleChanged: 'Perfil alterado com sucesso!',
  userUpdateFailed: 'Erro ao alterar usuário!',
  confirmDeactivateUser: 'Deseja realmente desativar este usuário? As sessões dele terminam na hora.',
  ownAccountLocked: 'Você não pode desativar a própria conta nem mudar o próprio perfil.',
  // ours — reports (docs/decisions.md, "Reports")
  reportRangeOrder: 'A data final não pode ser anterior à data inicial.',
  reportRangeTooLong: 'O período pode ter no máximo 1 ano (366 dias).',
  reportStaffTodayOnly: 'Somente administradores veem relatórios de outros dias; a recepção vê o fechamento de hoje.',
  // ours — messages and printouts (docs/decisions.md, "Messages and printouts")
  cnpjInvalid: 'CNPJ inválido!',
  logoTooLarge: 'O logotipo pode ter no máximo 48 KB.',
  logoInvalid: 'O logotipo deve ser uma imagem PNG, JPEG ou WebP.',
  templateUnknownPlaceholder: 'Marcador desconhecido no modelo: {p}',
  settingsSaved: 'Configurações da clínica salvas!',
  settingsSaveFailed: 'Erro ao salvar as configurações da clínica!',
  whatsappNoConsent: 'O paciente não aceita receber mensagens.',
  whatsappOpenedQueued: 'Sem conexão: o registro de "aberto" será enviado quando a conexão voltar.',
  whatsappOpenedFailed: 'Erro ao registrar a abertura do WhatsApp!',
  // ---- agenda and equipment (docs/decisions.md "Agenda and equipment") ----
  modalityInvalid: 'Modalidade inválida.',
  modalitiesRequired: 'Escolha ao menos uma modalidade.',
  hoursInvalid: 'Horário inválido: use HH:MM, e o fim depois do início.',
  weekdayInvalid: 'Dia da semana inválido.',
  blockPeriodInvalid: 'O fim do bloqueio deve ser depois do início.',
  equipmentNotFound: 'Equipamento não encontrado!',
  equipmentNameTaken: 'Já existe um equipamento com esse nome!',
  blockNotFound: 'Bloqueio não encontrado!',
  durationInvalid: 'Duração inválida: de 5 a 720 minutos.',
  durationTooShort: 'A duração não pode ser menor que a dos exames.',
  overlapNeedsEncaixe: 'Confirmar a sobreposição é um encaixe: marque também o encaixe.',
  encaixeAdminOnly: 'Apenas administradores podem encaixar fora do horário ou sobrepor agendamentos.',
  slotOverlap: 'O horário já está ocupado.',
  agendaRangeInvalid: 'Escolha de 1 a 7 dias.',
  noFreeSlots: 'Nenhum horário livre nos próximos 14 dias.',
  /** {equipamento} and {modalidade} are filled by modalityNotServedMessage (contract/agenda.ts). */
  modalityNotServed: '{equipamento} não atende {modalidade}, a modalidade dos exames escolhidos.',
  /** {modalidades} is filled by noMachineForModalitiesMessage (contract/agenda.ts). */
  noMachineForModalities: 'Nenhum equipamento atende {modalidades} juntos: agende os exames em horários separados.',
  equipmentSaved: 'Equipamento salvo!',
  equipmentSaveFailed: 'Erro ao salvar o equipamento!',
  blockSaved: 'Bloqueio registrado!',
  blockRemoved: 'Bloqueio removido!',
  blockSaveFailed: 'Erro ao salvar o bloqueio!',
  doctorHoursSaved: 'Horários do doutor salvos!',
  doctorHoursSaveFailed: 'Erro ao salvar os horários do doutor!',
  // issue 14 (docs/decisions.md, "Brazilian forms"): a doctor's CRM and specialty
  crmInvalid: 'O CRM deve ter de 4 a 7 números.',
  crmUfInvalid: 'Informe o CRM com a UF do conselho (ou deixe os dois em branco).',
  specialtyTooLong: 'A especialidade deve ter no máximo 80 caracteres.',
  // issue 19 (docs/decisions.md, "DICOM worklist"): the machines' AE titles
  aeTitleInvalid: 'AE title inválido: de 1 a 16 caracteres, sem barra invertida nem caracteres de controle.',
  aeTitleTaken: 'Já existe um equipamento com esse AE title!',
  // issue 35 (docs/decisions.md, "Closed doors"): a doctor's user, money, unique names, the logo
  appointmentNotYours: 'Você só pode alterar e excluir os agendamentos da sua própria agenda.',
  /** {valor} is the amount still to be paid, as R$: paymentAboveRemainingMessage (contract/catalogue.ts). */
  paymentAboveRemaining: 'O pagamento passa do que falta pagar neste agendamento ({valor}).',
  paymentDateTooOld: 'A data do pagamento pode ser no máximo 1 ano atrás.',
  paymentDateBeforeBooking:
    'A data do pagamento não pode ser anterior ao agendamento (mais de 30 dias antes do cadastro).',
  appointmentDeleteKept:
    'Este agendamento tem pagamento registrado ou já foi realizado: ele não pode ser excluído. Cancele-o.',
  logoUnreadable: 'O logotipo não pôde ser lido como imagem PNG, JPEG ou WebP. Envie outro arquivo.',
  logoTooManyPixels: 'O logotipo é grande demais: no máximo 4000 × 4000 pixels.',
  // issue 34 (docs/decisions.md, "The desk's day in one place"): offline, another day than today not saved
  offlineNothingForDay: 'Sem conexão e sem dados salvos para {dia}.',
  // 'Redefinir senha' (issue 34)
  userPasswordReset: 'Senha temporária criada. Entregue-a ao usuário: ela não será mostrada de novo.',
  confirmResetPassword:
    'Criar uma senha temporária para este usuário? A senha atual deixa de valer e as sessões dele terminam na hora.',
  // issue 34 (docs/decisions.md, "Opening hours"): the clinic's hours and blocks over bookings
  clinicHoursRequired: 'Informe ao menos um período de atendimento da clínica.',
  hoursOverlap: 'Os períodos de um mesmo dia não podem se sobrepor.',
  clinicHoursSaved: 'Horário da clínica salvo!',
  clinicHoursSaveFailed: 'Erro ao salvar o horário da clínica!',
  // issue 34 (docs/decisions.md, "A block over booked patients"): the block lists them and asks first
  blockCoversAppointments: 'Este bloqueio cobre {agendamentos}. Confirme para bloquear mesmo assim.',
  blockSavedOverAppointments: 'Bloqueio registrado. Remarque os pacientes que ele cobre.',
  // issue 34 (docs/decisions.md, "A temporary password is changed first")
  temporaryPasswordMustChange: 'Troque sua senha temporária antes de continuar.',
  // issue 34: a day's break ('Intervalo') in the hours forms
  breakIncomplete: 'Informe o início e o fim do intervalo de {dia}.',
  breakOrder: 'O fim do intervalo de {dia} deve ser depois do início.',
  breakOutsideDay: 'O intervalo de {dia} deve ficar dentro do horário do dia.',
  temporaryPasswordPrompt:
    'Troque sua senha temporária: ela foi criada pelo administrador e vale só até você escolher a sua.',
  // issue 38 (docs/decisions.md, "The waiting room"): calling a waiting patient to a room
  callRoomRequired: 'Informe a sala para onde o paciente é chamado.',
  callNotWaiting: 'Só é possível chamar um paciente que está aguardando.',
  callNotYours: 'Você só pode chamar os pacientes da sua agenda.',
  patientCalled: 'Paciente chamado para {sala}.',
  callFailed: 'Erro ao chamar o paciente!',
  // issue 36 (docs/decisions.md, "The laudo"): the doctor's RQE and the clinic's settings of the laudo
  rqeInvalid: 'O RQE deve ter de 1 a 6 números.',
  cnesInvalid: 'O CNES deve ter 7 números.',
  pacsUrlInvalid: 'Informe um endereço que comece com http:// ou https://, sem espaços.',
  pacsUrlUnknownPlaceholder: 'Use só {StudyInstanceUID} e {AccessionNumber} no endereço do visualizador.',
  pacsUrlNoPlaceholder: 'Inclua {StudyInstanceUID} ou {AccessionNumber} no endereço do visualizador.',
  laudoSettingsSaved: 'Dados do laudo salvos!',
  laudoSettingsSaveFailed: 'Erro ao salvar os dados do laudo!',
  biradsInvalid: 'A categoria BI-RADS vai de 0 a 6.',
  biradsRequired: 'Informe a categoria BI-RADS (0 a 6) antes de liberar o laudo de mamografia.',
  laudoImpressaoRequired: 'Escreva a impressão diagnóstica antes de liberar o laudo.',
  // The doctor's A1 certificate (issue 36 point 5; contract/certificates.ts)
  certificateNotPkcs12: 'Arquivo não é um certificado .pfx ou .p12 válido.',
  certificatePassword: 'Senha do certificado incorreta.',
  certificateExpired: 'Certificado vencido em {data}.',
  certificateKeyMismatch: 'A chave privada não corresponde ao certificado.',
  certificateNoSigning: 'Este certificado não permite assinatura digital.',
  certificateFileName: 'Escolha um arquivo .pfx ou .p12.',
  certificateNotDoctor: 'Esta conta não está vinculada a um médico.',
  certificateTooLarge: 'O arquivo do certificado passa de 48 KB.',
  // The laudo's release, retification, delivery and verification (issue 36 points 5–8; contract/laudo-release.ts)
  laudoReleaseNotFound: 'Laudo não encontrado.',
  laudoReleaseNotYours: 'Só o médico do laudo pode assiná-lo e liberá-lo.',
  laudoReleaseNoDraft: 'Este laudo não tem versão em edição para liberar.',
  laudoReleaseNoCertificate: "Envie seu certificado digital em 'Minha conta' → 'Certificado digital' antes de assinar.",
  laudoReleasePasswordRequired: 'Informe a senha do certificado.',
  laudoReleaseReleased: 'Laudo assinado e liberado!',
  laudoReleaseReleaseFailed: 'Erro ao liberar o laudo!',
  laudoReleaseVersionNotReleased: 'Esta versão do laudo ainda não foi liberada.',
  laudoReleaseRetifyNotReleased: 'Só um laudo liberado pode ser retificado.',
  laudoReleaseRetifyReasonRequired: 'Informe o motivo da retificação.',
  laudoReleaseRetified: 'Retificação criada: edite a nova versão e libere-a.',
  laudoReleaseRetifyFailed: 'Erro ao retificar o laudo!',
  laudoReleaseDeliverNotReleased: 'Só um laudo liberado pode ser entregue.',
  laudoReleaseDeliverNameRequired: 'Informe o nome de quem retirou o laudo.',
  laudoReleaseDelivered: 'Entrega do laudo registrada!',
  laudoReleaseDeliverFailed: 'Erro ao registrar a entrega do laudo!',
  laudoReleaseCodeInvalid: 'Digite o código como impresso no laudo (por exemplo ABCD-EFGH-JKMN).',
  laudoReleaseCodeNotFound: 'Código não encontrado: nenhum laudo liberado tem este código.',
  laudoReleasePdfFailed: 'Erro ao abrir o PDF do laudo!',
} as const

export type MessageKey = keyof typeof messages
