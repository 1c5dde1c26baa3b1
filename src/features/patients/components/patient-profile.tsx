// The patient's read-only profile (issue 14): opened from the name in the list. The data, the patient's
// appointments with their status, 'Agendar' (the booking dialog with the patient chosen) and 'Saiba mais'
// (the specification's wizard, for editing). docs/decisions.md, "Brazilian forms".
import { Suspense, type ReactNode } from 'react'
import { useNavigate } from 'react-router-dom'
import { messages, statusLabels, statusOf, type Paciente } from '@contract'
import { Dialog } from '@/components/dialog'
import { capitalizeName, formatCpf, formatDate, formatDateTime, formatPhone } from '@/lib/format'
import { formatAge, maskCep, telHref } from '@/lib/masks'
import { useTissSlot } from '@/lib/tiss-slot'
import { usePatientAppointments } from '../api/get-patient-appointments'

export interface PatientProfileProps {
  paciente: Paciente | null
  onClose: () => void
  onEdit: (paciente: Paciente) => void
}

/** The name as shown: the social name when there is one, the civil name beside it (kept for documents). */
export function displayName(paciente: Pick<Paciente, 'nome' | 'nomesocial'>): string {
  const civil = capitalizeName(paciente.nome)
  return paciente.nomesocial ? `${capitalizeName(paciente.nomesocial)} (${civil})` : civil
}

export function PatientProfile({ paciente, onClose, onEdit }: PatientProfileProps) {
  const navigate = useNavigate()
  return (
    <Dialog
      open={paciente !== null}
      onClose={onClose}
      title={paciente ? displayName(paciente) : ''}
      className="patient-profile"
      footer={
        paciente && (
          <>
            <button type="button" className="button" onClick={onClose}>
              Fechar
            </button>
            <button type="button" className="button" onClick={() => onEdit(paciente)}>
              Saiba mais
            </button>
            <button
              type="button"
              className="button button--primary"
              // the appointments page opens 'Novo agendamento' with this patient chosen
              onClick={() =>
                void navigate('/agendamentos', {
                  state: { agendarPaciente: { id: paciente.id, nome: paciente.nome } },
                })
              }
            >
              Agendar
            </button>
          </>
        )
      }
    >
      {paciente && <ProfileBody paciente={paciente} />}
    </Dialog>
  )
}

function ProfileBody({ paciente }: { paciente: Paciente }) {
  // 'Carteirinhas' (issue 37) come from the TISS feature through the app's slot
  const tiss = useTissSlot()
  const address = [
    `${paciente.endereco}, ${paciente.numeroendereco}`,
    paciente.complemento,
    paciente.bairro,
    `${paciente.cidade} – ${paciente.estado}`,
    paciente.cep && `CEP ${maskCep(paciente.cep)}`,
  ]
    .filter(Boolean)
    .join(' · ')
  return (
    <>
      <dl className="patient-review patient-profile__data">
        <Item term="Nome civil">{capitalizeName(paciente.nome)}</Item>
        <Item term="CPF">{formatCpf(paciente.cpf)}</Item>
        <Item term="RG">{paciente.rg}</Item>
        <Item term="Data de nascimento">
          {formatDate(paciente.datanascimento)} ({formatAge(paciente.datanascimento)})
        </Item>
        <Item term="Telefone">
          <a className="nowrap" href={telHref(paciente.telefone)}>
            {formatPhone(paciente.telefone)}
          </a>
        </Item>
        <Item term="E-mail">
          <a className="nowrap" href={`mailto:${paciente.email}`}>
            {paciente.email}
          </a>
        </Item>
        <Item term="Endereço">{address}</Item>
      </dl>
      <PatientAppointments pacienteId={paciente.id} />
      {tiss && (
        <Suspense fallback={null}>
          <tiss.PatientCards pacienteId={paciente.id} />
        </Suspense>
      )}
    </>
  )
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="patient-review__item">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  )
}

function PatientAppointments({ pacienteId }: { pacienteId: string }) {
  const appointments = usePatientAppointments(pacienteId)
  return (
    <section className="patient-profile__appointments" aria-labelledby={`${pacienteId}-agendamentos`}>
      <h3 id={`${pacienteId}-agendamentos`}>Agendamentos</h3>
      {appointments.isPending ? (
        <p role="status">Carregando agendamentos…</p>
      ) : appointments.isError ? (
        <p role="alert">{messages.fetchFailed}</p>
      ) : appointments.data.length === 0 ? (
        <p>{messages.noAppointmentsFound}</p>
      ) : (
        <ul className="patient-profile__list">
          {appointments.data.map((agendamento) => (
            <li key={agendamento.id}>
              <span className="nowrap">{formatDateTime(agendamento.datahora)}</span> · Dr.{' '}
              {capitalizeName(agendamento.doutor.nome)} · {statusLabels[statusOf(agendamento)]}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
