-- Removes a schedule and any taken fire of it. KEYS[1] shard zset, KEYS[2] shard taken hash. ARGV[1] id.
-- Returns 1 if the schedule existed.

redis.call('HDEL', KEYS[2], ARGV[1])
return redis.call('ZREM', KEYS[1], ARGV[1])
