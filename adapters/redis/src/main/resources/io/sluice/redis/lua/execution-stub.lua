-- Puts a waiting execution to sleep: its state and history leave Redis (the caller wrote them to the object store
-- first) and a stub stays: the hash keeps version and the summary fields a listing and a load read (small enough for
-- Redis's compact encoding) and its tasks' claim fields, its state is '' (what a load reads as a stub, and what the commit script refuses). What
-- only a commit needs goes: the names of its index sets (execution-restore.lua puts them back), the writer token, commit
-- time and deadline, an empty partition (and the definition hash loses its 'sha256:'); so do the deduplication marks of the messages sent for it (queue-send.lua):
-- its outbox is sent, and a message sent again after this (a sweeper that read the outbox before it was cleared) is one
-- whose window could have ended anyway, which the task's claim and the execution's version already make harmless.
-- It stays listed only by its status, RUNNING (the status and pipeline + status sets), and leaves the shard's
-- all-executions set and its pipeline's set: the listings without a status read the running ones' set beside their own
-- (RedisExecutionStore.list), and execution-restore.lua puts it back in both.
-- A completed claim of one of its tasks (a callback task's, whose worker is done with it) moves into its field, 'r' and
-- the result, when that stays within a compact value, and its key goes (~250 bytes); lib/claim.lua answers from the
-- field, and the field leaves with the execution. An unfinished claim keeps its key, the field '1'.
-- Only a running execution at the expected version, not a stub already, with no unsent outbox.
--
-- KEYS[1] execution hash   KEYS[2] outbox list   KEYS[3] history list   KEYS[4] sent marks hash
-- KEYS[5] the shard's all-executions set (its pipeline's set, named in the hash, is touched undeclared, in the same slot)
-- ARGV[1] expected version   ARGV[2] the execution id   ARGV[3] what the keys of its tasks' claims start with (the
-- claim field's name, less its 'c', completes one; in the same slot, touched undeclared)
-- Returns 1 if it stubbed, else 0.

local kept = {'version', 'status', 'pipeline', 'name', 'definitionHash', 'startTime', 'stopTime', 'partition',
  'historyObjects'}
local f = redis.call('HMGET', KEYS[1], unpack(kept))
if not f[1] or tonumber(f[1]) ~= tonumber(ARGV[1]) or f[2] ~= 'RUNNING' then
  return 0
end
if redis.call('HSTRLEN', KEYS[1], 'state') == 0 or redis.call('LLEN', KEYS[2]) > 0 then
  return 0
end
-- Written anew, not trimmed: Redis never turns a hash back into a listpack once it has grown out of one.
local fields = {'state', ''}
for i, name in ipairs(kept) do
  local value = f[i]
  if name == 'definitionHash' and value and string.sub(value, 1, 7) == 'sha256:' then
    -- 'sha256:' and 64 hex digits are 71 bytes, over a listpack's 64: the digits alone (lib/load.lua, SummaryFields)
    name, value = 'definitionSha256', string.sub(value, 8)
  end
  if value and (value ~= '' or name == 'stopTime') then
    fields[#fields + 1] = name
    fields[#fields + 1] = value
  end
end
local function claimField(name)
  local value = redis.call('HGET', KEYS[1], name)
  if string.sub(value, 1, 1) == 'r' then
    return value -- moved here when it slept before
  end
  local key = ARGV[3] .. string.sub(name, 2)
  local result = redis.call('HGET', key, 'result')
  if result and #result < 64 then -- with its 'r', a listpack's 64 bytes at most
    redis.call('DEL', key)
    return 'r' .. result
  end
  return '1'
end
for _, name in ipairs(redis.call('HKEYS', KEYS[1])) do
  if string.sub(name, 1, 2) == 'c.' then -- its tasks' claims (lib/claim.lua), which the removal deletes
    fields[#fields + 1] = name
    fields[#fields + 1] = claimField(name)
  end
end
local pipelineSet = redis.call('HGET', KEYS[1], 'ixPipeline')
redis.call('ZREM', KEYS[5], ARGV[2])
if pipelineSet and pipelineSet ~= '' then
  redis.call('ZREM', pipelineSet, ARGV[2])
end
redis.call('DEL', KEYS[1], KEYS[3], KEYS[4])
redis.call('HSET', KEYS[1], unpack(fields))
return 1
