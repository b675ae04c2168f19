-- Forgets a task token: removes it from the waiting set of each of its upstreams, then its hash.
-- KEYS[1]: the task's hash. ARGV: token, the key prefix of waiting sets.
for _, id in ipairs(redis.call('HKEYS', KEYS[1])) do
  redis.call('SREM', ARGV[2] .. id, ARGV[1])
end
redis.call('DEL', KEYS[1])
return 1
