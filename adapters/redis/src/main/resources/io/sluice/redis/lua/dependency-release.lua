-- Forgets a task token: removes it from the waiting set of each of its upstreams, then its hash.
-- KEYS[1]: the task's hash, KEYS[2]: the index's waiting tokens. ARGV: token, the key prefix of waiting sets.
for _, id in ipairs(redis.call('HKEYS', KEYS[1])) do
  redis.call('SREM', ARGV[2] .. id, ARGV[1])
end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
return 1
