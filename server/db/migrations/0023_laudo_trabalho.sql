-- The laudo's worklist and editor (issue 36 points 3 and 4): opening a laudo is health data read, so the
-- audit trail gains 'view'; the worklist reads the appointments 'Em atendimento' or 'Realizado' by a partial
-- index rather than the whole table.
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_action_check";--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK ("audit_log"."action" in ('create', 'update', 'delete', 'reactivate', 'export', 'status', 'status_desfeito', 'login', 'login_failed', 'logout', 'access_denied', 'view'));--> statement-breakpoint
CREATE INDEX "agendamentos_laudo_trabalho_idx" ON "agendamentos" USING btree ("datahora") WHERE "agendamentos"."status" in ('em_atendimento', 'realizado');
