/**
 * Schema version 1: characters, the journal, balances (purses, escrow, the mint and the house),
 * bans, hand-outs, and each server's table seeds. The journal is the truth; the triggers at the
 * end keep every other table from it, in the same transaction, and refuse any other change.
 * Accounts are spelled as they are stored (char:<key>, escrow:<table>:<key>, mint, house): the
 * form src/store/account.ts reads and writes, which never changes.
 */
export const sql = `
-- Servers that share this database, by name (each server's data folder names it); a server's
-- table seeds are kept under it, since two worlds may have tables of the same name.
CREATE TABLE servers (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name text NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 200),
  first_start timestamptz NOT NULL DEFAULT now()
);

-- The truth: every change a player can be told of, in order, as the file store's journal
-- entries. Every other table below is kept from it by the triggers at the end, in the same
-- transaction, and by nothing else.
CREATE TABLE journal (
  seq bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  time timestamptz NOT NULL,
  server integer NOT NULL REFERENCES servers (id),
  entry jsonb NOT NULL CHECK (jsonb_typeof(entry) = 'object' AND entry ? 'kind')
);

CREATE TABLE characters (
  key text PRIMARY KEY CHECK (key ~ '^[a-z]{1,32}$'),
  id integer GENERATED ALWAYS AS IDENTITY UNIQUE,
  name text NOT NULL CHECK (lower(name) = key),
  password_hash text NOT NULL,
  room text NOT NULL,
  created text NOT NULL,
  last_seen text NOT NULL,
  prefs jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(prefs) = 'object')
);

-- Purses (char:<key>), escrow (escrow:<table>:<key>), and the two sources of coins. Only the
-- mint and the house may go below zero; every other account belongs to a character.
CREATE TABLE balances (
  account text PRIMARY KEY CHECK (account ~ '^(char:[a-z]{1,32}|escrow:[A-Za-z0-9_-]{1,64}:[a-z]{1,32}|house|mint)$'),
  owner text GENERATED ALWAYS AS (substring(account from ':([a-z]+)$')) STORED REFERENCES characters (key),
  balance bigint NOT NULL,
  CONSTRAINT no_debt CHECK (balance >= 0 OR account IN ('house', 'mint'))
);
CREATE INDEX balances_of_owner ON balances (owner);
CREATE INDEX balances_stranded ON balances (owner) WHERE account LIKE 'escrow:%' AND balance <> 0;
INSERT INTO balances (account, balance) VALUES ('house', 0), ('mint', 0);

CREATE TABLE bans (
  key text PRIMARY KEY REFERENCES characters (key),
  by_name text NOT NULL,
  at text NOT NULL,
  reason text NOT NULL
);

CREATE TABLE handouts (
  key text NOT NULL REFERENCES characters (key),
  handout text NOT NULL,
  at bigint NOT NULL,
  PRIMARY KEY (key, handout)
);

CREATE TABLE fairness (
  server integer NOT NULL REFERENCES servers (id),
  table_id text NOT NULL,
  data jsonb NOT NULL,
  PRIMARY KEY (server, table_id)
);

-- What one entry changes besides coins (entries.ts, apply). An entry that names no character
-- fails, and with it the whole transaction.
CREATE FUNCTION journal_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
      -- Every server keeps the bans in memory: each hears of a change when it commits.
      PERFORM pg_notify('obsidian_scorpion_bans', jsonb_build_object('key', k, 'ban', jsonb_build_object('by', e->>'by', 'at', e->>'at', 'reason', e->>'reason'))::text);
    WHEN 'unban' THEN
      DELETE FROM bans WHERE key = k;
      PERFORM pg_notify('obsidian_scorpion_bans', jsonb_build_object('key', k, 'ban', NULL)::text);
      RETURN NULL;
    WHEN 'handout' THEN
      INSERT INTO handouts (key, handout, at) VALUES (k, e->>'handout', (e->>'at')::bigint)
      ON CONFLICT (key, handout) DO UPDATE SET at = excluded.at;
    WHEN 'fair' THEN
      INSERT INTO fairness (server, table_id, data) VALUES (NEW.server, e->'fair'->>'table', e->'fair')
      ON CONFLICT (server, table_id) DO UPDATE SET data = excluded.data;
    ELSE
      RAISE EXCEPTION 'journal entry % is of no known kind (%)', NEW.seq, e->>'kind';
  END CASE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'journal entry % names no character (%)', NEW.seq, k USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;

-- The coins of one statement's entries, summed per account and applied relative to what each
-- account holds (two servers move the house and the mint at once), in account order so that
-- two servers' transactions lock the rows they share in the same order.
CREATE FUNCTION journal_coins() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d record;
BEGIN
  FOR d IN
    SELECT account, sum(delta) AS delta FROM (
      SELECT m->>'from' AS account, -(m->>'amount')::bigint AS delta
        FROM added, jsonb_array_elements(added.entry->'moves') m WHERE added.entry->>'kind' = 'coins'
      UNION ALL
      SELECT m->>'to', (m->>'amount')::bigint
        FROM added, jsonb_array_elements(added.entry->'moves') m WHERE added.entry->>'kind' = 'coins'
      UNION ALL
      SELECT 'mint', -(entry->>'purse')::bigint FROM added WHERE entry->>'kind' = 'character'
      UNION ALL
      SELECT 'char:' || lower(entry->>'name'), (entry->>'purse')::bigint FROM added WHERE entry->>'kind' = 'character'
    ) moves
    GROUP BY account HAVING sum(delta) <> 0 ORDER BY account
  LOOP
    UPDATE balances SET balance = balance + d.delta WHERE account = d.account;
    IF NOT FOUND THEN
      INSERT INTO balances (account, balance) VALUES (d.account, d.delta);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;

CREATE TRIGGER journal_apply AFTER INSERT ON journal FOR EACH ROW EXECUTE FUNCTION journal_apply();
CREATE TRIGGER journal_coins AFTER INSERT ON journal REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION journal_coins();

-- The journal is only ever appended to; the tables kept from it change only through it.
CREATE FUNCTION refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Nested: a journal trigger is keeping the table.
  IF TG_ARGV[1] = 'kept' AND pg_trigger_depth() > 1 THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION '%', TG_ARGV[0] USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON journal
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change('the journal is only ever appended to', 'truth');
CREATE TRIGGER kept_from_journal BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON characters
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change('characters are kept from the journal: append an entry to it instead', 'kept');
CREATE TRIGGER kept_from_journal BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON balances
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change('balances are kept from the journal: append an entry to it instead', 'kept');
CREATE TRIGGER kept_from_journal BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON bans
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change('bans are kept from the journal: append an entry to it instead', 'kept');
CREATE TRIGGER kept_from_journal BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON handouts
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change('handouts are kept from the journal: append an entry to it instead', 'kept');
CREATE TRIGGER kept_from_journal BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON fairness
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change('fairness are kept from the journal: append an entry to it instead', 'kept');
`;
