DROP INDEX "project_contexts_bucket";--> statement-breakpoint
CREATE INDEX "project_contexts_bucket" ON "project_contexts" USING btree ("project_id","scope","timeframe_span","timeframe_index","sort_key","item_id");
--> statement-breakpoint
-- The bucket's neighbours of a place: a plain comparison for a scheduled bucket and IS NULL for the
-- unscheduled one, each a static statement whose cached plan walks the bucket index from that place, so
-- no statement of a move is planned again per call. The order names the timeframe columns so that the
-- index's order serves it when they are null as well.
CREATE OR REPLACE FUNCTION baton_bucket_key_after(
  p_project_id text, p_scope integer, p_span integer, p_index integer, p_excluding text, p_key float8, p_id text
) RETURNS float8 LANGUAGE plpgsql STABLE
AS $$
DECLARE
  v_key float8;
BEGIN
  IF p_span IS NULL THEN
    SELECT pc.sort_key INTO v_key FROM project_contexts pc
      WHERE pc.project_id = p_project_id AND pc.scope = p_scope AND pc.timeframe_span IS NULL
        AND pc.timeframe_index IS NULL AND (pc.sort_key, pc.item_id) > (p_key, p_id) AND pc.item_id <> p_excluding
      ORDER BY pc.timeframe_span, pc.timeframe_index, pc.sort_key, pc.item_id LIMIT 1;
  ELSE
    SELECT pc.sort_key INTO v_key FROM project_contexts pc
      WHERE pc.project_id = p_project_id AND pc.scope = p_scope AND pc.timeframe_span = p_span
        AND pc.timeframe_index = p_index AND (pc.sort_key, pc.item_id) > (p_key, p_id) AND pc.item_id <> p_excluding
      ORDER BY pc.timeframe_span, pc.timeframe_index, pc.sort_key, pc.item_id LIMIT 1;
  END IF;
  RETURN v_key;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION baton_bucket_key_before(
  p_project_id text, p_scope integer, p_span integer, p_index integer, p_excluding text, p_key float8, p_id text
) RETURNS float8 LANGUAGE plpgsql STABLE
AS $$
DECLARE
  v_key float8;
BEGIN
  IF p_span IS NULL THEN
    SELECT pc.sort_key INTO v_key FROM project_contexts pc
      WHERE pc.project_id = p_project_id AND pc.scope = p_scope AND pc.timeframe_span IS NULL
        AND pc.timeframe_index IS NULL AND (pc.sort_key, pc.item_id) < (p_key, p_id) AND pc.item_id <> p_excluding
      ORDER BY pc.timeframe_span DESC, pc.timeframe_index DESC, pc.sort_key DESC, pc.item_id DESC LIMIT 1;
  ELSE
    SELECT pc.sort_key INTO v_key FROM project_contexts pc
      WHERE pc.project_id = p_project_id AND pc.scope = p_scope AND pc.timeframe_span = p_span
        AND pc.timeframe_index = p_index AND (pc.sort_key, pc.item_id) < (p_key, p_id) AND pc.item_id <> p_excluding
      ORDER BY pc.timeframe_span DESC, pc.timeframe_index DESC, pc.sort_key DESC, pc.item_id DESC LIMIT 1;
  END IF;
  RETURN v_key;
END
$$;
--> statement-breakpoint
-- The move in one call (repositories/moveCall.ts) with no statement planned per call: the forced planning
-- of every statement (plan_cache_mode = force_custom_plan) took about half of its time, all of it with
-- the project's lock held. Neighbours come from the bucket functions above; the rebalance, rare, is
-- planned each time.
CREATE OR REPLACE FUNCTION baton_move(
  p_session_id text, p_fresh_since timestamptz, p_born_after timestamptz, p_now timestamptz,
  p_project_id text, p_item_id text,
  p_to_bucket boolean, p_scope integer, p_span integer, p_index integer, p_milestone integer,
  p_assignee_given boolean, p_assignee text,
  p_ordered boolean, p_left_id text, p_right_id text, p_hint text,
  p_key_min float8, p_key_max float8, p_min_gap float8, p_scale float8,
  p_changes jsonb, p_channel text
) RETURNS json LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  v_team text;
  v_milestones jsonb;
  cur record;
  t_scope integer;
  t_span integer;
  t_index integer;
  v_assignee text;
  v_same boolean;
  v_changed boolean;
  v_place text;
  l record;
  r record;
  v_after float8;
  v_before float8;
  v_low float8;
  v_high float8;
  v_key float8;
  v_rebalance boolean := false;
  v_rebalanced json;
  v_bucket_ids jsonb;
  ev record;
BEGIN
  SELECT u.active_team_id INTO v_team
    FROM sessions s
    JOIN users u ON u.id = s.user_id
    JOIN memberships m ON m.user_id = u.id AND m.team_id = u.active_team_id
    WHERE s.id = p_session_id AND s.last_seen_at >= p_fresh_since AND s.created_at >= p_born_after;
  IF NOT FOUND THEN RETURN NULL; END IF;

  SELECT p.milestones INTO v_milestones FROM projects p
    WHERE p.id = p_project_id AND p.team_id = v_team FOR UPDATE;
  IF NOT FOUND THEN RETURN NULL; END IF;

  SELECT pc.sort_key, pc.scope, pc.timeframe_span, pc.timeframe_index, pc.assigned_to_user_id, i.link_id, i.external_id
    INTO cur
    FROM project_contexts pc JOIN items i ON i.id = pc.item_id AND i.team_id = v_team
    WHERE pc.project_id = p_project_id AND pc.item_id = p_item_id;
  IF NOT FOUND THEN RETURN NULL; END IF;

  IF p_to_bucket THEN
    t_scope := p_scope; t_span := p_span; t_index := p_index;
  ELSE
    t_scope := cur.scope; t_span := cur.timeframe_span; t_index := cur.timeframe_index;
  END IF;
  IF p_milestone IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM jsonb_array_elements(v_milestones) AS m(milestone) WHERE (m.milestone->>'index')::integer = p_milestone
  ) THEN RETURN NULL; END IF;

  v_assignee := CASE WHEN p_assignee_given THEN p_assignee ELSE cur.assigned_to_user_id END;
  IF v_assignee IS DISTINCT FROM cur.assigned_to_user_id AND v_assignee IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM memberships WHERE team_id = v_team AND user_id = v_assignee
  ) THEN RETURN NULL; END IF;
  v_same := t_scope = cur.scope AND t_span IS NOT DISTINCT FROM cur.timeframe_span
    AND t_index IS NOT DISTINCT FROM cur.timeframe_index;
  v_changed := NOT v_same OR v_assignee IS DISTINCT FROM cur.assigned_to_user_id;

  -- Board order of buckets: scope, then days, weeks, milestones by index, unscheduled last.
  v_place := CASE
    WHEN p_ordered THEN 'between'
    WHEN v_same THEN 'keep'
    WHEN p_hint IS NOT NULL THEN p_hint
    WHEN (t_scope, t_span IS NULL, coalesce(t_span, 0), coalesce(t_index, 0))
      > (cur.scope, cur.timeframe_span IS NULL, coalesce(cur.timeframe_span, 0), coalesce(cur.timeframe_index, 0))
      THEN 'end'
    ELSE 'start' END;

  IF v_place = 'between' AND p_left_id IS NOT NULL THEN
    SELECT pc.sort_key, pc.item_id INTO l FROM project_contexts pc
      WHERE pc.project_id = p_project_id AND pc.item_id = p_left_id AND pc.scope = t_scope
        AND pc.timeframe_span IS NOT DISTINCT FROM t_span AND pc.timeframe_index IS NOT DISTINCT FROM t_index;
    IF NOT FOUND THEN RETURN NULL; END IF;
    v_after := l.sort_key;
    v_before := baton_bucket_key_after(p_project_id, t_scope, t_span, t_index, p_item_id, l.sort_key, l.item_id);
  END IF;
  IF v_place = 'between' AND p_right_id IS NOT NULL THEN
    SELECT pc.sort_key, pc.item_id INTO r FROM project_contexts pc
      WHERE pc.project_id = p_project_id AND pc.item_id = p_right_id AND pc.scope = t_scope
        AND pc.timeframe_span IS NOT DISTINCT FROM t_span AND pc.timeframe_index IS NOT DISTINCT FROM t_index;
    IF NOT FOUND THEN RETURN NULL; END IF;
    IF p_left_id IS NULL THEN
      v_before := r.sort_key;
      v_after := baton_bucket_key_before(p_project_id, t_scope, t_span, t_index, p_item_id, r.sort_key, r.item_id);
    END IF;
  END IF;
  -- No key is infinite: the bucket's first and last keys are the ones after -Infinity and before +Infinity.
  IF v_place = 'start' THEN
    v_before := baton_bucket_key_after(p_project_id, t_scope, t_span, t_index, p_item_id, '-Infinity', '');
  ELSIF v_place = 'end' OR (v_place = 'between' AND p_left_id IS NULL AND p_right_id IS NULL) THEN
    v_after := baton_bucket_key_before(p_project_id, t_scope, t_span, t_index, p_item_id, 'Infinity', '');
  END IF;

  IF v_place = 'keep' THEN
    v_key := cur.sort_key;
  ELSE
    -- sortKeyBetween (src/shared/sortKeys.ts) in doubles.
    v_low := coalesce(v_after, p_key_min);
    v_high := coalesce(v_before, p_key_max);
    IF v_high - v_low >= p_min_gap THEN
      v_key := floor(((v_low + v_high) / 2) * p_scale + 0.5::float8) / p_scale;
    ELSE
      -- No room: a provisional key in the right place (repositories/moves.ts keyBetween), then the whole
      -- bucket is reassigned below, in the same call.
      v_rebalance := true;
      v_key := CASE WHEN v_after IS NOT NULL AND v_before IS NOT NULL THEN v_after + (v_before - v_after) / 2
        WHEN v_after IS NOT NULL THEN v_after + 1
        WHEN v_before IS NOT NULL THEN v_before - 1
        ELSE 1::float8 END;
    END IF;
  END IF;

  IF v_place <> 'keep' OR v_changed THEN
    UPDATE project_contexts SET sort_key = v_key, scope = t_scope, timeframe_span = t_span,
        timeframe_index = t_index, assigned_to_user_id = v_assignee
      WHERE project_id = p_project_id AND item_id = p_item_id;
  END IF;
  IF v_rebalance THEN
    -- Evenly spaced between the bounds in the bucket's order, in whole 1/scale steps rounded half up:
    -- rebalancedSortKey (src/shared/sortKeys.ts) and repositories/projectContexts.ts rebalanceBucket.
    -- Rare (about one append in twenty), so planned with this bucket's values each time (EXECUTE).
    EXECUTE $rebalance$
    WITH ranked AS (
      SELECT pc.item_id,
        ((row_number() OVER (ORDER BY pc.sort_key, pc.item_id) * 2 * (($6 - $5) * $7)::bigint
          + (count(*) OVER () + 1)) / (2 * (count(*) OVER () + 1)) + ($5 * $7)::bigint)::float8 / $7 AS sort_key
      FROM project_contexts pc
      WHERE pc.project_id = $1 AND pc.scope = $2
        AND pc.timeframe_span IS NOT DISTINCT FROM $3 AND pc.timeframe_index IS NOT DISTINCT FROM $4
    ), reassigned AS (
      UPDATE project_contexts pc SET sort_key = ranked.sort_key FROM ranked
        WHERE pc.project_id = $1 AND pc.item_id = ranked.item_id
        RETURNING pc.item_id, pc.sort_key
    )
    SELECT json_agg(json_build_object('id', item_id, 'sortKey', sort_key) ORDER BY sort_key, item_id),
        jsonb_agg(to_jsonb(item_id) ORDER BY item_id = $8 DESC, sort_key),
        max(sort_key) FILTER (WHERE item_id = $8)
      FROM reassigned
    $rebalance$
      INTO v_rebalanced, v_bucket_ids, v_key
      USING p_project_id, t_scope, t_span, t_index, p_key_min, p_key_max, p_scale, p_item_id;
    -- Every key of the bucket changed: the live board's event names them all (the moved item first).
    p_changes := (SELECT jsonb_agg(CASE WHEN change->>'kind' = 'items' THEN jsonb_set(change, '{itemIds}', v_bucket_ids)
        ELSE change END ORDER BY position)
      FROM jsonb_array_elements(p_changes) WITH ORDINALITY AS c(change, position));
  END IF;
  IF v_changed THEN
    INSERT INTO assignment_history (project_id, item_id, date_updated, scope, timeframe_span, timeframe_index, assigned_to_user_id)
      VALUES (p_project_id, p_item_id, p_now, t_scope, t_span, t_index, v_assignee);
  END IF;

  -- The live board's events (repositories/teamEvents.ts storeTeamEvents), told to every instance at commit.
  FOR ev IN
    WITH stored AS (
      INSERT INTO team_events (team_id, payload)
        SELECT v_team, change.payload FROM jsonb_array_elements(p_changes) WITH ORDINALITY AS change(payload, position)
        ORDER BY change.position
        RETURNING id, team_id
    )
    SELECT id, team_id FROM stored ORDER BY id
  LOOP
    PERFORM pg_notify(p_channel, ev.team_id || ':' || ev.id);
  END LOOP;

  RETURN json_build_object(
    'teamId', v_team, 'linkId', cur.link_id, 'externalId', cur.external_id, 'sortKey', v_key,
    'scope', t_scope, 'span', t_span, 'index', t_index, 'assignedToUserId', v_assignee, 'rebalanced', v_rebalanced,
    'history', (SELECT coalesce(json_agg(h ORDER BY h.id), '[]'::json) FROM (
      SELECT id, (extract(epoch FROM date_updated) * 1000)::float8 AS date_ms, scope, timeframe_span, timeframe_index,
        assigned_to_user_id
      FROM assignment_history WHERE project_id = p_project_id AND item_id = p_item_id
    ) AS h));
END
$$;
--> statement-breakpoint
-- Several moves in one call and one commit (repositories/moveBatches.ts): each is baton_move's, in the
-- order given (the caller sorts them by project, so projects are locked in one order), and each answers
-- as baton_move does, null when it must run as a transaction of its own. A later move reads what an
-- earlier one wrote: every statement of the loop sees the transaction's own writes.
CREATE OR REPLACE FUNCTION baton_move_many(
  p_moves jsonb, p_key_min float8, p_key_max float8, p_min_gap float8, p_scale float8, p_channel text
) RETURNS json LANGUAGE plpgsql VOLATILE
AS $$
DECLARE
  m jsonb;
  v_answers json[] := '{}';
BEGIN
  FOR m IN SELECT value FROM jsonb_array_elements(p_moves) LOOP
    v_answers := array_append(v_answers, baton_move(
      m->>'sessionId', (m->>'freshSince')::timestamptz, (m->>'bornAfter')::timestamptz, (m->>'now')::timestamptz,
      m->>'projectId', m->>'itemId',
      (m->>'toBucket')::boolean, (m->>'scope')::integer, (m->>'span')::integer, (m->>'index')::integer,
      (m->>'milestone')::integer,
      (m->>'assigneeGiven')::boolean, m->>'assignee',
      (m->>'ordered')::boolean, m->>'leftId', m->>'rightId', m->>'hint',
      p_key_min, p_key_max, p_min_gap, p_scale, m->'changes', p_channel));
  END LOOP;
  RETURN array_to_json(v_answers);
END
$$;
