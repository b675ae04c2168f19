-- Removes a finished execution, all or nothing: its hash, outbox and history, its entries in every
-- index and in the expiry set; and keeps its summary as the retired record until the name's
-- reservation ends, so the id cannot be created again meanwhile.
--
-- KEYS[1] execution hash   KEYS[2] outbox list   KEYS[3] history list   KEYS[4] pending-outbox zset
-- KEYS[5] index: all       KEYS[6] expiry zset   KEYS[7] retired record (a string)
-- ARGV[1] expected version ARGV[2] execution id  ARGV[3] name reserved until (epoch ms)
-- Returns 1 when removed; 0 when the execution is absent, at another version, running, or has an
-- outbox not yet sent (its commands must go out first).

local fields = redis.call('HMGET', KEYS[1], 'version', 'status', 'pipeline', 'name', 'definitionHash',
  'startTime', 'stopTime', 'ixPipeline', 'ixStatus', 'ixPipelineStatus')
if not fields[1] or tonumber(fields[1]) ~= tonumber(ARGV[1]) or fields[2] == 'RUNNING' then
  return 0
end
if redis.call('LLEN', KEYS[2]) > 0 then
  return 0
end
local id = ARGV[2]
for i = 8, 10 do
  if fields[i] then
    redis.call('ZREM', fields[i], id)
  end
end
redis.call('ZREM', KEYS[5], id)
redis.call('ZREM', KEYS[6], id)
redis.call('ZREM', KEYS[4], id)
redis.call('DEL', KEYS[1], KEYS[2], KEYS[3])
-- One string, the summary's fields joined by newlines (none of them holds one): a third of a hash's bytes.
redis.call('SET', KEYS[7], table.concat({fields[3], fields[4], fields[2], fields[5], fields[6], fields[7]}, '\n'))
redis.call('PEXPIREAT', KEYS[7], ARGV[3])
return 1
