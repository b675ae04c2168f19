-- The processes whose receivers listen for a prefix's queue notifications (RedisTaskQueue's Pub/Sub channel), so that
-- a process alone sends none: its own receivers are woken in the process itself.
-- KEYS[1] the sorted set of listening instances (member: an instance id, score: when its entry lapses, epoch ms by the
-- server's clock). ARGV[1] the caller's instance id, ARGV[2] '1' if it listens (its entry is renewed) or '0' (its entry
-- goes), ARGV[3] how long an entry lasts unrenewed, ms.
-- Returns how many other instances listen.
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if ARGV[2] == '1' then
  redis.call('ZADD', KEYS[1], now + ttl, ARGV[1])
  redis.call('PEXPIRE', KEYS[1], ttl)
else
  redis.call('ZREM', KEYS[1], ARGV[1])
end
local others = redis.call('ZCARD', KEYS[1])
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  others = others - 1
end
return others
