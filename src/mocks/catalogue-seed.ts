// The demo clinic's catalogue in the mock's store (demo mode and the PWA's tests): the exams, convênios and
// prices of demo/catalogue.ts, with fixed ids a test can name.
import { PARTICULAR_ID, PRAZO_LAUDO_DEFAULT, type Convenio, type Exame, type Preco } from '@contract'
import { DEMO_CONVENIOS, DEMO_EXAMES, demoPrice } from '../../demo/catalogue'

const id = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`
export const demoExameId = (n: number) => id('e0a00000', n + 1)
export const demoConvenioId = (n: number) => id('c0a00000', n + 1)

export function demoCatalogue(): { exames: Exame[]; convenios: Convenio[]; precos: Preco[] } {
  const exames = DEMO_EXAMES.map(({ particularIncents: _p, ...exame }, n) => ({
    id: demoExameId(n),
    ...exame,
    ativo: true,
    prazoLaudoDias: PRAZO_LAUDO_DEFAULT,
  }))
  const convenios = DEMO_CONVENIOS.map(({ percent: _p, ...c }, n) => ({ id: demoConvenioId(n), ...c, ativo: true }))
  const precos = DEMO_EXAMES.flatMap((exame, e) => [
    { exameId: demoExameId(e), convenioId: PARTICULAR_ID, valorIncents: exame.particularIncents },
    ...DEMO_CONVENIOS.map((c, n) => ({
      exameId: demoExameId(e),
      convenioId: demoConvenioId(n),
      valorIncents: demoPrice(exame.particularIncents, c.percent),
    })),
  ])
  return { exames, convenios, precos }
}
