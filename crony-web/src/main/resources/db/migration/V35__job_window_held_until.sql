-- held_until: the end of the instants a holder of the window confirmed while etcd did not
-- confirm its lease (docs/architecture.md, "Lease and fencing"). Cut off from etcd but not
-- from the database, an agent asks for its windows again before every fire, each time
-- only while table job still places the job on it, and fires what the database confirmed
-- whatever etcd says of its lease; the leader may meanwhile move the job, and the next
-- holder, judging the agent cut off or dead, takes the window from the agent's fence. No
-- such take reaches below held_until: the agent may have fired every instant before it.
-- NULL while no holder asked so; an agent older than this migration never sets it, and its
-- windows are taken as before.
ALTER TABLE job_window ADD COLUMN held_until DATETIME(3) NULL;
