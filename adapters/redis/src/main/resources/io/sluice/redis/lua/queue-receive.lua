-- Receives up to ARGV[1] visible messages: each one's receive count goes up by one and it is hidden
-- for ARGV[2] ms (its score moves to now + visibility), so it comes back unless acknowledged. A
-- visible message already received ARGV[3] times goes to the dead-letter queue instead (with its
-- receive count, without its group), unless ARGV[3] is 0 (a dead-letter queue has none of its own).
-- A visible grouped message that is not its group's head is a delayed one whose delay has passed: it
-- joins its group now (queue-send.lua) and is received only if the group was empty. Cost: O(log n) per
-- message looked at.
-- KEYS[1..4] the queue's due zset, messages hash, receives hash, groups hash; KEYS[5..7] the first
-- three of its dead-letter queue, in the same slot. ARGV[4] channel, ARGV[5] notification ('' for none) for the
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
--
-- Several queues in one run (a function's priority channels, highest first, all in this slot): KEYS[7j+1..7j+7] as
-- KEYS[1..7] for the j-th after the first, and the last 3 arguments per queue after the first (after what ARGV[7] asks
-- for): its max, its dead-letter notification and its key stem (as ARGV[1], [5], [6]); the rest is shared. With 7 keys,
-- one queue and the answer above. The first queue that gives messages answers, the ones after it are not looked at: {wait, moved,
-- joined, j (0 for the first, '-1' for none), its messages as above}, wait the earliest over the queues looked at,
-- moved and joined their sums. One round trip where a receive per channel was one each.

local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local visibility, maxReceives = tonumber(ARGV[2]), tonumber(ARGV[3])

-- What ARGV[7] asks to read along with a received message: a list, empty for nothing. stem: its queue's key stem.
local function readAlong(id, received, group, stem)
  if ARGV[7] == 'claim' then
    local subject = redis.call('HGET', stem .. 'subjects', id)
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

-- Receives up to max from the queue whose keys are KEYS[k + 1 .. k + 7]; notification: for its dead-letter queue,
-- stem: its key stem. Answers as a receive from one queue does.
local function receiveFrom(k, max, notification, stem)
  local dueKey, messages, receives, groups = KEYS[k + 1], KEYS[k + 2], KEYS[k + 3], KEYS[k + 4]
  local due = redis.call('ZRANGEBYSCORE', dueKey, '-inf', now, 'LIMIT', 0, max)
  local out = {'', '0', '0'}
  local moved, joined = 0, 0

  -- The group's head leaves: the next one, if any, becomes receivable.
  local function leaveGroup(id, group)
    redis.call('HDEL', groups, id)
    local list = stem .. 'group:' .. group
    local head = redis.call('LRANGE', list, 0, 1) -- the head and the one behind it, in one read
    local nextId = head[1]
    if nextId == id then
      redis.call('LPOP', list)
      nextId = head[2]
    end
    if nextId then
      redis.call('ZADD', dueKey, now, nextId)
    end
  end

  for _, id in ipairs(due) do
    local message = redis.call('HGET', messages, id)
    local group = redis.call('HGET', groups, id)
    local receivable = true
    if not message then
      redis.call('ZREM', dueKey, id) -- no message: cannot happen through this API, but never loop on it
      redis.call('HDEL', receives, id)
      receivable = false
    elseif group then
      local list = stem .. 'group:' .. group
      if redis.call('LINDEX', list, 0) ~= id and redis.call('RPUSH', list, id) > 1 then
        redis.call('ZREM', dueKey, id)
        joined = joined + 1
        receivable = false
      end
    end
    if receivable then
      local received = redis.call('HINCRBY', receives, id, 1) -- this receive's count; one less if it is dead-lettered
      if maxReceives > 0 and received > maxReceives then
        received = received - 1
        redis.call('HSET', KEYS[k + 6], id, message)
        redis.call('HSET', KEYS[k + 7], id, received)
        redis.call('ZADD', KEYS[k + 5], now, id)
        redis.call('ZREM', dueKey, id)
        redis.call('HDEL', messages, id)
        redis.call('HDEL', receives, id)
        redis.call('HDEL', stem .. 'subjects', id)
        if group then
          leaveGroup(id, group)
        end
        moved = moved + 1
      else
        redis.call('ZADD', dueKey, now + visibility, id)
        out[#out + 1] = id
        out[#out + 1] = tostring(received)
        out[#out + 1] = message
        local read = readAlong(id, received, group, stem)
        out[#out + 1] = tostring(#read)
        for _, item in ipairs(read) do
          out[#out + 1] = item
        end
      end
    end
  end
  if moved > 0 and notification ~= '' then
    redis.call('PUBLISH', ARGV[4], notification)
  end
  out[2] = tostring(moved)
  out[3] = tostring(joined)
  local earliest = redis.call('ZRANGE', dueKey, 0, 0, 'WITHSCORES')
  if earliest[2] then
    out[1] = tostring(math.max(0, tonumber(earliest[2]) - now))
  else
    out[1] = '-1'
  end
  return out
end

local first = receiveFrom(0, tonumber(ARGV[1]), ARGV[5], ARGV[6])
local further = #KEYS / 7 - 1
if further == 0 then
  return first
end
local got, answered = first, 0
local wait, moved, joined = tonumber(first[1]), tonumber(first[2]), tonumber(first[3])
for j = 1, further do
  if #got > 3 then
    break
  end
  local a = #ARGV - 3 * (further - j + 1) + 1
  got = receiveFrom(7 * j, tonumber(ARGV[a]), ARGV[a + 1], ARGV[a + 2])
  answered = j
  local w = tonumber(got[1])
  if w >= 0 and (wait < 0 or w < wait) then
    wait = w
  end
  moved = moved + tonumber(got[2])
  joined = joined + tonumber(got[3])
end
got[1], got[2], got[3] = tostring(wait), tostring(moved), tostring(joined)
table.insert(got, 4, #got > 3 and tostring(answered) or '-1')
return got
