-- The index of a schedule shape, assigned on first use. Shapes are few and never change, so the
-- schedules' sorted sets carry only this index (in the low 20 bits of each score).
-- KEYS[1] hash shape text -> index, KEYS[2] hash index -> shape text, KEYS[3] counter.
-- ARGV[1] shape text, ARGV[2] highest index allowed.

local idx = redis.call('HGET', KEYS[1], ARGV[1])
if idx then
  return tonumber(idx)
end
local n = redis.call('INCR', KEYS[3])
if n > tonumber(ARGV[2]) then
  redis.call('DECR', KEYS[3])
  return redis.error_reply('ERR schedule index: no room for another shape (' .. ARGV[2] .. ' in use)')
end
redis.call('HSET', KEYS[1], ARGV[1], n)
redis.call('HSET', KEYS[2], n, ARGV[1])
return n
