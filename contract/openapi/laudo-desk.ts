// What the OpenAPI document says about the laudo's desk calls (laudo-desk.ts), in Portuguese; spread into
// callDocs() (calls.ts). A function, so that the PWA's bundle leaves these texts out.
import type { laudoDeskCalls } from '../laudo-desk'
import { messages } from '../messages'
import type { CallDoc } from './call-doc'

const TAG = 'Médicos'

export function laudoDeskCallDocs(): Record<keyof typeof laudoDeskCalls, CallDoc> {
  return {
    protocoloRetirada: {
      tag: TAG,
      summary: 'Protocolo de retirada do laudo',
      description:
        "Qualquer usuário. O protocolo de retirada do agendamento, impresso com o comprovante na chegada: o número (ano e sequência, único, dado uma vez e guardado) e a previsão de entrega (a maior previsão dos exames do agendamento: data do exame mais o prazo do laudo do exame em dias úteis da clínica). Só depois da chegada do paciente ('Aguardando', 'Em atendimento' ou 'Realizado'). { agendamentoId }.",
      answer: '{ protocolo: { agendamentoId, numero, previsao, emitidoEm } }.',
      errors: { 404: [messages.appointmentNotFound], 409: [messages.laudoProtocoloNotArrived] },
    },
    laudosEntregues: {
      tag: TAG,
      summary: 'Laudos entregues',
      description:
        "Qualquer usuário. As entregas de laudo registradas nos dias de de a ate (dia da clínica, até 92 dias), da mais nova à mais antiga: paciente, exame, data do exame, versão entregue, quando, a quem (o paciente ou o nome do terceiro; o CPF nunca volta) e por quem; retificadoAposEntrega quando há versão mais nova que a entregue ('Retificado após a entrega': a clínica avisa o paciente).",
      answer: '{ entregas }.',
    },
  }
}
