-- Marks an upstream succeeded and returns the waiting tokens that now miss nothing. Ready tokens
-- stay registered until dependency-release.lua, so a repeated completion returns them again.
-- KEYS[1]: the success marker, KEYS[2]: the upstream's set of waiting tokens.
-- ARGV: upstream id, keepUntil (epoch ms), the key prefix of task hashes.
-- Task hash keys are derived here: on Redis Cluster they share the index's one hash tag (RedisDependencyIndex).
redis.call('SET', KEYS[1], '1', 'PXAT', ARGV[2])
local ready = {}
for _, token in ipairs(redis.call('SMEMBERS', KEYS[2])) do
  local task = ARGV[3] .. token
  if redis.call('EXISTS', task) == 0 then
    redis.call('SREM', KEYS[2], token)
  else
    redis.call('HSET', task, ARGV[1], '1')
    local waiting = false
    for _, v in ipairs(redis.call('HVALS', task)) do
      if v == '0' then
        waiting = true
        break
      end
    end
    if not waiting then
      table.insert(ready, token)
    end
  end
end
return ready
