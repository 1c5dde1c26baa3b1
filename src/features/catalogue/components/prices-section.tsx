import { useState } from 'react'
import { PARTICULAR_ID, type Convenio, type Exame } from '@contract'
import { SelectField } from '@/components/form-fields'
import { useOfflineLock } from '@/components/offline'
import { priceOf, type Catalogo } from '@/lib/catalogue-query'
import { formatMoney, parseMoney } from '@/lib/format'
import { useSetPrice } from '../api/set-price'

/** 'Preços': one convênio's table, a value per active exam (empty: no price, Valor typed when booking). */
export function PricesSection({ catalogo }: { catalogo: Catalogo }) {
  const active = catalogo.convenios.filter((c) => c.ativo)
  const [convenioId, setConvenioId] = useState(PARTICULAR_ID)
  const convenio = active.find((c) => c.id === convenioId) ?? active[0]
  const exames = catalogo.exames.filter((e) => e.ativo)
  return (
    <section className="card" aria-labelledby="catalogue-prices-title">
      <h2 id="catalogue-prices-title">Preços</h2>
      <SelectField
        label="Tabela do convênio"
        value={convenio?.id ?? ''}
        onChange={(e) => setConvenioId(e.target.value)}
      >
        {active.map((c) => (
          <option key={c.id} value={c.id}>
            {c.nome}
          </option>
        ))}
      </SelectField>
      {convenio && exames.length > 0 ? (
        <div className="table-wrap">
          <table className="data-table">
            <caption className="visually-hidden">{`Preços do convênio ${convenio.nome}`}</caption>
            <thead>
              <tr>
                <th scope="col">Exame</th>
                <th scope="col">Preço</th>
              </tr>
            </thead>
            <tbody>
              {exames.map((exame) => {
                const price = priceOf(catalogo, exame.id, convenio.id)
                return (
                  <PriceRow
                    key={`${convenio.id}:${exame.id}:${price}`}
                    exame={exame}
                    convenio={convenio}
                    price={price}
                  />
                )
              })}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="empty-state">Nenhum exame ativo.</p>
      )}
    </section>
  )
}

function PriceRow({ exame, convenio, price }: { exame: Exame; convenio: Convenio; price: number | null }) {
  const [text, setText] = useState(price === null ? '' : formatMoney(price))
  const [error, setError] = useState<string | null>(null)
  const setPrice = useSetPrice()
  const { offline } = useOfflineLock()
  const save = () => {
    const cents = text.trim() === '' ? null : parseMoney(text)
    if (cents === null && text.trim() !== '') return setError('Valor inválido!')
    setError(null)
    setPrice.mutate({ exameId: exame.id, convenioId: convenio.id, valorIncents: cents })
  }
  const inputId = `preco-${convenio.id}-${exame.id}`
  return (
    <tr>
      <td data-label="Exame">{exame.nome}</td>
      <td data-label="Preço" className="data-table__actions">
        <label className="visually-hidden" htmlFor={inputId}>{`Preço de ${exame.nome}`}</label>
        <input
          id={inputId}
          className="field__input"
          inputMode="decimal"
          placeholder="sem preço"
          value={text}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        <button
          type="button"
          className="button button--small"
          aria-label={`Salvar preço de ${exame.nome}`}
          disabled={setPrice.isPending || offline}
          onClick={save}
        >
          Salvar
        </button>
        {error && <span className="field__error">{error}</span>}
      </td>
    </tr>
  )
}
