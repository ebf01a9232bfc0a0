-- A note the platform wrote on a run (the reconciler, a workflow gate, the agent) as a
-- reason code with its values, {"code": "...", "params": {...}}, beside the English in
-- error, so a reader sees it in their language. NULL for a target's own answer and for
-- rows written before: their error stays as it was.
ALTER TABLE execution ADD COLUMN reason TEXT NULL;

-- The default department's seeded description was an English sentence every reader saw
-- as is: the seed's own (never an edited one) is cleared, and the dashboard words the
-- default department's missing description in the reader's language.
UPDATE department SET description = NULL
WHERE id = 1 AND name = 'default' AND description = 'What existed before departments, and the home of new users';
