DROP INDEX "pacientes_ativo_nome_idx";--> statement-breakpoint
CREATE INDEX "pacientes_ativo_order_idx" ON "pacientes" USING btree ("ativo","nome_busca" collate "C","nome" collate "C","id");