CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "agendamentos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"datahora" timestamp with time zone NOT NULL,
	"anotacao" text DEFAULT '' NOT NULL,
	"convenio" text DEFAULT '' NOT NULL,
	"valor_in_cents" integer NOT NULL,
	"esta_pago" boolean DEFAULT false NOT NULL,
	"exames" text[] NOT NULL,
	"user_id" uuid NOT NULL,
	"paciente_id" uuid NOT NULL,
	"medico_id" uuid NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agendamentos_valor_check" CHECK ("agendamentos"."valor_in_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"ip" text NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "medicos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pacientes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"nome_busca" text NOT NULL,
	"cpf" text NOT NULL,
	"rg" text NOT NULL,
	"datanascimento" timestamp with time zone NOT NULL,
	"estadocivil" text NOT NULL,
	"sexo" text NOT NULL,
	"cor" text NOT NULL,
	"naturalidade" text NOT NULL,
	"profissao" text NOT NULL,
	"email" text NOT NULL,
	"telefone" bigint NOT NULL,
	"endereco" text NOT NULL,
	"numeroendereco" integer NOT NULL,
	"bairro" text NOT NULL,
	"cidade" text NOT NULL,
	"estado" text NOT NULL,
	"user_id" uuid NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"versao" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nome" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text DEFAULT 'USER' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('ADMIN', 'USER'))
);
--> statement-breakpoint
ALTER TABLE "agendamentos" ADD CONSTRAINT "agendamentos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agendamentos" ADD CONSTRAINT "agendamentos_paciente_id_pacientes_id_fk" FOREIGN KEY ("paciente_id") REFERENCES "public"."pacientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agendamentos" ADD CONSTRAINT "agendamentos_medico_id_medicos_id_fk" FOREIGN KEY ("medico_id") REFERENCES "public"."medicos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacientes" ADD CONSTRAINT "pacientes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agendamentos_medico_datahora_unique" ON "agendamentos" USING btree ("medico_id","datahora");--> statement-breakpoint
CREATE INDEX "agendamentos_datahora_idx" ON "agendamentos" USING btree ("datahora","id");--> statement-breakpoint
CREATE INDEX "agendamentos_paciente_idx" ON "agendamentos" USING btree ("paciente_id","datahora");--> statement-breakpoint
CREATE INDEX "login_attempts_lookup_idx" ON "login_attempts" USING btree ("email","ip","attempted_at");--> statement-breakpoint
CREATE INDEX "medicos_nome_idx" ON "medicos" USING btree ("nome");--> statement-breakpoint
CREATE UNIQUE INDEX "pacientes_cpf_unique" ON "pacientes" USING btree ("cpf");--> statement-breakpoint
CREATE UNIQUE INDEX "pacientes_rg_unique" ON "pacientes" USING btree ("rg");--> statement-breakpoint
CREATE INDEX "pacientes_ativo_nome_idx" ON "pacientes" USING btree ("ativo","nome","id");--> statement-breakpoint
CREATE INDEX "pacientes_nome_busca_trgm_idx" ON "pacientes" USING gin ("nome_busca" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));