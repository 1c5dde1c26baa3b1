-- The laudo at the front desk (issue 36 point 7): the 'protocolo de retirada' given once per appointment at
-- the arrival (its number unique, from a sequence: never reused, a rolled-back one leaves a gap), and the
-- deliveries read by day for the desk's list.
CREATE SEQUENCE "laudo_protocolo_seq";--> statement-breakpoint
CREATE TABLE "laudo_protocolos" (
	"agendamento_id" uuid PRIMARY KEY NOT NULL REFERENCES "agendamentos"("id") ON DELETE CASCADE,
	"numero" text NOT NULL,
	"emitido_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "laudo_protocolos_numero_check" CHECK ("numero" ~ '^\d{4}-\d{6,}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "laudo_protocolos_numero_unique" ON "laudo_protocolos" USING btree ("numero");--> statement-breakpoint
CREATE INDEX "laudo_entregas_entregue_em" ON "laudo_entregas" USING btree ("entregue_em");
