-- Removes one dead letter. KEYS as for dead-letter-record.lua; ARGV[1] id. Answers 1 when it was there.
local removed = redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
return removed
