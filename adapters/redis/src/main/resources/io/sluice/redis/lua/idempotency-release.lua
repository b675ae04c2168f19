-- Gives up an unfinished claim: deletes the token's record if ARGV[1] owns it and it has no result.
-- KEYS[1] token hash {owner, leaseUntil, result}. Returns 1 if released, 0 otherwise.

local record = redis.call('HMGET', KEYS[1], 'owner', 'result')
if record[1] ~= ARGV[1] or record[2] then
  return 0
end
redis.call('DEL', KEYS[1])
return 1
