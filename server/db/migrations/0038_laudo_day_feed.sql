-- issue 36 (docs/decisions.md, "The day board's live channel"): a laudo opened, released, delivered or
-- rectified changes what the day board shows for its appointment (its laudo state, the clinic's late count),
-- so it NOTIFYs 'clinica_dia' as the appointments' own triggers do (migration 0036): { dia, agendamentoId }
-- once per clinic day touched. Only a change of `estado` counts: the autosaves of a draft write laudo_versoes
-- and leave laudos as it was, and an UPDATE that keeps the state sends nothing.
CREATE FUNCTION "laudo_dia_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('clinica_dia', json_build_object('dia', "d"."dia", 'agendamentoId', "d"."id")::text)
      FROM (
        SELECT ("a"."datahora" AT TIME ZONE 'UTC')::date AS "dia",
          CASE WHEN count(DISTINCT "a"."id") = 1 THEN min("a"."id"::text) END AS "id"
        FROM "novas" JOIN "agendamentos" AS "a" ON "a"."id" = "novas"."agendamento_id"
        GROUP BY 1 ORDER BY 1
      ) AS "d";
  ELSE
    PERFORM pg_notify('clinica_dia', json_build_object('dia', "d"."dia", 'agendamentoId', "d"."id")::text)
      FROM (
        SELECT ("a"."datahora" AT TIME ZONE 'UTC')::date AS "dia",
          CASE WHEN count(DISTINCT "a"."id") = 1 THEN min("a"."id"::text) END AS "id"
        FROM "novas"
        JOIN "antigas" ON "antigas"."id" = "novas"."id" AND "antigas"."estado" IS DISTINCT FROM "novas"."estado"
        JOIN "agendamentos" AS "a" ON "a"."id" = "novas"."agendamento_id"
        GROUP BY 1 ORDER BY 1
      ) AS "d";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "laudo_dia_notify_on_insert" AFTER INSERT ON "laudos"
  REFERENCING NEW TABLE AS "novas" FOR EACH STATEMENT EXECUTE FUNCTION "laudo_dia_notify"();--> statement-breakpoint
CREATE TRIGGER "laudo_dia_notify_on_update" AFTER UPDATE ON "laudos"
  REFERENCING OLD TABLE AS "antigas" NEW TABLE AS "novas" FOR EACH STATEMENT EXECUTE FUNCTION "laudo_dia_notify"();
