import { useState, type FormEvent } from 'react'
import {
  formatDateTime,
  messages,
  RegisterBloqueioRequest,
  toFloatingDateTime,
  type AgendaItem,
  type Bloqueio,
  type Equipamento,
} from '@contract'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { FormAlert } from '@/components/form-alert'
import { SelectField, TextField } from '@/components/form-fields'
import { FormActions } from '@/components/form-actions'
import { useOfflineLock } from '@/components/offline'
import { useBlockAppointments, useDeleteBlock, useRegisterBlock } from '../api/blocks'
import { CoveredAppointments, coversQuestion } from './covered-appointments'
import { useCheckedForm } from '@/lib/use-checked-form'

const empty = { equipamentoId: '', dataInicio: '', horaInicio: '', dataFim: '', horaFim: '', motivo: '' }

/**
 * A machine's blocks: a period and a reason ('Manutenção'); removing one frees its time. A block over
 * booked patients lists them and asks first (issue 34); saved anyway (the machine broke down), it names
 * them for rebooking until the next block is saved.
 */
export function BlocksSection({ equipamentos, bloqueios }: { equipamentos: Equipamento[]; bloqueios: Bloqueio[] }) {
  const { form, setForm, field, check } = useCheckedForm(empty)
  const register = useRegisterBlock()
  const covered = useBlockAppointments()
  const remove = useDeleteBlock()
  const { offline } = useOfflineLock()
  const [asking, setAsking] = useState<{ body: RegisterBloqueioRequest; agendamentos: AgendaItem[] } | null>(null)
  const [toRebook, setToRebook] = useState<AgendaItem[]>([])
  const nomeOf = (id: string) => equipamentos.find((e) => e.id === id)?.nome ?? '—'

  const save = (body: RegisterBloqueioRequest) =>
    register.mutate(body, {
      onSuccess: ({ agendamentos }) => {
        setAsking(null)
        setToRebook(agendamentos)
        setForm(empty)
      },
    })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const body = {
      equipamentoId: form.equipamentoId,
      inicio: toFloatingDateTime(form.dataInicio, form.horaInicio) ?? '',
      fim: toFloatingDateTime(form.dataFim, form.horaFim) ?? '',
      motivo: form.motivo,
    }
    const checked = check(RegisterBloqueioRequest, body)
    if (!checked) return
    covered.mutate(checked, {
      onSuccess: (agendamentos) => {
        if (agendamentos.length === 0) save(checked)
        else {
          register.reset()
          setAsking({ body: checked, agendamentos })
        }
      },
    })
  }

  return (
    <section className="card" aria-labelledby="blocks-title">
      <h2 id="blocks-title">Bloqueios</h2>
      <form onSubmit={submit} noValidate className="form-grid" aria-label="Bloqueio">
        <FormAlert failure={asking ? null : (register.failure ?? covered.failure)} className="form-grid__full" />
        <SelectField label="Equipamento bloqueado" {...field('equipamentoId')}>
          <option value="">Selecione…</option>
          {equipamentos.map((e) => (
            <option key={e.id} value={e.id}>
              {e.nome}
            </option>
          ))}
        </SelectField>
        <TextField label="Data de início" type="date" {...field('dataInicio', 'inicio')} />
        <TextField label="Hora de início" type="time" {...field('horaInicio')} />
        <TextField label="Data de fim" type="date" {...field('dataFim', 'fim')} />
        <TextField label="Hora de fim" type="time" {...field('horaFim')} />
        <TextField label="Motivo" placeholder="Manutenção" {...field('motivo')} />
        <FormActions
          className="form-grid__full"
          submitLabel="Salvar bloqueio"
          pending={register.isPending || covered.isPending}
        />
      </form>
      <ConfirmDialog
        open={asking !== null}
        message={coversQuestion(asking?.agendamentos.length ?? 0)}
        confirmLabel="Bloquear mesmo assim"
        busy={register.isPending}
        failure={asking ? register.failure : null}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && save({ ...asking.body, confirmar: true })}
      >
        <CoveredAppointments agendamentos={asking?.agendamentos ?? []} label="Agendamentos cobertos pelo bloqueio" />
        <p>Depois de salvar, avise esses pacientes e remarque-os.</p>
      </ConfirmDialog>
      {toRebook.length > 0 && (
        <div className="alert" role="status">
          <p>{messages.blockSavedOverAppointments}</p>
          <CoveredAppointments agendamentos={toRebook} label="Pacientes a remarcar" />
        </div>
      )}
      {bloqueios.length === 0 ? (
        <p>Nenhum bloqueio.</p>
      ) : (
        <ul className="plain-list" aria-label="Bloqueios vigentes">
          {bloqueios.map((b) => {
            const text = `${nomeOf(b.equipamentoId)}: ${b.motivo}, de ${formatDateTime(b.inicio)} a ${formatDateTime(b.fim)}`
            return (
              <li key={b.id}>
                {text}{' '}
                <button
                  type="button"
                  className="button button--danger button--small"
                  aria-label={`Remover bloqueio ${text}`}
                  disabled={remove.isPending || offline}
                  onClick={() => remove.mutate(b.id)}
                >
                  Remover
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
