-- Schedules (or reschedules) a timer by id in its shard.
-- KEYS[1] shard zset (score: when the timer is next visible, epoch ms), KEYS[2] shard hash
-- (id -> "<due epoch ms>:<payload>"). ARGV[1] id, ARGV[2] due (epoch ms), ARGV[3] payload.

redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2] .. ':' .. ARGV[3])
return 1
