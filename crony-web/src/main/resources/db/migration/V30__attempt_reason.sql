-- A note the agent wrote on one attempt of an ASYNC run's chain (why the run moved: its
-- instance asked, left the registry or stopped reporting; a deadline; a status URL's bare
-- FAILED; the run's own reason when something else ended it), as a reason code with its
-- values {"code": "...", "params": {...}} beside the English in note, as execution.reason
-- (V23) does for a run, so a reader sees it in their language. The agent finds an attempt
-- moved for silence by its code. NULL for a target's own answer and for links written
-- before: their note stays as it was (and an attempt moved for silence is still found by
-- its note).
ALTER TABLE execution_attempt ADD COLUMN reason TEXT NULL;
