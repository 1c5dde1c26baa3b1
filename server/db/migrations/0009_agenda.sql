CREATE TABLE "bloqueios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"equipamento_id" uuid NOT NULL,
	"inicio" timestamp with time zone NOT NULL,
	"fim" timestamp with time zone NOT NULL,
	"motivo" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bloqueios_periodo_check" CHECK ("bloqueios"."fim" > "bloqueios"."inicio")
);
--> statement-breakpoint
CREATE TABLE "equipamentos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"modalidades" text[] NOT NULL,
	"horarios" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "agendamentos_medico_datahora_unique";--> statement-breakpoint
-- Hand-edited (docs/decisions.md "Agenda and equipment"): "fim" is added nullable, filled with the default
-- duration (15 minutes per exam, at least one), then made NOT NULL.
ALTER TABLE "agendamentos" ADD COLUMN "fim" timestamp with time zone;--> statement-breakpoint
UPDATE "agendamentos" SET "fim" = "datahora" + make_interval(mins => 15 * greatest(cardinality("exames"), 1));--> statement-breakpoint
ALTER TABLE "agendamentos" ALTER COLUMN "fim" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "agendamentos" ADD COLUMN "equipamento_id" uuid;--> statement-breakpoint
ALTER TABLE "agendamentos" ADD COLUMN "encaixe" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "agendamentos" ADD COLUMN "sobreposto" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "medicos" ADD COLUMN "horarios" jsonb;--> statement-breakpoint
ALTER TABLE "bloqueios" ADD CONSTRAINT "bloqueios_equipamento_id_equipamentos_id_fk" FOREIGN KEY ("equipamento_id") REFERENCES "public"."equipamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bloqueios_equipamento_idx" ON "bloqueios" USING btree ("equipamento_id","fim");--> statement-breakpoint
CREATE UNIQUE INDEX "equipamentos_nome_unique" ON "equipamentos" USING btree (lower("nome"));--> statement-breakpoint
ALTER TABLE "agendamentos" ADD CONSTRAINT "agendamentos_equipamento_id_equipamentos_id_fk" FOREIGN KEY ("equipamento_id") REFERENCES "public"."equipamentos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agendamentos_equipamento_datahora_idx" ON "agendamentos" USING btree ("equipamento_id","datahora");--> statement-breakpoint
CREATE UNIQUE INDEX "agendamentos_medico_datahora_unique" ON "agendamentos" USING btree ("medico_id","datahora") WHERE "agendamentos"."status" not in ('faltou', 'cancelado') and not "agendamentos"."sobreposto";--> statement-breakpoint
ALTER TABLE "agendamentos" ADD CONSTRAINT "agendamentos_fim_check" CHECK ("agendamentos"."fim" > "agendamentos"."datahora");--> statement-breakpoint
-- Hand-written (docs/decisions.md "Agenda and equipment"): PostgreSQL itself refuses overlapping bookings of
-- one doctor or one machine over [datahora, fim), leaving out cancelled and missed appointments and those an
-- ADMIN explicitly booked over another one ("sobreposto"). btree_gist gives gist the "=" on uuid; it is a
-- trusted extension (the database owner may create it) shipped by the embedded build and Debian's postgresql-15.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
-- Appointments booked before this migration may overlap under the default duration: each one overlapping an
-- earlier live one of its doctor is marked "sobreposto", so that the constraint can be created.
UPDATE "agendamentos" AS "a" SET "sobreposto" = true
  WHERE "a"."status" NOT IN ('faltou', 'cancelado') AND EXISTS (
    SELECT 1 FROM "agendamentos" AS "b"
    WHERE "b"."medico_id" = "a"."medico_id" AND "b"."status" NOT IN ('faltou', 'cancelado')
      AND ("b"."datahora", "b"."id") < ("a"."datahora", "a"."id")
      AND tstzrange("b"."datahora", "b"."fim") && tstzrange("a"."datahora", "a"."fim"));--> statement-breakpoint
ALTER TABLE "agendamentos" ADD CONSTRAINT "agendamentos_medico_sem_sobreposicao"
  EXCLUDE USING gist ("medico_id" WITH =, tstzrange("datahora", "fim") WITH &&)
  WHERE ("status" NOT IN ('faltou', 'cancelado') AND NOT "sobreposto");--> statement-breakpoint
ALTER TABLE "agendamentos" ADD CONSTRAINT "agendamentos_equipamento_sem_sobreposicao"
  EXCLUDE USING gist ("equipamento_id" WITH =, tstzrange("datahora", "fim") WITH &&)
  WHERE ("equipamento_id" IS NOT NULL AND "status" NOT IN ('faltou', 'cancelado') AND NOT "sobreposto");
