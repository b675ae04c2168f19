-- Schedules (or reschedules) a timer by id in its shard.
-- KEYS[1] shard zset (score: when the timer is next visible, epoch ms), KEYS[2] shard hash
-- (id -> "<due epoch ms>:<payload>"). ARGV[1] id, ARGV[2] due (epoch ms), ARGV[3] payload.
-- A timer with an empty payload is its zset entry alone while it waits (~120 bytes instead of ~300 on a
-- large shard): its due time is its score until timer-take.lua first takes it and writes the hash field.

redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
if ARGV[3] == '' then
  redis.call('HDEL', KEYS[2], ARGV[1]) -- a rescheduled timer's earlier due time, if it had been taken
else
  redis.call('HSET', KEYS[2], ARGV[1], ARGV[2] .. ':' .. ARGV[3])
end
return 1
