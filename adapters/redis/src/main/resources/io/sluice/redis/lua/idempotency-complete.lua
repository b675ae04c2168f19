-- Stores a task's result if the caller still owns the unfinished token, and keeps it for the
-- retention period (PEXPIRE: a duration, so the server's clock is only used to drop the record).
-- KEYS[1] token hash. ARGV[1] owner, ARGV[2] result, ARGV[3] now + retention (epoch ms, kept as
-- leaseUntil), ARGV[4] retention (ms). Returns 1 when stored, 0 otherwise.
-- For a task's token, KEYS[2] its execution's hash and ARGV[5] the claim's field there (lib/claim.lua): a result of
-- fewer than 64 bytes (a callback task's, whose outcome comes later) goes into the field instead, 'r' and the result,
-- and the token's key goes (~250 bytes for as long as the execution waits); lib/claim.lua answers from the field, and
-- the field leaves with the execution. Not when a send is guarded by the key's owner (RedisCoupledWrites). KEYS[3] and
-- ARGV[6]: the bucket of the execution's stub and its id, when it sleeps as a bucketed stub (lib/stubs.lua), whose claim
-- field is <id>|<field> there (lib/stubs.lua's stubClaimField and stubFits, written out: this runs on every completion,
-- and the library's functions would be made on each run).

local record = redis.call('HMGET', KEYS[1], 'owner', 'result')
if record[1] ~= ARGV[1] or record[2] then
  return 0
end
if KEYS[2] and #ARGV[2] < 64 and redis.call('EXISTS', KEYS[2]) == 1 then
  redis.call('HSET', KEYS[2], ARGV[5], 'r' .. ARGV[2])
  redis.call('DEL', KEYS[1])
  return 1
end
if KEYS[3] and #ARGV[2] < 64 and redis.call('HEXISTS', KEYS[3], ARGV[6] .. '|' .. ARGV[5]) == 1 then
  redis.call('HSET', KEYS[3], ARGV[6] .. '|' .. ARGV[5], 'r' .. ARGV[2]) -- beside its bucketed stub (lib/claim.lua)
  redis.call('DEL', KEYS[1])
  return 1
end
redis.call('HSET', KEYS[1], 'result', ARGV[2], 'leaseUntil', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1
