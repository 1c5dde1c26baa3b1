// 'Guia TISS' of a convênio appointment (issue 37 point 3): the patient's card, 'Senha de autorização' with
// 'Data da autorização' and 'Validade da senha', 'Número da guia na operadora', our number (given by the
// server on the first save), 'Médico solicitante' from the reusable list or added here, 'Caráter do
// atendimento' and 'Indicação clínica'; the warnings when the card or the senha expire before the day;
// 'Imprimir guia' once saved.
import { useState } from 'react'
import {
  CARATERES,
  caraterLabels,
  DefinirGuiaTissRequest,
  formatDate,
  messages,
  tissAvisos,
  type Agendamento,
  type AgendamentoDetalhes,
  type GuiaTiss,
} from '@contract'
import { Dialog } from '@/components/dialog'
import { FormAlert } from '@/components/form-alert'
import { OfflineNote, useOfflineLock } from '@/components/offline'
import { SelectField, TextAreaField, TextField } from '@/components/form-fields'
import { capitalizeName } from '@/lib/format'
import { useCheckedForm } from '@/lib/use-checked-form'
import { useCarteirinhas } from '../api/carteirinhas'
import { useGuia } from '../api/guia'
import { useSaveGuia } from '../api/save-guia'
import { useSolicitantes } from '../api/solicitantes'
import { GuiaPrintButton } from './guia-print'
import { SolicitanteFields } from './solicitante-fields'

export interface GuiaDialogProps {
  agendamento: Agendamento
  detalhes: AgendamentoDetalhes
  onClose: () => void
}

export function GuiaDialog({ agendamento, detalhes, onClose }: GuiaDialogProps) {
  const guia = useGuia(agendamento.id)
  const name = capitalizeName(agendamento.paciente.nome)
  return (
    <Dialog open onClose={onClose} title={`Guia TISS de ${name}`} className="tiss-guia-dialog">
      {guia.data ? (
        <GuiaForm agendamento={agendamento} detalhes={detalhes} guia={guia.data.guia} onClose={onClose} />
      ) : (
        <p role={guia.isError ? 'alert' : 'status'}>{guia.isError ? messages.fetchFailed : 'Carregando guia…'}</p>
      )}
    </Dialog>
  )
}

interface GuiaForm {
  senhaAutorizacao: string
  dataAutorizacao: string
  validadeSenha: string
  numeroGuiaOperadora: string
  solicitanteId: string
  carater: string
  indicacaoClinica: string
}

function GuiaForm({
  agendamento,
  detalhes,
  guia,
  onClose,
}: {
  agendamento: Agendamento
  detalhes: AgendamentoDetalhes
  guia: GuiaTiss | null
  onClose: () => void
}) {
  const save = useSaveGuia()
  const solicitantes = useSolicitantes()
  const cards = useCarteirinhas(agendamento.pacienteId)
  const { offline, noteId, describedBy } = useOfflineLock()
  const [addingSolicitante, setAddingSolicitante] = useState(false)
  const { form, set, field, check } = useCheckedForm<GuiaForm>(() => ({
    // before the first save, the senha and the operadora's number the booking took
    senhaAutorizacao: guia?.senhaAutorizacao ?? detalhes.senhaAutorizacao,
    dataAutorizacao: guia?.dataAutorizacao ?? '',
    validadeSenha: guia?.validadeSenha ?? '',
    numeroGuiaOperadora: guia?.numeroGuiaOperadora ?? detalhes.guia,
    solicitanteId: guia?.solicitante?.id ?? '',
    carater: guia?.carater ?? '1',
    indicacaoClinica: guia?.indicacaoClinica ?? '',
  }))
  const card = cards.data?.find((c) => c.convenioId === detalhes.convenioId)
  const carteirinha = detalhes.carteirinha || card?.numero || ''
  // the same rule as the server's answer, on what is typed now
  const avisos = tissAvisos(agendamento.datahora, card?.validade ?? null, form.validadeSenha || null)

  const submit = () => {
    const body = check(DefinirGuiaTissRequest, {
      ...form,
      agendamentoId: agendamento.id,
      solicitanteId: form.solicitanteId || null,
    })
    if (body) save.mutate(body)
  }

  return (
    <form
      className="tiss-guia form-grid"
      aria-label="Dados da guia"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <FormAlert failure={save.failure} className="form-grid__full" />
      <dl className="tiss-guia__facts form-grid__full">
        <div>
          <dt>Nº da guia no prestador</dt>
          <dd>{guia ? guia.numeroGuiaPrestador : 'dado ao salvar a guia'}</dd>
        </div>
        <div>
          <dt>Convênio</dt>
          <dd>{agendamento.convenio}</dd>
        </div>
        <div>
          <dt>Carteirinha</dt>
          <dd>
            {carteirinha || 'sem carteirinha: cadastre-a no perfil do paciente'}
            {card?.validade && ` (validade ${formatDate(card.validade)})`}
          </dd>
        </div>
      </dl>
      {avisos.length > 0 && (
        <ul className="tiss-guia__avisos form-grid__full" role="alert">
          {avisos.map((aviso) => (
            <li key={aviso}>{aviso}</li>
          ))}
        </ul>
      )}
      <TextField label="Senha de autorização" autoComplete="off" {...field('senhaAutorizacao')} />
      <TextField label="Data da autorização" type="date" {...field('dataAutorizacao')} />
      <TextField label="Validade da senha" type="date" {...field('validadeSenha')} />
      <TextField label="Número da guia na operadora" autoComplete="off" {...field('numeroGuiaOperadora')} />
      <div className="form-grid__full tiss-guia__solicitante">
        <SelectField
          label="Médico solicitante"
          hint={solicitantes.isError ? messages.fetchFailed : undefined}
          {...field('solicitanteId')}
        >
          <option value="">Nenhum</option>
          {(solicitantes.data ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.nome} — {s.conselho} {s.numero}/{s.uf}
            </option>
          ))}
        </SelectField>
        {addingSolicitante ? (
          <SolicitanteFields
            onCancel={() => setAddingSolicitante(false)}
            onSaved={(solicitante) => {
              set({ solicitanteId: solicitante.id })
              setAddingSolicitante(false)
            }}
          />
        ) : (
          <button type="button" className="button button--small" onClick={() => setAddingSolicitante(true)}>
            Novo médico solicitante
          </button>
        )}
      </div>
      <SelectField label="Caráter do atendimento" {...field('carater')}>
        {CARATERES.map((c) => (
          <option key={c} value={c}>
            {caraterLabels[c]}
          </option>
        ))}
      </SelectField>
      <TextAreaField label="Indicação clínica" className="form-grid__full" rows={3} {...field('indicacaoClinica')} />
      <div className="tiss-guia__actions form-grid__full">
        <button type="button" className="button" onClick={onClose} disabled={save.isPending}>
          Fechar
        </button>
        {guia ? (
          <GuiaPrintButton agendamento={agendamento} detalhes={detalhes} guia={guia} carteirinha={card} />
        ) : (
          <span className="field__hint">Salve a guia para imprimi-la.</span>
        )}
        <button
          type="submit"
          className="button button--primary"
          disabled={save.isPending || offline}
          aria-busy={save.isPending || undefined}
          aria-describedby={describedBy()}
        >
          Salvar guia
        </button>
        <OfflineNote id={noteId} offline={offline} />
      </div>
    </form>
  )
}
