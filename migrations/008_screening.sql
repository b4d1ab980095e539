-- Sanctions and PEP lists imported by the operator (idcheck screening import). pg_trgm lives in
-- public, once per database, so every schema's index and queries find it (search_path ends in public).
CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;

-- One row per source: the version in use, replaced with the source's entries in one transaction.
CREATE TABLE screening_lists (
  source text PRIMARY KEY,
  format text NOT NULL CHECK (format IN ('opensanctions-csv', 'ofac-sdn-xml')),
  -- sha256 of the imported file
  version text NOT NULL,
  entries integer NOT NULL,
  imported_at timestamptz NOT NULL,
  -- The re-screen of every AML case this version started, batch by batch on the queue:
  -- the last case id done, how many were screened, how many got a new result.
  rescreen_status text NOT NULL DEFAULT 'running' CHECK (rescreen_status IN ('running', 'done')),
  rescreen_after integer NOT NULL DEFAULT 0,
  rescreen_cases integer NOT NULL DEFAULT 0,
  rescreen_changed integer NOT NULL DEFAULT 0,
  rescreen_done_at timestamptz
);

CREATE TABLE screening_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  source text NOT NULL REFERENCES screening_lists (source),
  entity_id text NOT NULL,
  schema text NOT NULL,
  -- as published: the primary name first, then the aliases
  names text[] NOT NULL,
  birth_dates text[] NOT NULL,
  countries text[] NOT NULL,
  topics text[] NOT NULL
);
CREATE INDEX screening_entries_source_idx ON screening_entries (source);

-- The words of every name of an entry, normalised (src/modules/screening/matching/normalise.ts):
-- candidates are the entries sharing words with the query, found through the vocabulary below.
CREATE TABLE screening_tokens (
  token text NOT NULL,
  entry_id bigint NOT NULL REFERENCES screening_entries (id) ON DELETE CASCADE,
  PRIMARY KEY (token, entry_id)
);
CREATE INDEX screening_tokens_entry_idx ON screening_tokens (entry_id);

-- Every word the lists have used, found by its trigrams (a typo in a long word).
CREATE TABLE screening_vocabulary (
  token text PRIMARY KEY
);
CREATE INDEX screening_vocabulary_trgm_idx ON screening_vocabulary USING gin (token public.gin_trgm_ops);

-- The keys a misspelt or transliterated query word finds a listed word by
-- (src/modules/screening/search-words.ts): its spelling folded across transliteration systems, that
-- spelling less any one letter (a typo in a short word), its consonants (Arabic script writes no
-- vowels), its sound.
CREATE TABLE screening_word_keys (
  key text NOT NULL,
  token text NOT NULL,
  PRIMARY KEY (key, token)
);

-- An analyst's decision on a hit, for the case: a false positive is not raised again for it.
CREATE TABLE screening_decisions (
  case_id integer NOT NULL REFERENCES cases (id),
  source text NOT NULL,
  entity_id text NOT NULL,
  decision text NOT NULL CHECK (decision IN ('false_positive', 'true_positive')),
  check_id integer NOT NULL REFERENCES checks (id),
  hit_id integer NOT NULL,
  decided_at timestamptz NOT NULL,
  PRIMARY KEY (case_id, source, entity_id)
);
