-- Wakes a sleeping execution: puts its state and history (read back from the object store) in place of its stub, and
-- the names of its index sets the stub dropped and its summary as the commit keeps it (execution-stub.lua), if it is still the stub of the expected version.
-- Two wakers race safely: the second finds no stub and answers 0.
--
-- It leaves its pipeline's sleeping executions (lib/sleeping.lua) and is listed again in the shard's all-executions set,
-- its pipeline's set, the RUNNING set and its pipeline's RUNNING set, which the stub left, and its pipeline counts one
-- sleeping execution fewer. A stub of an earlier build stayed in its pipeline's RUNNING set, and, of one earlier still,
-- in all four and was not counted.
--
-- KEYS[1] execution hash   KEYS[2] history list   KEYS[3] the shard's all-executions set   KEYS[4] the shard's hash
-- of the pipelines that have sleeping executions, with how many   KEYS[5] the directory of its pipeline's sleeping
-- executions in the shard   KEYS[6] the bucket its stub is in when it is not a hash of its own (lib/stubs.lua)
-- ARGV[1] expected version   ARGV[2] state   ARGV[3] '1' when some history lines are references to objects written
-- before this ran (HistoryOffload; kept as the hash's 'historyObjects', as the commit keeps it), else ''
-- ARGV[4..6] the names of its pipeline, status and pipeline + status index sets (as the commit keeps them; touched
-- undeclared, in the same slot)   ARGV[7] the execution id   ARGV[8] its start time (epoch ms), the listing sets' score
-- ARGV[9..12] its pipeline, name, definition hash and start time as the commit keeps them (the stub may hold them
-- shorter or not at all, execution-stub.lua)   ARGV[13..] history lines
-- Returns 1 if it restored, else 0.

local version = redis.call('HGET', KEYS[1], 'version')
if not version then
  local value = redis.call('HGET', KEYS[6], ARGV[7])
  if not value or tonumber((stubUnpack(value))) ~= tonumber(ARGV[1]) then
    return 0
  end
  redis.call('HDEL', KEYS[6], ARGV[7])
  redis.call('HSET', KEYS[1], 'version', ARGV[1], 'status', 'RUNNING')
  local claims = stubClaimsTaken(KEYS[6], ARGV[7])
  if #claims > 0 then
    redis.call('HSET', KEYS[1], unpack(claims))
  end
elseif tonumber(version) ~= tonumber(ARGV[1]) or redis.call('HSTRLEN', KEYS[1], 'state') ~= 0 then
  return 0
end
redis.call('HSET', KEYS[1], 'state', ARGV[2], 'ixPipeline', ARGV[4], 'ixStatus', ARGV[5], 'ixPipelineStatus', ARGV[6],
  'pipeline', ARGV[9], 'name', ARGV[10], 'definitionHash', ARGV[11], 'startTime', ARGV[12], 'stopTime', '')
redis.call('HDEL', KEYS[1], 'D', 's', 'd', 'definitionSha256') -- the last two: stubs of earlier builds
if ARGV[3] == '1' then
  redis.call('HSET', KEYS[1], 'historyObjects', '1')
end
local counted = sleepingRemove(KEYS[5], ARGV[7], ARGV[8]) == 1 or not redis.call('ZSCORE', ARGV[5], ARGV[7])
if counted and redis.call('HINCRBY', KEYS[4], ARGV[9], -1) <= 0 then
  redis.call('HDEL', KEYS[4], ARGV[9])
end
redis.call('ZADD', KEYS[3], ARGV[8], ARGV[7])
redis.call('ZADD', ARGV[4], ARGV[8], ARGV[7])
redis.call('ZADD', ARGV[5], ARGV[8], ARGV[7])
redis.call('ZADD', ARGV[6], ARGV[8], ARGV[7])
redis.call('DEL', KEYS[2])
local last = #ARGV
local from = 13
while from <= last do
  local to = math.min(from + 999, last) -- unpack has a stack limit
  redis.call('RPUSH', KEYS[2], unpack(ARGV, from, to))
  from = to + 1
end
return 1
