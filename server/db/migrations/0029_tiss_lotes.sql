-- issue 37 (docs/tiss.md): the TISS batches and the guias billed in them. A batch keeps its file's bytes, so
-- 'Baixar XML' gives the same file every time; its number is sequential per convênio, and an appointment
-- is billed in one guia only (both unique here, whatever runs at once).
CREATE TABLE "tiss_lotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"convenio_id" uuid NOT NULL REFERENCES "convenios"("id"),
	"numero" integer NOT NULL,
	"competencia" text NOT NULL,
	"situacao" text DEFAULT 'gerado' NOT NULL,
	"xml" bytea NOT NULL,
	"hash" text NOT NULL,
	"gerado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"gerado_por" uuid NOT NULL REFERENCES "users"("id"),
	"enviado_em" date,
	"protocolo" text,
	CONSTRAINT "tiss_lotes_numero_check" CHECK ("numero" > 0),
	CONSTRAINT "tiss_lotes_competencia_check" CHECK ("competencia" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "tiss_lotes_situacao_check" CHECK ("situacao" in ('gerado', 'enviado')),
	CONSTRAINT "tiss_lotes_envio_check" CHECK (("situacao" = 'enviado') = ("enviado_em" is not null and "protocolo" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tiss_lotes_convenio_numero_unique" ON "tiss_lotes" USING btree ("convenio_id","numero");
--> statement-breakpoint
CREATE TABLE "tiss_lote_guias" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lote_id" uuid NOT NULL REFERENCES "tiss_lotes"("id") ON DELETE CASCADE,
	"convenio_id" uuid NOT NULL REFERENCES "convenios"("id"),
	"agendamento_id" uuid NOT NULL REFERENCES "agendamentos"("id"),
	"numero_guia" text NOT NULL,
	"paciente" text NOT NULL,
	"valor_in_cents" integer NOT NULL,
	"situacao" text DEFAULT 'aguardando' NOT NULL,
	"valor_pago_in_cents" integer,
	"glosa_codigo" text,
	"glosa_motivo" text,
	"recurso_texto" text,
	"recurso_data" date,
	CONSTRAINT "tiss_lote_guias_situacao_check" CHECK ("situacao" in ('aguardando', 'pago', 'glosado', 'recurso')),
	CONSTRAINT "tiss_lote_guias_glosa_check" CHECK ("situacao" not in ('glosado', 'recurso') or "glosa_codigo" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "tiss_lote_guias_agendamento_unique" ON "tiss_lote_guias" USING btree ("agendamento_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "tiss_lote_guias_convenio_numero_unique" ON "tiss_lote_guias" USING btree ("convenio_id","numero_guia");
--> statement-breakpoint
CREATE INDEX "tiss_lote_guias_lote_idx" ON "tiss_lote_guias" USING btree ("lote_id");
