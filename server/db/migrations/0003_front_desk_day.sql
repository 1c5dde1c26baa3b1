CREATE TABLE "agenda_versoes" (
	"dia" date PRIMARY KEY NOT NULL,
	"versao" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agendamento_status" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agendamento_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"de" text NOT NULL,
	"para" text NOT NULL,
	"motivo" text,
	"texto" text,
	"user_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"desfeito_em" timestamp with time zone,
	CONSTRAINT "agendamento_status_tipo_check" CHECK ("agendamento_status"."tipo" in ('mover', 'desfazer'))
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_check";--> statement-breakpoint
DROP INDEX "agendamentos_medico_datahora_unique";--> statement-breakpoint
ALTER TABLE "agendamentos" ADD COLUMN "status" text DEFAULT 'agendado' NOT NULL;--> statement-breakpoint
ALTER TABLE "agendamentos" ADD COLUMN "chegada" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "medico_id" uuid;--> statement-breakpoint
ALTER TABLE "agendamento_status" ADD CONSTRAINT "agendamento_status_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agendamento_status_agendamento_idx" ON "agendamento_status" USING btree ("agendamento_id","id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_medico_id_medicos_id_fk" FOREIGN KEY ("medico_id") REFERENCES "public"."medicos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agendamentos_medico_datahora_idx" ON "agendamentos" USING btree ("medico_id","datahora");--> statement-breakpoint
CREATE UNIQUE INDEX "agendamentos_medico_datahora_unique" ON "agendamentos" USING btree ("medico_id","datahora") WHERE "agendamentos"."status" not in ('faltou', 'cancelado');--> statement-breakpoint
ALTER TABLE "agendamentos" ADD CONSTRAINT "agendamentos_status_check" CHECK ("agendamentos"."status" in ('agendado', 'confirmado', 'aguardando', 'em_atendimento', 'realizado', 'faltou', 'cancelado'));--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" in ('create', 'update', 'delete', 'reactivate', 'export', 'status', 'status_desfeito', 'login', 'login_failed', 'logout', 'access_denied'));--> statement-breakpoint
-- The day boards' version (POST /agendamento/versaoDia): every statement that inserts, changes or deletes
-- appointments bumps the number of each clinic day it touched (the date of the floating datahora, old and
-- new). Statement-level, so a bulk load bumps each day once; days in date order, so two writers always
-- lock the rows of agenda_versoes in the same order.
CREATE FUNCTION "agenda_versoes_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "agenda_versoes" ("dia", "versao")
      SELECT DISTINCT ("datahora" AT TIME ZONE 'UTC')::date, 1 FROM "novas" ORDER BY 1
      ON CONFLICT ("dia") DO UPDATE SET "versao" = "agenda_versoes"."versao" + 1;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO "agenda_versoes" ("dia", "versao")
      SELECT "dia", 1 FROM (
        SELECT ("datahora" AT TIME ZONE 'UTC')::date AS "dia" FROM "antigas"
        UNION
        SELECT ("datahora" AT TIME ZONE 'UTC')::date FROM "novas"
      ) AS "dias" ORDER BY 1
      ON CONFLICT ("dia") DO UPDATE SET "versao" = "agenda_versoes"."versao" + 1;
  ELSE
    INSERT INTO "agenda_versoes" ("dia", "versao")
      SELECT DISTINCT ("datahora" AT TIME ZONE 'UTC')::date, 1 FROM "antigas" ORDER BY 1
      ON CONFLICT ("dia") DO UPDATE SET "versao" = "agenda_versoes"."versao" + 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "agenda_versoes_on_insert" AFTER INSERT ON "agendamentos"
  REFERENCING NEW TABLE AS "novas" FOR EACH STATEMENT EXECUTE FUNCTION "agenda_versoes_bump"();--> statement-breakpoint
CREATE TRIGGER "agenda_versoes_on_update" AFTER UPDATE ON "agendamentos"
  REFERENCING OLD TABLE AS "antigas" NEW TABLE AS "novas" FOR EACH STATEMENT EXECUTE FUNCTION "agenda_versoes_bump"();--> statement-breakpoint
CREATE TRIGGER "agenda_versoes_on_delete" AFTER DELETE ON "agendamentos"
  REFERENCING OLD TABLE AS "antigas" FOR EACH STATEMENT EXECUTE FUNCTION "agenda_versoes_bump"();
