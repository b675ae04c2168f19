-- Removes a finished execution, all or nothing: its hash, outbox and history; and keeps its summary
-- as the retired record until the name's reservation ends, so the id cannot be created again
-- meanwhile. The execution's own keys only (one hash tag, one Cluster slot): the caller then takes
-- the id out of the index sets this returns, the all-executions set, the expiry set and the
-- pending-outbox set.
--
-- KEYS[1] execution hash   KEYS[2] outbox list   KEYS[3] history list   KEYS[4] retired record (a string)
-- KEYS[5] the set of its tasks' claim keys that older builds kept (the claims are now fields 'c.<rest>' of
-- the hash, lib/claim.lua): both go with it, so a task message delivered after this finds its execution
-- gone instead of running again; KEYS[6] the deduplication marks of the
-- messages sent for it (queue-send.lua), which go with it too; KEYS[7] the shard's set of removed executions whose
-- history objects are still to be deleted (HistoryOffload), scored by the end of the name's reservation: the id goes in
-- when its hash says it has some ('historyObjects'), and the caller takes it out once it deleted them, so a crash in
-- between leaves the deletion to the store's next reaper pass (RedisExecutionStore.expired), never undone
-- ARGV[1] expected version ARGV[2] name reserved until (epoch ms) ARGV[3] the execution id ARGV[4] what the
-- keys of its tasks' claims start with (the claim field's name, less its 'c', completes one)
-- Returns {1, pipeline set, status set, pipeline + status set, '1' or '' (history objects to delete)} ('' where none)
-- when removed; {0}
-- when the execution is absent, at another version, running, or has an outbox not yet sent (its
-- commands must go out first).

local fields = redis.call('HMGET', KEYS[1], 'version', 'status', 'pipeline', 'name', 'definitionHash',
  'startTime', 'stopTime', 'ixPipeline', 'ixStatus', 'ixPipelineStatus', 'partition', 'historyObjects')
if not fields[1] or tonumber(fields[1]) ~= tonumber(ARGV[1]) or fields[2] == 'RUNNING' then
  return {0}
end
if redis.call('LLEN', KEYS[2]) > 0 then
  return {0}
end
for _, name in ipairs(redis.call('HKEYS', KEYS[1])) do
  if string.sub(name, 1, 2) == 'c.' then
    redis.call('DEL', ARGV[4] .. string.sub(name, 2))
  end
end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
for _, claim in ipairs(redis.call('SMEMBERS', KEYS[5])) do
  redis.call('DEL', claim)
end
redis.call('DEL', KEYS[5], KEYS[6])
-- One string, the summary's fields joined by newlines (none of them holds one): a third of a hash's bytes.
redis.call('SET', KEYS[4], table.concat({fields[3], fields[4], fields[2], fields[5], fields[6], fields[7], fields[11] or ''}, '\n'))
redis.call('PEXPIREAT', KEYS[4], ARGV[2])
local objects = fields[12] or ''
if objects == '1' then
  redis.call('ZADD', KEYS[7], ARGV[2], ARGV[3])
end
return {1, fields[8] or '', fields[9] or '', fields[10] or '', objects}
