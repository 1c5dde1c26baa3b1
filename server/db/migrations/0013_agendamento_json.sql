-- Each appointment also carries itself as the specification's lists answer it (the contract's Agendamento,
-- names included, its optional fields left out as plainToAgendamento leaves them out), written by the same
-- trigger as its agenda item (migration 0012): a day's list, the board and a doctor's page are their rows'
-- texts joined, not 280 rows parsed, built and serialized by Node at each read (docs/decisions.md,
-- "Performance"; server/repositories/agendamentos.ts, listJson).
ALTER TABLE "agendamentos" ADD COLUMN "agendamento_json" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The keys and their order are the contract's Agendamento (contract/entities.ts); instants as toISOString()
-- writes them; `fim` left out while it is the default duration (contract/agenda.ts defaultDurationMinutes,
-- minutes rounded as minutesBetween rounds them). tests/server/agendamento-json.test.ts compares every row's
-- text with the appointment as findById reads it.
CREATE OR REPLACE FUNCTION "agenda_item_write"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  -- what both texts show, written once: the instants, and the three named records
  datahora_text text := to_char(NEW."datahora" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  fim_text text := to_char(NEW."fim" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');
  paciente_json json := (SELECT row_to_json(p) FROM (SELECT NEW."paciente_id" AS "id",
    (SELECT "nome" FROM "pacientes" WHERE "id" = NEW."paciente_id") AS "nome") p);
  doutor_json json := (SELECT row_to_json(d) FROM (SELECT NEW."medico_id" AS "id",
    (SELECT "nome" FROM "medicos" WHERE "id" = NEW."medico_id") AS "nome") d);
  equipamento_json json := CASE WHEN NEW."equipamento_id" IS NOT NULL THEN (SELECT row_to_json(e) FROM (SELECT
    NEW."equipamento_id" AS "id",
    coalesce((SELECT "nome" FROM "equipamentos" WHERE "id" = NEW."equipamento_id"), '') AS "nome") e) END;
BEGIN
  NEW."agenda_item" := (SELECT row_to_json(i)::text FROM (SELECT
    NEW."id" AS "id",
    datahora_text AS "datahora",
    fim_text AS "fim",
    paciente_json AS "paciente",
    doutor_json AS "doutor",
    equipamento_json AS "equipamento",
    NEW."exames" AS "exames",
    NEW."status" AS "status",
    NEW."encaixe" AS "encaixe") i);
  -- NULL where the answer leaves a field out: json_strip_nulls drops those keys (no other field is ever NULL)
  NEW."agendamento_json" := (SELECT json_strip_nulls(row_to_json(a))::text FROM (SELECT
    NEW."id" AS "id",
    datahora_text AS "datahora",
    NEW."anotacao" AS "anotacao",
    NEW."convenio" AS "convenio",
    NEW."valor_in_cents" AS "valorIncents",
    NEW."esta_pago" AS "estapago",
    NEW."user_id" AS "userId",
    NEW."paciente_id" AS "pacienteId",
    NEW."medico_id" AS "medicoId",
    paciente_json AS "paciente",
    doutor_json AS "doutor",
    NEW."exames" AS "exames",
    NEW."versao" AS "versao",
    NULLIF(NEW."status", 'agendado') AS "status",
    to_char(NEW."chegada" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "chegada",
    CASE WHEN round(extract(epoch FROM date_trunc('milliseconds', NEW."fim") - date_trunc('milliseconds', NEW."datahora"))
        / 60) = 15 * greatest(1, cardinality(NEW."exames")) THEN NULL ELSE fim_text END AS "fim",
    equipamento_json AS "equipamento",
    CASE WHEN NEW."encaixe" THEN true END AS "encaixe") a);
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- Nearly every column is in one of the two texts now: both are written again at every update.
DROP TRIGGER "agenda_item_write" ON "agendamentos";--> statement-breakpoint
CREATE TRIGGER "agenda_item_write" BEFORE INSERT OR UPDATE ON "agendamentos"
  FOR EACH ROW EXECUTE FUNCTION "agenda_item_write"();--> statement-breakpoint
-- The existing appointments' texts (this rewrites the table once; their days' versions move with it).
UPDATE "agendamentos" SET "agenda_item" = '';
