-- The laudo's delivery (issue 36 point 7): who took which released version and when — the patient, or a
-- third party with name and CPF. And when each version was opened, so a version's 'Retificado em' is read
-- from the next one (a released row can take no UPDATE: the trigger of 0020 refuses it).
ALTER TABLE "laudo_versoes" ADD COLUMN "criado_em" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE TABLE "laudo_entregas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"laudo_id" uuid NOT NULL,
	"versao" integer NOT NULL,
	"recebedor" text NOT NULL,
	"nome" text DEFAULT '' NOT NULL,
	"cpf" text,
	"entregue_em" timestamp with time zone DEFAULT now() NOT NULL,
	"entregue_por" uuid REFERENCES "users"("id"),
	CONSTRAINT "laudo_entregas_versao_fk" FOREIGN KEY ("laudo_id", "versao") REFERENCES "laudo_versoes"("laudo_id", "versao"),
	CONSTRAINT "laudo_entregas_recebedor_check" CHECK (
		("recebedor" = 'paciente' AND "cpf" IS NULL)
		OR ("recebedor" = 'terceiro' AND "cpf" ~ '^\d{11}$' AND "nome" <> '')
	)
);
--> statement-breakpoint
CREATE INDEX "laudo_entregas_laudo" ON "laudo_entregas" USING btree ("laudo_id","versao");
