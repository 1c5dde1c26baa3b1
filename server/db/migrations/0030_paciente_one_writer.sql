-- One writer for the patient's answer (issue 39): the contract's Paciente is built by ONE function below, the one
-- the trigger of migration 0014 now calls to keep `paciente_json`, and every answer of the server returns that text
-- (`RETURNING paciente_json`, or the column read back): Node no longer maps a patient. The kept text itself stays,
-- as the bench decided (docs/decisions.md, "One writer per answer, one booking path").
--
-- The keys and their order are the contract's Paciente (contract/entities.ts), every key always there; the birth
-- date as toISOString() writes it (clinica_iso, migration 0019). tests/server/paciente-json.test.ts holds it
-- against the contract's schema. plpgsql, not sql: the trigger calls it once per row, and plpgsql keeps its plans
-- for the session.
CREATE FUNCTION "paciente_json"(p "pacientes") RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT row_to_json(x)::text FROM (SELECT
    p."id" AS "id",
    p."nome" AS "nome",
    p."cpf" AS "cpf",
    p."rg" AS "rg",
    "clinica_iso"(p."datanascimento") AS "datanascimento",
    p."estadocivil" AS "estadocivil",
    p."sexo" AS "sexo",
    p."cor" AS "cor",
    p."naturalidade" AS "naturalidade",
    p."profissao" AS "profissao",
    p."email" AS "email",
    p."telefone" AS "telefone",
    p."endereco" AS "endereco",
    p."numeroendereco" AS "numeroendereco",
    p."bairro" AS "bairro",
    p."cidade" AS "cidade",
    p."estado" AS "estado",
    p."cep" AS "cep",
    p."complemento" AS "complemento",
    p."nomesocial" AS "nomesocial",
    p."user_id" AS "userId",
    p."ativo" AS "ativo",
    p."aceita_mensagens" AS "aceitaMensagens",
    p."versao" AS "versao") x);
END;
$$;--> statement-breakpoint
-- The trigger of migration 0014, now only the writer's caller (same name, same firing).
CREATE OR REPLACE FUNCTION "paciente_json_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."paciente_json" := "paciente_json"(NEW);
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- The kept texts again, from the one writer (the same texts: this proves it on the existing rows).
UPDATE "pacientes" SET "paciente_json" = '';
