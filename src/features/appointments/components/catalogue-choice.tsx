// 'Novo agendamento' from the catalogue (docs/decisions.md, "Exam catalogue"): a convênio of the list, exams
// found as one types (name or TUSS code), Valor filled with the sum of their prices (still editable), and
// the preparo the patient must follow. Loaded with the creation modal only (a lazy chunk of its own).
import { Suspense, useEffect, useMemo, useRef, useState } from 'react'
import { useWatch, type Control, type UseFormRegister, type UseFormSetValue } from 'react-hook-form'
import { catalogueNameKey, examMatches, messages, PARTICULAR_ID, sumPrices, type Exame } from '@contract'
import { SelectField, TextField } from '@/components/form-fields'
import { priceOf, useCatalogo, type Catalogo } from '@/lib/catalogue-query'
import { formatMoney } from '@/lib/format'
import { useTissSlot } from '@/lib/tiss-slot'
import type { AppointmentFormValues } from '../lib/appointment-form'

const MAX_MATCHES = 8

export interface CatalogueChoiceProps {
  control: Control<AppointmentFormValues>
  register: UseFormRegister<AppointmentFormValues>
  setValue: UseFormSetValue<AppointmentFormValues>
}

/**
 * Active exams whose name answers the text — accents and case aside, a modality by any of its names
 * ('ultrassom' finds 'US …', contract/exam-names.ts) — or whose TUSS code starts with its digits.
 */
function search(catalogo: Catalogo, text: string, chosen: string[]): Exame[] {
  const key = catalogueNameKey(text)
  if (!key) return []
  const digits = /^\d+$/.test(key) ? key : null
  return catalogo.exames
    .filter((e) => e.ativo && !chosen.includes(e.id))
    .filter((e) => (digits !== null && e.tuss?.startsWith(digits)) || examMatches(text, e))
    .slice(0, MAX_MATCHES)
}

export default function CatalogueChoice({ control, register, setValue }: CatalogueChoiceProps) {
  const catalogo = useCatalogo()
  const chosen = useWatch({ control, name: 'catalogoExames' })
  const convenioId = useWatch({ control, name: 'convenioId' })
  const [text, setText] = useState('')
  // the patient's card on the convênio, offered (issue 37, src/lib/tiss-slot.ts)
  const tiss = useTissSlot()
  const pacienteId = useWatch({ control, name: 'pacienteId' })
  const dia = useWatch({ control, name: 'data' })

  const data = catalogo.data
  const ids = chosen.map((e) => e.id)
  const matches = useMemo(
    () =>
      data
        ? search(
            data,
            text,
            chosen.map((e) => e.id),
          )
        : [],
    [data, text, chosen],
  )
  const prices = data && convenioId ? ids.map((id) => priceOf(data, id, convenioId)) : []
  const total = convenioId ? sumPrices(prices) : null

  // Valor follows the sum whenever the exams or the convênio change; typed afterwards, it stays typed.
  const choiceKey = `${convenioId}|${ids.join(',')}`
  const lastKey = useRef(choiceKey)
  useEffect(() => {
    if (lastKey.current === choiceKey) return
    lastKey.current = choiceKey
    if (total !== null) setValue('valor', formatMoney(total), { shouldValidate: true })
  }, [choiceKey, total, setValue])

  if (!data)
    return <p className="form-grid__full">{catalogo.isError ? messages.fetchFailed : 'Carregando catálogo…'}</p>

  const convenios = data.convenios.filter((c) => c.ativo)
  const exames = new Map(data.exames.map((e) => [e.id, e]))
  const withPreparo = chosen.map((c) => exames.get(c.id)).filter((e): e is Exame => Boolean(e?.preparo))
  const add = (exame: Exame) => {
    setValue('catalogoExames', [...chosen, { id: exame.id, nome: exame.nome }], { shouldValidate: true })
    setText('')
  }

  return (
    <fieldset className="catalogue-choice form-grid__full">
      <legend>Catálogo de exames</legend>
      <SelectField
        label="Tabela de preços"
        value={convenioId}
        onChange={(event) => {
          const picked = convenios.find((c) => c.id === event.target.value)
          setValue('convenioId', picked?.id ?? '')
          setValue('convenio', picked?.nome ?? '')
        }}
      >
        <option value="">Nenhuma (digitar o convênio)</option>
        {convenios.map((c) => (
          <option key={c.id} value={c.id}>
            {c.nome}
          </option>
        ))}
      </SelectField>
      {convenioId && convenioId !== PARTICULAR_ID && (
        <>
          <TextField label="Número da carteirinha" autoComplete="off" {...register('carteirinha')} />
          {tiss && pacienteId && (
            <Suspense fallback={null}>
              <tiss.BookingCard
                pacienteId={pacienteId}
                convenioId={convenioId}
                data={dia}
                onUse={(numero) => setValue('carteirinha', numero)}
              />
            </Suspense>
          )}
          <TextField label="Número da guia" autoComplete="off" {...register('guia')} />
          <TextField label="Senha de autorização" autoComplete="off" {...register('senhaAutorizacao')} />
        </>
      )}
      <TextField
        label="Buscar exame no catálogo"
        type="search"
        autoComplete="off"
        placeholder="Nome ou código TUSS"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return
          event.preventDefault()
          if (matches[0]) add(matches[0])
        }}
      />
      {text.trim() !== '' && (
        <ul className="catalogue-choice__matches" aria-label="Exames encontrados">
          {matches.length === 0 && <li>Nenhum exame encontrado no catálogo.</li>}
          {matches.map((exame) => (
            <li key={exame.id}>
              <button
                type="button"
                className="button button--small"
                aria-label={`Adicionar ${exame.nome}`}
                onClick={() => add(exame)}
              >
                {exame.nome}
                {exame.tuss && ` · TUSS ${exame.tuss}`}
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen.length > 0 && (
        <ul className="catalogue-choice__chosen" aria-label="Exames do catálogo escolhidos">
          {chosen.map((c, index) => (
            <li key={c.id}>
              {c.nome}
              {' — '}
              {!convenioId
                ? 'escolha o convênio para ver o preço'
                : prices[index] === null
                  ? 'sem preço neste convênio'
                  : formatMoney(prices[index]!)}{' '}
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={`Remover ${c.nome}`}
                onClick={() =>
                  setValue(
                    'catalogoExames',
                    chosen.filter((x) => x.id !== c.id),
                    { shouldValidate: true },
                  )
                }
              >
                Remover
              </button>
            </li>
          ))}
        </ul>
      )}
      {chosen.length > 0 && convenioId && total === null && (
        <p className="field__hint">Há exame sem preço neste convênio: digite o Valor.</p>
      )}
      {withPreparo.length > 0 && (
        <section className="catalogue-choice__preparo" aria-labelledby="catalogue-preparo-title">
          <h3 id="catalogue-preparo-title">Preparo</h3>
          <dl>
            {withPreparo.map((exame) => (
              <div key={exame.id}>
                <dt>{exame.nome}</dt>
                <dd>{exame.preparo}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </fieldset>
  )
}
