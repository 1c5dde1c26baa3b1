-- Each appointment carries its agenda item (the contract's AgendaItem, names included) as JSON text, written
-- here whenever what it shows changes: a day's agenda is then its items joined in order, instead of 280
-- records and their three names written at every read (server/repositories/agenda-cache.ts; docs/decisions.md,
-- "Performance"). A rename writes the renamed one's items again, and agenda_versoes' statement triggers
-- (migration 0003) bump their days, so the kept answers no longer need a names row: agenda_nomes goes.
DROP TRIGGER "agenda_nomes_pacientes" ON "pacientes";--> statement-breakpoint
DROP TRIGGER "agenda_nomes_medicos" ON "medicos";--> statement-breakpoint
DROP TRIGGER "agenda_nomes_equipamentos" ON "equipamentos";--> statement-breakpoint
DROP FUNCTION "agenda_nomes_bump"();--> statement-breakpoint
DROP TABLE "agenda_nomes" CASCADE;--> statement-breakpoint
ALTER TABLE "agendamentos" ADD COLUMN "agenda_item" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The keys and their order are the contract's AgendaItem (contract/agenda.ts); instants as toISOString()
-- writes them. tests/server/agenda-item.test.ts compares every item with the appointment as the API reads it.
CREATE FUNCTION "agenda_item_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."agenda_item" := (SELECT row_to_json(i)::text FROM (SELECT
    NEW."id" AS "id",
    to_char(NEW."datahora" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "datahora",
    to_char(NEW."fim" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "fim",
    (SELECT p FROM (SELECT NEW."paciente_id" AS "id",
      (SELECT "nome" FROM "pacientes" WHERE "id" = NEW."paciente_id") AS "nome") p) AS "paciente",
    (SELECT d FROM (SELECT NEW."medico_id" AS "id",
      (SELECT "nome" FROM "medicos" WHERE "id" = NEW."medico_id") AS "nome") d) AS "doutor",
    CASE WHEN NEW."equipamento_id" IS NOT NULL THEN (SELECT e FROM (SELECT NEW."equipamento_id" AS "id",
      coalesce((SELECT "nome" FROM "equipamentos" WHERE "id" = NEW."equipamento_id"), '') AS "nome") e) END
      AS "equipamento",
    NEW."exames" AS "exames",
    NEW."status" AS "status",
    NEW."encaixe" AS "encaixe") i);
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- On an update, only when a column the item shows is set (an update setting agenda_item itself, as a rename
-- does below, writes it again from the row: nothing else ever writes it).
CREATE TRIGGER "agenda_item_write" BEFORE INSERT OR UPDATE OF "id", "datahora", "fim", "paciente_id", "medico_id",
  "equipamento_id", "exames", "status", "encaixe", "agenda_item" ON "agendamentos"
  FOR EACH ROW EXECUTE FUNCTION "agenda_item_write"();--> statement-breakpoint
-- A rename writes the items of the renamed one's appointments again, in the renaming transaction. A doctor's
-- or a machine's may be thousands of rows: a rare ADMIN action, paid once instead of at every read.
CREATE FUNCTION "agenda_item_rename"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'pacientes' THEN
    UPDATE "agendamentos" SET "agenda_item" = '' WHERE "paciente_id" = NEW."id";
  ELSIF TG_TABLE_NAME = 'medicos' THEN
    UPDATE "agendamentos" SET "agenda_item" = '' WHERE "medico_id" = NEW."id";
  ELSE
    UPDATE "agendamentos" SET "agenda_item" = '' WHERE "equipamento_id" = NEW."id";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "agenda_item_pacientes" AFTER UPDATE OF "nome" ON "pacientes"
  FOR EACH ROW WHEN (OLD."nome" IS DISTINCT FROM NEW."nome") EXECUTE FUNCTION "agenda_item_rename"();--> statement-breakpoint
CREATE TRIGGER "agenda_item_medicos" AFTER UPDATE OF "nome" ON "medicos"
  FOR EACH ROW WHEN (OLD."nome" IS DISTINCT FROM NEW."nome") EXECUTE FUNCTION "agenda_item_rename"();--> statement-breakpoint
CREATE TRIGGER "agenda_item_equipamentos" AFTER UPDATE OF "nome" ON "equipamentos"
  FOR EACH ROW WHEN (OLD."nome" IS DISTINCT FROM NEW."nome") EXECUTE FUNCTION "agenda_item_rename"();--> statement-breakpoint
-- The existing appointments' items (this rewrites the table once; their days' versions move with it).
UPDATE "agendamentos" SET "agenda_item" = '';
