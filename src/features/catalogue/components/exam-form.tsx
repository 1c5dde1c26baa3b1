import type { FormEvent } from 'react'
import {
  MODALIDADES,
  PRAZO_LAUDO_DEFAULT,
  PRAZO_LAUDO_MAX,
  PRAZO_LAUDO_MIN,
  PREPARO_MAX,
  RegisterExameRequest,
  type Exame,
  type Modalidade,
} from '@contract'
import { FormAlert } from '@/components/form-alert'
import { SelectField, TextAreaField, TextField } from '@/components/form-fields'
import { FormActions } from '@/components/form-actions'
import { useSaveExame } from '../api/save-exame'
import { useCheckedForm } from '@/lib/use-checked-form'

interface ExameForm {
  id?: string
  nome: string
  modalidade: Modalidade | ''
  duracao: string
  tuss: string
  preparo: string
  ativo: boolean
  prazoLaudoDias: string
}

const emptyForm: ExameForm = {
  nome: '',
  modalidade: '',
  duracao: '',
  tuss: '',
  preparo: '',
  ativo: true,
  prazoLaudoDias: String(PRAZO_LAUDO_DEFAULT),
}

const toForm = (exame: Exame): ExameForm => ({
  id: exame.id,
  nome: exame.nome,
  modalidade: exame.modalidade,
  duracao: String(exame.duracao),
  tuss: exame.tuss ?? '',
  preparo: exame.preparo,
  ativo: exame.ativo,
  prazoLaudoDias: String(exame.prazoLaudoDias),
})

export interface ExamFormProps {
  /** The listed exam being edited; a new one without it. */
  exame?: Exame
  /** A change of the list is under way (a delete): the submit waits for it. */
  locked: boolean
  /** Editing ended (saved or 'Cancelar edição'): back to a new exam. */
  onDone: () => void
}

/**
 * The exam form of 'Exames', apart from the list: its state changes on every keystroke, and only the form
 * re-renders then, not the table of every exam.
 */
export function ExamForm({ exame, locked, onDone }: ExamFormProps) {
  const { form, setForm, set, errors, field, check } = useCheckedForm<ExameForm>(exame ? toForm(exame) : emptyForm)
  const save = useSaveExame()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const { id, duracao, prazoLaudoDias, ...rest } = form
    const checked = check(RegisterExameRequest, {
      ...rest,
      duracao: duracao === '' ? undefined : Number(duracao),
      prazoLaudoDias: prazoLaudoDias === '' ? undefined : Number(prazoLaudoDias),
    })
    if (!checked) return
    save.mutate(
      { ...checked, id },
      {
        onSuccess: () => {
          setForm(emptyForm)
          onDone()
        },
      },
    )
  }

  return (
    <form onSubmit={submit} noValidate className="form-grid">
      <FormAlert failure={save.failure} className="form-grid__full" />
      <TextField label="Nome do exame" autoComplete="off" {...field('nome')} />
      <SelectField
        label="Modalidade"
        value={form.modalidade}
        error={errors.modalidade}
        onChange={(e) => set({ modalidade: e.target.value as Modalidade })}
      >
        <option value="">Selecione a modalidade</option>
        {MODALIDADES.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Duração (minutos)"
        inputMode="numeric"
        value={form.duracao}
        error={errors.duracao}
        onChange={(e) => set({ duracao: e.target.value.replace(/\D/g, '') })}
      />
      <TextField label="Código TUSS" inputMode="numeric" hint="Opcional, 8 dígitos." {...field('tuss')} />
      <TextAreaField
        label="Preparo"
        className="form-grid__full"
        rows={3}
        hint={`Escrito para o paciente. ${form.preparo.length}/${PREPARO_MAX}`}
        {...field('preparo')}
      />
      <TextField
        label="Prazo do laudo (dias úteis)"
        inputMode="numeric"
        hint={`De ${PRAZO_LAUDO_MIN} a ${PRAZO_LAUDO_MAX}; a previsão de entrega conta só os dias em que a clínica abre.`}
        value={form.prazoLaudoDias}
        error={errors.prazoLaudoDias}
        onChange={(e) => set({ prazoLaudoDias: e.target.value.replace(/\D/g, '') })}
      />
      <FormActions
        className="form-grid__full"
        submitLabel={form.id ? 'Salvar alterações do exame' : 'Salvar exame'}
        pending={save.isPending}
        disabled={locked}
        onCancelEdit={form.id ? onDone : undefined}
      />
    </form>
  )
}
