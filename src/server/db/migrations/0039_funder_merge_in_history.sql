-- A merge of one funder into another is no one row's change: the merged funder is deleted and
-- its records renamed, each with an entry of its own (migration 0024), and the kept funder's
-- history said nothing of it. The merge now writes an entry on the kept funder through this
-- function, in its transaction: action 'merged', its changes the merged funder's name (before)
-- and the kept one's (after). The actor is named as the triggers name theirs: the transaction's
-- app.user_id, as the users table names them now (none for a script).
CREATE FUNCTION record_funder_merge(merged_name text, kept_id integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO activity (company_id, entity, entity_id, action, actor_id, actor_name, title, changes)
  SELECT f.company_id, 'funder', f.id, 'merged', actor.id, u.name, f.name,
         jsonb_build_array(jsonb_build_object('field', 'name', 'before', merged_name, 'after', f.name))
    FROM funders f
   CROSS JOIN (SELECT nullif(current_setting('app.user_id', true), '')::integer AS id) actor
    LEFT JOIN users u ON u.id = actor.id AND u.company_id = f.company_id
   WHERE f.id = kept_id
     AND f.company_id = nullif(current_setting('app.company_id', true), '')::integer
$$;
