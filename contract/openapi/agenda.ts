// What the OpenAPI document says about the agenda's calls (contract/agenda-calls.ts), merged into callDocs().
import { messages } from '../messages'
import type { CallDoc } from './call-doc'

type AgendaCallName =
  | 'listEquipamentos'
  | 'registerEquipamento'
  | 'updateEquipamento'
  | 'registerBloqueio'
  | 'bloqueioAgendamentos'
  | 'deleteBloqueio'
  | 'medicoHorarios'
  | 'agendar'
  | 'reagendar'
  | 'agenda'
  | 'horariosLivres'
  | 'dicomEventos'

const HORARIOS =
  'horarios: lista de { dia (0 = domingo … 6 = sábado), inicio, fim } em HH:MM, hora da clínica; lista vazia (ou null, para médicos): sem restrição de horário.'

const AE_TITLE =
  'aeTitle (opcional): o AE title DICOM do equipamento (de 1 a 16 caracteres, sem barra invertida), único; vazio ou null: nenhum (docs/dicom.md). leOutrasWorklists (opcional): se a worklist deste equipamento pode consultar a de outro equipamento (padrão: não; ausente numa alteração: fica como está).'

export function agendaCallDocs(): Record<AgendaCallName, CallDoc> {
  return {
    dicomEventos: {
      tag: 'Agendamentos',
      summary: 'Últimas consultas DICOM de cada equipamento',
      description:
        'Somente ADMIN. As últimas consultas da worklist e etapas de procedimento (MPPS) recebidas de cada equipamento, mais recentes primeiro: quando, AE title, quantas respostas, resultado, número de acesso e estado da etapa. Sem dados pessoais (docs/dicom.md).',
      answer: '{ eventos: [{ equipamentoId, at, aeTitle, tipo, respostas, resultado, acesso, detalhe }] }.',
    },
    listEquipamentos: {
      tag: 'Agendamentos',
      summary: 'Listar equipamentos e salas',
      description:
        'Todos os equipamentos por nome, com as modalidades que atendem, os horários e os bloqueios ainda não terminados.',
      answer: '{ equipamentos, bloqueios }.',
    },
    registerEquipamento: {
      tag: 'Agendamentos',
      summary: 'Cadastrar equipamento ou sala',
      description: `Somente ADMIN. nome único; modalidades: RX, US, TC, RM, MMG, DO, Outros. ${HORARIOS} ${AE_TITLE}`,
      answer: 'O equipamento criado.',
      errors: { 409: [messages.equipmentNameTaken, messages.aeTitleTaken] },
    },
    updateEquipamento: {
      tag: 'Agendamentos',
      summary: 'Alterar equipamento ou sala',
      description: `Somente ADMIN. ${HORARIOS} ${AE_TITLE} Sem aeTitle, o AE title fica como está.`,
      answer: 'O equipamento alterado.',
      errors: { 404: [messages.equipmentNotFound], 409: [messages.equipmentNameTaken, messages.aeTitleTaken] },
    },
    registerBloqueio: {
      tag: 'Agendamentos',
      summary: 'Bloquear um equipamento por um período',
      description:
        'Somente ADMIN. inicio e fim em hora da clínica; motivo (ex.: Manutenção). Se cobrir agendamentos ainda esperados desse equipamento: 409, salvo com confirmar: true (veja /equipamento/bloqueio/agendamentos).',
      answer: '{ bloqueio, agendamentos }: o bloqueio criado e os agendamentos que ele cobre (a remarcar).',
      errors: { 404: [messages.equipmentNotFound], 409: [messages.blockCoversAppointments] },
    },
    bloqueioAgendamentos: {
      tag: 'Agendamentos',
      summary: 'Agendamentos que um bloqueio cobriria',
      description:
        'Somente ADMIN. O corpo de /equipamento/bloqueio; nada é salvo. Os agendamentos desse equipamento no período que ainda não foram realizados, cancelados ou marcados como falta.',
      answer: '{ agendamentos }, pela hora.',
      errors: { 404: [messages.equipmentNotFound] },
    },
    deleteBloqueio: {
      tag: 'Agendamentos',
      summary: 'Remover um bloqueio',
      description: 'Somente ADMIN.',
      answer: '{ ok: true }.',
      errors: { 404: [messages.blockNotFound] },
    },
    medicoHorarios: {
      tag: 'Médicos',
      summary: 'Horários de atendimento de um médico',
      description: `Somente ADMIN. ${HORARIOS}`,
      answer: 'O médico com os horários.',
      errors: { 404: [messages.doctorNotFound] },
    },
    agendar: {
      tag: 'Agendamentos',
      summary: 'Agendar com duração e equipamento',
      description:
        'Os campos de /agendamento/register, mais duracaoMinutos (no mínimo a soma das durações dos exames do catálogo mais 15 por exame em texto livre; sem ele, essa soma), equipamentoId, encaixe e sobrepor. Fora do horário ou num bloqueio: 409 com o motivo; um ADMIN pode enviar encaixe: true ("Encaixar mesmo assim"). Um horário ocupado: 409 nomeando quem o ocupa (ex.: "US-1 ocupado das 08:00 às 08:30"); só um ADMIN, com encaixe e sobrepor, agenda por cima.',
      answer: 'O agendamento criado.',
      errors: {
        403: [messages.encaixeAdminOnly, messages.appointmentNotYours],
        404: [messages.patientNotFound, messages.doctorNotFound, messages.equipmentNotFound],
        409: [messages.slotOverlap],
      },
    },
    reagendar: {
      tag: 'Agendamentos',
      summary: 'Alterar agendamento com horário, duração e equipamento',
      description:
        'Os campos de /agendamento/update (com versao), mais duracaoMinutos (como em /agendamento/agendar), equipamentoId (null: nenhum), encaixe e sobrepor, com as regras de /agendamento/agendar. Horários e bloqueios são verificados quando o horário, o médico, o equipamento ou a duração mudam; uma sobreposição é sempre recusada com o nome de quem ocupa o horário, salvo ADMIN com encaixe e sobrepor. Cada alteração entra no histórico e na versão do dia.',
      answer: 'O agendamento alterado.',
      errors: {
        400: [messages.durationTooShort, messages.dateBeforeToday],
        403: [messages.encaixeAdminOnly, messages.appointmentNotYours],
        404: [
          messages.appointmentNotFound,
          messages.patientNotFound,
          messages.doctorNotFound,
          messages.equipmentNotFound,
        ],
        409: [messages.slotOverlap, messages.staleWrite],
      },
    },
    agenda: {
      tag: 'Agendamentos',
      summary: 'Agenda de 1 a 8 dias',
      description:
        'A partir do dia de: todos os equipamentos e médicos com seus horários, os bloqueios e os agendamentos (de qualquer status) com início e fim.',
      answer: '{ de, dias, equipamentos, medicos, bloqueios, agendamentos }.',
    },
    horariosLivres: {
      tag: 'Agendamentos',
      summary: 'Próximos horários livres',
      description:
        'Para uma modalidade (modalidade) ou várias (modalidades: os exames escolhidos, numa só visita) e uma duração, a partir de desde: até 6 horários (de 15 em 15 minutos, nos próximos 14 dias) em que um equipamento que atende todas as modalidades e um médico (o escolhido, se medicoId) estão livres. Nenhum equipamento atende todas: lista vazia.',
      answer: '{ horarios: [{ datahora, fim, equipamento, medico }] }.',
    },
  }
}
