-- Issue 35: a machine reads another's worklist only when ADMIN allows it; refused DICOM associations are
-- counted per address, AE title, reason and minute in one row each (like anonymous HTTP failures).
ALTER TABLE "equipamentos" ADD COLUMN "le_outras_worklists" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "dicom_eventos" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "dicom_eventos" ADD COLUMN "bucket" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "dicom_eventos" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "dicom_eventos_bucket_unique" ON "dicom_eventos" USING btree ("bucket",coalesce("ip", ''),"ae_title","resultado") WHERE "dicom_eventos"."bucket" is not null;
