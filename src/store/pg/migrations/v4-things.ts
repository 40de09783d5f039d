/**
 * Schema version 4: things (src/store/holdings.ts, place.ts). Each `things` list of a journal
 * entry (a `things` entry, or a purchase's `coins` entry) moves counts of things between places,
 * kept in `things` like coins in `balances`: per place and thing, applied relative to what each
 * holds. A room's floor is one server's (two worlds sharing the characters may both have a
 * common-room), so its rows carry the server that wrote the entry; a character's things and the
 * house's stock are everyone's (server 0). Places are spelled as they are stored ('char:<key>',
 * 'room:<room>', 'house'), the form ../../place.ts reads and writes.
 */
export const sql = `
CREATE TABLE things (
  holder text NOT NULL CHECK (holder ~ '^(char:[a-z]{1,32}|room:[A-Za-z0-9_-]{1,64}|house)$'),
  server integer NOT NULL,
  thing text NOT NULL CHECK (thing ~ '^[A-Za-z0-9_-]{1,64}$'),
  owner text GENERATED ALWAYS AS (substring(holder from '^char:([a-z]+)$')) STORED REFERENCES characters (key),
  n bigint NOT NULL,
  PRIMARY KEY (holder, server, thing),
  CONSTRAINT none_owed CHECK (n >= 0 OR holder = 'house'),
  CONSTRAINT floors_are_a_servers CHECK ((holder LIKE 'room:%') = (server <> 0))
);
CREATE INDEX things_of_owner ON things (owner) WHERE owner IS NOT NULL;

-- The things of one statement's entries, summed per place and applied relative to what each holds
-- (two servers move the house's stock at once), in order, so that two servers' transactions lock
-- the rows they share in the same order.
CREATE FUNCTION journal_things() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  FOR d IN
    SELECT holder, server, thing, sum(delta) AS delta FROM (
      SELECT m->>'from' AS holder, CASE WHEN m->>'from' LIKE 'room:%' THEN added.server ELSE 0 END AS server, m->>'thing' AS thing, -(m->>'n')::bigint AS delta
        FROM added, jsonb_array_elements(added.entry->'things') m WHERE added.entry ? 'things'
      UNION ALL
      SELECT m->>'to', CASE WHEN m->>'to' LIKE 'room:%' THEN added.server ELSE 0 END, m->>'thing', (m->>'n')::bigint
        FROM added, jsonb_array_elements(added.entry->'things') m WHERE added.entry ? 'things'
    ) moves
    GROUP BY holder, server, thing HAVING sum(delta) <> 0 ORDER BY holder, server, thing
  LOOP
    UPDATE things SET n = n + d.delta WHERE holder = d.holder AND server = d.server AND thing = d.thing;
    IF NOT FOUND THEN
      INSERT INTO things (holder, server, thing, n) VALUES (d.holder, d.server, d.thing, d.delta);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION journal_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  e jsonb := NEW.entry;
  k text := NEW.entry->>'key';
BEGIN
  CASE e->>'kind'
    WHEN 'coins', 'things' THEN
      -- Coins and things are kept by the statement's triggers (journal_coins, journal_things).
      RETURN NULL;
    WHEN 'character' THEN
      INSERT INTO characters (key, name, password_hash, room, created, last_seen)
      VALUES (lower(e->>'name'), e->>'name', e->>'passwordHash', e->>'room', e->>'created', e->>'created');
    WHEN 'password' THEN
      UPDATE characters SET password_hash = e->>'passwordHash' WHERE key = k;
    WHEN 'room' THEN
      UPDATE characters SET room = e->>'room' WHERE key = k;
    WHEN 'seen' THEN
      UPDATE characters SET last_seen = e->>'at' WHERE key = k;
    WHEN 'prefs' THEN
      -- A null removes a preference.
      UPDATE characters SET prefs = jsonb_strip_nulls(prefs || (e->'prefs')) WHERE key = k;
    WHEN 'ban' THEN
      INSERT INTO bans (key, by_name, at, reason) VALUES (k, e->>'by', e->>'at', e->>'reason')
      ON CONFLICT (key) DO UPDATE SET by_name = excluded.by_name, at = excluded.at, reason = excluded.reason;
      PERFORM pg_notify('obsidian_scorpion_bans', jsonb_build_object('key', k, 'ban', jsonb_build_object('by', e->>'by', 'at', e->>'at', 'reason', e->>'reason'))::text);
    WHEN 'unban' THEN
      DELETE FROM bans WHERE key = k;
      PERFORM pg_notify('obsidian_scorpion_bans', jsonb_build_object('key', k, 'ban', NULL)::text);
      RETURN NULL;
    WHEN 'handout' THEN
      INSERT INTO handouts (key, handout, at) VALUES (k, e->>'handout', (e->>'at')::bigint)
      ON CONFLICT (key, handout) DO UPDATE SET at = excluded.at;
    WHEN 'fair' THEN
      -- The seed as it now is, with the draws made with it so far (none once a new seed is committed).
      INSERT INTO fairness (server, table_id, data)
      VALUES (NEW.server, e->'fair'->>'table', (e->'fair') || jsonb_build_object('draws', CASE WHEN e ? 'draw' THEN jsonb_build_array(e->'draw') ELSE '[]'::jsonb END))
      ON CONFLICT (server, table_id) DO UPDATE SET data = excluded.data || jsonb_build_object('draws',
        CASE WHEN fairness.data->>'serverSeed' = excluded.data->>'serverSeed'
          THEN coalesce(fairness.data->'draws', '[]'::jsonb) || (excluded.data->'draws')
          ELSE (excluded.data->'draws') END);
    WHEN 'game' THEN
      INSERT INTO games (seq, server, table_id, number, at, record)
      VALUES (NEW.seq, NEW.server, e->'record'->>'table', (e->'record'->>'number')::integer, (e->'record'->>'at')::timestamptz, e->'record');
    ELSE
      RAISE EXCEPTION 'journal entry % is of no known kind (%)', NEW.seq, e->>'kind';
  END CASE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'journal entry % names no character (%)', NEW.seq, k USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER journal_things AFTER INSERT ON journal REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION journal_things();
CREATE TRIGGER kept_from_journal BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON things
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change('things are kept from the journal: append an entry to it instead', 'kept');
`;
