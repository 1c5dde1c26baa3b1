-- Issue 35 (docs/decisions.md, "Closed doors"): names that must be unique, money that cannot be overpaid
-- or erased. Hand-written.
--
-- ---- one key for every name that must be unique ----
-- clinica_nome_chave (migration 0008) becomes the one normalisation: NFC, invisible characters stripped
-- (zero-width, soft hyphen, bidi marks, variation selectors, BOM…), every run of spaces of any kind (tab,
-- no-break, thin, ideographic…) one space, trimmed, accents and case folded. The same steps, in the same
-- order, are uniqueNameKey in contract/unique-name.ts (the mock and the PWA's messages). unaccent() is only
-- STABLE, so the function names its dictionary and is declared IMMUTABLE, as in 0008; normalize() needs a
-- UTF-8 database, which both the embedded and Debian's PostgreSQL create. CREATE OR REPLACE keeps the
-- catalogue's order (repositories/catalogue.ts) on the same function; its indexes are rebuilt below.
CREATE OR REPLACE FUNCTION "clinica_nome_chave"(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(regexp_replace(normalize(public.unaccent('public.unaccent'::regdictionary,
    btrim(regexp_replace(
      regexp_replace(normalize($1, NFC),
        '[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0]',
        '', 'g'),
      '[\u0009-\u000D\u0020\u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]+', ' ', 'g'), ' ')), NFD),
    '[\u0300-\u036F\u1AB0-\u1AFF\u1DC0-\u1DFF\u20D0-\u20FF\uFE20-\uFE2F]', '', 'g')) $$;--> statement-breakpoint
-- Clashes that the new key finds among rows already stored are reported (a NOTICE each, and a row in
-- nomes_em_conflito) and settled without losing anything: the older row keeps its name; each newer one
-- gets ' (duplicado <8 characters of its id>)' appended to its name, or, for an AE title (16 characters
-- at most), loses it (null: the machine is no longer recognised until ADMIN gives it another). The
-- old value stays in nomes_em_conflito.
CREATE TABLE "nomes_em_conflito" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tabela" text NOT NULL,
	"coluna" text NOT NULL,
	"registro_id" uuid NOT NULL,
	"valor_antigo" text NOT NULL,
	"valor_novo" text,
	"mantido_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
DROP INDEX IF EXISTS "exames_nome_unique";--> statement-breakpoint
DROP INDEX IF EXISTS "convenios_nome_unique";--> statement-breakpoint
DROP INDEX IF EXISTS "equipamentos_nome_unique";--> statement-breakpoint
DROP INDEX IF EXISTS "equipamentos_ae_title_unique";--> statement-breakpoint
DO $$
DECLARE
  alvo record;
  clash record;
  novo text;
BEGIN
  FOR alvo IN SELECT * FROM (VALUES ('exames', 'nome'), ('convenios', 'nome'), ('equipamentos', 'nome'),
      ('equipamentos', 'ae_title')) AS v(tabela, coluna) LOOP
    FOR clash IN EXECUTE format(
      'SELECT id, %2$I AS valor, first_value(id) OVER w AS mantido,
         row_number() OVER w AS n
       FROM %1$I WHERE %2$I IS NOT NULL
       WINDOW w AS (PARTITION BY clinica_nome_chave(%2$I) ORDER BY created_at, id)', alvo.tabela, alvo.coluna) LOOP
      CONTINUE WHEN clash.n = 1;
      novo := CASE WHEN alvo.coluna = 'ae_title' THEN NULL
        ELSE clash.valor || ' (duplicado ' || left(clash.id::text, 8) || ')' END;
      EXECUTE format('UPDATE %I SET %I = $1 WHERE id = $2', alvo.tabela, alvo.coluna) USING novo, clash.id;
      INSERT INTO "nomes_em_conflito" ("tabela", "coluna", "registro_id", "valor_antigo", "valor_novo", "mantido_id")
        VALUES (alvo.tabela, alvo.coluna, clash.id, clash.valor, novo, clash.mantido);
      RAISE NOTICE 'nome em conflito: %.% % "%" → "%" (mantido: %)',
        alvo.tabela, alvo.coluna, clash.id, clash.valor, coalesce(novo, 'null'), clash.mantido;
    END LOOP;
  END LOOP;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "exames_nome_unique" ON "exames" ("clinica_nome_chave"("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "convenios_nome_unique" ON "convenios" ("clinica_nome_chave"("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "equipamentos_nome_unique" ON "equipamentos" ("clinica_nome_chave"("nome"));--> statement-breakpoint
CREATE UNIQUE INDEX "equipamentos_ae_title_unique" ON "equipamentos" ("clinica_nome_chave"("ae_title"));--> statement-breakpoint
-- DICOM still finds a machine by its exact AE title (docs/dicom.md): a plain index keeps that look-up.
CREATE INDEX "equipamentos_ae_title_idx" ON "equipamentos" ("ae_title");--> statement-breakpoint
--
-- ---- money ----
-- A payment is at most what remains to be paid, summed in 64 bits, and dated no earlier than 30 days
-- before the appointment was booked (clinic time, UTC−3): the route checks both first (repositories/
-- agendamento-catalogo.ts, with Portuguese messages); this trigger holds them for any other writer. It
-- locks the appointment's row, so two payments at once are summed one after the other.
CREATE FUNCTION "pagamentos_within_value"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  valor bigint;
  criado timestamptz;
  pago bigint;
BEGIN
  SELECT a."valor_in_cents", a."created_at" INTO valor, criado
    FROM "agendamentos" a WHERE a."id" = NEW."agendamento_id" FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'pagamento sem agendamento' USING ERRCODE = 'foreign_key_violation',
      CONSTRAINT = 'pagamentos_agendamento_check';
  END IF;
  SELECT coalesce(sum(p."valor_in_cents"), 0)::bigint INTO pago
    FROM "pagamentos" p WHERE p."agendamento_id" = NEW."agendamento_id";
  IF pago + NEW."valor_in_cents"::bigint > valor THEN
    RAISE EXCEPTION 'pagamento acima do que falta pagar' USING ERRCODE = 'check_violation',
      CONSTRAINT = 'pagamentos_within_value';
  END IF;
  IF NEW."data" < ((criado AT TIME ZONE 'UTC') - interval '3 hours')::date - 30 THEN
    RAISE EXCEPTION 'pagamento anterior ao agendamento' USING ERRCODE = 'check_violation',
      CONSTRAINT = 'pagamentos_data_check';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "pagamentos_within_value" BEFORE INSERT ON "pagamentos"
  FOR EACH ROW EXECUTE FUNCTION "pagamentos_within_value"();--> statement-breakpoint
-- Money received or an exam done is never erased: an appointment with a payment, marked paid, or
-- 'Realizado' is not deleted (it is cancelled, with its reason recorded), whoever deletes it.
CREATE FUNCTION "agendamentos_keep_received"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."esta_pago" OR OLD."status" = 'realizado'
     OR EXISTS (SELECT 1 FROM "pagamentos" p WHERE p."agendamento_id" = OLD."id") THEN
    RAISE EXCEPTION 'agendamento com pagamento ou realizado não é excluído' USING ERRCODE = 'restrict_violation',
      CONSTRAINT = 'agendamentos_keep_received';
  END IF;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER "agendamentos_keep_received" BEFORE DELETE ON "agendamentos"
  FOR EACH ROW EXECUTE FUNCTION "agendamentos_keep_received"();
