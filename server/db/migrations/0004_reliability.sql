-- IF NOT EXISTS: npm run restore creates it in a database restored from a dump made before this migration.
CREATE TABLE IF NOT EXISTS "signing_epoch" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"epoch" text NOT NULL,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signing_epoch_single_row" CHECK ("signing_epoch"."id")
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "bucket" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "ativo" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_bucket_unique" ON "audit_log" USING btree ("bucket",coalesce("ip", ''),"action",coalesce("call", ''),coalesce("subject_hash", '')) WHERE "audit_log"."bucket" is not null;--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","attempted_at");--> statement-breakpoint
CREATE INDEX "login_attempts_at_idx" ON "login_attempts" USING btree ("attempted_at");--> statement-breakpoint
-- The audit trail stays append-only, with two exceptions for anonymous noise (docs/decisions.md,
-- "Reliability"): an aggregated row (bucket set) may have its count raised and nothing else; a failed
-- sign-in or a refused request of nobody known (user_id null) may be deleted once older than 180 days.
-- Rows of a known user — every change to a record, sign-in, sign-out, refusal — are never changed or removed.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.bucket IS NOT NULL AND NEW.count > OLD.count
     AND (to_jsonb(NEW) - 'count') = (to_jsonb(OLD) - 'count') THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' AND OLD.user_id IS NULL AND OLD.action IN ('login_failed', 'access_denied')
     AND OLD.at < now() - interval '180 days' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log é somente inclusão: % não é permitido', TG_OP
    USING ERRCODE = 'insufficient_privilege', HINT = 'Os registros de auditoria são mantidos por no mínimo 20 anos (Lei 13.787/2018).';
END;
$$;
