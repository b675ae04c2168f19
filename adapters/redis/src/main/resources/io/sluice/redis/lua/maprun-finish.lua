-- Records that a child of a map run ended: its bit, its count and, if given, its outcome, all or
-- nothing, once. KEYS[1] record hash, KEYS[2] ended bitmap, KEYS[3] counts hash, KEYS[4] outcomes
-- hash. ARGV[1] child index, ARGV[2] 's' (succeeded) or 'f', ARGV[3] outcome ('' for none).
-- Returns {1 if recorded now else 0, succeeded, failed}.

local before = redis.call('SETBIT', KEYS[2], ARGV[1], 1)
if before == 0 then
  redis.call('HINCRBY', KEYS[3], ARGV[2], 1)
  if ARGV[3] ~= '' then
    redis.call('HSET', KEYS[4], ARGV[1], ARGV[3])
  end
  local expires = redis.call('HGET', KEYS[1], 'expires')
  if expires then
    redis.call('PEXPIREAT', KEYS[2], expires)
    redis.call('PEXPIREAT', KEYS[3], expires)
    if ARGV[3] ~= '' then
      redis.call('PEXPIREAT', KEYS[4], expires)
    end
  end
end
local counts = redis.call('HMGET', KEYS[3], 's', 'f')
return {1 - before, tonumber(counts[1] or 0), tonumber(counts[2] or 0)}
