-- issue 37 points 1–3 (docs/decisions.md, "TISS data"): a convênio's TISS settings and the exams it
-- authorises beforehand, each patient's cards, the reusable list of requesting doctors, each convênio
-- appointment's guia, and the counter that numbers our guias per convênio (updated in the guia's own
-- transaction; the unique index is the last word if two saves ever raced past it).
CREATE TABLE "convenio_tiss" (
	"convenio_id" uuid PRIMARY KEY NOT NULL REFERENCES "convenios"("id") ON DELETE cascade,
	"codigo_prestador" text DEFAULT '' NOT NULL,
	"versao_tiss" text DEFAULT '04.03.00' NOT NULL,
	"guias_por_lote" smallint DEFAULT 100 NOT NULL,
	CONSTRAINT "convenio_tiss_codigo_check" CHECK ("codigo_prestador" ~ '^[0-9A-Za-z]{0,14}$'),
	CONSTRAINT "convenio_tiss_versao_check" CHECK ("versao_tiss" in ('04.03.00')),
	CONSTRAINT "convenio_tiss_guias_check" CHECK ("guias_por_lote" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "convenio_exame_autorizacao" (
	"convenio_id" uuid NOT NULL REFERENCES "convenios"("id") ON DELETE cascade,
	"exame_id" uuid NOT NULL REFERENCES "exames"("id") ON DELETE cascade,
	CONSTRAINT "convenio_exame_autorizacao_pkey" PRIMARY KEY("convenio_id","exame_id")
);
--> statement-breakpoint
CREATE TABLE "carteirinhas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"paciente_id" uuid NOT NULL REFERENCES "pacientes"("id") ON DELETE cascade,
	"convenio_id" uuid NOT NULL REFERENCES "convenios"("id") ON DELETE cascade,
	"numero" text NOT NULL,
	"plano" text DEFAULT '' NOT NULL,
	"validade" date,
	CONSTRAINT "carteirinhas_numero_check" CHECK (char_length(btrim("numero")) between 1 and 30)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "carteirinhas_paciente_convenio_unique" ON "carteirinhas" USING btree ("paciente_id","convenio_id");
--> statement-breakpoint
CREATE INDEX "carteirinhas_convenio_idx" ON "carteirinhas" USING btree ("convenio_id");
--> statement-breakpoint
CREATE TABLE "medicos_solicitantes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"conselho" text NOT NULL,
	"numero" text NOT NULL,
	"uf" text NOT NULL,
	"cbo" text NOT NULL,
	CONSTRAINT "medicos_solicitantes_cbo_check" CHECK ("cbo" ~ '^[0-9]{6}$'),
	CONSTRAINT "medicos_solicitantes_numero_check" CHECK ("numero" ~ '^[0-9]{1,15}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "medicos_solicitantes_registro_unique" ON "medicos_solicitantes" USING btree ("conselho","numero","uf");
--> statement-breakpoint
CREATE TABLE "tiss_guia_contador" (
	"convenio_id" uuid PRIMARY KEY NOT NULL REFERENCES "convenios"("id") ON DELETE cascade,
	"ultimo" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tiss_guias" (
	"agendamento_id" uuid PRIMARY KEY NOT NULL REFERENCES "agendamentos"("id") ON DELETE cascade,
	"convenio_id" uuid NOT NULL REFERENCES "convenios"("id"),
	"numero_guia_prestador" integer NOT NULL,
	"data_autorizacao" date,
	"validade_senha" date,
	"solicitante_id" uuid REFERENCES "medicos_solicitantes"("id"),
	"carater" text DEFAULT '1' NOT NULL,
	"indicacao_clinica" text DEFAULT '' NOT NULL,
	CONSTRAINT "tiss_guias_carater_check" CHECK ("carater" in ('1', '2')),
	CONSTRAINT "tiss_guias_numero_check" CHECK ("numero_guia_prestador" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tiss_guias_convenio_numero_unique" ON "tiss_guias" USING btree ("convenio_id","numero_guia_prestador");
--> statement-breakpoint
CREATE INDEX "tiss_guias_solicitante_idx" ON "tiss_guias" USING btree ("solicitante_id");
