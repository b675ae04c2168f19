-- Takes a member out of one sorted set unless its score is newer than a given one, so a writer
-- removing its own (or a stale) entry never removes an entry a later writer put there. One key.
-- KEYS[1] sorted set. ARGV[1] member, ARGV[2] the newest score to remove.
-- Returns 1 when removed, 0 when absent or newer.

local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if score and tonumber(score) <= tonumber(ARGV[2]) then
  return redis.call('ZREM', KEYS[1], ARGV[1])
end
return 0
