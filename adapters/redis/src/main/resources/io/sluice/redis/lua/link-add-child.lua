-- Adds a child to its parent's set of children and makes the set live at least until the link's
-- expiry (never shorter: it outlives its longest link). One key (Cluster: one slot).
-- KEYS[1] the parent's set of children. ARGV[1] child, ARGV[2] expiry (epoch ms). Returns 1.

redis.call('SADD', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if ttl < 0 or now + ttl < tonumber(ARGV[2]) then
  redis.call('PEXPIREAT', KEYS[1], ARGV[2])
end
return 1
