CREATE TABLE "agenda_nomes" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"mudancas" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "agenda_nomes_one_row" CHECK ("agenda_nomes"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "agenda_nomes" ("id", "mudancas") VALUES (1, 0);--> statement-breakpoint
-- The agenda's answers are kept per process and reused while the versions they were written under hold
-- (server/repositories/agenda-cache.ts): the days' rows of agenda_versoes, and this row for the names the
-- agenda shows beside the appointments. A rename updates it in the renaming transaction.
CREATE FUNCTION "agenda_nomes_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "agenda_nomes" SET "mudancas" = "mudancas" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "agenda_nomes_pacientes" AFTER UPDATE OF "nome" ON "pacientes"
  FOR EACH ROW WHEN (OLD."nome" IS DISTINCT FROM NEW."nome") EXECUTE FUNCTION "agenda_nomes_bump"();--> statement-breakpoint
CREATE TRIGGER "agenda_nomes_medicos" AFTER UPDATE OF "nome" ON "medicos"
  FOR EACH ROW WHEN (OLD."nome" IS DISTINCT FROM NEW."nome") EXECUTE FUNCTION "agenda_nomes_bump"();--> statement-breakpoint
CREATE TRIGGER "agenda_nomes_equipamentos" AFTER UPDATE OF "nome" ON "equipamentos"
  FOR EACH ROW WHEN (OLD."nome" IS DISTINCT FROM NEW."nome") EXECUTE FUNCTION "agenda_nomes_bump"();
