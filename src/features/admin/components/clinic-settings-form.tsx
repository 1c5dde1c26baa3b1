// 'Configurações da clínica' (ADMIN; docs/decisions.md, "Messages and printouts"): name, address, phone,
// CNPJ, an optional small logo, and the WhatsApp message's template with its placeholders listed beside it.
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import type { z } from 'zod'
import {
  formatCnpj,
  LOGO_MAX_BYTES,
  MESSAGE_MAX_CHARS,
  MESSAGE_PLACEHOLDERS,
  PLACEHOLDER_MAX_CHARS,
  messages,
  SalvarConfiguracoesRequest,
  type ConfiguracoesClinica,
} from '@contract'
import { FormAlert } from '@/components/form-alert'
import { TextAreaField, TextField } from '@/components/form-fields'
import { FormActions } from '@/components/form-actions'
import { useClinicSettings } from '@/lib/clinic-settings'
import { useFailedFields } from '@/lib/use-failed-fields'
import { useSaveClinicSettings } from '../api/clinic-settings'

type Values = z.input<typeof SalvarConfiguracoesRequest>
const FIELDS = ['nome', 'endereco', 'telefone', 'cnpj', 'logo', 'modeloMensagem'] as const

export default function ClinicSettingsForm() {
  const settings = useClinicSettings()
  return (
    <section className="card clinic-settings" aria-labelledby="admin-clinic-title">
      <h2 id="admin-clinic-title">Configurações da clínica</h2>
      {settings.data ? (
        <SettingsForm key={JSON.stringify(settings.data)} current={settings.data} />
      ) : (
        <p role="status">{settings.isError ? messages.fetchFailed : 'Carregando…'}</p>
      )}
    </section>
  )
}

function SettingsForm({ current }: { current: ConfiguracoesClinica }) {
  const save = useSaveClinicSettings()
  const [logoError, setLogoError] = useState<string | undefined>()
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors },
  } = useForm<Values, unknown, z.output<typeof SalvarConfiguracoesRequest>>({
    resolver: zodResolver(SalvarConfiguracoesRequest),
    defaultValues: { ...settingsOnly(current), cnpj: current.cnpj ? formatCnpj(current.cnpj) : '' },
  })
  useFailedFields(save.failure, setError, (field) => FIELDS.find((name) => name === field))
  const logo = useWatch({ control, name: 'logo' })

  function pickLogo(file: File | undefined) {
    setLogoError(undefined)
    if (!file) return
    if (!/^image\/(png|jpeg|webp)$/.test(file.type)) return setLogoError(messages.logoInvalid)
    if (file.size > LOGO_MAX_BYTES) return setLogoError(messages.logoTooLarge)
    const reader = new FileReader()
    reader.onload = () => setValue('logo', String(reader.result), { shouldDirty: true })
    reader.readAsDataURL(file)
  }

  return (
    <form noValidate onSubmit={handleSubmit((values) => save.mutate(values))}>
      <FormAlert failure={save.failure} />
      <TextField label="Nome da clínica" error={errors.nome?.message} {...register('nome')} />
      <TextField label="Endereço" error={errors.endereco?.message} {...register('endereco')} />
      <TextField label="Telefone da clínica" type="tel" error={errors.telefone?.message} {...register('telefone')} />
      <TextField label="CNPJ" inputMode="numeric" error={errors.cnpj?.message} {...register('cnpj')} />
      <TextField
        label="Logotipo (opcional)"
        type="file"
        accept="image/png,image/jpeg,image/webp"
        hint="PNG, JPEG ou WebP de até 48 KB."
        error={logoError ?? errors.logo?.message}
        onChange={(event) => pickLogo(event.target.files?.[0])}
      />
      {logo && (
        <p className="clinic-settings__logo">
          <img src={logo} alt="Logotipo atual" height={48} />{' '}
          <button type="button" className="button" onClick={() => setValue('logo', null, { shouldDirty: true })}>
            Remover logotipo
          </button>
        </p>
      )}
      <TextAreaField
        label="Mensagem de confirmação (WhatsApp)"
        rows={8}
        error={errors.modeloMensagem?.message}
        aria-describedby="admin-clinic-placeholders"
        {...register('modeloMensagem')}
      />
      <div id="admin-clinic-placeholders">
        <p>Marcadores que a mensagem aceita:</p>
        <dl className="clinic-settings__placeholders">
          {Object.entries(MESSAGE_PLACEHOLDERS).map(([placeholder, meaning]) => (
            <div key={placeholder}>
              <dt>
                <code>{placeholder}</code>
              </dt>
              <dd>{meaning}</dd>
            </div>
          ))}
        </dl>
        <p>
          Limite: cada marcador preenche no máximo {PLACEHOLDER_MAX_CHARS.toLocaleString('pt-BR')} caracteres e a
          mensagem inteira no máximo {MESSAGE_MAX_CHARS.toLocaleString('pt-BR')}; o que passar é cortado com “…”. Uma
          linha cujo marcador fica vazio (por exemplo, sem endereço cadastrado) não é enviada.
        </p>
      </div>
      <FormActions submitLabel="Salvar configurações" pending={save.isPending} />
    </form>
  )
}

/** The settings this form saves: the opening hours have their own call and form (docs/decisions.md "Opening hours"). */
function settingsOnly<T extends { horarios?: unknown }>(current: T): Omit<T, 'horarios'> {
  const { horarios: _hours, ...settings } = current
  return settings
}
