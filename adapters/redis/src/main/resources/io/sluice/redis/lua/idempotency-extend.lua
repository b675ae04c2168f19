-- Extends a lease while the caller still owns the unfinished token: after its lease ran out it
-- still does, until another owner takes it over.
-- KEYS[1] token hash. ARGV[1] owner, ARGV[2] new lease end (epoch ms), ARGV[3] expiry of an
-- unfinished claim (ms). Returns 1 when extended, 0 otherwise.

local record = redis.call('HMGET', KEYS[1], 'owner', 'result')
if record[1] ~= ARGV[1] or record[2] then
  return 0
end
redis.call('HSET', KEYS[1], 'leaseUntil', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1
