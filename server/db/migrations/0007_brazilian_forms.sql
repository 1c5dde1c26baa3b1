ALTER TABLE "medicos" ADD COLUMN "tratamento" text DEFAULT 'Dr.' NOT NULL;--> statement-breakpoint
ALTER TABLE "medicos" ADD COLUMN "crm" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "medicos" ADD COLUMN "crm_uf" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "medicos" ADD COLUMN "especialidade" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pacientes" ADD COLUMN "cep" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pacientes" ADD COLUMN "complemento" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "pacientes" ADD COLUMN "nomesocial" text DEFAULT '' NOT NULL;