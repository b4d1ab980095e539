-- The check types are the ones the build registers (src/check-types.ts), checked by the API's
-- schema; a list here would make every new check type a migration.
ALTER TABLE checks DROP CONSTRAINT IF EXISTS checks_check_type_check;
