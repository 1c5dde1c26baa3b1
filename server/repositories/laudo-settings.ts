// The clinic's settings of the laudo (issue 36): columns of the one row of clinica_configuracoes, read and
// saved apart from the printouts' settings so that neither call carries the other's fields.
import { eq } from 'drizzle-orm'
import {
  DEFAULT_CONFIGURACOES,
  DEFAULT_CONFIGURACOES_LAUDO,
  type ConfiguracoesLaudo,
  type SalvarConfiguracoesLaudoRequest,
} from '@contract'
import type { z } from 'zod'
import { clinicaConfiguracoes } from '../db/schema'
import type { Executor } from './executor'

const selection = {
  rtNome: clinicaConfiguracoes.rtNome,
  rtCrm: clinicaConfiguracoes.rtCrm,
  rtCrmUf: clinicaConfiguracoes.rtCrmUf,
  cnes: clinicaConfiguracoes.cnes,
  pacsUrl: clinicaConfiguracoes.pacsUrl,
  assinaturaManual: clinicaConfiguracoes.assinaturaManual,
}

export async function getLaudoSettings(db: Executor): Promise<ConfiguracoesLaudo> {
  const [row] = await db.select(selection).from(clinicaConfiguracoes).where(eq(clinicaConfiguracoes.id, 1))
  return row ?? { ...DEFAULT_CONFIGURACOES_LAUDO }
}

/** Saves them; before the first save of the clinic's settings, beside those settings' defaults. */
export async function saveLaudoSettings(
  db: Executor,
  input: z.output<typeof SalvarConfiguracoesLaudoRequest>,
  userId: string,
): Promise<ConfiguracoesLaudo> {
  const { horarios: _defaultHours, ...defaults } = DEFAULT_CONFIGURACOES
  const values = { ...input, updatedBy: userId, updatedAt: new Date() }
  await db
    .insert(clinicaConfiguracoes)
    .values({ id: 1, ...defaults, ...values })
    .onConflictDoUpdate({ target: clinicaConfiguracoes.id, set: values })
  return getLaudoSettings(db)
}
