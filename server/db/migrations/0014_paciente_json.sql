-- Each patient also carries itself as the lists answer it (the contract's Paciente), JSON text written by
-- PostgreSQL at every insert and update: a page of patients, and a name search's, is its rows' texts joined, not
-- 20 rows of 24 columns parsed, mapped and serialized by Node at each read — the garbage of which was most of
-- what separated those calls from their floor
-- (bench/journal/2026-11-26-patient-written-answer.md, "A patient's written answer").
ALTER TABLE "pacientes" ADD COLUMN "paciente_json" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The keys and their order are the contract's Paciente (contract/entities.ts, as repositories/pacientes.ts
-- toPaciente builds it); the birth date as toISOString() writes it. tests/server/paciente-json.test.ts compares
-- every row's text with the patient as findById reads it.
CREATE FUNCTION "paciente_json_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."paciente_json" := (SELECT row_to_json(p)::text FROM (SELECT
    NEW."id" AS "id",
    NEW."nome" AS "nome",
    NEW."cpf" AS "cpf",
    NEW."rg" AS "rg",
    to_char(NEW."datanascimento" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "datanascimento",
    NEW."estadocivil" AS "estadocivil",
    NEW."sexo" AS "sexo",
    NEW."cor" AS "cor",
    NEW."naturalidade" AS "naturalidade",
    NEW."profissao" AS "profissao",
    NEW."email" AS "email",
    NEW."telefone" AS "telefone",
    NEW."endereco" AS "endereco",
    NEW."numeroendereco" AS "numeroendereco",
    NEW."bairro" AS "bairro",
    NEW."cidade" AS "cidade",
    NEW."estado" AS "estado",
    NEW."cep" AS "cep",
    NEW."complemento" AS "complemento",
    NEW."nomesocial" AS "nomesocial",
    NEW."user_id" AS "userId",
    NEW."ativo" AS "ativo",
    NEW."aceita_mensagens" AS "aceitaMensagens",
    NEW."versao" AS "versao") p);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "paciente_json_write" BEFORE INSERT OR UPDATE ON "pacientes"
  FOR EACH ROW EXECUTE FUNCTION "paciente_json_write"();--> statement-breakpoint
-- The existing patients' texts (this rewrites the table once).
UPDATE "pacientes" SET "paciente_json" = '';
