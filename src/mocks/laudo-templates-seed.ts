// The demo clinic's laudo templates and stock phrases in the mock's store (issue 36 point 2): the texts of
// demo/laudo-templates.ts on the exams of catalogue-seed.ts, as `npm run seed` loads them.
import type { FrasePronta, ModeloLaudo } from '@contract'
import { DEMO_EXAMES } from '../../demo/catalogue'
import { DEMO_FRASES, demoLaudoTemplate } from '../../demo/laudo-templates'
import { demoExameId } from './catalogue-seed'

const SEEDED_AT = '2026-01-05T12:00:00.000Z'

export function demoLaudoTemplates(): { modelosLaudo: Record<string, ModeloLaudo>; frasesProntas: FrasePronta[] } {
  const modelosLaudo = Object.fromEntries(
    DEMO_EXAMES.map((exame, n) => [
      demoExameId(n),
      { exameId: demoExameId(n), ...demoLaudoTemplate(exame), atualizadoEm: SEEDED_AT },
    ]),
  )
  const frasesProntas = DEMO_FRASES.map((frase, n) => ({
    id: `f0a00000-0000-4000-8000-${String(n + 1).padStart(12, '0')}`,
    ...frase,
  }))
  return { modelosLaudo, frasesProntas }
}
