-- Reads the sleeping executions of one pipeline in one shard (lib/sleeping.lua) as ShardedListing reads a sorted set
-- (ZRANGE BYSCORE REV LIMIT): the entries of score at most ARGV[1], newest first, passing over the first ARGV[2], at most
-- ARGV[3]. Segment by segment from the one whose range holds the bound down, a few directory entries at a time.
-- KEYS[1] the directory (its segments are touched undeclared, in the same slot)
-- ARGV[1] the bound (a score, or '+inf')   ARGV[2] entries to pass over   ARGV[3] how many at most
-- Returns {id, score, id, score, ...}.
local bound, skip, limit = ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3])
local out = {}
local offset = 0
while #out < 2 * limit do
  local segments = redis.call('ZREVRANGEBYSCORE', KEYS[1], bound, '-inf', 'LIMIT', offset, 8)
  if #segments == 0 then
    break
  end
  offset = offset + #segments
  for _, n in ipairs(segments) do
    local key = KEYS[1] .. '#' .. n
    local within = redis.call('ZCOUNT', key, '-inf', bound)
    if skip >= within then
      skip = skip - within
    else
      local got = redis.call('ZREVRANGEBYSCORE', key, bound, '-inf', 'WITHSCORES', 'LIMIT', skip, limit - #out / 2)
      skip = 0
      for _, v in ipairs(got) do
        out[#out + 1] = v
      end
      if #out >= 2 * limit then
        break
      end
    end
  end
end
return out
