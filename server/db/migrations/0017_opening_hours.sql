-- Issue 34 (docs/decisions.md "Opening hours"): the clinic's opening hours per weekday, in its settings row.
-- NULL: never saved; the app reads DEFAULT_CLINIC_HOURS (contract/opening-hours.ts). Machines' and doctors'
-- hours are read inside them.
ALTER TABLE "clinica_configuracoes" ADD COLUMN "horarios" jsonb;--> statement-breakpoint
ALTER TABLE "clinica_configuracoes" ADD CONSTRAINT "clinica_configuracoes_horarios_array"
  CHECK ("horarios" IS NULL OR jsonb_typeof("horarios") = 'array');
