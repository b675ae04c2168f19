-- Stores a task's result if the caller still owns the unfinished token, and keeps it for the
-- retention period (PEXPIRE: a duration, so the server's clock is only used to drop the record).
-- KEYS[1] token hash. ARGV[1] owner, ARGV[2] result, ARGV[3] now + retention (epoch ms, kept as
-- leaseUntil), ARGV[4] retention (ms). Returns 1 when stored, 0 otherwise.

local record = redis.call('HMGET', KEYS[1], 'owner', 'result')
if record[1] ~= ARGV[1] or record[2] then
  return 0
end
redis.call('HSET', KEYS[1], 'result', ARGV[2], 'leaseUntil', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1
