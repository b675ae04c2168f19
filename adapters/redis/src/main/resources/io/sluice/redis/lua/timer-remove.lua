-- Removes a timer from its shard (cancel, or acknowledge after it fired).
-- KEYS[1] shard zset, KEYS[2] shard hash. ARGV[1] id.

redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
return 1
