// 'Dados do laudo' (ADMIN, issue 36): the responsável técnico, CNES, the PACS viewer's address with its
// placeholders, and 'Liberar para assinatura manual'. Beside 'Configurações da clínica', saved by a call of its own.
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { messages, SalvarConfiguracoesLaudoRequest, type ConfiguracoesLaudo } from '@contract'
import { FormAlert } from '@/components/form-alert'
import { TextField } from '@/components/form-fields'
import { FormActions } from '@/components/form-actions'
import { useFailedFields } from '@/lib/use-failed-fields'
import { useLaudoSettings, useSaveLaudoSettings } from '../api/laudo-settings'
import { CrmFields } from './crm-fields'

type Values = z.input<typeof SalvarConfiguracoesLaudoRequest>
const FIELDS = ['rtNome', 'rtCrm', 'rtCrmUf', 'cnes', 'pacsUrl', 'assinaturaManual'] as const

export default function LaudoSettingsForm() {
  const settings = useLaudoSettings()
  return (
    <section className="card" aria-labelledby="admin-laudo-title">
      <h2 id="admin-laudo-title">Dados do laudo</h2>
      {settings.data ? (
        <SettingsForm key={JSON.stringify(settings.data)} current={settings.data} />
      ) : (
        <p role="status">{settings.isError ? messages.fetchFailed : 'Carregando…'}</p>
      )}
    </section>
  )
}

function SettingsForm({ current }: { current: ConfiguracoesLaudo }) {
  const save = useSaveLaudoSettings()
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof SalvarConfiguracoesLaudoRequest>>({
    resolver: zodResolver(SalvarConfiguracoesLaudoRequest),
    // the server keeps only a UF or '' (SalvarConfiguracoesLaudoRequest)
    defaultValues: { ...current, rtCrmUf: current.rtCrmUf as Values['rtCrmUf'] },
  })
  useFailedFields(save.failure, setError, (field) => FIELDS.find((name) => name === field))
  return (
    <form noValidate onSubmit={handleSubmit((values) => save.mutate(values))}>
      <FormAlert failure={save.failure} />
      <TextField
        label="Responsável técnico"
        autoComplete="off"
        error={errors.rtNome?.message}
        {...register('rtNome')}
      />
      <CrmFields
        whose=" do responsável técnico"
        crm={register('rtCrm')}
        uf={register('rtCrmUf')}
        crmError={errors.rtCrm?.message}
        ufError={errors.rtCrmUf?.message}
      />
      <TextField
        label="CNES"
        inputMode="numeric"
        autoComplete="off"
        error={errors.cnes?.message}
        {...register('cnes')}
      />
      <TextField
        label="Endereço do visualizador de imagens (PACS)"
        type="url"
        autoComplete="off"
        spellCheck={false}
        hint="Use {StudyInstanceUID} e/ou {AccessionNumber}, ex.: https://pacs.clinica/viewer?study={StudyInstanceUID}"
        error={errors.pacsUrl?.message}
        {...register('pacsUrl')}
      />
      <label className="checkbox-field">
        <input type="checkbox" {...register('assinaturaManual')} /> Liberar para assinatura manual
      </label>
      <FormActions submitLabel="Salvar dados do laudo" pending={save.isPending} />
    </form>
  )
}
