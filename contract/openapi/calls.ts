// What the OpenAPI document (document.ts) says about each call of the `api` table, in Portuguese: its group,
// summary, description, what its success carries, and the error sentences only this call answers. The
// errors every call of a kind answers (401 on calls with a token, 400/413/415 on calls with a body, …) are
// added by document.ts from the table itself. A call added to the table without an entry here fails the
// type check.
import type { CallName } from '../api'
import { catalogueCallDocs } from './catalogue'
import { messages } from '../messages'
import { agendaCallDocs } from './agenda'
import type { CallDoc } from './call-doc'
import { LOGIN_THROTTLED, OTHER_ACCOUNT_ERRORS, REPORT_RANGE_ERRORS, WEAK_PASSWORD } from './shared-errors'
import { certificateCallDocs } from './certificates'
import { tissBillingCallDocs } from './tiss-billing'
import { tissCallDocs } from './tiss'
import { laudoWorkCallDocs } from './laudo-work'
import { painelCallDocs } from './paineis'
import { laudoTemplateCallDocs } from './laudo-templates'
import { laudoReleaseCallDocs } from './laudo-release'
import { laudoReportCallDocs } from './laudo-report'
import { tissReportCallDocs } from './tiss-report'
import { laudoDeskCallDocs } from './laudo-desk'

const PAGES = 'Páginas de 20 (page começa em 1); uma página além do fim é uma lista vazia.'
const BY_DATAHORA = 'em ordem crescente de datahora'

/** A function, not a constant: the PWA's bundle, which imports the contract, then leaves these texts out. */
export function callDocs(): Record<CallName, CallDoc> {
  return {
    ...catalogueCallDocs(),
    ...certificateCallDocs(),
    ...tissBillingCallDocs(),
    ...tissCallDocs(),
    ...laudoWorkCallDocs(),
    ...painelCallDocs(),
    ...laudoTemplateCallDocs(),
    ...laudoReleaseCallDocs(),
    ...laudoReportCallDocs(),
    ...laudoDeskCallDocs(),
    ...tissReportCallDocs(),
    health: {
      tag: 'Sistema',
      summary: 'Verificar se o servidor responde',
      description:
        'Sem token. Responde { ok: true, database: "ok" } quando o PostgreSQL responde a um select 1 em até 1 segundo; senão 503. O aplicativo a usa para saber se o servidor (e o banco) está ao alcance; serve também a balanceadores e monitores.',
      answer: '{ ok: true, database: "ok" }.',
      errors: { 503: [messages.databaseUnavailable] },
    },
    openapi: {
      tag: 'Sistema',
      summary: 'Documento OpenAPI desta API',
      description:
        'Este documento (OpenAPI 3.1), gerado das mesmas definições que validam as requisições. Sem token; pode ser guardado em cache por 5 minutos. A mesma referência, legível, está em GET /api/docs.',
      answer: 'O documento OpenAPI 3.1.',
    },

    login: {
      tag: 'Sessão e usuários',
      summary: 'Entrar',
      description:
        'Troca e-mail e senha por um token de sessão, válido por 12 horas ou até POST /users/logout. E-mail desconhecido e senha errada recebem a mesma resposta. Depois de 5 falhas do mesmo e-mail a partir do mesmo endereço em 60 segundos, as tentativas seguintes recebem 429 até a janela passar, mesmo com a senha certa; o mesmo depois de 30 falhas de um endereço em 15 minutos (quaisquer e-mails) e de 300 falhas por minuto na clínica toda. Um usuário desativado, com a senha certa, recebe 403.',
      answer:
        'O token (envie-o como Authorization: Bearer <token>), o usuário: id, nome e papel (ADMIN ou USER), e senhaFraca: true quando a senha usada seria recusada hoje (o aplicativo pede uma nova).',
      errors: {
        401: [messages.loginFailed],
        403: [messages.userInactive],
        429: LOGIN_THROTTLED,
      },
    },
    registerUser: {
      tag: 'Sessão e usuários',
      summary: 'Cadastrar usuário',
      description:
        'Cria um usuário da recepção (papel USER). nome só com letras; senha com no mínimo 8 caracteres, que não seja um único caractere repetido nem uma senha comum ou fácil de adivinhar (listas de senhas vazadas e palavras em português), nunca devolvida. Um e-mail já usado (409) é dito antes da senha (400).',
      answer: 'O usuário criado, sem a senha.',
      errors: {
        400: WEAK_PASSWORD,
        409: [messages.emailTaken],
      },
    },
    changePassword: {
      tag: 'Sessão e usuários',
      summary: 'Alterar a própria senha',
      description:
        'senhaAtual e novaSenha. A senha atual errada conta como uma falha de login (o mesmo limite, 429). A nova segue as regras do cadastro e não pode ser igual à atual. As outras sessões do usuário terminam; a deste token continua.',
      answer: '{ ok: true }.',
      errors: {
        400: [messages.currentPasswordWrong, messages.passwordSameAsCurrent, ...WEAK_PASSWORD],
        429: LOGIN_THROTTLED,
      },
    },
    deactivateUser: {
      tag: 'Sessão e usuários',
      summary: 'Desativar usuário (ADMIN)',
      description: 'O usuário não entra mais e as sessões dele terminam na hora. Não vale para a própria conta.',
      answer: '{ ok: true }.',
      errors: OTHER_ACCOUNT_ERRORS,
    },
    reactivateUser: {
      tag: 'Sessão e usuários',
      summary: 'Reativar usuário (ADMIN)',
      description: 'O usuário volta a poder entrar. Para um usuário já ativo não muda nada.',
      answer: '{ ok: true }.',
      errors: OTHER_ACCOUNT_ERRORS,
    },
    resetUserPassword: {
      tag: 'Sessão e usuários',
      summary: 'Redefinir a senha de um usuário (ADMIN)',
      description:
        'Para quem esqueceu a senha: gera uma senha temporária, mostrada só nesta resposta, que substitui a anterior; as sessões do usuário terminam na hora. Ele deve trocá-la em "Alterar senha" ao entrar. Não vale para a própria conta.',
      answer: '{ senhaTemporaria }.',
      errors: OTHER_ACCOUNT_ERRORS,
    },
    changeUserRole: {
      tag: 'Sessão e usuários',
      summary: 'Mudar o papel de um usuário (ADMIN)',
      description:
        'ADMIN ou USER. As sessões do usuário terminam na hora: o próximo login já traz o papel novo. Não vale para a própria conta.',
      answer: '{ ok: true }.',
      errors: OTHER_ACCOUNT_ERRORS,
    },
    logout: {
      tag: 'Sessão e usuários',
      summary: 'Sair',
      description:
        'Encerra a sessão do token enviado: a partir daí esse token recebe 401, em qualquer processo da API. O corpo é um objeto vazio, {}.',
      answer: '{ ok: true }.',
    },

    listAgendamentosBetweenDate: {
      tag: 'Agendamentos',
      summary: 'Agendamentos de um período',
      description: `Agendamentos com datahora de datainicior a datafimr (inclusive), ${BY_DATAHORA}; o período tem no máximo 31 dias. Sem page, todos os do período (a agenda do dia na tela inicial: do dia T00:00:00Z a T23:59:59Z); com page, páginas de 20.`,
      answer: 'Os agendamentos, cada um com o nome do paciente e do médico.',
    },
    listAgendamentos: {
      tag: 'Agendamentos',
      summary: 'Listar agendamentos',
      description: `Agendamentos ${BY_DATAHORA}, com filtros opcionais que se combinam: pacienteNome (parte do nome, sem diferenciar acentos nem maiúsculas), medicoId, e o período datainicior + datafimr (os dois ou nenhum). ${PAGES}`,
      answer: 'Uma página de agendamentos.',
    },
    listAgendamentosByPaciente: {
      tag: 'Agendamentos',
      summary: 'Agendamentos de um paciente',
      description: `Os agendamentos de um paciente, ${BY_DATAHORA}. ${PAGES}`,
      answer: 'Uma página de agendamentos.',
    },
    listAgendamentosByMedico: {
      tag: 'Agendamentos',
      summary: 'Agendamentos de um médico',
      description: `Os agendamentos de um médico, ${BY_DATAHORA}. ${PAGES}`,
      answer: 'Uma página de agendamentos.',
    },
    findAgendamento: {
      tag: 'Agendamentos',
      summary: 'Buscar agendamento pelo id',
      description: 'Um agendamento, com o nome do paciente e do médico.',
      answer: 'O agendamento.',
      errors: { 404: [messages.appointmentNotFound] },
    },
    registerAgendamento: {
      tag: 'Agendamentos',
      summary: 'Agendar',
      description:
        'Cria um agendamento de um paciente ativo com um médico. datahora é o horário da clínica escrito como UTC (14:00 na clínica é …T14:00:00.000Z) e não pode cair num dia anterior a hoje (a data da clínica, UTC−3) nem mais de 2 anos à frente; valorIncents em centavos; exames com ao menos um exame; estaPago é devolvido como estapago. Um médico não tem dois agendamentos na mesma datahora. O criador registrado é o usuário do token (o userId do corpo é conferido, não usado).',
      answer: 'O agendamento criado.',
      errors: {
        400: [messages.dateTooFarAhead],
        403: [messages.appointmentNotYours],
        404: [messages.patientNotFound, messages.doctorNotFound],
        409: [messages.slotTaken],
      },
    },
    updateAgendamento: {
      tag: 'Agendamentos',
      summary: 'Alterar agendamento',
      description:
        'Substitui os dados de um agendamento: os campos do cadastro mais id. Pode manter uma datahora já passada (marcar como pago o agendamento de ontem), mas não mover o agendamento para um dia anterior a hoje nem para mais de 2 anos à frente. Com versao (a que foi lida), a alteração é recusada com 409 se alguém mudou o registro desde então.',
      answer: 'O agendamento alterado, com a nova versao.',
      errors: {
        400: [messages.dateBeforeToday, messages.dateTooFarAhead],
        403: [messages.appointmentNotYours],
        404: [messages.appointmentNotFound, messages.patientNotFound, messages.doctorNotFound],
        409: [messages.staleWrite, messages.slotTaken],
      },
    },
    deleteAgendamento: {
      tag: 'Agendamentos',
      summary: 'Excluir agendamento',
      description:
        'Remove o agendamento; o histórico dele continua disponível. Um agendamento com pagamento registrado, marcado como pago ou já realizado não é excluído (409): ele é cancelado, com o motivo. Um usuário vinculado a um médico exclui só os agendamentos do seu médico.',
      answer: '{ ok: true }.',
      errors: {
        403: [messages.appointmentNotYours],
        404: [messages.appointmentNotFound],
        409: [messages.appointmentDeleteKept],
      },
    },
    configuracoesClinica: {
      tag: 'Clínica e mensagens',
      summary: 'Configurações da clínica',
      description:
        'Nome, endereço, telefone, CNPJ, logotipo (data URL, até 48 KB) e o modelo da mensagem de WhatsApp, usados em cada impressão e mensagem. Antes da primeira gravação, valores padrão (CNPJ vazio, sem logotipo).',
      answer: '{ configuracoes }.',
    },
    salvarConfiguracoesClinica: {
      tag: 'Clínica e mensagens',
      summary: 'Salvar as configurações da clínica',
      description:
        'Somente administradores. CNPJ com dígitos verificadores válidos (pontuação aceita); logotipo PNG, JPEG ou WebP em data URL de até 48 KB, ou null; o modelo só aceita os marcadores listados ({nome}, {dia_semana}, {data}, {hora}, {exames}, {preparo}, {levar}, {endereco}, {clinica}, {telefone_clinica}).',
      answer: '{ configuracoes } depois da gravação.',
    },
    salvarHorariosClinica: {
      tag: 'Clínica e mensagens',
      summary: 'Salvar o horário de atendimento da clínica',
      description:
        'Somente administradores. Períodos por dia da semana (0 = domingo … 6 = sábado, HH:MM a HH:MM; dois períodos num dia fazem um intervalo). Os horários dos equipamentos e dos doutores valem dentro deles; horários livres, /agendamento/agendar e /agendamento/reagendar recusam fora deles.',
      answer: '{ configuracoes } com os horários gravados.',
    },
    listConfirmacoes: {
      tag: 'Clínica e mensagens',
      summary: 'Confirmações de um dia',
      description:
        'Os agendamentos do dia ainda agendados ou já confirmados, em ordem de horário, cada um com o nome, o telefone e o consentimento (aceitaMensagens) do paciente e a última abertura do link do WhatsApp (quem, quando).',
      answer: '{ dia, confirmacoes }.',
    },
    registrarWhatsappAberto: {
      tag: 'Clínica e mensagens',
      summary: 'Registrar que o link do WhatsApp foi aberto',
      description:
        'Guarda quem abriu o link de confirmação do agendamento e quando ("aberto": o aplicativo não sabe se a mensagem foi enviada). Recusado se o paciente não aceita mensagens.',
      answer: '{ aberto: { por, em } }.',
      errors: { 404: [messages.appointmentNotFound], 409: [messages.whatsappNoConsent] },
    },
    comprovanteAgendamento: {
      tag: 'Clínica e mensagens',
      summary: 'Dados do comprovante de um agendamento',
      description:
        'O agendamento e, do paciente, só o nome e o CPF parcialmente oculto (***.456.789-**): o que o comprovante impresso mostra (LGPD).',
      answer: '{ agendamento, paciente: { nome, cpf } }.',
      errors: { 404: [messages.appointmentNotFound] },
    },
    moverStatus: {
      tag: 'Agendamentos',
      summary: 'Mudar o status de um agendamento',
      description:
        'Um passo do dia: agendado → confirmado → aguardando (a hora de chegada é guardada) → em_atendimento → realizado; agendado ou confirmado → faltou ou cancelado; aguardando → cancelado. Cancelar exige o motivo (paciente ou clinica) e aceita um texto. Envie a versao lida: se o agendamento mudou desde então, 409. Faltou e cancelado liberam o horário para outro agendamento. Um usuário vinculado a um médico só inicia e conclui os atendimentos da própria agenda. Na chegada (aguardando), prioridade leva a prioridade legal declarada (gestante, lactante, crianca_de_colo, deficiencia ou obeso; pessoa idosa é calculada pela data de nascimento); com outro status, 400.',
      answer: 'O agendamento depois da mudança (com prioridade e pessoaIdosa, 60 ou 80, quando houver).',
      errors: {
        // a user linked to a doctor: only starting and finishing their own appointments
        403: [messages.statusNotYours],
        404: [messages.appointmentNotFound],
        409: [messages.statusStale, messages.statusMoveNotAllowed, messages.tissSenhaObrigatoria],
      },
    },
    desfazerStatus: {
      tag: 'Agendamentos',
      summary: 'Desfazer a última mudança de status',
      description:
        'Volta o agendamento ao status de antes da última mudança ainda em vigor (e, de novo, à anterior). Qualquer usuário até 10 minutos depois da mudança; um administrador a qualquer momento. Envie a versao lida.',
      answer: 'O agendamento depois de desfeita a mudança.',
      errors: {
        // another doctor's appointment, or past the 10 minutes for a user who is not ADMIN
        403: [messages.statusNotYours, messages.undoExpired],
        404: [messages.appointmentNotFound],
        409: [messages.statusStale, messages.undoNothing, messages.undoSlotTaken],
      },
    },
    versaoDia: {
      tag: 'Agendamentos',
      summary: 'Versão dos agendamentos de um dia',
      description:
        'Um número que muda sempre que um agendamento do dia é criado, alterado, muda de status ou é excluído (0 antes da primeira mudança). Os quadros abertos a consultam a cada poucos segundos e só recarregam a lista do dia quando ela muda.',
      answer: 'O dia e a sua versão.',
    },
    relatorio: {
      tag: 'Relatórios',
      summary: 'Relatório de um período',
      description:
        'Os números dos agendamentos de de a ate (dias da clínica, YYYY-MM-DD, no máximo 366 dias), calculados pelo banco: por status, taxa de faltas (Faltou / (Realizado + Faltou)), cancelamentos com menos de 24 horas de antecedência, espera média da chegada ao início do atendimento, valor agendado (sem os cancelados) e recebido (sem os cancelados: a soma dos pagamentos do agendamento; sem pagamento, o valor dos marcados como pagos), por convênio, por exame (um agendamento conta em cada um dos seus exames), por médico, por forma de pagamento (os pagamentos de cada forma; os marcados como pagos sem pagamento em "Pago sem forma registrada"), por modalidade (os preços dos exames do catálogo; sem exame do catálogo em "Sem modalidade"), por equipamento ("Sem equipamento" quando nenhum), e os horários mais cheios da semana. ADMIN vê qualquer período; os demais, só o fechamento de hoje.',
      answer:
        'totais, porStatus, por.{convenio,exame,medico,formaPagamento,modalidade,equipamento} (mais agendamentos primeiro) e horarios.',
      errors: REPORT_RANGE_ERRORS,
    },
    relatorioAgendamentos: {
      tag: 'Relatórios',
      summary: 'Agendamentos de um período (planilha)',
      description:
        'Cada agendamento de de a ate, em ordem crescente de datahora, com paciente, médico, convênio, exames, status, valor, pago, chegada, início do atendimento, se foi um cancelamento tardio, valor recebido, formas de pagamento, modalidades e equipamento: o que Exportar planilha grava. As mesmas regras de período e de papel do relatório. Cada resposta fica registrada na auditoria (quem, quando, de onde), como a exportação de um paciente.',
      answer: 'linhas: os agendamentos do período.',
      errors: REPORT_RANGE_ERRORS,
    },
    marcarFaltas: {
      tag: 'Agendamentos',
      summary: 'Marcar faltas',
      description:
        'Marca como faltou, dos agendamentos enviados, os que ainda se enquadram: de hoje, mais de 30 minutos depois do horário e sem chegada registrada (agendado ou confirmado). Os demais ficam como estão. Tarefa da recepção.',
      answer: 'Os agendamentos marcados, em ordem crescente de datahora.',
      // a user linked to a doctor is not the front desk
      errors: { 403: [messages.missedStaffOnly] },
    },
    meuUsuario: {
      tag: 'Sessão e usuários',
      summary: 'O usuário da sessão',
      description:
        'O usuário do token, com o médico a que está vinculado (null se nenhum): um usuário vinculado abre em Minha agenda.',
      answer: 'O usuário, sem a senha, com o médico.',
    },
    listUsuarios: {
      tag: 'Sessão e usuários',
      summary: 'Listar usuários',
      description: `Os usuários por nome, com o médico a que cada um está vinculado e se podem entrar (ativo). ${PAGES}`,
      answer: 'Os usuários da página.',
    },
    vincularMedico: {
      tag: 'Sessão e usuários',
      summary: 'Vincular um usuário a um médico',
      description: 'Vincula o usuário ao médico (medicoId) ou desfaz o vínculo (medicoId: null).',
      answer: 'O usuário com o vínculo novo.',
      errors: { 404: [messages.userNotFound, messages.doctorNotFound] },
    },
    historicoAgendamento: {
      tag: 'Agendamentos',
      summary: 'Histórico de um agendamento',
      description:
        'Quem criou, alterou e excluiu o agendamento, quando, e os nomes dos campos alterados (nunca os valores), do mais recente ao mais antigo; no máximo 200 entradas. Responde também para um agendamento já excluído.',
      answer: 'As entradas do histórico.',
      errors: { 404: [messages.appointmentNotFound] },
    },

    listPacientes: {
      tag: 'Pacientes',
      summary: 'Listar pacientes',
      description: `Pacientes ativos em ordem de nome (sem considerar acentos). ${PAGES}`,
      answer: 'Uma página de pacientes.',
    },
    findPacientesByNome: {
      tag: 'Pacientes',
      summary: 'Buscar pacientes pelo nome',
      description: `Pacientes ativos cujo nome contém nomer, sem diferenciar acentos nem maiúsculas ("conceicao" encontra "Conceição Araújo"). ${PAGES}`,
      answer: 'Uma página de pacientes.',
    },
    findPacienteByCpf: {
      tag: 'Pacientes',
      summary: 'Buscar paciente pelo CPF',
      description: 'O paciente ativo com esse CPF (só dígitos).',
      answer: 'O paciente.',
      errors: { 404: [messages.patientNotFound] },
    },
    verificarCpf: {
      tag: 'Pacientes',
      summary: 'Verificar se um CPF já tem cadastro',
      description:
        'O cadastro confere o CPF assim que ele é digitado, antes dos outros passos. situacao: livre, ativo (com id e nome do paciente, para abrir o cadastro) ou inativo (id e nome só para ADMIN, que pode reativar). O cadastro em si continua recusando um CPF repetido com 409.',
      answer: '{ situacao, paciente }: paciente é null quando livre, e para quem não é ADMIN quando inativo.',
    },
    listMedicosTratamentos: {
      tag: 'Médicos',
      summary: 'Listar o tratamento (Dr. ou Dra.) de cada médico',
      description:
        'Para qualquer usuário autenticado: { id, tratamento } de cada médico, na ordem dos nomes, para as telas que escrevem "Dr." ou "Dra." antes do nome. /medico/listAll e os agendamentos continuam respondendo o médico como { id, nome }.',
      answer: '{ tratamentos }.',
    },
    listMedicosDetalhes: {
      tag: 'Médicos',
      summary: 'Listar médicos com CRM e especialidade',
      description:
        'Todos os médicos por nome, com tratamento (Dr. ou Dra.), crm, crmUf e especialidade ("" quando não informados). /medico/listAll continua respondendo só { id, nome }.',
      answer: '{ medicos }.',
    },
    updateMedico: {
      tag: 'Médicos',
      summary: 'Alterar tratamento, CRM e especialidade de um médico',
      description:
        'tratamento: Dr. ou Dra.; crm: de 4 a 7 números, com crmUf (a UF do conselho), ou os dois em branco; especialidade: até 80 caracteres; rqe (opcional, mantido quando ausente): de 1 a 6 números ou em branco. O nome não muda.',
      answer: 'O médico com os dados.',
      errors: { 404: [messages.doctorNotFound] },
    },
    findPacienteByRg: {
      tag: 'Pacientes',
      summary: 'Buscar paciente pelo RG',
      description: 'O paciente ativo com esse RG (só dígitos).',
      answer: 'O paciente.',
      errors: { 404: [messages.patientNotFound] },
    },
    findPaciente: {
      tag: 'Pacientes',
      summary: 'Buscar paciente pelo id',
      description: 'Um paciente, ativo ou inativo (ativo diz qual).',
      answer: 'O paciente.',
      errors: { 404: [messages.patientNotFound] },
    },
    listPacientesInativos: {
      tag: 'Pacientes',
      summary: 'Listar pacientes inativos',
      description: `Pacientes excluídos (inativos), que um administrador pode reativar; em ordem de nome. ${PAGES}`,
      answer: 'Uma página de pacientes inativos.',
    },
    registerPaciente: {
      tag: 'Pacientes',
      summary: 'Cadastrar paciente',
      description:
        'Cria um paciente ativo. nome é guardado em minúsculas; cpf e rg só com dígitos (o CPF com dígitos verificadores válidos); telefone (DDD e número) e numeroendereco como inteiros; datanascimento em ISO UTC. Um CPF e um RG pertencem a um só paciente para sempre, ativo ou inativo. O criador registrado é o usuário do token (o userId do corpo é conferido, não usado).',
      answer: 'O paciente criado.',
      errors: { 409: [messages.patientAlreadyExists] },
    },
    updatePaciente: {
      tag: 'Pacientes',
      summary: 'Alterar paciente',
      description:
        'Substitui os dados de um paciente ativo: os campos do cadastro mais id, sem userId. Com versao (a que foi lida), a alteração é recusada com 409 se alguém mudou o registro desde então.',
      answer: 'O paciente alterado, com a nova versao.',
      errors: { 404: [messages.patientNotFound], 409: [messages.staleWrite, messages.patientAlreadyExists] },
    },
    deletePaciente: {
      tag: 'Pacientes',
      summary: 'Excluir (inativar) paciente',
      description:
        'Torna o paciente inativo: ele sai das listas e das buscas, e um administrador pode reativá-lo. Recusado enquanto o paciente tiver algum agendamento.',
      answer: '{ ok: true }.',
      errors: { 404: [messages.patientNotFound], 409: [messages.patientHasAppointments] },
    },
    ativarPaciente: {
      tag: 'Pacientes',
      summary: 'Reativar paciente',
      description: 'Torna ativo de novo um paciente inativo; para um paciente já ativo não muda nada.',
      answer: '{ ok: true }.',
      errors: { 404: [messages.patientNotFound] },
    },
    historicoPaciente: {
      tag: 'Pacientes',
      summary: 'Histórico de um paciente',
      description:
        'Criação, alterações, exclusão, reativação e exportações do paciente: quem, quando e os nomes dos campos alterados (nunca os valores), do mais recente ao mais antigo; no máximo 200 entradas.',
      answer: 'As entradas do histórico.',
      errors: { 404: [messages.patientNotFound] },
    },
    exportarPaciente: {
      tag: 'Pacientes',
      summary: 'Exportar os dados de um paciente (LGPD)',
      description:
        'Tudo o que se guarda sobre um paciente, ativo ou não (LGPD, art. 18): o cadastro, os agendamentos (em ordem crescente de datahora) e o histórico. A exportação fica registrada no histórico que ela devolve.',
      answer: 'O paciente, os agendamentos e o histórico.',
      errors: { 404: [messages.patientNotFound] },
    },

    listMedicos: {
      tag: 'Médicos',
      summary: 'Listar médicos',
      description: 'Todos os médicos, em ordem de nome.',
      answer: 'Os médicos.',
    },
    findMedico: {
      tag: 'Médicos',
      summary: 'Buscar médico pelo id',
      description: 'O médico com esse id.',
      answer: 'O médico.',
      errors: { 404: [messages.doctorNotFound] },
    },
    registerMedico: {
      tag: 'Médicos',
      summary: 'Cadastrar médico',
      description: 'Cria um médico; nome só com letras.',
      answer: 'O médico criado.',
    },
    ...agendaCallDocs(),
    // issue 38: the waiting room
    chamarPaciente: {
      tag: 'Agendamentos',
      summary: 'Chamar o paciente que aguarda',
      description:
        'Chama o paciente de um agendamento com status aguardando para uma sala: a sala enviada (por exemplo "Consultório 2") ou, sem ela, a do equipamento do agendamento (o nome do equipamento). Pode ser repetido (Chamar novamente); cada chamada entra no histórico do agendamento. Um usuário vinculado a um médico só chama os pacientes da própria agenda.',
      answer: 'A chamada: agendamento, sala, quem chamou e quando.',
      errors: {
        400: [messages.callRoomRequired],
        403: [messages.callNotYours],
        404: [messages.appointmentNotFound],
        409: [messages.callNotWaiting],
      },
    },
    chamadasDia: {
      tag: 'Agendamentos',
      summary: 'Chamadas de um dia',
      description:
        'As chamadas de pacientes dos agendamentos de um dia da clínica, da mais recente para a mais antiga: o quadro mostra quem já foi chamado e para qual sala.',
      answer: 'As chamadas do dia.',
    },
    // the laudo (issue 36)
    configuracoesLaudo: {
      tag: 'Clínica e mensagens',
      summary: 'Ler os dados do laudo da clínica',
      description:
        'Responsável técnico (nome, CRM e UF), CNES, o endereço do visualizador de imagens (PACS) e se os laudos são liberados para assinatura manual. Vazios ("") enquanto o administrador não os salva.',
      answer: '{ configuracoes }.',
    },
    salvarConfiguracoesLaudo: {
      tag: 'Clínica e mensagens',
      summary: 'Salvar os dados do laudo da clínica',
      description:
        'Somente administradores. rtCrm: de 4 a 7 números, com rtCrmUf, ou os dois em branco; cnes: 7 números ou em branco; pacsUrl: http:// ou https://, com {StudyInstanceUID} ou {AccessionNumber} (nenhum outro marcador), ou em branco; assinaturaManual: true imprime uma linha de assinatura no lugar da assinatura digital.',
      answer: '{ configuracoes } com os dados gravados.',
    },
  }
}
