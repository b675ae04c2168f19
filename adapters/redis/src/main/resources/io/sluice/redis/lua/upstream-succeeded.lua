-- Records one upstream's success for a (dependent, partition) and returns every upstream recorded
-- for it, in one step, so that of several upstreams finishing at once exactly the last sees them all.
-- KEYS[1]: the pair's set. ARGV: upstream, keepUntil (epoch ms).
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
return redis.call('SMEMBERS', KEYS[1])
