-- Moves a waiting alert's deadline if it is still the one the caller saw, so one process re-alerts each deadline.
-- KEYS[1] deadlines (zset incident -> deadline ms), KEYS[2] pending (hash incident -> alert), KEYS[3] escalations (hash).
-- ARGV[1] incident, ARGV[2] the deadline seen (ms), ARGV[3] the next deadline (ms), ARGV[4] escalations so far.
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not score or tonumber(score) ~= tonumber(ARGV[2]) then
  return 0
end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
redis.call('HSET', KEYS[3], ARGV[1], ARGV[4])
return 1
