-- The list reads bank accounts and their BAV attempts from the tables that own them (two queries),
-- so the JSON copy each bank account carried, rewritten by every attempt, goes.
ALTER TABLE bank_accounts DROP COLUMN document;
