-- Hides a received message for ARGV[3] ms from now, if the receipt is its latest (see queue-acknowledge.lua).
-- KEYS[1..3] due zset, messages hash, receives hash; ARGV[1] id, ARGV[2] receive count of the receipt.
-- Returns 1 if changed, 0 if not.

if redis.call('HGET', KEYS[3], ARGV[1]) ~= ARGV[2] then
  return 0
end
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[3]), ARGV[1])
return 1
