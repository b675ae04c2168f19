-- Takes up to ARGV[3] timers of one shard that are visible at ARGV[1] and hides each until
-- ARGV[2] (now + lease) by moving its score: another taker no longer sees it as due, and if
-- nobody acknowledges it, it comes due again. Cost: O(log n + taken).
-- KEYS[1] shard zset, KEYS[2] shard hash.
-- A timer without a hash field (scheduled with an empty payload, never taken) is due at its score: the
-- field is written now, before the score moves, so a taker after the lease reads the same due time.
-- Returns {id, score it had, "<due>:<payload>", id, ...}.

local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'WITHSCORES', 'LIMIT', 0, tonumber(ARGV[3]))
local taken = {}
for i = 1, #due, 2 do
  local id = due[i]
  local data = redis.call('HGET', KEYS[2], id)
  if not data then
    data = string.format('%d', tonumber(due[i + 1])) .. ':'
    redis.call('HSET', KEYS[2], id, data)
  end
  redis.call('ZADD', KEYS[1], ARGV[2], id)
  taken[#taken + 1] = id
  taken[#taken + 1] = due[i + 1]
  taken[#taken + 1] = data
end
return taken
