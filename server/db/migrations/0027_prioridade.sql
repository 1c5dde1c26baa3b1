-- Legal priorities at arrival (issue 38 point 4; docs/decisions.md "Legal priorities at arrival"). The
-- appointment's answer, still written by its one function (migration 0019), gains once the patient arrived
-- `prioridade` (declared at 'Registrar chegada', migration 0022's column) and `pessoaIdosa` (60 or 80: the
-- patient's age on the arrival's clinic day, from the birth date, never stored apart from the answer).
--
-- Whole years of a person born at `nascimento` (its UTC date, as the patients' form writes it) on `dia`:
-- contract/priorities.ts ageOn (born on 29 February: a year older on 1 March of a common year).
CREATE FUNCTION "clinica_idade"(nascimento timestamptz, dia date) RETURNS integer LANGUAGE sql STABLE
  PARALLEL SAFE AS $$
  SELECT (extract(year FROM dia) - extract(year FROM (nascimento AT TIME ZONE 'UTC')::date)
    - CASE WHEN (extract(month FROM dia), extract(day FROM dia))
        < (extract(month FROM (nascimento AT TIME ZONE 'UTC')::date), extract(day FROM (nascimento AT TIME ZONE 'UTC')::date))
      THEN 1 ELSE 0 END)::integer
$$;--> statement-breakpoint
-- Migration 0019's function with the two keys at the end (the contract's Agendamento order); the rest as it was.
CREATE OR REPLACE FUNCTION "agendamento_json"(a "agendamentos") RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT json_strip_nulls(row_to_json(x))::text FROM (SELECT
    a."id" AS "id",
    "clinica_iso"(a."datahora") AS "datahora",
    a."anotacao" AS "anotacao",
    a."convenio" AS "convenio",
    a."valor_in_cents" AS "valorIncents",
    a."esta_pago" AS "estapago",
    a."user_id" AS "userId",
    a."paciente_id" AS "pacienteId",
    a."medico_id" AS "medicoId",
    (SELECT row_to_json(p) FROM (SELECT a."paciente_id" AS "id",
      (SELECT "nome" FROM "pacientes" WHERE "id" = a."paciente_id") AS "nome") p) AS "paciente",
    (SELECT row_to_json(d) FROM (SELECT a."medico_id" AS "id",
      (SELECT "nome" FROM "medicos" WHERE "id" = a."medico_id") AS "nome") d) AS "doutor",
    a."exames" AS "exames",
    a."versao" AS "versao",
    NULLIF(a."status", 'agendado') AS "status",
    "clinica_iso"(a."chegada") AS "chegada",
    CASE WHEN round(extract(epoch FROM date_trunc('milliseconds', a."fim") - date_trunc('milliseconds', a."datahora"))
        / 60) = "clinica_default_duration_minutes"(cardinality(a."exames")) THEN NULL
      ELSE "clinica_iso"(a."fim") END AS "fim",
    CASE WHEN a."equipamento_id" IS NOT NULL THEN (SELECT row_to_json(e) FROM (SELECT a."equipamento_id" AS "id",
      coalesce((SELECT "nome" FROM "equipamentos" WHERE "id" = a."equipamento_id"), '') AS "nome") e) END
      AS "equipamento",
    CASE WHEN a."encaixe" THEN true END AS "encaixe",
    CASE WHEN a."chegada" IS NOT NULL THEN a."prioridade" END AS "prioridade",
    CASE WHEN a."chegada" IS NOT NULL THEN (SELECT CASE WHEN i.idade >= 80 THEN 80 WHEN i.idade >= 60 THEN 60 END
      FROM (SELECT "clinica_idade"(p."datanascimento", "clinica_date"(a."chegada")) AS idade
        FROM "pacientes" p WHERE p."id" = a."paciente_id") i) END AS "pessoaIdosa") x);
END;
$$;--> statement-breakpoint
-- A corrected birth date writes the answers of the patient's arrived appointments again (the others carry no age).
CREATE FUNCTION "agendamento_json_nascimento"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "agendamentos" SET "agenda_item" = '' WHERE "paciente_id" = NEW."id" AND "chegada" IS NOT NULL;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "agendamento_json_nascimento" AFTER UPDATE OF "datanascimento" ON "pacientes"
  FOR EACH ROW WHEN (OLD."datanascimento" IS DISTINCT FROM NEW."datanascimento")
  EXECUTE FUNCTION "agendamento_json_nascimento"();--> statement-breakpoint
-- The kept answers of the arrived appointments again (the others' texts are unchanged).
UPDATE "agendamentos" SET "agenda_item" = '' WHERE "chegada" IS NOT NULL;
