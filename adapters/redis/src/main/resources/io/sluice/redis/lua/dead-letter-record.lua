-- Records one dead letter of a tenant and keeps the tenant's letters within a bound, dropping those seen longest ago.
-- KEYS[1] meta (hash id -> "count|firstMs|lastMs|queue"), KEYS[2] letters (hash id -> letter JSON), KEYS[3] order (zset id -> last ms).
-- ARGV[1] id, ARGV[2] queue, ARGV[3] now (ms), ARGV[4] the letter's JSON, ARGV[5] the bound.
-- Answers {count, firstMs, lastMs}.
local count, first = 1, ARGV[3]
local seen = redis.call('HGET', KEYS[1], ARGV[1])
if seen then
  local c, f = string.match(seen, '^(%d+)|(%d+)|')
  count = tonumber(c) + 1
  first = f
end
redis.call('HSET', KEYS[1], ARGV[1], count .. '|' .. first .. '|' .. ARGV[3] .. '|' .. ARGV[2])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[4])
redis.call('ZADD', KEYS[3], ARGV[3], ARGV[1])
local over = redis.call('ZCARD', KEYS[3]) - tonumber(ARGV[5])
if over > 0 then
  local old = redis.call('ZRANGE', KEYS[3], 0, over - 1)
  redis.call('ZREMRANGEBYRANK', KEYS[3], 0, over - 1)
  redis.call('HDEL', KEYS[1], unpack(old))
  redis.call('HDEL', KEYS[2], unpack(old))
end
return {count, first, ARGV[3]}
