-- One writer per answer (issue 39): the appointment's answer (the contract's Agendamento) and its agenda item
-- (the contract's AgendaItem) are each built by ONE function below. The trigger keeps both texts with them, and
-- every answer of the server returns those texts (`RETURNING agendamento_json`, or the column read back): Node
-- no longer maps an appointment. The contract's numbers these rules need (the minutes of an exam, the clinic's
-- offset from UTC) are not written here: server/db/contract-constants.ts writes them from the contract as the
-- functions clinica_default_exam_minutes() and clinica_utc_offset_hours() before the migrations run.
--
-- An instant as JavaScript's toISOString() writes it. STABLE as to_char is: so PostgreSQL inlines it (declared
-- IMMUTABLE it would be run as a function of its own at each call, several times per row written).
CREATE FUNCTION "clinica_iso"(t timestamptz) RETURNS text LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;--> statement-breakpoint
-- The clinic's date of an instant: contract/clinic-time.ts clinicToday(now) (the wall clock shifted by the
-- clinic's offset, its date).
CREATE FUNCTION "clinica_date"(t timestamptz) RETURNS date LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT ((t AT TIME ZONE 'UTC') + make_interval(hours => "clinica_utc_offset_hours"()))::date
$$;--> statement-breakpoint
-- The default duration of an appointment with `exam_count` free-text exams: contract/agenda.ts
-- defaultDurationMinutes (at least one exam's worth).
CREATE FUNCTION "clinica_default_duration_minutes"(exam_count integer) RETURNS integer LANGUAGE sql STABLE
  PARALLEL SAFE AS $$
  SELECT "clinica_default_exam_minutes"() * greatest(1, exam_count)
$$;--> statement-breakpoint
-- The appointment as the specification's calls answer it: the keys and their order are the contract's
-- Agendamento (contract/entities.ts), names included; NULL where the answer leaves a field out (json_strip_nulls
-- drops those keys; no other field is ever NULL): `status` while agendado, `fim` while it is the default duration
-- (minutes rounded as contract/agenda.ts minutesBetween rounds them), `equipamento` without a machine,
-- `encaixe` unless set. tests/server/agendamento-json.test.ts holds every shape of it against the contract's schema.
-- plpgsql, not sql: the trigger calls it once per row, and plpgsql keeps its plans for the session.
CREATE FUNCTION "agendamento_json"(a "agendamentos") RETURNS text LANGUAGE plpgsql STABLE AS $$
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
    CASE WHEN a."encaixe" THEN true END AS "encaixe") x);
END;
$$;--> statement-breakpoint
-- The appointment as the agenda shows it: the keys and their order are the contract's AgendaItem
-- (contract/agenda.ts), every key always there. tests/server/agenda-item.test.ts holds it.
CREATE FUNCTION "agenda_item_json"(a "agendamentos") RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT row_to_json(i)::text FROM (SELECT
    a."id" AS "id",
    "clinica_iso"(a."datahora") AS "datahora",
    "clinica_iso"(a."fim") AS "fim",
    (SELECT row_to_json(p) FROM (SELECT a."paciente_id" AS "id",
      (SELECT "nome" FROM "pacientes" WHERE "id" = a."paciente_id") AS "nome") p) AS "paciente",
    (SELECT row_to_json(d) FROM (SELECT a."medico_id" AS "id",
      (SELECT "nome" FROM "medicos" WHERE "id" = a."medico_id") AS "nome") d) AS "doutor",
    CASE WHEN a."equipamento_id" IS NOT NULL THEN (SELECT row_to_json(e) FROM (SELECT a."equipamento_id" AS "id",
      coalesce((SELECT "nome" FROM "equipamentos" WHERE "id" = a."equipamento_id"), '') AS "nome") e) END
      AS "equipamento",
    a."exames" AS "exames",
    a."status" AS "status",
    a."encaixe" AS "encaixe") i);
END;
$$;--> statement-breakpoint
-- The trigger of migrations 0012 and 0013, now only the writer's caller (same name, same firing).
CREATE OR REPLACE FUNCTION "agenda_item_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."agenda_item" := "agenda_item_json"(NEW);
  NEW."agendamento_json" := "agendamento_json"(NEW);
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- Migration 0016's payment rule, with the clinic's date from clinica_date instead of its own '- 3 hours'.
CREATE OR REPLACE FUNCTION "pagamentos_within_value"() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF NEW."data" < "clinica_date"(criado) - 30 THEN
    RAISE EXCEPTION 'pagamento anterior ao agendamento' USING ERRCODE = 'check_violation',
      CONSTRAINT = 'pagamentos_data_check';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
-- The kept texts again, from the one writer (the same texts: this proves it on the existing rows).
UPDATE "agendamentos" SET "agenda_item" = '';
