// The demo clinic's opening hours (docs/decisions.md "Opening hours"): the clinic open Monday to Friday
// 07:00–19:00 and Saturday 07:00–12:00, each seeded machine inside them (those run by an operator with a
// lunch break). Without them free times and the agenda fell back to a clinic without hours.
import { and, eq, isNull, sql } from 'drizzle-orm'
import { DEFAULT_CONFIGURACOES, type Horario } from '@contract'
import { clinicaConfiguracoes, equipamentos } from '../db/schema'
import type { Executor } from '../repositories/executor'

const WEEKDAYS = [1, 2, 3, 4, 5]
const period = (dias: number[], inicio: string, fim: string): Horario[] => dias.map((dia) => ({ dia, inicio, fim }))

export const DEMO_CLINIC_HOURS: Horario[] = [...period(WEEKDAYS, '07:00', '19:00'), ...period([6], '07:00', '12:00')]

const straight: Horario[] = DEMO_CLINIC_HOURS
const withBreak: Horario[] = [
  ...period(WEEKDAYS, '07:00', '12:00'),
  ...period(WEEKDAYS, '13:00', '19:00'),
  ...period([6], '07:00', '12:00'),
]

/** Each demo machine's hours by AE title (demo-data.ts DEMO_EQUIPAMENTOS). */
export const DEMO_MACHINE_HOURS: Record<string, Horario[]> = {
  RX1: straight,
  US1: withBreak,
  TC1: straight,
  RM1: [...period(WEEKDAYS, '08:00', '18:00'), ...period([6], '08:00', '12:00')],
  MMG1: [...period(WEEKDAYS, '08:00', '12:00'), ...period(WEEKDAYS, '13:00', '17:00')],
}

/** Gives the clinic and the demo machines their hours, leaving any ADMIN already kept as they are. */
export async function seedDemoHours(tx: Executor): Promise<void> {
  const { horarios: _defaults, ...settings } = DEFAULT_CONFIGURACOES
  await tx
    .insert(clinicaConfiguracoes)
    .values({ id: 1, ...settings, horarios: DEMO_CLINIC_HOURS })
    .onConflictDoUpdate({
      target: clinicaConfiguracoes.id,
      set: { horarios: DEMO_CLINIC_HOURS },
      setWhere: isNull(clinicaConfiguracoes.horarios),
    })
  for (const [aeTitle, horarios] of Object.entries(DEMO_MACHINE_HOURS))
    await tx
      .update(equipamentos)
      .set({ horarios })
      .where(and(eq(equipamentos.aeTitle, aeTitle), sql`jsonb_array_length(${equipamentos.horarios}) = 0`))
}
