CREATE TABLE "clinica_configuracoes" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"nome" text NOT NULL,
	"endereco" text NOT NULL,
	"telefone" text NOT NULL,
	"cnpj" text NOT NULL,
	"logo" text,
	"modelo_mensagem" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinica_configuracoes_one_row" CHECK ("clinica_configuracoes"."id" = 1),
	CONSTRAINT "clinica_configuracoes_logo_size" CHECK ("clinica_configuracoes"."logo" is null or length("clinica_configuracoes"."logo") <= 70000)
);
--> statement-breakpoint
CREATE TABLE "whatsapp_aberturas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agendamento_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pacientes" ADD COLUMN "aceita_mensagens" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "clinica_configuracoes" ADD CONSTRAINT "clinica_configuracoes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_aberturas" ADD CONSTRAINT "whatsapp_aberturas_agendamento_id_agendamentos_id_fk" FOREIGN KEY ("agendamento_id") REFERENCES "public"."agendamentos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_aberturas" ADD CONSTRAINT "whatsapp_aberturas_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_aberturas_agendamento_idx" ON "whatsapp_aberturas" USING btree ("agendamento_id","at");