-- Links a child to its parent unless it is linked: the first link of a child wins. One key (Cluster:
-- one slot); the parent's set of children is kept by RedisExecutionLinks around this script.
-- KEYS[1] the child's link. ARGV[1] link (JSON), ARGV[2] expiry (epoch ms). Returns the link stored after.

local current = redis.call('GET', KEYS[1])
if current then
  return current
end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
return ARGV[1]
