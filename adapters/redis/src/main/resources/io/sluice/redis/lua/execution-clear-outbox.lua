-- Clears the outbox if the execution is still at the version that wrote it. The execution's own
-- keys only (one hash tag, one Cluster slot): the caller then takes the id out of the
-- pending-outbox set, if its entry is not newer than this version's commit.
-- KEYS[1] execution hash, KEYS[2] outbox list. ARGV[1] version.
-- Returns {1, commit time of that version (epoch ms; '' if an older commit did not record it)}
-- when cleared, {0} otherwise.

local fields = redis.call('HMGET', KEYS[1], 'version', 'committedAt')
if not fields[1] or tonumber(fields[1]) ~= tonumber(ARGV[1]) then
  return {0}
end
redis.call('DEL', KEYS[2])
return {1, fields[2] or ''}
