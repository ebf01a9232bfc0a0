-- A note the platform wrote on a run (the reconciler, a workflow gate, the agent) as a
-- reason code with its values, {"code": "...", "params": {...}}, beside the English in
-- error, so a reader sees it in their language. NULL for a target's own answer and for
-- rows written before: their error stays as it was.
ALTER TABLE execution ADD COLUMN reason TEXT NULL;
