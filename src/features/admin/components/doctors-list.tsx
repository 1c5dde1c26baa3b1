import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { TRATAMENTOS, UpdateMedicoRequest, type MedicoDetalhes } from '@contract'
import { DataTable, type DataColumn } from '@/components/data-table'
import { Dialog } from '@/components/dialog'
import { FormAlert } from '@/components/form-alert'
import { SelectField, TextField } from '@/components/form-fields'
import { useOfflineLock } from '@/components/offline'
import { useDoctorDetails, useUpdateDoctor } from '../api/doctor-details'
import { AdminListCard } from './admin-list-card'
import { CrmFields } from './crm-fields'

/** 'Dra. Ana Souza': the name as the clinic addresses the doctor. */
export const withTratamento = (m: Pick<MedicoDetalhes, 'tratamento' | 'nome'>) => `${m.tratamento} ${m.nome}`

const crmOf = (m: MedicoDetalhes) => (m.crm ? `CRM-${m.crmUf} ${m.crm}` : '—')

const DOCTOR_COLUMNS: DataColumn<MedicoDetalhes>[] = [
  { label: 'Nome', cell: withTratamento },
  { label: 'CRM', cell: crmOf },
  {
    label: 'Especialidade',
    cell: (m) => [m.especialidade, m.rqe && `RQE ${m.rqe}`].filter(Boolean).join(' · ') || '—',
  },
]

/**
 * 'Médicos' (docs/product.md §19, issue 14): every doctor with tratamento, CRM and specialty; ADMIN edits
 * them in a dialog. The doctor's name is §2's 'Cadastro de Doutores' and does not change here.
 */
export function DoctorsList() {
  const { data, isPending, isError } = useDoctorDetails()
  const { offline, noteId, describedBy } = useOfflineLock()
  const [editing, setEditing] = useState<MedicoDetalhes | null>(null)
  const doctors = data ?? []

  return (
    <AdminListCard
      titleId="admin-doctors-list-title"
      title="Médicos"
      noteId={noteId}
      offlineNote={offline && doctors.length > 0}
    >
      <DataTable
        caption="Médicos"
        columns={DOCTOR_COLUMNS}
        rows={doctors}
        rowKey={(m) => m.id}
        loading={isPending}
        failed={isError}
        actions={(m) => (
          <button
            type="button"
            className="button button--small"
            disabled={offline}
            aria-describedby={describedBy()}
            aria-label={`Editar ${m.nome}`}
            onClick={() => setEditing(m)}
          >
            Editar
          </button>
        )}
      />
      {editing && <DoctorDialog doctor={editing} onClose={() => setEditing(null)} />}
    </AdminListCard>
  )
}

function DoctorDialog({ doctor, onClose }: { doctor: MedicoDetalhes; onClose: () => void }) {
  const update = useUpdateDoctor()
  const { offline } = useOfflineLock()
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<UpdateMedicoRequest, unknown, UpdateMedicoRequest>({
    resolver: zodResolver(UpdateMedicoRequest),
    defaultValues: {
      id: doctor.id,
      tratamento: doctor.tratamento,
      crm: doctor.crm,
      // the server keeps only a UF or '' (UpdateMedicoRequest)
      crmUf: doctor.crmUf as UpdateMedicoRequest['crmUf'],
      especialidade: doctor.especialidade,
      rqe: doctor.rqe,
    },
  })
  const onSubmit = handleSubmit((values) => update.mutate(values, { onSuccess: onClose }))
  const close = () => {
    update.reset()
    onClose()
  }
  return (
    <Dialog
      open
      onClose={close}
      title={`Dados de ${doctor.nome}`}
      footer={
        <>
          <button type="button" className="button" onClick={close}>
            Cancelar
          </button>
          <button
            type="submit"
            form="doctor-details-form"
            className="button button--primary"
            disabled={update.isPending || offline}
            aria-busy={update.isPending || undefined}
          >
            Salvar
          </button>
        </>
      }
    >
      <form id="doctor-details-form" onSubmit={onSubmit} noValidate>
        <FormAlert failure={update.failure} />
        <SelectField label="Tratamento" error={errors.tratamento?.message} {...register('tratamento')}>
          {TRATAMENTOS.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </SelectField>
        <CrmFields
          crm={register('crm')}
          uf={register('crmUf')}
          crmError={errors.crm?.message}
          ufError={errors.crmUf?.message}
        />
        <TextField
          label="Especialidade"
          autoComplete="off"
          error={errors.especialidade?.message}
          {...register('especialidade')}
        />
        <TextField
          label="RQE"
          inputMode="numeric"
          autoComplete="off"
          error={errors.rqe?.message}
          {...register('rqe')}
        />
      </form>
    </Dialog>
  )
}
