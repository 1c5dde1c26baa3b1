-- issue 38 point 6 (docs/decisions.md, "The day board's live channel"): every statement that inserts,
-- changes or deletes appointments, every call of a waiting patient and every payment, NOTIFYs 'clinica_dia' once per
-- clinic day it touched: { dia, agendamentoId } (the id when the statement touched one appointment of that
-- day, null for several). PostgreSQL delivers it at commit, never for a rollback, to every API process
-- LISTENing; no personal data travels. Statement-level like agenda_versoes_bump, so a bulk load sends one
-- notification per day, not per row.
CREATE FUNCTION "agenda_dia_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME IN ('chamadas', 'pagamentos') THEN
    PERFORM pg_notify('clinica_dia', json_build_object('dia', "d"."dia", 'agendamentoId', "d"."id")::text)
      FROM (
        SELECT ("a"."datahora" AT TIME ZONE 'UTC')::date AS "dia",
          CASE WHEN count(DISTINCT "a"."id") = 1 THEN min("a"."id"::text) END AS "id"
        FROM "novas" JOIN "agendamentos" AS "a" ON "a"."id" = "novas"."agendamento_id"
        GROUP BY 1 ORDER BY 1
      ) AS "d";
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('clinica_dia', json_build_object('dia', "d"."dia", 'agendamentoId', "d"."id")::text)
      FROM (
        SELECT ("datahora" AT TIME ZONE 'UTC')::date AS "dia",
          CASE WHEN count(DISTINCT "id") = 1 THEN min("id"::text) END AS "id"
        FROM "novas" GROUP BY 1 ORDER BY 1
      ) AS "d";
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM pg_notify('clinica_dia', json_build_object('dia', "d"."dia", 'agendamentoId', "d"."id")::text)
      FROM (
        SELECT "t"."dia", CASE WHEN count(DISTINCT "t"."id") = 1 THEN min("t"."id"::text) END AS "id"
        FROM (
          SELECT ("datahora" AT TIME ZONE 'UTC')::date AS "dia", "id" FROM "antigas"
          UNION
          SELECT ("datahora" AT TIME ZONE 'UTC')::date, "id" FROM "novas"
        ) AS "t"
        GROUP BY 1 ORDER BY 1
      ) AS "d";
  ELSE
    PERFORM pg_notify('clinica_dia', json_build_object('dia', "d"."dia", 'agendamentoId', "d"."id")::text)
      FROM (
        SELECT ("datahora" AT TIME ZONE 'UTC')::date AS "dia",
          CASE WHEN count(DISTINCT "id") = 1 THEN min("id"::text) END AS "id"
        FROM "antigas" GROUP BY 1 ORDER BY 1
      ) AS "d";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "agenda_dia_notify_on_insert" AFTER INSERT ON "agendamentos"
  REFERENCING NEW TABLE AS "novas" FOR EACH STATEMENT EXECUTE FUNCTION "agenda_dia_notify"();--> statement-breakpoint
CREATE TRIGGER "agenda_dia_notify_on_update" AFTER UPDATE ON "agendamentos"
  REFERENCING OLD TABLE AS "antigas" NEW TABLE AS "novas" FOR EACH STATEMENT EXECUTE FUNCTION "agenda_dia_notify"();--> statement-breakpoint
CREATE TRIGGER "agenda_dia_notify_on_delete" AFTER DELETE ON "agendamentos"
  REFERENCING OLD TABLE AS "antigas" FOR EACH STATEMENT EXECUTE FUNCTION "agenda_dia_notify"();--> statement-breakpoint
CREATE TRIGGER "agenda_dia_notify_on_chamada" AFTER INSERT ON "chamadas"
  REFERENCING NEW TABLE AS "novas" FOR EACH STATEMENT EXECUTE FUNCTION "agenda_dia_notify"();--> statement-breakpoint
CREATE TRIGGER "agenda_dia_notify_on_pagamento" AFTER INSERT ON "pagamentos"
  REFERENCING NEW TABLE AS "novas" FOR EACH STATEMENT EXECUTE FUNCTION "agenda_dia_notify"();
