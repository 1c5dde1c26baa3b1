// An appointment's payments in its detail modal (docs/decisions.md, "Exam catalogue"): what was received,
// whether it is paid, the exams copied from the catalogue with their preparo, and 'Registrar pagamento'.
// A lazy chunk of its own, loaded with the detail modal.
import { useState, type FormEvent } from 'react'
import {
  clinicToday,
  FORMAS_PAGAMENTO,
  formaPagamentoLabels,
  formatDate,
  RegistrarPagamentoRequest,
  type Agendamento,
  type FormaPagamento,
} from '@contract'
import { FormAlert } from '@/components/form-alert'
import { SelectField, TextField } from '@/components/form-fields'
import { OfflineNote, useOfflineLock } from '@/components/offline'
import { formatMoney, parseMoney } from '@/lib/format'
import { useAppointmentDetails } from '../api/get-appointment-details'
import { useRegisterPayment } from '../api/register-payment'

export default function PaymentPanel({ agendamento }: { agendamento: Agendamento }) {
  const details = useAppointmentDetails(agendamento.id)
  const [open, setOpen] = useState(false)
  const pago = details.data?.pagoIncents ?? 0
  const falta = Math.max(agendamento.valorIncents - pago, 0)
  return (
    <section className="payment-panel" aria-labelledby="payment-panel-title">
      <h3 id="payment-panel-title">Pagamento</h3>
      <p>
        {`Valor: ${formatMoney(agendamento.valorIncents)} · Recebido: ${formatMoney(pago)} · `}
        <strong>{agendamento.estapago ? 'Pago' : `Pendente: ${formatMoney(falta)}`}</strong>
      </p>
      {details.data && details.data.pagamentos.length > 0 && (
        <ul aria-label="Pagamentos registrados">
          {details.data.pagamentos.map((p) => (
            <li
              key={p.id}
            >{`${formatDate(`${p.data}T00:00:00.000Z`)} — ${formaPagamentoLabels[p.forma]} — ${formatMoney(p.valorIncents)}`}</li>
          ))}
        </ul>
      )}
      {details.data && details.data.exames.length > 0 && (
        <ul aria-label="Exames do catálogo deste agendamento">
          {details.data.exames.map((e) => (
            <li key={e.exameId}>
              {`${e.nome} — ${e.valorIncents === null ? 'sem preço' : formatMoney(e.valorIncents)}`}
              {e.preparo && <p className="field__hint">{`Preparo: ${e.preparo}`}</p>}
            </li>
          ))}
        </ul>
      )}
      {/* fully paid: nothing left to register (issue 34) */}
      {agendamento.estapago ? null : open ? (
        <PaymentForm agendamento={agendamento} suggested={falta} onDone={() => setOpen(false)} />
      ) : (
        <button type="button" className="button" onClick={() => setOpen(true)}>
          Registrar pagamento
        </button>
      )}
    </section>
  )
}

function PaymentForm({
  agendamento,
  suggested,
  onDone,
}: {
  agendamento: Agendamento
  suggested: number
  onDone: () => void
}) {
  const [forma, setForma] = useState<FormaPagamento | ''>('')
  const [valor, setValor] = useState(suggested > 0 ? formatMoney(suggested) : '')
  const [data, setData] = useState(clinicToday())
  const [errors, setErrors] = useState<Record<string, string>>({})
  const payment = useRegisterPayment()
  const { offline, noteId, describedBy } = useOfflineLock()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const cents = parseMoney(valor)
    const result = RegistrarPagamentoRequest.safeParse({
      agendamentoId: agendamento.id,
      forma: forma || undefined,
      valorIncents: cents ?? (valor.trim() === '' ? undefined : -1),
      data,
    })
    if (!result.success) {
      const found: Record<string, string> = {}
      for (const issue of result.error.issues) found[String(issue.path[0])] ??= issue.message
      return setErrors(found)
    }
    setErrors({})
    payment.mutate(result.data, { onSuccess: onDone })
  }

  return (
    <form className="form-grid" noValidate onSubmit={submit} aria-label="Registrar pagamento">
      <FormAlert failure={payment.failure} className="form-grid__full" />
      <SelectField
        label="Forma de pagamento"
        value={forma}
        error={errors.forma}
        onChange={(e) => setForma(e.target.value as FormaPagamento)}
      >
        <option value="">Selecione a forma</option>
        {FORMAS_PAGAMENTO.map((f) => (
          <option key={f} value={f}>
            {formaPagamentoLabels[f]}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Valor recebido"
        inputMode="decimal"
        placeholder="R$ 0,00"
        value={valor}
        error={errors.valorIncents}
        onChange={(e) => setValor(e.target.value)}
      />
      <TextField
        label="Data do pagamento"
        type="date"
        max={clinicToday()}
        value={data}
        error={errors.data}
        onChange={(e) => setData(e.target.value)}
      />
      <div className="form-actions form-grid__full">
        <button
          type="submit"
          className="button button--primary"
          disabled={payment.isPending || offline}
          aria-describedby={describedBy()}
        >
          Confirmar pagamento
        </button>
        <button type="button" className="button" onClick={onDone} disabled={payment.isPending}>
          Cancelar pagamento
        </button>
        <OfflineNote id={noteId} offline={offline} />
      </div>
    </form>
  )
}
