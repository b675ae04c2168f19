-- Links a child to its parent unless it is linked. KEYS[1] the child's link, KEYS[2] the parent's set
-- of children. ARGV[1] link (JSON), ARGV[2] expiry (epoch ms), ARGV[3] child. Returns the link stored after.

local current = redis.call('GET', KEYS[1])
if current then
  return current
end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
redis.call('SADD', KEYS[2], ARGV[3])
redis.call('PEXPIREAT', KEYS[2], ARGV[2])
return ARGV[1]
