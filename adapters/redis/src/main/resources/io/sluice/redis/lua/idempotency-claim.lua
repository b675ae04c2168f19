-- Claims a task token. Time comes from the caller (ARGV), never from the Redis clock.
-- KEYS[1] token hash {owner, leaseUntil, result}; 'result' exists only once completed.
-- ARGV[1] owner, ARGV[2] now (epoch ms), ARGV[3] lease end (epoch ms),
-- ARGV[4] expiry of an unfinished claim (ms; only collects tokens abandoned for good).
-- Returns {'completed', result} | {'busy', owner, leaseUntil} | {'claimed', '1' if taken over else '0'}.

local record = redis.call('HMGET', KEYS[1], 'owner', 'leaseUntil', 'result')
local owner, leaseUntil, result = record[1], record[2], record[3]
if result then
  return {'completed', result}
end
if owner and owner ~= ARGV[1] and tonumber(leaseUntil) > tonumber(ARGV[2]) then
  return {'busy', owner, leaseUntil}
end
redis.call('HSET', KEYS[1], 'owner', ARGV[1], 'leaseUntil', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
if owner and owner ~= ARGV[1] then
  return {'claimed', '1'}
end
return {'claimed', '0'}
