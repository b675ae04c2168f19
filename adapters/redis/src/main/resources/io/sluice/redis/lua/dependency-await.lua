-- Registers a task token as waiting for upstreams that have not succeeded yet, atomically with
-- dependency-succeeded.lua, so a success that lands meanwhile is either seen here or wakes the token.
-- KEYS[1]: the task's hash (upstream id -> '1' met / '0' waiting); KEYS[2]: the index's waiting tokens (a sorted set
-- scored by when each registration expires, for the gauge of waiting runs); then per upstream i:
--   KEYS[2i+1]: its success marker, KEYS[2i+2]: its set of waiting tokens.
-- ARGV: token, expiresAt (epoch ms), then the upstream ids in KEYS order.
-- Returns the ids still missing; nothing is registered when none is.
local token = ARGV[1]
local expiresAt = tonumber(ARGV[2])
local n = (#KEYS - 2) / 2
local missing = {}
for i = 1, n do
  if redis.call('EXISTS', KEYS[2 * i + 1]) == 0 then
    table.insert(missing, ARGV[2 + i])
  end
end
if #missing == 0 then
  return missing
end
-- Expiry is housekeeping only, so the server clock may decide it.
local t = redis.call('TIME')
local ttl = expiresAt - (tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000))
if ttl < 1000 then ttl = 1000 end
local function keepAtLeast(key)
  if redis.call('PTTL', key) < ttl then
    redis.call('PEXPIRE', key, ttl)
  end
end
for i = 1, n do
  local met = redis.call('EXISTS', KEYS[2 * i + 1])
  redis.call('HSET', KEYS[1], ARGV[2 + i], tostring(met))
  if met == 0 then
    redis.call('SADD', KEYS[2 * i + 2], token)
    keepAtLeast(KEYS[2 * i + 2])
  end
end
keepAtLeast(KEYS[1])
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
redis.call('ZADD', KEYS[2], now + ttl, token)
return missing
