-- One transition of one execution, all or nothing: version check, state + summary, outbox and
-- history, and the indexes of the execution's shard (listing sets, pending outboxes, expiry), exact.
-- Every key is the execution's own or its shard's, so they share one Redis Cluster slot (on one node
-- the execution's keys carry its hash tag {ID} and the indexes are global keys; on Cluster all carry
-- the shard's tag: RedisExecutionStore, Shards). The hash keeps the names of the listing sets the
-- execution is in and its commit time and deadline.
--
-- KEYS[1] execution hash   KEYS[2] outbox list   KEYS[3] history list   KEYS[4] the retired record of this id
-- KEYS[5] the shard's all-executions index   KEYS[6] its pending-outbox set   KEYS[7] its expiry set
-- ARGV[1] expected version ARGV[2] commit time (epoch ms)  ARGV[3] history line count
-- ARGV[4] outbox command count  ARGV[5] state  ARGV[6..11] pipeline, name, status, definition hash,
-- start time, stop time ('' while running)  ARGV[12] retain until (epoch ms, '' for none)
-- ARGV[13..15] the names of the pipeline, status and pipeline + status index sets of the shard
-- (kept in the hash; touched undeclared, in the same slot) ARGV[16] the execution id, ARGV[17] its
-- start time (epoch ms), the listing sets' score, ARGV[18] a token of this commit, kept as the hash's
-- 'writer', which the sends pipelined behind it check (RedisCoupledWrites); ARGV[19] the partition it
-- was started for ('' for none); ARGV[20] '1' when some of this commit's history lines are references to an object
-- (HistoryOffload, written before this ran), kept as the hash's 'historyObjects' so the execution's removal deletes
-- its objects, else ''; then the history lines, then the outbox.
-- KEYS[8] the bucket its stub would be in (lib/stubs.lua) when it has no hash.
-- Returns {1, new version} or {0, current version} (also for the stub of a sleeping execution, execution-stub.lua). An id whose execution was removed while its name is
-- still reserved (KEYS[4] exists) cannot be created again: {0, 0}.

-- What the commit checks and what it replaces, in one read: the version, then the listing sets it is in, its start and its
-- deadline.
local old = redis.call('HMGET', KEYS[1], 'version', 'ixPipeline', 'ixStatus', 'ixPipelineStatus', 'startTime', 'retainUntil')
local version = old[1]
if not version then
  -- a bucketed stub: its version (lib/stubs.lua's stubPack; the library is not loaded on the hottest script)
  version = string.match(redis.call('HGET', KEYS[8], ARGV[16]) or '', '^(%d+):')
  if version then
    return {0, tonumber(version)}
  end
end
local current = tonumber(version or '0')
if current ~= tonumber(ARGV[1]) then
  return {0, current}
end
if current == 0 and redis.call('EXISTS', KEYS[4]) == 1 then
  return {0, 0}
end
if current > 0 and redis.call('HSTRLEN', KEYS[1], 'state') == 0 then
  return {0, current} -- the stub of a sleeping execution: whoever changes it restores it first (execution-restore.lua)
end
local historyCount = tonumber(ARGV[3])
local outboxCount = tonumber(ARGV[4])
local firstHistory = 21
local firstOutbox = firstHistory + historyCount

local function push(key, from, count)
  local last = from + count - 1
  while from <= last do
    local to = math.min(from + 999, last) -- unpack has a stack limit
    redis.call('RPUSH', key, unpack(ARGV, from, to))
    from = to + 1
  end
end

redis.call('HSET', KEYS[1], 'version', current + 1, 'state', ARGV[5],
  'pipeline', ARGV[6], 'name', ARGV[7], 'status', ARGV[8], 'definitionHash', ARGV[9],
  'startTime', ARGV[10], 'stopTime', ARGV[11], 'committedAt', ARGV[2], 'retainUntil', ARGV[12],
  'ixPipeline', ARGV[13], 'ixStatus', ARGV[14], 'ixPipelineStatus', ARGV[15], 'partition', ARGV[19], 'writer', ARGV[18])

redis.call('DEL', KEYS[2])
if outboxCount > 0 then
  push(KEYS[2], firstOutbox, outboxCount)
end
if historyCount > 0 then
  push(KEYS[3], firstHistory, historyCount)
end
if ARGV[20] == '1' then
  redis.call('HSET', KEYS[1], 'historyObjects', '1')
end
local id = ARGV[16]
local start = ARGV[17]
-- The hash names the sets it is listed in (a stub names none, and the restore lists it again), under its start time:
-- an entry whose set and start time are unchanged is in place already, as on most commits of a running execution.
local sameStart = old[5] == ARGV[10]
if not (sameStart and old[2] and old[2] ~= '') then
  redis.call('ZADD', KEYS[5], start, id)
end
for i = 1, 3 do
  local set, was = ARGV[12 + i], old[1 + i]
  if not (sameStart and was == set) then
    redis.call('ZADD', set, start, id)
  end
  if was and was ~= '' and was ~= set then
    redis.call('ZREM', was, id)
  end
end
if outboxCount > 0 then
  redis.call('ZADD', KEYS[6], ARGV[2], id)
else
  redis.call('ZREM', KEYS[6], id)
end
if ARGV[12] ~= '' then
  redis.call('ZADD', KEYS[7], ARGV[12], id)
elseif old[6] ~= '' then -- '' when the last commit set no deadline (and so took it out); absent before commits kept it
  redis.call('ZREM', KEYS[7], id)
end
return {1, current + 1}
