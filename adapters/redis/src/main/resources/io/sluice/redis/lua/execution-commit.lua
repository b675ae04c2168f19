-- One transition of one execution, all or nothing: version check, state + summary, outbox,
-- history, and the index entries. Redis runs a script without interleaving other commands,
-- and the checks come before the first write, so a conflict changes nothing.
--
-- KEYS[1] execution hash        KEYS[2] outbox list      KEYS[3] history list
-- KEYS[4] pending-outbox zset   KEYS[5] index: all       KEYS[6] index: pipeline
-- KEYS[7] index: status         KEYS[8] index: pipeline + status
-- KEYS[9] expiry zset (retain-until, epoch ms)           KEYS[10] the retired record of this id
-- ARGV[1] expected version      ARGV[2] execution id     ARGV[3] commit time (epoch ms)
-- ARGV[4] start time (epoch ms, the index score)         ARGV[5] history line count
-- ARGV[6] outbox command count  ARGV[7] state            ARGV[8..13] pipeline, name, status,
-- definition hash, start time, stop time ('' while running); ARGV[14] retain until (epoch ms, '' to keep);
-- then the history lines, then the outbox.
-- Returns {1, new version} or {0, current version}. An id whose execution was removed while its name is
-- still reserved (KEYS[10] exists) cannot be created again: {0, 0}.

local current = tonumber(redis.call('HGET', KEYS[1], 'version') or '0')
if current ~= tonumber(ARGV[1]) then
  return {0, current}
end
if current == 0 and redis.call('EXISTS', KEYS[10]) == 1 then
  return {0, 0}
end
local id = ARGV[2]
local historyCount = tonumber(ARGV[5])
local outboxCount = tonumber(ARGV[6])
local firstHistory = 15
local firstOutbox = firstHistory + historyCount

local function push(key, from, count)
  local last = from + count - 1
  while from <= last do
    local to = math.min(from + 999, last) -- unpack has a stack limit
    redis.call('RPUSH', key, unpack(ARGV, from, to))
    from = to + 1
  end
end

-- An execution that changed pipeline or status leaves the index sets it was in. The old key
-- names are read from the hash (written by the previous commit), so Java alone names keys.
local indexFields = {'ixPipeline', 'ixStatus', 'ixPipelineStatus'}
for i, field in ipairs(indexFields) do
  local old = redis.call('HGET', KEYS[1], field)
  if old and old ~= KEYS[5 + i] then
    redis.call('ZREM', old, id)
  end
end

redis.call('HSET', KEYS[1], 'version', current + 1, 'state', ARGV[7],
  'pipeline', ARGV[8], 'name', ARGV[9], 'status', ARGV[10], 'definitionHash', ARGV[11],
  'startTime', ARGV[12], 'stopTime', ARGV[13],
  'ixPipeline', KEYS[6], 'ixStatus', KEYS[7], 'ixPipelineStatus', KEYS[8])
for i = 5, 8 do
  redis.call('ZADD', KEYS[i], ARGV[4], id)
end

if ARGV[14] ~= '' then
  redis.call('ZADD', KEYS[9], ARGV[14], id)
else
  redis.call('ZREM', KEYS[9], id)
end

redis.call('DEL', KEYS[2])
if outboxCount > 0 then
  push(KEYS[2], firstOutbox, outboxCount)
  redis.call('ZADD', KEYS[4], ARGV[3], id)
else
  redis.call('ZREM', KEYS[4], id)
end
if historyCount > 0 then
  push(KEYS[3], firstHistory, historyCount)
end
return {1, current + 1}
