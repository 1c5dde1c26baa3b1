-- The laudo (issue 36): the doctor's data a laudo prints, the clinic's settings it needs, a template per
-- catalogue exam, stock phrases per modality, and the laudo with its versions. A released version
-- (liberado_em set) is immutable: the trigger below refuses any UPDATE or DELETE of it, whoever asks.
ALTER TABLE "medicos" ADD COLUMN "rqe" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clinica_configuracoes" ADD COLUMN "rt_nome" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clinica_configuracoes" ADD COLUMN "rt_crm" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clinica_configuracoes" ADD COLUMN "rt_crm_uf" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clinica_configuracoes" ADD COLUMN "cnes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clinica_configuracoes" ADD COLUMN "pacs_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "clinica_configuracoes" ADD COLUMN "assinatura_manual" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exames" ADD COLUMN "prazo_laudo_dias" smallint DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "exames" ADD CONSTRAINT "exames_prazo_laudo_check" CHECK ("exames"."prazo_laudo_dias" between 0 and 60);--> statement-breakpoint
CREATE TABLE "modelos_laudo" (
	"exame_id" uuid PRIMARY KEY NOT NULL REFERENCES "exames"("id") ON DELETE CASCADE,
	"tecnica" text DEFAULT '' NOT NULL,
	"relatorio" text DEFAULT '' NOT NULL,
	"impressao" text DEFAULT '' NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "frases_prontas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"modalidade" text NOT NULL,
	"codigo" text NOT NULL,
	"texto" text NOT NULL,
	CONSTRAINT "frases_prontas_codigo_check" CHECK ("frases_prontas"."codigo" ~ '^[a-z0-9]{1,12}$'),
	CONSTRAINT "frases_prontas_modalidade_check" CHECK ("frases_prontas"."modalidade" in ('RX', 'US', 'TC', 'RM', 'MMG', 'DO', 'Outros'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "frases_prontas_codigo_unique" ON "frases_prontas" USING btree ("modalidade","codigo");--> statement-breakpoint
-- One laudo per appointment exam. No cascade from the appointment: a laudo is a medical record.
CREATE TABLE "laudos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agendamento_id" uuid NOT NULL REFERENCES "agendamentos"("id"),
	"exame_id" uuid NOT NULL REFERENCES "exames"("id"),
	"medico_id" uuid REFERENCES "medicos"("id"),
	"estado" text DEFAULT 'Pendente' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "laudos_estado_check" CHECK ("laudos"."estado" in ('Pendente', 'Em edição', 'Liberado', 'Entregue'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "laudos_agendamento_exame_unique" ON "laudos" USING btree ("agendamento_id","exame_id");--> statement-breakpoint
CREATE TABLE "laudo_versoes" (
	"laudo_id" uuid NOT NULL REFERENCES "laudos"("id"),
	"versao" integer NOT NULL,
	"tecnica" text DEFAULT '' NOT NULL,
	"relatorio" text DEFAULT '' NOT NULL,
	"impressao" text DEFAULT '' NOT NULL,
	"birads" smallint,
	"revisao" integer DEFAULT 0 NOT NULL,
	"salvo_por" uuid REFERENCES "users"("id"),
	"salvo_em" timestamp with time zone DEFAULT now() NOT NULL,
	"liberado_em" timestamp with time zone,
	"pdf" bytea,
	"sha256" text,
	"motivo_retificacao" text,
	"codigo_verificacao" text,
	CONSTRAINT "laudo_versoes_pkey" PRIMARY KEY("laudo_id","versao"),
	CONSTRAINT "laudo_versoes_birads_check" CHECK ("laudo_versoes"."birads" between 0 and 6)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "laudo_versoes_codigo_unique" ON "laudo_versoes" USING btree ("codigo_verificacao");--> statement-breakpoint
-- A released version is what was signed and handed over: no change, no removal (the application connects as
-- the database owner, so privileges alone would not stop it). A retification is a new version.
CREATE FUNCTION "laudo_versoes_liberada_imutavel"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."liberado_em" IS NOT NULL THEN
    RAISE EXCEPTION 'laudo liberado é imutável: % não é permitido', TG_OP
      USING ERRCODE = 'insufficient_privilege', HINT = 'Para corrigir um laudo liberado, crie uma retificação.';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "laudo_versoes_liberada_imutavel" BEFORE UPDATE OR DELETE ON "laudo_versoes"
  FOR EACH ROW EXECUTE FUNCTION "laudo_versoes_liberada_imutavel"();
