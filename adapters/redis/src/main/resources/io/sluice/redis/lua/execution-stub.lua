-- Puts a waiting execution to sleep: its state and history leave Redis (the caller wrote them to the object store
-- first) and a stub stays: the hash keeps version and the summary fields a listing and a load read (small enough for
-- Redis's compact encoding) and its tasks' claim fields, its state is '' (what a load reads as a stub, and what the commit script refuses).
-- The summary is kept in its fewest bytes (SummaryFields.read writes it out again): no pipeline and name when the id
-- is '<pipeline>:<name>', no stop time (a stub is running), the start time 's' in epoch ms (its score in the
-- all-executions set) when its ISO form holds no finer digits, and the definition hash 'D' by its number in the shard
-- (KEYS[7]: field '=' .. hash -> number, number -> hash, '#' the last number given; a shard's stubs share a few). What
-- only a commit needs goes: the names of its index sets (execution-restore.lua puts them back), the writer token, commit
-- time and deadline, an empty partition; so do the deduplication marks of the messages sent for it (queue-send.lua):
-- its outbox is sent, and a message sent again after this (a sweeper that read the outbox before it was cleared) is one
-- whose window could have ended anyway, which the task's claim and the execution's version already make harmless.
-- It leaves the shard's listing sets (~110 bytes an entry in a large one) for its pipeline's sleeping executions
-- (lib/sleeping.lua: small sets, ~40 bytes an entry), under the same score: the shard's hash of pipelines with sleeping
-- executions counts it, and every listing that would have found it in the sets it left reads those of its pipeline
-- beside its own (ExecutionKeys.listingIndexes); execution-restore.lua puts it back.
-- A completed claim of one of its tasks (a callback task's, whose worker is done with it) moves into its field, 'r' and
-- the result, when that stays within a compact value, and its key goes (~250 bytes); lib/claim.lua answers from the
-- field, and the field leaves with the execution. An unfinished claim keeps its key, the field '1'.
-- Only a running execution at the expected version, not a stub already, with no unsent outbox.
--
-- KEYS[1] execution hash   KEYS[2] outbox list   KEYS[3] history list   KEYS[4] sent marks hash
-- KEYS[5] the shard's all-executions set (its pipeline's and status's sets, named in the hash, are touched undeclared, in
-- the same slot)   KEYS[6] the shard's hash of the pipelines that have sleeping executions, with how many
-- KEYS[7] the numbers of the shard's definition hashes (lib/load.lua reads them)   KEYS[8] the bucket of its stub when
-- that keeps nothing but its version, definition number, start and claim fields (lib/stubs.lua, which this script starts
-- with after lib/sleeping.lua): then the stub is fields there instead of a hash of its own
-- ARGV[1] expected version   ARGV[2] the execution id   ARGV[3] what the keys of its tasks' claims start with (the
-- claim field's name, less its 'c', completes one; in the same slot, touched undeclared)   ARGV[4] what the directories
-- of the shard's sleeping executions start with, before the pipeline's length in bytes, ':' and the pipeline
-- (ExecutionKeys.sleepingIndex; in the same slot, touched undeclared)
-- Returns 1 if it stubbed, else 0.

-- Whether an ISO-8601 UTC instant as Java's Instant prints it holds no digit finer than a millisecond ('...T10:00:00Z',
-- '...T10:00:00.120Z'): then the score the commit gave the execution in its listing sets (its start in epoch ms, from
-- the same instant) says all of it.
local function toTheMillisecond(iso)
  local frac = string.match(iso, '^%d%d%d%d%-%d%d%-%d%dT%d%d:%d%d:%d%d%.?(%d*)Z$')
  return frac ~= nil and (#frac == 0 or #frac == 3)
end
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
local fields = {'state', '', 'version', f[1], 'status', f[2]}
local function keep(name, value)
  if value and value ~= '' then
    fields[#fields + 1] = name
    fields[#fields + 1] = value
  end
end
local pipeline, name = f[3], f[4]
if not (pipeline and name and pipeline ~= '' and not string.find(pipeline, ':', 1, true) and ARGV[2] == pipeline .. ':' .. name) then
  keep('pipeline', pipeline)
  keep('name', name)
end
if f[5] and f[5] ~= '' then
  local number = redis.call('HGET', KEYS[7], '=' .. f[5])
  if not number then
    number = redis.call('HINCRBY', KEYS[7], '#', 1)
    redis.call('HSET', KEYS[7], '=' .. f[5], number, number, f[5])
  end
  keep('D', number)
end
local score = redis.call('ZSCORE', KEYS[5], ARGV[2])
local start = f[6] and toTheMillisecond(f[6]) and score
if start then
  keep('s', start)
else
  keep('startTime', f[6])
end
keep('partition', f[8])
keep('historyObjects', f[9])
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
local sets = redis.call('HMGET', KEYS[1], 'ixPipeline', 'ixStatus', 'ixPipelineStatus')
if score then
  redis.call('ZREM', KEYS[5], ARGV[2])
  for _, set in ipairs(sets) do
    if set and set ~= '' then
      redis.call('ZREM', set, ARGV[2])
    end
  end
  sleepingAdd(ARGV[4] .. #pipeline .. ':' .. pipeline, ARGV[2], score)
  redis.call('HINCRBY', KEYS[6], pipeline, 1)
end
redis.call('DEL', KEYS[1], KEYS[3], KEYS[4])
-- state, version, status, D, s and claim fields only, each name and value at most 64 bytes in the bucket (a longer one
-- would turn the whole bucket from a listpack into a hashtable)
local bucketed = #fields >= 10 and fields[7] == 'D' and fields[9] == 's' and #ARGV[2] <= 64
for i = 11, #fields, 2 do
  bucketed = bucketed and string.sub(fields[i], 1, 2) == 'c.' and stubFits(ARGV[2], fields[i], fields[i + 1])
end
if bucketed then
  redis.call('HSET', KEYS[8], ARGV[2], stubPack(fields[4], fields[8], fields[10]))
  for i = 11, #fields, 2 do
    redis.call('HSET', KEYS[8], stubClaimField(ARGV[2], fields[i]), fields[i + 1])
  end
else
  redis.call('HSET', KEYS[1], unpack(fields))
end
return 1
