-- Clears the outbox if the execution is still at the version that wrote it, and takes the id out of
-- its shard's pending-outbox set in the same step (the entry is this version's: a newer commit would
-- have changed the version). The execution's keys and its shard's set: one Cluster slot.
-- KEYS[1] execution hash, KEYS[2] outbox list, KEYS[3] the pending-outbox set. ARGV[1] version,
-- ARGV[2] the execution id; ARGV[3..] name the deduplication marks of the messages that carried the
-- outbox out (a send coupled with its commit in one pipeline, RedisCoupledWrites), two by two: a key
-- and '' (a mark of its own), or a hash and its field (queue-send.lua); it is cleared only if every
-- one exists: a send that failed leaves the outbox for the sweeper.
-- Returns {1, commit time of that version (epoch ms; '' if an older commit did not record it)}
-- when cleared, {0} otherwise.

local fields = redis.call('HMGET', KEYS[1], 'version', 'committedAt')
if not fields[1] or tonumber(fields[1]) ~= tonumber(ARGV[1]) then
  return {0}
end
for i = 3, #ARGV, 2 do
  local marked
  if ARGV[i + 1] == '' then
    marked = redis.call('EXISTS', ARGV[i]) == 1
  else
    marked = redis.call('HEXISTS', ARGV[i], ARGV[i + 1]) == 1
  end
  if not marked then
    return {0}
  end
end
redis.call('DEL', KEYS[2])
redis.call('ZREM', KEYS[3], ARGV[2])
return {1, fields[2] or ''}
