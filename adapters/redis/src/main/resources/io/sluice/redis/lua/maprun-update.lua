-- Replaces a map run's record if it is at the expected version. KEYS[1] record hash. ARGV[1]
-- expected version, ARGV[2] record. Returns 1 when replaced, 0 otherwise.

local version = redis.call('HGET', KEYS[1], 'version')
if not version or tonumber(version) ~= tonumber(ARGV[1]) then
  return 0
end
redis.call('HSET', KEYS[1], 'record', ARGV[2], 'version', tonumber(version) + 1)
return 1
