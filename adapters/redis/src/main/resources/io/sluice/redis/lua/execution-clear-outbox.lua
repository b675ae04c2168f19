-- Clears the outbox if the execution is still at the version that wrote it.
-- KEYS[1] execution hash, KEYS[2] outbox list, KEYS[3] pending-outbox zset.
-- ARGV[1] version, ARGV[2] execution id. Returns 1 when cleared, 0 otherwise.

local current = redis.call('HGET', KEYS[1], 'version')
if not current or tonumber(current) ~= tonumber(ARGV[1]) then
  return 0
end
redis.call('DEL', KEYS[2])
redis.call('ZREM', KEYS[3], ARGV[2])
return 1
