/**
 * Schema version 3: game records and the richest (src/store/games.ts, richest.ts). Each `game`
 * entry becomes a row of `games`; each `fair` entry that notes a draw adds it to its table's
 * live draws (in the fairness row, under `draws`, emptied when the seed changes), so that a
 * game cut off by a stop gets its record at the next start. An index of purses by balance
 * answers "the richest" without reading every character. Purses are the accounts stored as
 * 'char:<key>' (src/store/account.ts).
 */
export const sql = `
CREATE TABLE games (
  seq bigint PRIMARY KEY REFERENCES journal (seq),
  server integer NOT NULL REFERENCES servers (id),
  table_id text NOT NULL,
  number integer NOT NULL,
  at timestamptz NOT NULL,
  record jsonb NOT NULL
);
CREATE INDEX games_of_table ON games (server, table_id, number DESC);
CREATE INDEX games_by_time ON games (at DESC);
CREATE INDEX balances_richest ON balances (balance DESC) WHERE account LIKE 'char:%';

CREATE OR REPLACE FUNCTION journal_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  e jsonb := NEW.entry;
  k text := NEW.entry->>'key';
BEGIN
  CASE e->>'kind'
    WHEN 'coins' THEN
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

CREATE TRIGGER kept_from_journal BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON games
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change('games are kept from the journal: append an entry to it instead', 'kept');
`;
