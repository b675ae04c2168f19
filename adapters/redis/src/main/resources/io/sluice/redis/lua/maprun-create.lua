-- Creates a map run's record unless it exists. KEYS[1] record hash. ARGV[1] record, ARGV[2] expiry
-- (epoch ms). Returns {record, version} as stored after.

if redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('HSET', KEYS[1], 'record', ARGV[1], 'version', 1, 'expires', ARGV[2])
  redis.call('PEXPIREAT', KEYS[1], ARGV[2])
end
return redis.call('HMGET', KEYS[1], 'record', 'version')
