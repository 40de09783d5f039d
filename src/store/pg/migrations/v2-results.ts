/**
 * Schema version 2: table results (src/store/results.ts), kept from the journal like every other
 * table: each coins entry's `results`, one row per result, so that `history` is one indexed read
 * of a character's newest rows, never a scan of the journal.
 */
export const sql = `
CREATE TABLE table_results (
  seq bigint NOT NULL REFERENCES journal (seq),
  -- The result's place in its entry's list (1-based): the newest of an entry is the last.
  n integer NOT NULL,
  key text NOT NULL REFERENCES characters (key),
  result jsonb NOT NULL,
  PRIMARY KEY (seq, n)
);
CREATE INDEX table_results_of_key ON table_results (key, seq DESC, n DESC);

-- The results of one statement's entries.
CREATE FUNCTION journal_results() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO table_results (seq, n, key, result)
    SELECT added.seq, r.n, r.result->>'key', r.result
      FROM added, jsonb_array_elements(added.entry->'results') WITH ORDINALITY AS r(result, n)
     WHERE added.entry->>'kind' = 'coins' AND added.entry ? 'results';
  RETURN NULL;
END $$;

-- Results already in the journal, then the triggers that keep the table from it from now on.
INSERT INTO table_results (seq, n, key, result)
  SELECT j.seq, r.n, r.result->>'key', r.result
    FROM journal j, jsonb_array_elements(j.entry->'results') WITH ORDINALITY AS r(result, n)
   WHERE j.entry->>'kind' = 'coins' AND j.entry ? 'results';
CREATE TRIGGER journal_results AFTER INSERT ON journal REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION journal_results();
CREATE TRIGGER kept_from_journal BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON table_results
  FOR EACH STATEMENT EXECUTE FUNCTION refuse_change('table results are kept from the journal: append an entry to it instead', 'kept');
`;
