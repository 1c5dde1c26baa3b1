// The day boards' live feed's address and pace, without zod (contract/day-feed.ts has the schema): the board
// reads them, and its chunk never loads zod (scripts/check-size.ts).

/** The live feed of the day boards: GET, text/event-stream, each `data:` a DiaEvento. */
export const DIA_EVENTOS_PATH = '/agendamento/eventos'
/** Between a dropped stream and the next try; the 5-second poll (versaoDia) covers the gap. */
export const DIA_EVENTOS_RETRY_MS = 2_000
