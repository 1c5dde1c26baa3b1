-- issue 38 (docs/decisions.md, "The waiting room"): each call of a waiting patient to a room, the TV
-- panels paired to show them, the legal priority declared at arrival and how a panel names the patient.
-- A call is kept when its appointment is deleted, like the appointment's status moves (its history).
CREATE TABLE "chamadas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agendamento_id" uuid NOT NULL,
	"sala" text NOT NULL,
	"chamado_por" uuid NOT NULL REFERENCES "users"("id"),
	"chamado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chamadas_sala_check" CHECK (char_length(btrim("sala")) between 1 and 60)
);
--> statement-breakpoint
CREATE INDEX "chamadas_agendamento_idx" ON "chamadas" USING btree ("agendamento_id","chamado_em");
--> statement-breakpoint
CREATE INDEX "chamadas_chamado_em_idx" ON "chamadas" USING btree ("chamado_em","id");
--> statement-breakpoint
-- a TV panel: paired with a one-time code (kept hashed, with its expiry), then read with a device
-- credential (kept hashed); revoked for good by ADMIN
CREATE TABLE "paineis" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"codigo_pareamento_hash" text,
	"codigo_expira_em" timestamp with time zone,
	"credencial_hash" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"revogado_em" timestamp with time zone,
	"ultimo_acesso" timestamp with time zone,
	CONSTRAINT "paineis_nome_check" CHECK (char_length(btrim("nome")) between 1 and 60),
	CONSTRAINT "paineis_codigo_check" CHECK (("codigo_pareamento_hash" is null) = ("codigo_expira_em" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "paineis_codigo_unique" ON "paineis" USING btree ("codigo_pareamento_hash") WHERE "codigo_pareamento_hash" is not null;
--> statement-breakpoint
CREATE UNIQUE INDEX "paineis_credencial_unique" ON "paineis" USING btree ("credencial_hash") WHERE "credencial_hash" is not null;
--> statement-breakpoint
-- the priority declared at arrival; pessoa idosa (60+, 80+) is computed from the birth date, never stored
ALTER TABLE "agendamentos" ADD COLUMN "prioridade" text;
--> statement-breakpoint
ALTER TABLE "agendamentos" ADD CONSTRAINT "agendamentos_prioridade_check" CHECK ("prioridade" is null or "prioridade" in ('gestante', 'lactante', 'crianca_de_colo', 'deficiencia', 'obeso'));
--> statement-breakpoint
-- how a panel names the called patient: first name and surname initial (default), or the arrival order
ALTER TABLE "clinica_configuracoes" ADD COLUMN "painel_exibicao" text DEFAULT 'nome_inicial' NOT NULL;
--> statement-breakpoint
ALTER TABLE "clinica_configuracoes" ADD CONSTRAINT "clinica_configuracoes_painel_exibicao_check" CHECK ("painel_exibicao" in ('nome_inicial', 'senha', 'nome_completo'));
