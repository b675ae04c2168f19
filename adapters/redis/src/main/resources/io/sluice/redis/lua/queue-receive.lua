-- Receives up to ARGV[1] visible messages: each one's receive count goes up by one and it is hidden
-- for ARGV[2] ms (its score moves to now + visibility), so it comes back unless acknowledged. A
-- visible message already received ARGV[3] times goes to the dead-letter queue instead (with its
-- receive count), unless ARGV[3] is 0 (a dead-letter queue has none of its own). Cost: O(log n) per
-- message taken.
-- KEYS[1..3] the queue's due zset, messages hash, receives hash; KEYS[4..6] the same of its
-- dead-letter queue, in the same slot. ARGV[4] channel, ARGV[5] notification for the dead-letter queue.
-- Returns {wait, moved, id, receive count, message, id, ...}: wait is how many ms until the earliest
-- hidden message becomes visible ('-1' when the queue is empty), moved how many were dead-lettered.

local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local max, visibility, maxReceives = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, max)
local out = {'', '0'}
local moved = 0
for _, id in ipairs(due) do
  local message = redis.call('HGET', KEYS[2], id)
  if not message then
    redis.call('ZREM', KEYS[1], id) -- no message: cannot happen through this API, but never loop on it
    redis.call('HDEL', KEYS[3], id)
  else
    local received = tonumber(redis.call('HGET', KEYS[3], id) or '0')
    if maxReceives > 0 and received >= maxReceives then
      redis.call('HSET', KEYS[5], id, message)
      redis.call('HSET', KEYS[6], id, received)
      redis.call('ZADD', KEYS[4], now, id)
      redis.call('ZREM', KEYS[1], id)
      redis.call('HDEL', KEYS[2], id)
      redis.call('HDEL', KEYS[3], id)
      moved = moved + 1
    else
      received = redis.call('HINCRBY', KEYS[3], id, 1)
      redis.call('ZADD', KEYS[1], now + visibility, id)
      out[#out + 1] = id
      out[#out + 1] = tostring(received)
      out[#out + 1] = message
    end
  end
end
if moved > 0 then
  redis.call('PUBLISH', ARGV[4], ARGV[5])
end
out[2] = tostring(moved)
local earliest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
if earliest[2] then
  out[1] = tostring(math.max(0, tonumber(earliest[2]) - now))
else
  out[1] = '-1'
end
return out
