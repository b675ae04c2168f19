-- A schedule's score and its taken fire, if any. KEYS[1] shard zset, KEYS[2] shard taken hash. ARGV[1] id.
-- Returns {} when there is no such schedule, else {score, "<fire second>:<token>" or ""}.

local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not score then
  return {}
end
return {score, redis.call('HGET', KEYS[2], ARGV[1]) or ''}
