-- Receives up to ARGV[1] visible messages: each one's receive count goes up by one and it is hidden
-- for ARGV[2] ms (its score moves to now + visibility), so it comes back unless acknowledged. A
-- visible message already received ARGV[3] times goes to the dead-letter queue instead (with its
-- receive count, without its group), unless ARGV[3] is 0 (a dead-letter queue has none of its own).
-- A visible grouped message that is not its group's head is a delayed one whose delay has passed: it
-- joins its group now (queue-send.lua) and is received only if the group was empty. Cost: O(log n) per
-- message looked at.
-- KEYS[1..4] the queue's due zset, messages hash, receives hash, groups hash; KEYS[5..7] the first
-- three of its dead-letter queue, in the same slot. ARGV[4] channel, ARGV[5] notification for the
-- dead-letter queue, ARGV[6] the queue's key stem.
-- ARGV[7] what to read along with each message received, in this same script (the keys read are the
-- message's execution's, in this queue's slot: RedisCoupledWrites; this script starts with
-- lib/claim.lua and lib/load.lua):
--   ''      nothing;
--   'claim' the claim of a message that has a subject (queue-send.lua: its task token), for owner
--           ARGV[8] .. '/' .. its receipt (id .. ':' .. receive count), ARGV[9] now, ARGV[10] lease
--           end, ARGV[11] expiry; keys as lib/claim.lua's claimKeys names them from ARGV[12..16];
--   'load'  the execution of a message's group (its execution id): hash ARGV[8] .. group .. ARGV[9],
--           outbox that hash .. ARGV[10], as lib/load.lua reads them with the numbers of definition hashes
--           ARGV[11] and its stub's bucket, ARGV[12] and ARGV[13] as lib/stubs.lua's stubBucket takes them (the
--           answer after the group).
-- A claim's execution, when its hash is absent, may be a stub in its bucket: ARGV[17] and ARGV[18] as stubBucket takes
-- them.
-- Returns {wait, moved, joined, id, receive count, message, n, item 1 .. item n, id, ...}: wait is how
-- many ms until the earliest hidden message becomes visible ('-1' when none is in the due zset), moved
-- how many were dead-lettered, joined how many delayed messages joined a group behind others; after
-- each message, n items read along with it: none, or 'claim' or 'load' and that function's answer.

local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local max, visibility, maxReceives = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, max)
local out = {'', '0', '0'}
local moved, joined = 0, 0

-- The group's head leaves: the next one, if any, becomes receivable.
local function leaveGroup(id, group)
  redis.call('HDEL', KEYS[4], id)
  local list = ARGV[6] .. 'group:' .. group
  if redis.call('LINDEX', list, 0) == id then
    redis.call('LPOP', list)
  end
  local nextId = redis.call('LINDEX', list, 0)
  if nextId then
    redis.call('ZADD', KEYS[1], now, nextId)
  end
end

-- What ARGV[7] asks to read along with a received message: a list, empty for nothing.
local function readAlong(id, received, group)
  if ARGV[7] == 'claim' then
    local subject = redis.call('HGET', ARGV[6] .. 'subjects', id)
    if not subject then
      return {}
    end
    local key, field, execution, executionId = claimKeys(ARGV[12], ARGV[13], ARGV[14], ARGV[15], ARGV[16], subject)
    if not key then
      return {}
    end
    local answer = claim(key, ARGV[8] .. '/' .. id .. ':' .. received, ARGV[9], ARGV[10], ARGV[11], field, execution,
      execution and stubBucket(ARGV[17], ARGV[18], executionId), executionId)
    table.insert(answer, 1, 'claim')
    return answer
  elseif ARGV[7] == 'load' and group then
    local hash = ARGV[8] .. group .. ARGV[9]
    local answer = load(hash, hash .. ARGV[10], ARGV[11], stubBucket(ARGV[12], ARGV[13], group), group)
    table.insert(answer, 1, group)
    table.insert(answer, 1, 'load')
    return answer
  end
  return {}
end

for _, id in ipairs(due) do
  local message = redis.call('HGET', KEYS[2], id)
  local group = redis.call('HGET', KEYS[4], id)
  local receivable = true
  if not message then
    redis.call('ZREM', KEYS[1], id) -- no message: cannot happen through this API, but never loop on it
    redis.call('HDEL', KEYS[3], id)
    receivable = false
  elseif group then
    local list = ARGV[6] .. 'group:' .. group
    if redis.call('LINDEX', list, 0) ~= id and redis.call('RPUSH', list, id) > 1 then
      redis.call('ZREM', KEYS[1], id)
      joined = joined + 1
      receivable = false
    end
  end
  if receivable then
    local received = redis.call('HINCRBY', KEYS[3], id, 1) -- this receive's count; one less if it is dead-lettered
    if maxReceives > 0 and received > maxReceives then
      received = received - 1
      redis.call('HSET', KEYS[6], id, message)
      redis.call('HSET', KEYS[7], id, received)
      redis.call('ZADD', KEYS[5], now, id)
      redis.call('ZREM', KEYS[1], id)
      redis.call('HDEL', KEYS[2], id)
      redis.call('HDEL', KEYS[3], id)
      redis.call('HDEL', ARGV[6] .. 'subjects', id)
      if group then
        leaveGroup(id, group)
      end
      moved = moved + 1
    else
      redis.call('ZADD', KEYS[1], now + visibility, id)
      out[#out + 1] = id
      out[#out + 1] = tostring(received)
      out[#out + 1] = message
      local read = readAlong(id, received, group)
      out[#out + 1] = tostring(#read)
      for _, item in ipairs(read) do
        out[#out + 1] = item
      end
    end
  end
end
if moved > 0 then
  redis.call('PUBLISH', ARGV[4], ARGV[5])
end
out[2] = tostring(moved)
out[3] = tostring(joined)
local earliest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
if earliest[2] then
  out[1] = tostring(math.max(0, tonumber(earliest[2]) - now))
else
  out[1] = '-1'
end
return out
