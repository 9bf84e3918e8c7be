-- Every stored evaluation (interviews.feedback, phone_screening_candidates.feedback) in the one shape
-- the code writes and reads (contracts/ai.ts `storedEvaluation`; docs/decisions/058-typed-stored-data.md).
-- Rows from before: a plain string is the summary with overall 0 and no criteria (the spec), a string
-- holding a feedback object's JSON is that object; in an object, scores written as numeric text are
-- numbers (0 to 100), evidence written as strings is quotes, a criterion without a name is
-- "Criterion N" and one without a weight weighs 0, an absent overall is 0 and an explicit null stays
-- null; parts nothing can read are dropped. Anything else (a number, an array) is no evaluation.
CREATE FUNCTION pg_temp.hl_text(v jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(v) = 'string' AND btrim(v #>> '{}') <> '' THEN v #>> '{}' END
$$;--> statement-breakpoint
CREATE FUNCTION pg_temp.hl_score(v jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN jsonb_typeof(v) = 'null' THEN 'null'::jsonb
    WHEN jsonb_typeof(v) = 'number' THEN to_jsonb(least(100, greatest(0, (v #>> '{}')::numeric)))
    WHEN jsonb_typeof(v) = 'string' AND btrim(v #>> '{}') ~ '^[-+]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][-+]?[0-9]+)?$'
      THEN to_jsonb(least(100, greatest(0, btrim(v #>> '{}')::numeric)))
  END
$$;--> statement-breakpoint
CREATE FUNCTION pg_temp.hl_at(item jsonb, obj jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(item -> 'atMs') = 'number' AND (item ->> 'atMs')::numeric >= 0
    THEN obj || jsonb_build_object('atMs', item -> 'atMs') ELSE obj END
$$;--> statement-breakpoint
CREATE FUNCTION pg_temp.hl_array(v jsonb) RETURNS SETOF jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT e FROM jsonb_array_elements(CASE WHEN jsonb_typeof(v) = 'array' THEN v ELSE '[]'::jsonb END) e
$$;--> statement-breakpoint
CREATE FUNCTION pg_temp.hl_criterion(c jsonb, n bigint) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_strip_nulls(jsonb_build_object(
    'anchors', CASE WHEN jsonb_typeof(c -> 'anchors') = 'object'
        AND coalesce(pg_temp.hl_text(c -> 'anchors' -> 'weak'), pg_temp.hl_text(c -> 'anchors' -> 'adequate'), pg_temp.hl_text(c -> 'anchors' -> 'strong')) IS NOT NULL
      THEN jsonb_build_object(
        'weak', coalesce(pg_temp.hl_text(c -> 'anchors' -> 'weak'), ''),
        'adequate', coalesce(pg_temp.hl_text(c -> 'anchors' -> 'adequate'), ''),
        'strong', coalesce(pg_temp.hl_text(c -> 'anchors' -> 'strong'), '')) END,
    'notAssessed', CASE WHEN c -> 'notAssessed' = 'true'::jsonb THEN true END,
    'requirement', CASE WHEN c ->> 'requirement' IN ('met', 'not_met', 'unclear') THEN c -> 'requirement' END,
    'sampleRange', CASE WHEN jsonb_typeof(c -> 'sampleRange' -> 'min') = 'number' AND jsonb_typeof(c -> 'sampleRange' -> 'max') = 'number'
        AND jsonb_typeof(c -> 'sampleRange' -> 'samples') = 'number' AND (c -> 'sampleRange' ->> 'samples')::numeric = trunc((c -> 'sampleRange' ->> 'samples')::numeric)
      THEN jsonb_build_object('min', c -> 'sampleRange' -> 'min', 'max', c -> 'sampleRange' -> 'max', 'samples', c -> 'sampleRange' -> 'samples') END
  )) || jsonb_build_object(
    'name', coalesce(btrim(pg_temp.hl_text(c -> 'name')), 'Criterion ' || n),
    'weight', CASE WHEN jsonb_typeof(c -> 'weight') = 'number' THEN c -> 'weight' ELSE '0'::jsonb END,
    'score', coalesce(pg_temp.hl_score(c -> 'score'), 'null'::jsonb),
    'feedback', CASE WHEN jsonb_typeof(c -> 'feedback') = 'string' THEN c -> 'feedback' ELSE '""'::jsonb END,
    'evidence', coalesce((
      SELECT jsonb_agg(CASE WHEN jsonb_typeof(e) = 'string' THEN jsonb_build_object('quote', e) ELSE pg_temp.hl_at(e, jsonb_build_object('quote', e -> 'quote')) END)
      FROM pg_temp.hl_array(c -> 'evidence') e
      WHERE pg_temp.hl_text(e) IS NOT NULL OR (jsonb_typeof(e) = 'object' AND pg_temp.hl_text(e -> 'quote') IS NOT NULL)
    ), '[]'::jsonb))
$$;--> statement-breakpoint
CREATE FUNCTION pg_temp.hl_object(f jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_strip_nulls(jsonb_build_object(
    'engine', to_jsonb(pg_temp.hl_text(f -> 'engine')),
    'model', to_jsonb(pg_temp.hl_text(f -> 'model')),
    'promptVersion', CASE WHEN jsonb_typeof(f -> 'promptVersion') = 'string' THEN f -> 'promptVersion' END,
    'fallbackReason', to_jsonb(pg_temp.hl_text(f -> 'fallbackReason')),
    'samples', CASE WHEN jsonb_typeof(f -> 'samples') = 'number' AND (f ->> 'samples')::numeric >= 1 AND (f ->> 'samples')::numeric = trunc((f ->> 'samples')::numeric) THEN f -> 'samples' END,
    'evaluatedAt', CASE WHEN jsonb_typeof(f -> 'evaluatedAt') = 'string' THEN f -> 'evaluatedAt' END
  )) || jsonb_build_object(
    'summary', CASE WHEN jsonb_typeof(f -> 'summary') = 'string' THEN f -> 'summary' ELSE '""'::jsonb END,
    'overall', coalesce(pg_temp.hl_score(f -> 'overall'), '0'::jsonb),
    'criteria', coalesce((
      SELECT jsonb_agg(pg_temp.hl_criterion(c, n) ORDER BY n)
      FROM (
        SELECT c, row_number() OVER (ORDER BY o) AS n
        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(f -> 'criteria') = 'array' THEN f -> 'criteria' ELSE '[]'::jsonb END) WITH ORDINALITY AS x(c, o)
        WHERE jsonb_typeof(c) = 'object'
      ) AS kept
    ), '[]'::jsonb),
    'insufficientEvidence', coalesce(f -> 'insufficientEvidence' = 'true'::jsonb, false),
    'biasFlags', coalesce((
      SELECT jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
        'index', CASE WHEN jsonb_typeof(b -> 'index') = 'number' AND (b ->> 'index')::numeric >= 0 AND (b ->> 'index')::numeric = trunc((b ->> 'index')::numeric) THEN b -> 'index' END,
        'suggestion', to_jsonb(pg_temp.hl_text(b -> 'suggestion'))
      )) || jsonb_build_object('text', b -> 'text', 'category', b -> 'category', 'reason', b -> 'reason'))
      FROM pg_temp.hl_array(f -> 'biasFlags') b
      WHERE jsonb_typeof(b -> 'text') = 'string' AND jsonb_typeof(b -> 'category') = 'string' AND jsonb_typeof(b -> 'reason') = 'string'
    ), '[]'::jsonb),
    'worthChecking', coalesce((
      SELECT jsonb_agg(pg_temp.hl_at(w, jsonb_build_object('kind', w -> 'kind', 'quote', w -> 'quote')))
      FROM pg_temp.hl_array(f -> 'worthChecking') w
      WHERE w ->> 'kind' IN ('rule_breaking', 'unsafe', 'licence', 'hostility') AND pg_temp.hl_text(w -> 'quote') IS NOT NULL
    ), '[]'::jsonb))
$$;--> statement-breakpoint
CREATE FUNCTION pg_temp.hl_json(s text) RETURNS jsonb LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN s::jsonb;
EXCEPTION WHEN others THEN
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION pg_temp.hl_evaluation(f jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN f IS NULL OR jsonb_typeof(f) = 'null' THEN NULL
    WHEN jsonb_typeof(f) = 'object' THEN pg_temp.hl_object(f)
    WHEN jsonb_typeof(f) = 'string' THEN CASE
      WHEN jsonb_typeof(pg_temp.hl_json(btrim(f #>> '{}'))) = 'object' AND (pg_temp.hl_json(btrim(f #>> '{}')) ?| array['summary', 'criteria'])
        THEN pg_temp.hl_object(pg_temp.hl_json(btrim(f #>> '{}')))
      ELSE jsonb_build_object('summary', f, 'overall', 0, 'criteria', '[]'::jsonb, 'insufficientEvidence', false, 'biasFlags', '[]'::jsonb, 'worthChecking', '[]'::jsonb)
    END
  END
$$;--> statement-breakpoint
UPDATE "interviews" SET "feedback" = pg_temp.hl_evaluation("feedback") WHERE "feedback" IS NOT NULL;--> statement-breakpoint
UPDATE "phone_screening_candidates" SET "feedback" = pg_temp.hl_evaluation("feedback") WHERE "feedback" IS NOT NULL;
