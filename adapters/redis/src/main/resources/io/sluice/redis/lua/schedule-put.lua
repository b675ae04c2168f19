-- Puts schedules into one shard, replacing any by id, and forgets a fire of theirs that was taken.
-- KEYS[1] shard zset (member: schedule id, score: fire second * 2^20 + shape index),
-- KEYS[2] shard hash of taken fires (id -> "<fire second>:<take token>").
-- ARGV: id1, score1, id2, score2, ...

for i = 1, #ARGV, 2 do
  redis.call('ZADD', KEYS[1], ARGV[i + 1], ARGV[i])
  redis.call('HDEL', KEYS[2], ARGV[i])
end
return #ARGV / 2
