-- Concurrency slots: takes one slot of every key for a holder, all or none.
-- KEYS: the slot keys (sorted sets of holder -> lease end, epoch ms), all in one hash slot.
-- ARGV[1] holder, ARGV[2] now (epoch ms, the caller's), ARGV[3] lease end (epoch ms), ARGV[4..] each key's limit.
-- Returns 0 when held, else the 1-based index of the first full key. Lapsed leases are dropped first.
local holder = ARGV[1]
local now = tonumber(ARGV[2])
local untilMs = tonumber(ARGV[3])
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  if not redis.call('ZSCORE', key, holder) then
    if redis.call('ZCARD', key) >= tonumber(ARGV[3 + i]) then
      return i
    end
  end
end
local ttl = untilMs - now + 1000
if ttl < 1000 then ttl = 1000 end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, untilMs, holder)
  if redis.call('PTTL', key) < ttl then
    redis.call('PEXPIRE', key, ttl)
  end
end
return 0
