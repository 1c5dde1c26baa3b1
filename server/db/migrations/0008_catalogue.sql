CREATE TABLE "agendamento_catalogo" (
	"agendamento_id" uuid PRIMARY KEY NOT NULL,
	"convenio_id" uuid,
	"carteirinha" text DEFAULT '' NOT NULL,
	"guia" text DEFAULT '' NOT NULL,
	"senha_autorizacao" text DEFAULT '' NOT NULL,
	"tabela_in_cents" integer
);
--> statement-breakpoint
CREATE TABLE "agendamento_exames" (
	"agendamento_id" uuid NOT NULL,
	"posicao" smallint NOT NULL,
	"exame_id" uuid NOT NULL,
	"nome" text NOT NULL,
	"valor_in_cents" integer,
	"duracao" integer NOT NULL,
	"preparo" text NOT NULL,
	CONSTRAINT "agendamento_exames_pkey" PRIMARY KEY("agendamento_id","posicao")
);
--> statement-breakpoint
CREATE TABLE "agendamento_valores" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agendamento_id" uuid NOT NULL,
	"tabela_in_cents" integer NOT NULL,
	"valor_in_cents" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "convenios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"ans" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "convenios_ans_check" CHECK ("convenios"."ans" ~ '^[0-9]{6}$')
);
--> statement-breakpoint
CREATE TABLE "exames" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"modalidade" text NOT NULL,
	"duracao" integer NOT NULL,
	"preparo" text DEFAULT '' NOT NULL,
	"tuss" text,
	"ativo" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exames_modalidade_check" CHECK ("exames"."modalidade" in ('RX', 'US', 'TC', 'RM', 'MMG', 'DO', 'Outros')),
	CONSTRAINT "exames_duracao_check" CHECK ("exames"."duracao" between 5 and 480),
	CONSTRAINT "exames_tuss_check" CHECK ("exames"."tuss" ~ '^[0-9]{8}$'),
	CONSTRAINT "exames_preparo_check" CHECK (char_length("exames"."preparo") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "pagamentos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agendamento_id" uuid NOT NULL,
	"forma" text NOT NULL,
	"valor_in_cents" integer NOT NULL,
	"data" date NOT NULL,
	"user_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pagamentos_valor_check" CHECK ("pagamentos"."valor_in_cents" > 0),
	CONSTRAINT "pagamentos_forma_check" CHECK ("pagamentos"."forma" in ('dinheiro', 'debito', 'credito', 'pix', 'convenio'))
);
--> statement-breakpoint
CREATE TABLE "precos" (
	"exame_id" uuid NOT NULL,
	"convenio_id" uuid NOT NULL,
	"valor_in_cents" integer NOT NULL,
	CONSTRAINT "precos_pkey" PRIMARY KEY("exame_id","convenio_id"),
	CONSTRAINT "precos_valor_check" CHECK ("precos"."valor_in_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "agendamento_catalogo" ADD CONSTRAINT "agendamento_catalogo_agendamento_id_agendamentos_id_fk" FOREIGN KEY ("agendamento_id") REFERENCES "public"."agendamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agendamento_catalogo" ADD CONSTRAINT "agendamento_catalogo_convenio_id_convenios_id_fk" FOREIGN KEY ("convenio_id") REFERENCES "public"."convenios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agendamento_exames" ADD CONSTRAINT "agendamento_exames_agendamento_id_agendamentos_id_fk" FOREIGN KEY ("agendamento_id") REFERENCES "public"."agendamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agendamento_exames" ADD CONSTRAINT "agendamento_exames_exame_id_exames_id_fk" FOREIGN KEY ("exame_id") REFERENCES "public"."exames"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agendamento_valores" ADD CONSTRAINT "agendamento_valores_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pagamentos" ADD CONSTRAINT "pagamentos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "precos" ADD CONSTRAINT "precos_exame_id_exames_id_fk" FOREIGN KEY ("exame_id") REFERENCES "public"."exames"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "precos" ADD CONSTRAINT "precos_convenio_id_convenios_id_fk" FOREIGN KEY ("convenio_id") REFERENCES "public"."convenios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agendamento_exames_exame_idx" ON "agendamento_exames" USING btree ("exame_id");--> statement-breakpoint
CREATE INDEX "agendamento_valores_agendamento_idx" ON "agendamento_valores" USING btree ("agendamento_id","id");--> statement-breakpoint
CREATE INDEX "pagamentos_agendamento_idx" ON "pagamentos" USING btree ("agendamento_id","at");--> statement-breakpoint
CREATE INDEX "precos_convenio_idx" ON "precos" USING btree ("convenio_id");--> statement-breakpoint
-- ---- hand-written (docs/decisions.md, "Exam catalogue") ----
-- Exam and convênio names are unique whatever their case and accents ('Ultrassom' = 'ULTRASSOM' =
-- 'ultrassóm'). unaccent() is only STABLE (its dictionary could change), so an index needs an IMMUTABLE
-- wrapper that names the dictionary itself; the extension ships with the embedded PostgreSQL and with
-- Debian's postgresql-15.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE FUNCTION "clinica_nome_chave"(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, btrim($1))) $$;--> statement-breakpoint
CREATE UNIQUE INDEX "exames_nome_unique" ON "exames" ("clinica_nome_chave"("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "convenios_nome_unique" ON "convenios" ("clinica_nome_chave"("nome"));--> statement-breakpoint
-- 'Particular' always exists, with a fixed id (contract/catalogue.ts PARTICULAR_ID).
INSERT INTO "convenios" ("id", "nome", "ans", "ativo")
  VALUES ('00000000-0000-4000-8000-000000000001', 'Particular', NULL, true);
